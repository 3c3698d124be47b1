// The lexer of OpenUI Lang 1.0. It never fails: a character no rule matches is skipped.
import { readUnicodeEscape } from "./json";

export type TokenKind =
	| "ident" // lowercase or _ first: a plain identifier
	| "type" // uppercase first: a component name in call position
	| "state" // $name
	| "func" // @Name
	| "str"
	| "num"
	| "true"
	| "false"
	| "null"
	| "op";

export interface Token {
	readonly kind: TokenKind;
	/** Names keep their `$`/`@`; strings are decoded; numbers are in `num`; operators are canonical. */
	readonly text: string;
	readonly num?: number;
}

const DOUBLE_ESCAPES: Record<string, string> = {
	n: "\n",
	t: "\t",
	r: "\r",
	b: "\b",
	f: "\f",
	"/": "/",
	'"': '"',
	"\\": "\\",
};
const SINGLE_ESCAPES: Record<string, string> = { n: "\n", t: "\t", "'": "'", "\\": "\\" };

// Longest first. `===`/`!==` mean `==`/`!=`; single `&`/`|` mean `&&`/`||`.
const OPERATORS: ReadonlyArray<[string, string]> = [
	["===", "=="],
	["!==", "!="],
	["==", "=="],
	["!=", "!="],
	[">=", ">="],
	["<=", "<="],
	["&&", "&&"],
	["||", "||"],
	["&", "&&"],
	["|", "||"],
];
const SINGLE = "=><+-*/%!?:.,()[]{}";

function isValueToken(token: Token | undefined): boolean {
	if (token === undefined) return false;
	if (token.kind !== "op") return token.kind !== "func";
	return token.text === ")" || token.text === "]";
}

/** Reads a string literal starting at its quote; returns the decoded text and the index after it. */
function readString(src: string, start: number): LuaTuple<[string, number]> {
	const quote = string.sub(src, start, start);
	const escapes = quote === '"' ? DOUBLE_ESCAPES : SINGLE_ESCAPES;
	const parts: string[] = [];
	let i = start + 1;
	const n = src.size();
	while (i <= n) {
		const c = string.sub(src, i, i);
		if (c === quote) return $tuple(parts.join(""), i + 1);
		if (c === "\\") {
			const e = string.sub(src, i + 1, i + 1);
			if (quote === '"' && e === "u") {
				const [decoded, after] = readUnicodeEscape(src, i + 1);
				if (decoded !== undefined) {
					parts.push(decoded);
					i = after;
					continue;
				}
			}
			parts.push(escapes[e] ?? e);
			i += 2;
			continue;
		}
		parts.push(c);
		i += 1;
	}
	return $tuple(parts.join(""), n + 1);
}

export function lex(src: string): Token[] {
	const tokens: Token[] = [];
	const n = src.size();
	let i = 1;
	while (i <= n) {
		const c = string.sub(src, i, i);
		if (string.match(c, "%s")[0] !== undefined) {
			i += 1;
			continue;
		}
		const previous = tokens[tokens.size() - 1];
		if (c === '"' || c === "'") {
			const [text, after] = readString(src, i);
			tokens.push({ kind: "str", text });
			i = after;
			continue;
		}
		const afterDot = previous !== undefined && previous.kind === "op" && previous.text === ".";
		if (afterDot && string.match(c, "%d")[0] !== undefined) {
			// member access digits: m.0.1 is m[0][1]
			const [digits] = string.match(src, "^%d+", i) as LuaTuple<[string]>;
			tokens.push({ kind: "num", text: digits, num: tonumber(digits) });
			i += digits.size();
			continue;
		}
		const negative =
			c === "-" && string.match(string.sub(src, i + 1, i + 1), "%d")[0] !== undefined && !isValueToken(previous);
		if (string.match(c, "%d")[0] !== undefined || negative) {
			const from = negative ? i + 1 : i;
			const [int] = string.match(src, "^%d+", from) as LuaTuple<[string]>;
			let j = from + int.size();
			let literal = int;
			const [frac] = string.match(src, "^%.%d+", j) as LuaTuple<[string?]>;
			if (frac !== undefined) {
				literal += frac;
				j += frac.size();
			}
			const [expo] = string.match(src, "^[eE][+-]?%d*", j) as LuaTuple<[string?]>;
			let value = tonumber(literal) ?? 0;
			if (expo !== undefined) {
				j += expo.size();
				// a dangling exponent ("1e") keeps the mantissa's value
				value = tonumber(literal + expo) ?? value;
			}
			if (negative) value = -value;
			tokens.push({ kind: "num", text: string.sub(src, i, j - 1), num: value });
			i = j;
			continue;
		}
		if ((c === "$" || c === "@") && string.match(string.sub(src, i + 1, i + 1), "[%a_]")[0] !== undefined) {
			const [name] = string.match(src, "^[%w_]+", i + 1) as LuaTuple<[string]>;
			tokens.push({ kind: c === "$" ? "state" : "func", text: c + name });
			i += 1 + name.size();
			continue;
		}
		if (string.match(c, "[%a_]")[0] !== undefined) {
			const [name] = string.match(src, "^[%w_]+", i) as LuaTuple<[string]>;
			let kind: TokenKind = string.match(c, "%u")[0] !== undefined ? "type" : "ident";
			if (name === "true" || name === "false" || name === "null") kind = name;
			tokens.push({ kind, text: name });
			i += name.size();
			continue;
		}
		let matched = false;
		for (const [op, canonical] of OPERATORS) {
			if (string.sub(src, i, i + op.size() - 1) === op) {
				tokens.push({ kind: "op", text: canonical });
				i += op.size();
				matched = true;
				break;
			}
		}
		if (matched) continue;
		if (string.find(SINGLE, c, 1, true)[0] !== undefined) tokens.push({ kind: "op", text: c });
		i += 1;
	}
	return tokens;
}
