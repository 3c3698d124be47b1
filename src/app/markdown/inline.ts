// Inline Markdown to Roblox RichText: code spans, emphasis (`*`/`_`, one for italic, two for
// bold, nested), `~~strikethrough~~`, backslash escapes, links and images shown as text
// ("label (url)", never clickable) and autolinks. Emphasis follows CommonMark's delimiter rules
// (flanking runs, matched from the inside out), so the produced tags always nest properly:
// unmatched delimiters stay literal characters. Every character of the source is escaped; the
// only markup in the result is the tags this module writes. Linear in the input size.
import { colored, escapeRich } from "./escape";

export interface InlineColors {
	/** `#RRGGBB` of code spans. */
	readonly code: string;
	/** `#RRGGBB` of the URL shown after a link's label. */
	readonly link: string;
}

interface TextNode {
	readonly kind: "text";
	readonly markup: string;
}

interface Delimiter {
	readonly kind: "delimiter";
	readonly char: string;
	count: number;
	readonly canOpen: boolean;
	readonly canClose: boolean;
	/** Tags opened here, innermost first. */
	readonly opens: string[];
	/** Tags closed here, innermost first. */
	readonly closes: string[];
	previous?: number;
	next?: number;
}

type Node = TextNode | Delimiter;

const PUNCTUATION = "[%p]";
const TAGS: Record<number, string> = { 1: "i", 2: "b" };
/** How far a link's label or destination may reach, in bytes (bounds the scans of stray brackets). */
const LINK_SCAN = 2000;
/** Links inside link labels are rendered this deep at most. */
const LINK_DEPTH = 2;

function isSpace(char: string): boolean {
	return char === "" || char.match("^%s$")[0] !== undefined;
}

function isPunctuation(char: string): boolean {
	return char !== "" && char.match(PUNCTUATION)[0] !== undefined;
}

/** The byte index of the run of `count` backticks closing a code span opened before `from`. */
function closingTicks(source: string, from: number, count: number): number | undefined {
	let position = from;
	for (;;) {
		const [start, finish] = source.find("`+", position);
		if (start === undefined || finish === undefined) return undefined;
		if (finish - start + 1 === count) return start;
		position = finish + 1;
	}
}

/** The text of a code span: newlines as spaces, one surrounding space stripped from both ends. */
function spanText(raw: string): string {
	const flat = raw.gsub("\r?\n", " ")[0];
	if (flat.size() >= 2 && flat.sub(1, 1) === " " && flat.sub(-1) === " " && flat.match("^ +$")[0] === undefined)
		return flat.sub(2, -2);
	return flat;
}

/** The end of `[label]` starting at `open` (bracket depth counted, escapes skipped). */
function closingBracket(source: string, open: number): number | undefined {
	let depth = 0;
	let index = open;
	const last = math.min(source.size(), open + LINK_SCAN);
	while (index <= last) {
		const char = source.sub(index, index);
		if (char === "\\") index += 1;
		else if (char === "[") depth += 1;
		else if (char === "]") {
			depth -= 1;
			if (depth === 0) return index;
		}
		index += 1;
	}
	return undefined;
}

/** The destination of `(url "title")` starting at `open`: the url and the index after `)`. */
function destination(source: string, open: number): LuaTuple<[string | undefined, number]> {
	if (source.sub(open, open) !== "(") return $tuple(undefined, open);
	let depth = 0;
	for (let index = open; index <= math.min(source.size(), open + LINK_SCAN); index++) {
		const char = source.sub(index, index);
		if (char === "\n" && source.sub(index + 1, index + 1) === "\n") break;
		if (char === "(") depth += 1;
		else if (char === ")") {
			depth -= 1;
			if (depth === 0) {
				const inner = source.sub(open + 1, index - 1).gsub("^%s+", "")[0];
				const [url] = inner.match("^<([^<>\n]*)>") as LuaTuple<[string | undefined]>;
				const plain = url ?? (inner.match("^(%S*)")[0] as string);
				return $tuple(plain, index + 1);
			}
		}
	}
	return $tuple(undefined, open);
}

/** Renders inline Markdown `source` to RichText. */
export function renderInline(source: string, colors: InlineColors, depth = 0): string {
	const nodes = new Array<Node>();
	// literal text since the last node, in pieces (joined once)
	let text = new Array<string>();
	const flush = () => {
		if (text.isEmpty()) return;
		nodes.push({ kind: "text", markup: escapeRich(text.join("")) });
		text = [];
	};
	const raw = (markup: string) => {
		flush();
		nodes.push({ kind: "text", markup });
	};
	const size = source.size();
	// run lengths with no closing run left: later runs of that length need not search again
	const unclosed = new Set<number>();
	let index = 1;
	while (index <= size) {
		const char = source.sub(index, index);
		if (char === "\\" && isPunctuation(source.sub(index + 1, index + 1))) {
			text.push(source.sub(index + 1, index + 1));
			index += 2;
		} else if (char === "`") {
			const [, runEnd] = source.find("^`+", index);
			const count = (runEnd as number) - index + 1;
			const close = unclosed.has(count) ? undefined : closingTicks(source, (runEnd as number) + 1, count);
			if (close === undefined) {
				unclosed.add(count);
				text.push(source.sub(index, runEnd as number));
				index = (runEnd as number) + 1;
			} else {
				raw(colored(escapeRich(spanText(source.sub((runEnd as number) + 1, close - 1))), colors.code));
				index = close + count;
			}
		} else if (depth < LINK_DEPTH && (char === "[" || (char === "!" && source.sub(index + 1, index + 1) === "["))) {
			const open = char === "!" ? index + 1 : index;
			const close = closingBracket(source, open);
			const [url, after] = destination(source, close !== undefined ? close + 1 : index);
			if (close === undefined || url === undefined) {
				text.push(char);
				index += 1;
			} else {
				const labelSource = source.sub(open + 1, close - 1);
				const label = renderInline(labelSource, colors, depth + 1);
				const shown =
					url === "" || url === labelSource
						? label
						: `${label} ${colored(escapeRich(`(${url})`), colors.link)}`;
				raw(char === "!" ? `${escapeRich("[image: ")}${shown}]` : shown);
				index = after;
			}
		} else if (char === "<" && source.match("^<%a[%w+.-]*:[^%s<>]*>", index)[0] !== undefined) {
			const [auto] = source.match("^<([^<>]*)>", index) as LuaTuple<[string]>;
			raw(colored(escapeRich(auto), colors.link));
			index += auto.size() + 2;
		} else if (char === "*" || char === "_" || char === "~") {
			const [, runEnd] = source.find(`^%${char}+`, index);
			const count = (runEnd as number) - index + 1;
			const before = index > 1 ? source.sub(index - 1, index - 1) : "";
			const after = source.sub((runEnd as number) + 1, (runEnd as number) + 1);
			const leftFlanking = !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before));
			const rightFlanking =
				!isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after));
			const underscore = char === "_";
			flush();
			nodes.push({
				kind: "delimiter",
				char,
				count,
				canOpen: leftFlanking && (!underscore || !rightFlanking || isPunctuation(before)),
				canClose: rightFlanking && (!underscore || !leftFlanking || isPunctuation(after)),
				opens: [],
				closes: [],
			});
			index = (runEnd as number) + 1;
		} else {
			// a run of ordinary characters at once
			const [, plainEnd] = source.find("^[^\\`%[!<%*_~]+", index);
			const stop = plainEnd ?? index;
			text.push(source.sub(index, stop));
			index = stop + 1;
		}
	}
	flush();
	matchEmphasis(nodes);
	// pieces joined once: appending to one growing string would copy it for every node
	const out = new Array<string>();
	for (const node of nodes) {
		if (node.kind === "text") out.push(node.markup);
		else {
			for (const tag of node.closes) out.push(`</${tag}>`);
			// leftover characters sit on the outer side: before the openers, after the closers
			out.push(node.char.rep(node.count));
			for (let i = node.opens.size() - 1; i >= 0; i--) out.push(`<${node.opens[i]}>`);
		}
	}
	return out.join("");
}

/**
 * CommonMark's "process emphasis" over a linked list of delimiters: each closer takes the nearest
 * opener of the same character; delimiters between a matched pair become literal; a closer with
 * no opener moves the per-character search floor up, keeping the whole pass linear.
 */
function matchEmphasis(nodes: Array<Node>) {
	let previous: number | undefined;
	let first: number | undefined;
	for (let i = 0; i < nodes.size(); i++) {
		const node = nodes[i];
		if (node.kind !== "delimiter") continue;
		node.previous = previous;
		if (previous !== undefined) (nodes[previous] as Delimiter).next = i;
		else first = i;
		previous = i;
	}
	const unlink = (i: number) => {
		const node = nodes[i] as Delimiter;
		if (node.previous !== undefined) (nodes[node.previous] as Delimiter).next = node.next;
		if (node.next !== undefined) (nodes[node.next] as Delimiter).previous = node.previous;
	};
	const floor: Record<string, number> = {};
	let current = first;
	while (current !== undefined) {
		const closer = nodes[current] as Delimiter;
		if (!closer.canClose || closer.count === 0) {
			current = closer.next;
			continue;
		}
		let opener = closer.previous;
		const bottom = floor[closer.char] ?? -1;
		while (opener !== undefined && opener > bottom) {
			const candidate = nodes[opener] as Delimiter;
			if (candidate.char === closer.char && candidate.canOpen && candidate.count > 0) {
				if (closer.char !== "~" || (candidate.count >= 2 && closer.count >= 2)) break;
			}
			opener = candidate.previous;
		}
		if (opener === undefined || opener <= bottom) {
			floor[closer.char] = current;
			current = closer.next;
			continue;
		}
		const open = nodes[opener] as Delimiter;
		const use = closer.char === "~" ? 2 : open.count >= 2 && closer.count >= 2 ? 2 : 1;
		const tag = closer.char === "~" ? "s" : TAGS[use];
		open.count -= use;
		closer.count -= use;
		open.opens.push(tag);
		closer.closes.push(tag);
		let between = open.next;
		while (between !== undefined && between !== current) {
			const after = (nodes[between] as Delimiter).next;
			unlink(between);
			between = after;
		}
		if (open.count === 0) unlink(opener);
		if (closer.count === 0) {
			const after = closer.next;
			unlink(current);
			current = after;
		}
	}
}
