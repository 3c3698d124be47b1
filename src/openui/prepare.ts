// Text preparation before lexing (docs/OPENUI.md, "What a model may write"): the program is the
// contents of the fences when the text has any (a fence opens only where three backticks start a
// line; backticks inside a double-quoted string do not close it; an unclosed fence runs to the
// end), then comments (`//` or `#` outside strings, string state carried across lines) are cut
// and the text is trimmed.

import { trim } from "../runtime/trim";

/** Splits on "\n", keeping every line (the last one may be empty). */
export function splitLines(text: string): string[] {
	const lines: string[] = [];
	let start = 1;
	for (;;) {
		const [at] = string.find(text, "\n", start, true);
		if (at === undefined) {
			lines.push(string.sub(text, start));
			return lines;
		}
		lines.push(string.sub(text, start, at - 1));
		start = at + 1;
	}
}

function isFenceLine(line: string): boolean {
	return string.sub(line, 1, 3) === "```";
}

/** Advances the double-quote state of fenced program text over one line. */
function quoteStateAfter(line: string, inString: boolean): boolean {
	let i = 1;
	const n = line.size();
	let open = inString;
	while (i <= n) {
		const c = string.sub(line, i, i);
		if (open && c === "\\") i += 2;
		else {
			if (c === '"') open = !open;
			i += 1;
		}
	}
	return open;
}

/** The fence contents joined with "\n", or undefined when the text has no fence. */
export function extractFences(text: string): string | undefined {
	const lines = splitLines(text);
	const blocks: string[] = [];
	let inFence = false;
	let inString = false;
	let current: string[] = [];
	for (const line of lines) {
		if (!inFence) {
			if (isFenceLine(line)) {
				inFence = true;
				inString = false;
				current = [];
			}
			continue;
		}
		if (!inString && isFenceLine(line)) {
			blocks.push(current.join("\n"));
			inFence = false;
			continue;
		}
		current.push(line);
		inString = quoteStateAfter(line, inString);
	}
	if (inFence) blocks.push(current.join("\n"));
	return blocks.size() > 0 ? blocks.join("\n") : undefined;
}

/** Removes `//` and `#` comments outside strings (both quote kinds; string state spans lines). */
export function stripComments(text: string): string {
	const out: string[] = [];
	const n = text.size();
	let i = 1;
	let quote: string | undefined;
	let runStart = 1;
	while (i <= n) {
		const c = string.sub(text, i, i);
		if (quote !== undefined) {
			if (c === "\\") i += 2;
			else {
				if (c === quote) quote = undefined;
				i += 1;
			}
			continue;
		}
		if (c === '"' || c === "'") {
			quote = c;
			i += 1;
			continue;
		}
		if (c === "#" || (c === "/" && string.sub(text, i + 1, i + 1) === "/")) {
			out.push(string.sub(text, runStart, i - 1));
			const [nl] = string.find(text, "\n", i, true);
			if (nl === undefined) return out.join("");
			i = nl;
			runStart = nl;
			continue;
		}
		i += 1;
	}
	out.push(string.sub(text, runStart));
	return out.join("");
}

/** The program text of a model's answer: fences, comments, trim. */
export function prepareProgram(text: string): string {
	const fenced = extractFences(text);
	return trim(stripComments(fenced ?? text));
}
