// JSON for stored page state, library specs and fixtures: keeps object key order and null (the
// NULL sentinel), and tells [] from {} — HttpService's JSONDecode does none of these. Writes
// what JavaScript's JSON.stringify writes (compact, same number forms, same escapes).
import {
	arrayOf,
	isArray,
	isBinding,
	isElement,
	isObject,
	isPlan,
	isStep,
	newObject,
	NULL,
	numberToString,
	objSet,
	Value,
} from "./values";

export type JsonResult = { ok: true; value: Value } | { ok: false; error: string };

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** Encodes a code point as UTF-8 (lone surrogates as their three-byte forms). */
export function utf8Char(code: number): string {
	if (code < 0x80) return string.char(code);
	if (code < 0x800) return string.char(0xc0 + (code >> 6), 0x80 + (code & 0x3f));
	if (code < 0x10000) return string.char(0xe0 + (code >> 12), 0x80 + ((code >> 6) & 0x3f), 0x80 + (code & 0x3f));
	return string.char(
		0xf0 + (code >> 18),
		0x80 + ((code >> 12) & 0x3f),
		0x80 + ((code >> 6) & 0x3f),
		0x80 + (code & 0x3f),
	);
}

/** Reads `\uXXXX` (and a following low surrogate) at `i` (the `u`); returns the text and the index after it. */
export function readUnicodeEscape(text: string, i: number): LuaTuple<[string | undefined, number]> {
	const hex = string.sub(text, i + 1, i + 4);
	if (string.match(hex, "^%x%x%x%x$")[0] === undefined) return $tuple(undefined, i + 1);
	let code = tonumber(hex, 16)!;
	let after = i + 5;
	if (code >= 0xd800 && code <= 0xdbff && string.sub(text, after, after + 1) === "\\u") {
		const low = string.sub(text, after + 2, after + 5);
		const lowCode = string.match(low, "^%x%x%x%x$")[0] !== undefined ? tonumber(low, 16)! : 0;
		if (lowCode >= 0xdc00 && lowCode <= 0xdfff) {
			code = 0x10000 + (code - 0xd800) * 0x400 + (lowCode - 0xdc00);
			after += 6;
		}
	}
	return $tuple(utf8Char(code), after);
}

class Reader {
	pos = 1;
	constructor(readonly text: string) {}

	fail(message: string): never {
		throw `JSON: ${message} at byte ${this.pos}`;
	}
	skip() {
		const [, last] = string.find(this.text, "^[ \t\r\n]*", this.pos);
		this.pos = (last ?? this.pos - 1) + 1;
	}
	peek(): string {
		return string.sub(this.text, this.pos, this.pos);
	}
	value(depth: number): Value {
		if (depth > 200) this.fail("nesting too deep");
		this.skip();
		const c = this.peek();
		if (c === "{") return this.object(depth);
		if (c === "[") return this.array(depth);
		if (c === '"') return this.str();
		for (const [word, value] of [
			["true", true],
			["false", false],
			["null", NULL],
		] as [string, Value][]) {
			if (string.sub(this.text, this.pos, this.pos + word.size() - 1) === word) {
				this.pos += word.size();
				return value;
			}
		}
		const [num] = string.match(this.text, "^-?%d+%.?%d*[eE]?[+-]?%d*", this.pos) as LuaTuple<[string?]>;
		if (num !== undefined && num !== "") {
			const n = tonumber(num);
			if (n === undefined) this.fail("bad number");
			this.pos += num.size();
			return n;
		}
		return this.fail(c === "" ? "unexpected end" : `unexpected "${c}"`);
	}
	object(depth: number): Value {
		const obj = newObject();
		this.pos++;
		this.skip();
		if (this.peek() === "}") {
			this.pos++;
			return obj;
		}
		for (;;) {
			this.skip();
			if (this.peek() !== '"') this.fail("expected a key");
			const key = this.str();
			this.skip();
			if (this.peek() !== ":") this.fail('expected ":"');
			this.pos++;
			objSet(obj, key, this.value(depth + 1));
			this.skip();
			const c = this.peek();
			this.pos++;
			if (c === "}") return obj;
			if (c !== ",") this.fail('expected "," or "}"');
		}
	}
	array(depth: number): Value {
		const items: Value[] = [];
		this.pos++;
		this.skip();
		if (this.peek() === "]") {
			this.pos++;
			return arrayOf(items);
		}
		for (;;) {
			items.push(this.value(depth + 1));
			this.skip();
			const c = this.peek();
			this.pos++;
			if (c === "]") return arrayOf(items);
			if (c !== ",") this.fail('expected "," or "]"');
		}
	}
	str(): string {
		this.pos++;
		const parts: string[] = [];
		for (;;) {
			const [start, finish] = string.find(this.text, '["\\]', this.pos);
			if (start === undefined || finish === undefined) this.fail("unterminated string");
			parts.push(string.sub(this.text, this.pos, start - 1));
			const c = string.sub(this.text, start, start);
			if (c === '"') {
				this.pos = start + 1;
				return parts.join("");
			}
			const e = string.sub(this.text, start + 1, start + 1);
			if (e === "u") {
				const [decoded, after] = readUnicodeEscape(this.text, start + 1);
				if (decoded === undefined) this.fail("bad \\u escape");
				parts.push(decoded);
				this.pos = after;
			} else {
				const mapped = ESCAPES[e];
				if (mapped === undefined) this.fail("bad escape");
				parts.push(mapped);
				this.pos = start + 2;
			}
		}
	}
}

/** Decodes JSON text; never raises. */
export function decodeJson(text: string): JsonResult {
	const reader = new Reader(text);
	const [ok, result] = pcall(() => {
		const value = reader.value(0);
		reader.skip();
		if (reader.pos <= text.size()) reader.fail("trailing text");
		return value;
	});
	if (ok) return { ok: true, value: result as Value };
	return { ok: false, error: tostring(result) };
}

/** A JSON string literal (also a valid OpenUI Lang string: `serialize.ts` writes them too). */
export function quote(s: string): string {
	const escaped = string.gsub(s, '[%c"\\]', (c: string) => {
		if (c === '"') return '\\"';
		if (c === "\\") return "\\\\";
		if (c === "\n") return "\\n";
		if (c === "\r") return "\\r";
		if (c === "\t") return "\\t";
		if (c === "\b") return "\\b";
		if (c === "\f") return "\\f";
		return string.format("\\u%04x", string.byte(c)[0]);
	})[0];
	return `"${escaped}"`;
}

/** JSON.stringify of a language value; components, plans and steps write their tagged shape. */
export function encodeJson(v: Value | undefined): string {
	if (v === undefined || v === NULL) return "null";
	if (typeIs(v, "string")) return quote(v);
	if (typeIs(v, "number")) return v !== v || math.abs(v) === math.huge ? "null" : numberToString(v);
	if (typeIs(v, "boolean")) return v ? "true" : "false";
	if (isArray(v)) return `[${v.items.map((item) => encodeJson(item)).join(",")}]`;
	if (isObject(v)) return `{${v.keys.map((k) => `${quote(k)}:${encodeJson(v.map.get(k))}`).join(",")}}`;
	if (isElement(v)) return `{"type":${quote(v.typeName)},"props":${encodeJson(v.props)}}`;
	if (isBinding(v)) return encodeJson(v.value);
	if (isStep(v)) return `{"step":${quote(v.name)},"args":${encodeJson(arrayOf(v.args))}}`;
	if (isPlan(v)) return `{"action":[${v.steps.map((s) => encodeJson(s)).join(",")}]}`;
	return "null";
}
