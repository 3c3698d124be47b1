// Block structure of Markdown text, line by line: ATX headings, paragraphs, bullet and numbered
// list items (nesting from indentation), fenced code blocks (``` or ~~~, any indentation; an
// unclosed fence runs to the end of the text), block quotes (nested, bounded depth) and thematic
// breaks. CRLF and CR line ends are read as LF. Each block keeps its source text so an oversized
// block can be shown as it was written.

export type Block =
	| { readonly kind: "heading"; readonly level: number; readonly text: string; readonly source: string }
	| { readonly kind: "paragraph"; readonly text: string; readonly source: string }
	| {
			readonly kind: "item";
			readonly marker: string;
			readonly depth: number;
			readonly text: string;
			readonly source: string;
	  }
	| {
			readonly kind: "code";
			readonly language: string;
			readonly text: string;
			readonly closed: boolean;
			readonly source: string;
	  }
	| { readonly kind: "quote"; readonly blocks: ReadonlyArray<Block>; readonly source: string }
	| { readonly kind: "rule"; readonly source: string };

/** Quotes nest this deep; deeper `>` markers stay in the text. */
const QUOTE_DEPTH = 6;
/** List items nest this deep (two spaces of indentation per level). */
const LIST_DEPTH = 6;

interface Fence {
	readonly indent: number;
	readonly char: string;
	readonly length: number;
	readonly language: string;
}

function fenceOpening(line: string): Fence | undefined {
	const [indent, run, info] = line.match("^(%s*)([`~][`~][`~]+)(.*)$") as LuaTuple<
		[string | undefined, string | undefined, string | undefined]
	>;
	if (indent === undefined || run === undefined || info === undefined) return undefined;
	const char = run.sub(1, 1);
	if (run.match(`^%${char}+$`)[0] === undefined) return undefined;
	if (char === "`" && info.find("`", 1, true)[0] !== undefined) return undefined;
	const [language] = info.match("^%s*(%S*)") as LuaTuple<[string]>;
	return { indent: indent.size(), char, length: run.size(), language };
}

function closesFence(line: string, fence: Fence): boolean {
	const [run] = line.match(`^%s*(%${fence.char}+)%s*$`) as LuaTuple<[string | undefined]>;
	return run !== undefined && run.size() >= fence.length;
}

/** Removes up to `count` leading spaces (the fence's own indentation) from a code line. */
function dedent(line: string, count: number): string {
	const [spaces] = line.match("^ *") as LuaTuple<[string]>;
	return line.sub(math.min(spaces.size(), count) + 1);
}

function ruleLine(line: string): boolean {
	const [compact] = line.gsub("%s", "");
	if (compact.size() < 3) return false;
	const char = compact.sub(1, 1);
	return (char === "-" || char === "*" || char === "_") && compact.match(`^%${char}+$`)[0] !== undefined;
}

function heading(line: string): LuaTuple<[number, string] | [undefined, undefined]> {
	const [hashes, rest] = line.match("^ ? ? ?(#+)(.*)$") as LuaTuple<[string | undefined, string | undefined]>;
	if (hashes === undefined || rest === undefined || hashes.size() > 6) return $tuple(undefined, undefined);
	if (rest !== "" && rest.match("^%s")[0] === undefined) return $tuple(undefined, undefined);
	const [text] = rest.gsub("^%s+", "")[0].gsub("%s+#*%s*$", "")[0].gsub("^#+%s*$", "");
	return $tuple(hashes.size(), text);
}

function listItem(line: string): LuaTuple<[string, number, string] | [undefined, undefined, undefined]> {
	const [indent, bullet, rest] = line.match("^( *)([%-%*%+])%s+(.*)$") as LuaTuple<
		[string | undefined, string | undefined, string | undefined]
	>;
	if (indent !== undefined && bullet !== undefined && rest !== undefined)
		return $tuple(bullet, math.min(LIST_DEPTH, math.floor(indent.size() / 2)), rest);
	const [spaces, number, close, text] = line.match("^( *)(%d%d?%d?%d?%d?%d?%d?%d?%d?)([%.%)])%s+(.*)$") as LuaTuple<
		[string | undefined, string | undefined, string | undefined, string | undefined]
	>;
	if (spaces !== undefined && number !== undefined && close !== undefined && text !== undefined)
		return $tuple(`${number}${close}`, math.min(LIST_DEPTH, math.floor(spaces.size() / 2)), text);
	return $tuple(undefined, undefined, undefined);
}

function quoteLine(line: string): string | undefined {
	const [rest] = line.match("^ ? ? ?>(.*)$") as LuaTuple<[string | undefined]>;
	if (rest === undefined) return undefined;
	return rest.sub(1, 1) === " " ? rest.sub(2) : rest;
}

/** Splits text into lines, reading CRLF and lone CR as line ends. */
export function splitLines(text: string): Array<string> {
	const [normal] = text.gsub("\r\n?", "\n");
	return normal.split("\n");
}

/** A paragraph or list item still taking lines (joined once, so long paragraphs stay linear). */
interface Open {
	readonly kind: "paragraph" | "item";
	readonly marker: string;
	readonly depth: number;
	readonly lines: Array<string>;
	readonly sources: Array<string>;
}

function close(open: Open): Block {
	const text = open.lines.join("\n");
	const source = open.sources.join("\n");
	return open.kind === "item"
		? { kind: "item", marker: open.marker, depth: open.depth, text, source }
		: { kind: "paragraph", text, source };
}

/** Counts work for the caller's slicing (the app's frame door: `runtime/frame` spend). */
export type Spend = (units: number) => void;

/** Lines parsed between two reports of work, and the units they count. */
const LINES_PER_REPORT = 32;
const LINE_UNITS = 3;

/** Where the last blank line at the top level ends: the blocks and lines before it are settled. */
export interface Settled {
	blocks: number;
	lines: number;
}

function parseLines(lines: ReadonlyArray<string>, quoteDepth: number, spend?: Spend, settled?: Settled): Array<Block> {
	const parsed = new Array<Block | Open>();
	const blocks = parsed;
	let open: Open | undefined;
	let index = 0;
	let reported = 0;
	while (index < lines.size()) {
		if (spend !== undefined && index - reported >= LINES_PER_REPORT) {
			spend((index - reported) * LINE_UNITS);
			reported = index;
		}
		const line = lines[index];
		const fence = fenceOpening(line);
		if (fence !== undefined) {
			open = undefined;
			const body = new Array<string>();
			const source = [line];
			let closed = false;
			index += 1;
			while (index < lines.size()) {
				source.push(lines[index]);
				if (closesFence(lines[index], fence)) {
					closed = true;
					index += 1;
					break;
				}
				body.push(dedent(lines[index], fence.indent));
				index += 1;
			}
			blocks.push({
				kind: "code",
				language: fence.language,
				text: body.join("\n"),
				closed,
				source: source.join("\n"),
			});
			continue;
		}
		index += 1;
		if (line.match("^%s*$")[0] !== undefined) {
			open = undefined;
			// nothing before a blank line that a line end follows can change with the lines after it
			if (settled !== undefined && index < lines.size()) {
				settled.blocks = parsed.size();
				settled.lines = index;
			}
			continue;
		}
		const quoted = quoteDepth < QUOTE_DEPTH ? quoteLine(line) : undefined;
		if (quoted !== undefined) {
			open = undefined;
			const inner = [quoted];
			const source = [line];
			while (index < lines.size()) {
				const following = quoteLine(lines[index]);
				if (following === undefined) break;
				inner.push(following);
				source.push(lines[index]);
				index += 1;
			}
			blocks.push({ kind: "quote", blocks: parseLines(inner, quoteDepth + 1, spend), source: source.join("\n") });
			continue;
		}
		const [level, title] = heading(line);
		if (level !== undefined) {
			open = undefined;
			blocks.push({ kind: "heading", level, text: title, source: line });
			continue;
		}
		if (ruleLine(line)) {
			open = undefined;
			blocks.push({ kind: "rule", source: line });
			continue;
		}
		const [marker, depth, rest] = listItem(line);
		if (marker !== undefined) {
			open = { kind: "item", marker, depth, lines: [rest], sources: [line] };
			parsed.push(open);
			continue;
		}
		// a line that starts nothing continues the open paragraph or list item (lazy continuation)
		if (open !== undefined) {
			open.lines.push(line.gsub("^%s+", "")[0]);
			open.sources.push(line);
			continue;
		}
		open = { kind: "paragraph", marker: "", depth: 0, lines: [line], sources: [line] };
		parsed.push(open);
	}
	return parsed.map((entry) => ((entry as Open).lines !== undefined ? close(entry as Open) : (entry as Block)));
}

/** The blocks of Markdown `text`; `spend` is told the work as it goes (so a caller may slice it). */
export function parseBlocks(text: string, spend?: Spend): Array<Block> {
	return parseLines(splitLines(text), 0, spend);
}

/**
 * The blocks of `lines` (text split by `splitLines`), and in `settled` how many of them, and of
 * the lines, come before the last top-level blank line: text appended later cannot change them
 * (`settled` stays as given when there is no such line).
 */
export function parseSettled(lines: ReadonlyArray<string>, settled: Settled, spend?: Spend): Array<Block> {
	return parseLines(lines, 0, spend, settled);
}
