// Repairing the JSON text of tool arguments before validation. Models wrap arguments in code
// fences or prose, leave trailing commas, write Python literals, or stop mid-object when a reply is
// cut off. Each repair is tried in order and the first text that decodes wins:
//   1. trim (empty text is `{}`);  2. strip a code fence;  3. decode as is;
//   4. keep only the first `{`/`[` up to its matching closer;  5. drop trailing commas outside
//   strings;  6. None/True/False outside strings become null/true/false;
//   7. balance: text ending inside a string or with a mismatched closer is refused; missing closers
//      are supplied only when `allowTruncated` (read tools), by dropping a dangling key or comma
//      and, failing that, the last comma-separated segment. A tool that changes anything never
//      runs on arguments that were cut off.
import { decode, EMPTY_OBJECT, Slicing } from "../../runtime/json";
import { trim } from "../../runtime/trim";

export type Repaired = LuaTuple<[unknown, undefined] | [undefined, string]>;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const CLOSER: Record<number, string> = { [0x7b]: "}", [0x5b]: "]" };
const OPENER_OF: Record<number, number> = { [0x7d]: 0x7b, [0x5d]: 0x5b };
/** Attempts at dropping the last segment of truncated text. */
const SEGMENT_ATTEMPTS = 8;

interface Segment {
	readonly text: string;
	readonly quoted: boolean;
	/** For a string literal: whether its closing quote is present. */
	readonly closed: boolean;
}

/** Splits `text` into string literals and the text between them (an unterminated literal runs to the end). */
function segments(text: string): Array<Segment> {
	const list = new Array<Segment>();
	let from = 1;
	let at = 1;
	const size = text.size();
	while (at <= size) {
		if (string.byte(text, at)[0] !== QUOTE) {
			at += 1;
			continue;
		}
		if (at > from) list.push({ text: text.sub(from, at - 1), quoted: false, closed: true });
		let close = at + 1;
		while (close <= size) {
			const [byte] = string.byte(text, close);
			if (byte === BACKSLASH) close += 2;
			else if (byte === QUOTE) break;
			else close += 1;
		}
		list.push({ text: text.sub(at, close), quoted: true, closed: close <= size });
		from = close + 1;
		at = from;
	}
	if (from <= size) list.push({ text: text.sub(from), quoted: false, closed: true });
	return list;
}

/** Applies `edit` to the parts of `text` outside string literals. */
function outsideStrings(text: string, edit: (part: string) => string): string {
	return segments(text)
		.map((segment) => (segment.quoted ? segment.text : edit(segment.text)))
		.join("");
}

interface Balance {
	/** Closers still missing, innermost first ("}" first when an object is the innermost open one). */
	readonly missing: string;
	/** Why the brackets cannot be balanced by appending closers. */
	readonly problem?: string;
}

function balance(text: string): Balance {
	const stack = new Array<number>();
	for (const segment of segments(text)) {
		if (segment.quoted) {
			if (!segment.closed) return { missing: "", problem: "the arguments end inside a string" };
			continue;
		}
		for (let i = 1; i <= segment.text.size(); i++) {
			const [byte] = string.byte(segment.text, i);
			if (CLOSER[byte] !== undefined) stack.push(byte);
			else if (OPENER_OF[byte] !== undefined) {
				if (stack.pop() !== OPENER_OF[byte]) return { missing: "", problem: "the brackets do not match" };
			}
		}
	}
	let missing = "";
	for (let i = stack.size() - 1; i >= 0; i--) missing += CLOSER[stack[i]];
	return { missing };
}

/** The first `{` or `[` up to its matching closer (or to the end when it is never closed). */
function cutProse(text: string): string | undefined {
	const [start] = string.find(text, "[%[{]");
	if (start === undefined) return undefined;
	const body = text.sub(start);
	let depth = 0;
	let position = 0;
	for (const segment of segments(body)) {
		if (!segment.quoted) {
			for (let i = 1; i <= segment.text.size(); i++) {
				const [byte] = string.byte(segment.text, i);
				if (CLOSER[byte] !== undefined) depth += 1;
				else if (OPENER_OF[byte] !== undefined) {
					depth -= 1;
					if (depth === 0) return body.sub(1, position + i);
				}
			}
		}
		position += segment.text.size();
	}
	return body;
}

function stripFence(text: string): string {
	const [inner] = string.match(text, "^```[%w_%-]*%s*\n(.-)\n?%s*```$");
	return inner !== undefined ? (inner as string) : text;
}

function cleanLiterals(text: string): string {
	return outsideStrings(text, (part) => {
		let fixed = string.gsub(part, ",(%s*[%]}])", "%1")[0];
		fixed = string.gsub(fixed, "%f[%w_]None%f[^%w_]", "null")[0];
		fixed = string.gsub(fixed, "%f[%w_]True%f[^%w_]", "true")[0];
		fixed = string.gsub(fixed, "%f[%w_]False%f[^%w_]", "false")[0];
		return fixed;
	});
}

function tryDecode(text: string, slicing?: Slicing): LuaTuple<[boolean, unknown]> {
	const [value, problem] = decode(text, slicing);
	return $tuple(problem === undefined, value);
}

/** Removes what cannot be completed at the end: whitespace, a comma, a key without a value. */
function dropDangling(text: string): string {
	let tail = string.gsub(text, "[%s,]+$", "")[0];
	if (string.find(tail, ":$")[0] !== undefined) tail = string.gsub(tail, '"[^"]*"%s*:$', "")[0];
	// a lone key where an object expects one: `{"a": 1, "b"`
	else if (balance(tail).missing.sub(1, 1) === "}") tail = string.gsub(tail, '([{,])%s*"[^"]*"$', "%1")[0];
	return string.gsub(tail, "[%s,]+$", "")[0];
}

/** The text before the last comma outside strings, or nil when there is none. */
function beforeLastComma(text: string): string | undefined {
	const parts = segments(text);
	let offset = text.size();
	for (let i = parts.size() - 1; i >= 0; i--) {
		const part = parts[i];
		offset -= part.text.size();
		if (part.quoted) continue;
		const [found] = string.find(part.text, ",[^,]*$");
		if (found !== undefined) return text.sub(1, offset + found - 1);
	}
	return undefined;
}

function complete(text: string): Repaired {
	let candidate: string | undefined = dropDangling(text);
	for (let attempt = 0; attempt <= SEGMENT_ATTEMPTS && candidate !== undefined; attempt++) {
		const { missing, problem } = balance(candidate);
		if (problem !== undefined) return $tuple(undefined, problem);
		const [ok, value] = tryDecode(candidate + missing);
		if (ok) return $tuple(value, undefined);
		const shorter = beforeLastComma(candidate);
		candidate = shorter !== undefined ? dropDangling(shorter) : undefined;
	}
	return $tuple(undefined, "the arguments were cut off and could not be completed");
}

/**
 * The decoded arguments, or nil and why the text cannot be read. With `slicing`, text that decodes
 * as it is (the usual case) is read over several frames when long.
 */
export function repairJson(raw: string, allowTruncated: boolean, slicing?: Slicing): Repaired {
	const trimmed = trim(raw);
	if (trimmed === "") return $tuple(EMPTY_OBJECT, undefined);
	const unfenced = stripFence(trimmed);
	const [ok, value] = tryDecode(unfenced, slicing);
	if (ok) return $tuple(value, undefined);
	const cut = cutProse(unfenced);
	if (cut === undefined) return $tuple(undefined, "the arguments are not JSON (no object found)");
	const cleaned = cleanLiterals(cut);
	const [cleanOk, cleanValue] = tryDecode(cleaned);
	if (cleanOk) return $tuple(cleanValue, undefined);
	const { missing, problem } = balance(cleaned);
	if (problem !== undefined) return $tuple(undefined, problem);
	if (missing === "") {
		const [, reason] = decode(cleaned);
		return $tuple(undefined, `the arguments are not valid JSON: ${reason}`);
	}
	if (!allowTruncated) {
		return $tuple(
			undefined,
			"the arguments were cut off (missing closing brackets); a tool that changes anything needs complete arguments",
		);
	}
	return complete(cleaned);
}
