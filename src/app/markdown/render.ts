// Markdown text to display segments: runs of prose as Roblox RichText (headings bold, list items
// with bullets or their numbers, block quotes with a bar, thematic breaks as a line, inline markup
// from inline.ts), fenced code as plain monospace segments, and every block whose source is over
// BLOCK_LIMIT bytes as plain text exactly as written (docs/APP.md, "Chat": a block whose source is
// over 32,000 bytes shows as plain text). Segments are at most ROW_BYTES each (cut at line or
// character boundaries, never inside markup), so each fits one row of a bounded list. Pure.
import { utf8Prefix } from "../../api";
import { type Block, parseBlocks, parseSettled, type Spend, splitLines } from "./blocks";
import { colored, escapeRich } from "./escape";
import { type InlineColors, renderInline } from "./inline";

export interface MarkdownColors extends InlineColors {
	/** `#RRGGBB` of block quotes. */
	readonly quote: string;
	/** `#RRGGBB` of thematic breaks. */
	readonly rule: string;
}

/** Mid-tone colours that read on the Dark and the Light theme alike. */
export const MARKDOWN_COLORS: MarkdownColors = {
	code: "#D9825B",
	link: "#5B8DEF",
	quote: "#8C95A3",
	rule: "#8C95A3",
};

export interface Segment {
	/** RichText markup when `rich`, otherwise text to show as it is. */
	readonly text: string;
	readonly rich: boolean;
	/** A fenced code block (monospace); `language` is its info word ("" when none). */
	readonly code: boolean;
	readonly language: string;
}

export const BLOCK_LIMIT = 32000;
export const ROW_BYTES = 12000;

const BULLETS = ["•", "–", "·"];
const RULE = "────────────────";
const BAR = "▎ ";

/** The byte index of the last line end in `text` (a forward scan: linear, unlike a `.*` pattern). */
function lastNewline(text: string): number | undefined {
	let found: number | undefined;
	let from = 1;
	for (;;) {
		const [at] = text.find("\n", from, true);
		if (at === undefined) return found;
		found = at;
		from = at + 1;
	}
}

/** `text` cut into pieces of at most `limit` bytes, at a line end when one is in the second half. */
export function chunkText(text: string, limit: number): Array<string> {
	const chunks = new Array<string>();
	let rest = text;
	while (rest.size() > limit) {
		let piece = utf8Prefix(rest, limit);
		const lastBreak = lastNewline(piece);
		if (lastBreak !== undefined && lastBreak > limit / 2) piece = piece.sub(1, lastBreak);
		if (piece === "") piece = rest.sub(1, limit); // not UTF-8 at all: cut bytes
		chunks.push(piece);
		rest = rest.sub(piece.size() + 1);
	}
	chunks.push(rest);
	return chunks;
}

function prefixLines(markup: string, prefix: string): string {
	return splitLines(markup)
		.map((line) => `${prefix}${line}`)
		.join("\n");
}

function blockMarkup(block: Block, colors: MarkdownColors): string {
	switch (block.kind) {
		case "heading":
			return `<b>${renderInline(block.text, colors)}</b>`;
		case "paragraph":
			return renderInline(block.text, colors);
		case "item": {
			const ordered = block.marker.match("^%d")[0] !== undefined;
			const bullet = ordered ? block.marker : BULLETS[block.depth % BULLETS.size()];
			return `${"    ".rep(block.depth)}${escapeRich(bullet)} ${renderInline(block.text, colors)}`;
		}
		case "rule":
			return colored(RULE, colors.rule);
		case "code":
			return colored(escapeRich(block.text), colors.code);
		case "quote": {
			const inner = block.blocks.map(
				(child, i) => `${i > 0 ? separator(block.blocks[i - 1], child) : ""}${blockMarkup(child, colors)}`,
			);
			return colored(prefixLines(inner.join(""), BAR), colors.quote);
		}
	}
}

/** Between two blocks: one line end inside a list, a blank line otherwise. */
function separator(previous: Block | undefined, following: Block): string {
	if (previous === undefined) return "";
	return previous.kind === "item" && following.kind === "item" ? "\n" : "\n\n";
}

/** Bytes of block source rendered per unit of work reported to `spend`. */
const BYTES_PER_UNIT = 2;
/** Bytes of text compared against a kept prefix per unit of work. */
const COMPARED_PER_UNIT = 256;

/** Rendering in progress: blocks are added in order; `segments` ends it (Segments merged to rows). */
class Fold {
	private done = new Array<Segment>();
	private parts = new Array<string>();
	private bytes = 0;
	private previous?: Block;

	constructor(
		private readonly colors: MarkdownColors,
		private readonly spend?: Spend,
	) {}

	/** The same rendering so far, to go on from without changing this one. */
	copy(spend?: Spend): Fold {
		const other = new Fold(this.colors, spend);
		other.done = [...this.done];
		other.parts = [...this.parts];
		other.bytes = this.bytes;
		other.previous = this.previous;
		return other;
	}

	private flush() {
		if (this.parts.size() > 0) this.done.push({ text: this.parts.join(""), rich: true, code: false, language: "" });
		this.parts = [];
		this.bytes = 0;
	}

	private plain(source: string, code: boolean, language: string) {
		this.flush();
		for (const piece of chunkText(source, ROW_BYTES)) this.done.push({ text: piece, rich: false, code, language });
	}

	private add(markup: string, gap: string) {
		if (this.parts.size() > 0 && this.bytes + gap.size() + markup.size() > ROW_BYTES) this.flush();
		if (this.parts.size() > 0) this.parts.push(gap);
		this.parts.push(markup);
		this.bytes += markup.size() + (this.parts.size() > 1 ? gap.size() : 0);
	}

	block(block: Block) {
		const colors = this.colors;
		this.spend?.(1 + block.source.size() / BYTES_PER_UNIT);
		const gap = separator(this.previous, block);
		this.previous = block;
		if (block.kind === "code") this.plain(block.text, true, block.language);
		else if (block.source.size() > BLOCK_LIMIT) this.plain(block.source, false, "");
		else {
			const markup = blockMarkup(block, colors);
			if (markup.size() <= ROW_BYTES) this.add(markup, gap);
			else if (block.kind === "paragraph") {
				// a long paragraph goes line by line; a line too long for a row is shown plain
				splitLines(block.text).forEach((line, i) => {
					const lineMarkup = renderInline(line, colors);
					if (lineMarkup.size() <= ROW_BYTES) this.add(lineMarkup, i === 0 ? gap : "\n");
					else this.plain(line, false, "");
				});
			} else this.plain(block.source, false, "");
		}
	}

	/** The segments of every block added (the pending row included). */
	segments(): Array<Segment> {
		const out = this.copy();
		out.flush();
		return out.done;
	}
}

/**
 * Renders Markdown `text` to segments, in order. `spend` is told the work as it goes (about a
 * microsecond a unit), so a caller may slice a long text across frames.
 */
export function renderMarkdown(text: string, colors: MarkdownColors = MARKDOWN_COLORS, spend?: Spend): Array<Segment> {
	const fold = new Fold(colors, spend);
	for (const block of parseBlocks(text, spend)) fold.block(block);
	return fold.segments();
}

/** A rendering kept for a text that may grow: the settled part's text and the rendering of its blocks. */
interface Kept {
	readonly settled: string;
	readonly fold: Fold;
}

/** How many growing texts a renderer keeps (a streamed reply and its reasoning, with room to spare). */
const KEPT = 4;

/** Renders Markdown `text` to segments (as `renderMarkdown`). */
export type Markdown = (text: string) => Array<Segment>;

/**
 * A renderer for texts that grow (a streamed reply repainted as it arrives): it keeps the rendering
 * of each text's settled part — everything before its last top-level blank line, which text
 * appended later cannot change — and a text that starts with a kept settled part renders only what
 * follows it. The segments are always those `renderMarkdown` gives for the whole text.
 */
export function markdownRenderer(colors: MarkdownColors = MARKDOWN_COLORS, spend?: Spend): Markdown {
	const kept = new Array<Kept>();
	return (text) => {
		// line ends normalised (a long text without a carriage return is not copied)
		const normal = text.find("\r", 1, true)[0] === undefined ? text : text.gsub("\r\n?", "\n")[0];
		spend?.(1 + normal.size() / COMPARED_PER_UNIT);
		let base: Kept | undefined;
		let at = -1;
		for (let i = 0; i < kept.size(); i++) {
			const settled = kept[i].settled;
			const fits =
				settled.size() <= normal.size() && (base === undefined || settled.size() > base.settled.size());
			if (fits && normal.sub(1, settled.size()) === settled) {
				base = kept[i];
				at = i;
			}
		}
		if (at >= 0) kept.remove(at);
		const prefix = base !== undefined ? base.settled : "";
		const lines = splitLines(normal.sub(prefix.size() + 1));
		const settled = { blocks: 0, lines: 0 };
		const blocks = parseSettled(lines, settled, spend);
		const fold = base !== undefined ? base.fold.copy(spend) : new Fold(colors, spend);
		for (let i = 0; i < settled.blocks; i++) fold.block(blocks[i]);
		let more = prefix;
		if (settled.lines > 0) {
			const joined = new Array<string>();
			for (let i = 0; i < settled.lines; i++) joined.push(lines[i]);
			more = `${prefix}${joined.join("\n")}\n`;
		}
		kept.insert(0, { settled: more, fold: fold.copy() });
		if (kept.size() > KEPT) kept.pop();
		for (let i = settled.blocks; i < blocks.size(); i++) fold.block(blocks[i]);
		return fold.segments();
	};
}
