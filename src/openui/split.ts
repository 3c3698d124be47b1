// Statement boundaries, shared by the batch parser, the streaming parser and the edit merge so
// the three agree: a newline ends a statement unless it is inside brackets or a string, a
// ternary is open (from its `?` until the first operand after its `:`), or the next line starts
// with `?`. While streaming, a statement is complete only once the first character of the next
// line has arrived.

import { trim } from "../runtime/trim";

export interface RawStatement {
	readonly text: string;
	/** Its ending newline and the next line's first character have arrived. */
	readonly complete: boolean;
}

export interface SplitResult {
	readonly statements: RawStatement[];
	/** The text ended inside an unclosed string or bracket. */
	readonly incomplete: boolean;
}

const OPENERS: Record<string, string> = { "(": ")", "[": "]", "{": "}" };

/** Splits prepared program text into statement texts (trimmed, blank ones left out). */
export function splitStatements(text: string): SplitResult {
	const statements: RawStatement[] = [];
	const n = text.size();
	let start = 1;
	let quote: string | undefined;
	const stack: string[] = [];
	let pendingQuestions = 0;
	let elseEmpty = false;
	let i = 1;
	const push = (finish: number, complete: boolean) => {
		const piece = string.sub(text, start, finish);
		const body = trim(piece);
		if (body !== undefined && body !== "") statements.push({ text: body, complete });
	};
	while (i <= n) {
		const c = string.sub(text, i, i);
		if (quote !== undefined) {
			if (c === "\\") i += 1;
			else if (c === quote) quote = undefined;
			i += 1;
			continue;
		}
		if (c === '"' || c === "'") {
			quote = c;
			if (stack.size() === 0) elseEmpty = false;
		} else if (OPENERS[c] !== undefined) {
			stack.push(OPENERS[c]);
			if (stack.size() === 1) elseEmpty = false;
		} else if (c === ")" || c === "]" || c === "}") {
			if (stack.size() > 0 && stack[stack.size() - 1] === c) stack.pop();
		} else if (stack.size() === 0 && c === "?") {
			pendingQuestions += 1;
			elseEmpty = false;
		} else if (stack.size() === 0 && c === ":" && pendingQuestions > 0) {
			pendingQuestions -= 1;
			elseEmpty = true;
		} else if (c === "\n") {
			if (stack.size() === 0 && pendingQuestions === 0 && !elseEmpty) {
				const [nextStart] = string.find(text, "[^%s]", i + 1);
				if (nextStart === undefined) {
					// nothing but whitespace follows: the statement waits for the next line
					push(i - 1, false);
					start = n + 1;
					i = n + 1;
					break;
				}
				if (string.sub(text, nextStart, nextStart) !== "?") {
					push(i - 1, true);
					start = i + 1;
				}
			}
		} else if (stack.size() === 0 && elseEmpty && string.match(c, "%s")[0] === undefined) {
			elseEmpty = false;
		}
		i += 1;
	}
	if (start <= n) push(n, false);
	return { statements, incomplete: quote !== undefined || stack.size() > 0 };
}

/** Closes an open string (adding a `\` first when the text ends mid-escape) and open brackets. */
export function implicitlyClose(text: string): LuaTuple<[string, boolean]> {
	let quote: string | undefined;
	let escaping = false;
	const stack: string[] = [];
	const n = text.size();
	for (let i = 1; i <= n; i++) {
		const c = string.sub(text, i, i);
		if (quote !== undefined) {
			if (escaping) escaping = false;
			else if (c === "\\") escaping = true;
			else if (c === quote) quote = undefined;
			continue;
		}
		if (c === '"' || c === "'") quote = c;
		else if (OPENERS[c] !== undefined) stack.push(OPENERS[c]);
		else if (c === ")" || c === "]" || c === "}") {
			if (stack.size() > 0 && stack[stack.size() - 1] === c) stack.pop();
		}
	}
	let closed = text;
	const needed = quote !== undefined || stack.size() > 0;
	if (quote !== undefined) closed += (escaping ? "\\" : "") + quote;
	for (let k = stack.size() - 1; k >= 0; k--) closed += stack[k];
	return $tuple(closed, needed);
}
