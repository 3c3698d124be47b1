// Compact module text for the shipped bundles: comments, indentation and the spaces between tokens
// that the lexer does not need are removed, token by token, and every line stays on its line (a
// line of only comments or blanks becomes empty), so module line numbers — in native errors and in
// the line map — are those of the compiled file in out/. Strings, long strings and interpolated
// strings are copied byte for byte from the source.
//
// Hand-written on top of lex.mjs because no Lua minifier on the npm registry parses roblox-ts
// output (Luau if-expressions, `continue`, compound assignment, interpolated strings); the pass
// only needs tokens, not a syntax tree. `scripts/bundle/roundtrip.mjs` proves it on every module:
// the compacted text compiles to the same Luau bytecode as the original (same behaviour, same
// error positions).
import { tokenize } from "./lex.mjs";

const WORD = /^[A-Za-z0-9_]/;
const WORD_END = /[A-Za-z0-9_]$/;

const pairCache = new Map();

/** Whether `a` and `b` (raw token texts) written with no space between them lex as the same two tokens. */
function joinable(a, b) {
	if (WORD_END.test(a) && WORD.test(b)) return false; // names, keywords and numbers merge
	const key = a + "\u0000" + b;
	let ok = pairCache.get(key);
	if (ok === undefined) {
		const tokens = tokenize(a + b);
		ok = tokens.length === 2 && tokens[0].end === a.length;
		pairCache.set(key, ok);
	}
	return ok;
}

/** The pair check only matters where a token's edge is punctuation or a number's dot. */
function needsCheck(a, b) {
	const last = a[a.length - 1];
	const first = b[0];
	if (/[\]=~<>.:\-+*/%^[]/.test(last) && /[=.[\-:>]/.test(first)) return true;
	if (/[0-9]/.test(a[0]) && (first === "." || WORD.test(first))) return true;
	return /[0-9]$/.test(a) && first === ".";
}

/** Counts "\n" in s[from, to). */
function newlines(s, from, to) {
	let count = 0;
	for (let i = from; i < to; i++) if (s.charCodeAt(i) === 10) count++;
	return count;
}

/**
 * Compacts one module. `source` ends with a newline; the result has exactly as many lines.
 * @param {string} source
 * @returns {string}
 */
export function compactModule(source) {
	const tokens = tokenize(source);
	const out = [];
	let line = 1; // the output line being written
	let previous = null; // raw text of the last token on the current line
	for (const token of tokens) {
		const raw = source.slice(token.start, token.end);
		const at = token.line;
		if (at > line) {
			out.push("\n".repeat(at - line));
			line = at;
			previous = null;
		}
		if (previous !== null) {
			const tight = !(WORD_END.test(previous) && WORD.test(raw)) && (!needsCheck(previous, raw) || joinable(previous, raw));
			if (!tight) out.push(" ");
		}
		out.push(raw);
		const inner = newlines(raw, 0, raw.length);
		line += inner;
		previous = inner > 0 ? lastLine(raw) : raw;
	}
	const total = newlines(source, 0, source.length);
	if (total + 1 > line) out.push("\n".repeat(total + 1 - line));
	return out.join("");
}

function lastLine(raw) {
	return raw.slice(raw.lastIndexOf("\n") + 1);
}
