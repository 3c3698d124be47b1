// Markdown text to display segments: runs of prose as Roblox RichText (headings bold, list items
// with bullets or their numbers, block quotes with a bar, thematic breaks as a line, inline markup
// from inline.ts), fenced code as plain monospace segments, and every block whose source is over
// BLOCK_LIMIT bytes as plain text exactly as written (docs/APP.md, "Chat": a block whose source is
// over 32,000 bytes shows as plain text). Segments are at most ROW_BYTES each (cut at line or
// character boundaries, never inside markup), so each fits one row of a bounded list. Pure.
import { utf8Prefix } from "../../api";
import { type Block, parseBlocks, type Spend, splitLines } from "./blocks";
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

/**
 * Renders Markdown `text` to segments, in order. `spend` is told the work as it goes (about a
 * microsecond a unit), so a caller may slice a long text across frames.
 */
export function renderMarkdown(text: string, colors: MarkdownColors = MARKDOWN_COLORS, spend?: Spend): Array<Segment> {
	const segments = new Array<Segment>();
	let parts = new Array<string>();
	let bytes = 0;
	let previous: Block | undefined;
	const flush = () => {
		if (parts.size() > 0) segments.push({ text: parts.join(""), rich: true, code: false, language: "" });
		parts = [];
		bytes = 0;
	};
	const plain = (source: string, code: boolean, language: string) => {
		flush();
		for (const piece of chunkText(source, ROW_BYTES)) segments.push({ text: piece, rich: false, code, language });
	};
	const add = (markup: string, gap: string) => {
		if (parts.size() > 0 && bytes + gap.size() + markup.size() > ROW_BYTES) flush();
		if (parts.size() > 0) parts.push(gap);
		parts.push(markup);
		bytes += markup.size() + (parts.size() > 1 ? gap.size() : 0);
	};
	for (const block of parseBlocks(text, spend)) {
		spend?.(1 + block.source.size() / BYTES_PER_UNIT);
		const gap = separator(previous, block);
		previous = block;
		if (block.kind === "code") plain(block.text, true, block.language);
		else if (block.source.size() > BLOCK_LIMIT) plain(block.source, false, "");
		else {
			const markup = blockMarkup(block, colors);
			if (markup.size() <= ROW_BYTES) add(markup, gap);
			else if (block.kind === "paragraph") {
				// a long paragraph goes line by line; a line too long for a row is shown plain
				splitLines(block.text).forEach((line, i) => {
					const lineMarkup = renderInline(line, colors);
					if (lineMarkup.size() <= ROW_BYTES) add(lineMarkup, i === 0 ? gap : "\n");
					else plain(line, false, "");
				});
			} else plain(block.source, false, "");
		}
	}
	flush();
	return segments;
}
