// JSON codec. Written by hand because HttpService:JSONEncode cannot tell `{}` from `[]`, turns
// invalid UTF-8 into garbage, and its output key order is unspecified (we hash saved files).
//
// Encoding:
// - a table whose keys are exactly 1..n (n >= 1) is an array; any other table is an object;
//   an empty table is `[]` unless it carries the object mark (`markObject`, `EMPTY_OBJECT`);
// - object keys are strings, or finite integers written as strings; keys are sorted by byte so the
//   same value always gives the same text;
// - strings are escaped per RFC 8259 (plus U+2028/U+2029 and DEL); invalid UTF-8 bytes become
//   U+FFFD, because JSON text must be UTF-8;
// - NaN, infinities, cycles, nesting deeper than MAX_DEPTH, and values that are not JSON-shaped
//   (functions, Instances, ...) are refused with a reason that names where they are.
// Decoding: strict RFC 8259 text; `null` becomes the NULL sentinel (so array positions and object
// keys survive); `{}` decodes to a marked empty table so it encodes back to `{}`; invalid UTF-8 and
// lone surrogate escapes become U+FFFD.

export const MAX_DEPTH = 64;

// A table's metatable identifies marked objects (no __metatable field: marked tables must stay
// freezable and copyable).
const OBJECT_MARK: LuaMetatable<object> = table.freeze({});

/** Marks `value` (a table) so it encodes as an object even when empty. Returns it. */
export function markObject<T extends object>(value: T): T {
	return setmetatable(value, OBJECT_MARK as unknown as LuaMetatable<T>);
}

/** Whether `value` carries the object mark. */
export function isMarkedObject(value: unknown): boolean {
	return typeIs(value, "table") && getmetatable(value) === OBJECT_MARK;
}

/** A shared, frozen empty object: encodes as `{}`. */
export const EMPTY_OBJECT: object = table.freeze(markObject({}));

/** Decoded JSON `null` (and what encodes as `null` inside tables, where nil cannot be stored). */
export const NULL: object = table.freeze(setmetatable({}, table.freeze({ __tostring: () => "null" })));

const SHORT_ESCAPES: Record<number, string> = {
	[0x22]: '\\"',
	[0x5c]: "\\\\",
	[0x08]: "\\b",
	[0x0c]: "\\f",
	[0x0a]: "\\n",
	[0x0d]: "\\r",
	[0x09]: "\\t",
};

const REPLACEMENT = "\u{FFFD}";

/** Replaces every invalid UTF-8 sequence in `text` with U+FFFD. */
export function toValidUtf8(text: string): string {
	// utf8.len gives nil (typed as false) and the position of the first invalid byte
	if (typeIs(utf8.len(text)[0], "number")) return text;
	const parts = new Array<string>();
	let from = 1;
	const size = text.size();
	while (from <= size) {
		const [count, position] = utf8.len(text, from);
		if (typeIs(count, "number")) {
			parts.push(text.sub(from));
			break;
		}
		const bad = position as number;
		if (bad > from) parts.push(text.sub(from, bad - 1));
		parts.push(REPLACEMENT);
		from = bad + 1;
		// skip the continuation bytes of the broken sequence
		while (from <= size) {
			const [byte] = string.byte(text, from);
			if (byte < 0x80 || byte >= 0xc0) break;
			from += 1;
		}
	}
	return parts.join("");
}

function escapeChar(char: string): string {
	const [byte] = string.byte(char);
	return SHORT_ESCAPES[byte] ?? string.format("\\u%04x", byte);
}

const NEEDS_ESCAPE = '[%z\x01-\x1f"\\\x7f]';

function encodeString(text: string): string {
	let result = text;
	if (string.find(result, NEEDS_ESCAPE)[0] !== undefined) result = string.gsub(result, NEEDS_ESCAPE, escapeChar)[0];
	if (string.find(result, "[\x80-\xff]")[0] !== undefined) {
		result = toValidUtf8(result);
		result = string.gsub(result, "\u{2028}", "\\u2028")[0];
		result = string.gsub(result, "\u{2029}", "\\u2029")[0];
	}
	return `"${result}"`;
}

const SAFE_INTEGER = 2 ** 53;

function encodeNumber(value: number): string | undefined {
	if (value !== value || value === math.huge || value === -math.huge) return undefined;
	if (value % 1 === 0 && math.abs(value) < SAFE_INTEGER) {
		return value === 0 && 1 / value < 0 ? "-0" : string.format("%d", value);
	}
	// the shortest text that reads back as the same number
	for (const digits of [15, 16, 17]) {
		const text = string.format(`%.${digits}g`, value);
		if (tonumber(text) === value) return text;
	}
	return string.format("%.17g", value);
}

interface EncodeState {
	readonly out: Array<string>;
	readonly active: Set<object>;
}

function childPath(path: string, key: string | number): string {
	return typeIs(key, "number") ? `${path}[${key}]` : `${path}.${key}`;
}

function keyText(key: unknown, path: string): LuaTuple<[string, undefined] | [undefined, string]> {
	if (typeIs(key, "string")) return $tuple(key, undefined);
	if (typeIs(key, "number") && key % 1 === 0 && math.abs(key) < SAFE_INTEGER) {
		return $tuple(string.format("%d", key), undefined);
	}
	return $tuple(undefined, `cannot encode a ${typeOf(key)} key (${tostring(key)}) at ${path}`);
}

/** The array length when the keys are exactly 1..n (0 for an unmarked empty table); otherwise undefined. */
function arrayLength(value: object): number | undefined {
	let count = 0;
	for (const [key] of pairs(value as Record<string, unknown>)) {
		if (!typeIs(key, "number")) return undefined;
		count += 1;
	}
	if (count === 0) return isMarkedObject(value) ? undefined : 0;
	const list = value as Array<unknown>;
	// rawlen-style check: every index 1..count present
	for (let i = 0; i < count; i++) if (list[i] === undefined) return undefined;
	return count;
}

/** True for a table that encodes as a JSON array (an unmarked empty table included). */
export function isArray(value: object): boolean {
	return arrayLength(value) !== undefined;
}

function encodeValue(value: unknown, path: string, depth: number, state: EncodeState): string | undefined {
	const out = state.out;
	if (value === undefined || value === NULL) {
		out.push("null");
	} else if (typeIs(value, "boolean")) {
		out.push(value ? "true" : "false");
	} else if (typeIs(value, "number")) {
		const text = encodeNumber(value);
		if (text === undefined) return `cannot encode ${tostring(value)} at ${path} (JSON has no NaN or infinity)`;
		out.push(text);
	} else if (typeIs(value, "string")) {
		out.push(encodeString(value));
	} else if (typeIs(value, "table")) {
		if (depth >= MAX_DEPTH) return `nesting deeper than ${MAX_DEPTH} levels at ${path}`;
		if (state.active.has(value)) return `cycle at ${path}`;
		state.active.add(value);
		const length = arrayLength(value);
		const problem =
			length !== undefined
				? encodeArray(value as Array<unknown>, length, path, depth, state)
				: encodeObject(value, path, depth, state);
		state.active.delete(value);
		if (problem !== undefined) return problem;
	} else {
		return `cannot encode a ${typeOf(value)} at ${path}`;
	}
	return undefined;
}

function encodeArray(list: Array<unknown>, length: number, path: string, depth: number, state: EncodeState) {
	state.out.push("[");
	for (let i = 0; i < length; i++) {
		if (i > 0) state.out.push(",");
		const problem = encodeValue(list[i], childPath(path, i + 1), depth + 1, state);
		if (problem !== undefined) return problem;
	}
	state.out.push("]");
	return undefined;
}

function encodeObject(value: object, path: string, depth: number, state: EncodeState): string | undefined {
	const entries = new Map<string, unknown>();
	const names = new Array<string>();
	for (const [key, item] of pairs(value as Record<string, unknown>)) {
		const [name, problem] = keyText(key, path);
		if (name === undefined) return problem;
		if (entries.has(name)) return `two keys encode as "${name}" at ${path}`;
		entries.set(name, item);
		names.push(name);
	}
	table.sort(names);
	state.out.push("{");
	for (let i = 0; i < names.size(); i++) {
		const name = names[i];
		if (i > 0) state.out.push(",");
		state.out.push(encodeString(name), ":");
		const problem = encodeValue(entries.get(name), childPath(path, name), depth + 1, state);
		if (problem !== undefined) return problem;
	}
	state.out.push("}");
	return undefined;
}

/** JSON text for `value`, or nil and the reason it cannot be encoded. */
export function encode(value: unknown): LuaTuple<[string, undefined] | [undefined, string]> {
	const state: EncodeState = { out: [], active: new Set() };
	const problem = encodeValue(value, "$", 0, state);
	if (problem !== undefined) return $tuple(undefined, problem);
	return $tuple(state.out.join(""), undefined);
}

// Decoding -------------------------------------------------------------------------------------

class DecodeError {
	constructor(readonly message: string) {}
}

interface Reader {
	readonly text: string;
	pos: number;
}

function fail(reader: Reader, message: string): never {
	throw new DecodeError(`${message} at byte ${reader.pos}`);
}

function skipSpace(reader: Reader) {
	const [, last] = string.find(reader.text, "^[ \t\n\r]*", reader.pos);
	reader.pos = (last as number) + 1;
}

const SIMPLE_ESCAPES: Record<string, string> = {
	'"': '"',
	"\\": "\\",
	"/": "/",
	b: "\b",
	f: "\f",
	n: "\n",
	r: "\r",
	t: "\t",
};

function readHex4(reader: Reader): number {
	const digits = reader.text.sub(reader.pos, reader.pos + 3);
	if (string.find(digits, "^%x%x%x%x$")[0] === undefined) fail(reader, "bad \\u escape");
	reader.pos += 4;
	return tonumber(digits, 16) as number;
}

function readEscape(reader: Reader): string {
	const char = reader.text.sub(reader.pos, reader.pos);
	reader.pos += 1;
	const simple = SIMPLE_ESCAPES[char];
	if (simple !== undefined) return simple;
	if (char !== "u") fail(reader, `bad escape \\${char}`);
	const unit = readHex4(reader);
	if (unit >= 0xd800 && unit <= 0xdbff && reader.text.sub(reader.pos, reader.pos + 1) === "\\u") {
		const save = reader.pos;
		reader.pos += 2;
		const low = readHex4(reader);
		if (low >= 0xdc00 && low <= 0xdfff) return utf8.char(0x10000 + (unit - 0xd800) * 0x400 + (low - 0xdc00));
		reader.pos = save;
	}
	if (unit >= 0xd800 && unit <= 0xdfff) return REPLACEMENT;
	return utf8.char(unit);
}

function readString(reader: Reader): string {
	const text = reader.text;
	reader.pos += 1; // opening quote
	const parts = new Array<string>();
	for (;;) {
		const [at] = string.find(text, '[%z\x01-\x1f"\\]', reader.pos);
		if (at === undefined) fail(reader, "unterminated string");
		if (at > reader.pos) parts.push(text.sub(reader.pos, at - 1));
		const [byte] = string.byte(text, at);
		reader.pos = at + 1;
		if (byte === 0x22) break;
		if (byte === 0x5c) {
			parts.push(readEscape(reader));
		} else {
			reader.pos = at;
			fail(reader, "control character in string");
		}
	}
	return toValidUtf8(parts.join(""));
}

// JSON's number grammar: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
function readNumber(reader: Reader): number {
	const text = reader.text;
	const from = reader.pos;
	const digits = (at: number, pattern: string) => {
		const [, last] = string.find(text, pattern, at);
		if (last === undefined) fail(reader, "bad number");
		return (last as number) + 1;
	};
	let at = from;
	if (text.sub(at, at) === "-") at += 1;
	if (text.sub(at, at) === "0") at += 1;
	else at = digits(at, "^[1-9]%d*");
	if (text.sub(at, at) === ".") at = digits(at + 1, "^%d+");
	const exponent = text.sub(at, at);
	if (exponent === "e" || exponent === "E") {
		at += 1;
		const sign = text.sub(at, at);
		if (sign === "+" || sign === "-") at += 1;
		at = digits(at, "^%d+");
	}
	const value = tonumber(text.sub(from, at - 1)) as number;
	if (value === math.huge || value === -math.huge) fail(reader, "number out of range");
	reader.pos = at;
	return value;
}

function readLiteral(reader: Reader, word: string, value: defined): defined {
	if (reader.text.sub(reader.pos, reader.pos + word.size() - 1) !== word) fail(reader, "unexpected character");
	reader.pos += word.size();
	return value;
}

function readValue(reader: Reader, depth: number): defined {
	skipSpace(reader);
	const char = reader.text.sub(reader.pos, reader.pos);
	if (char === "{" || char === "[") {
		if (depth >= MAX_DEPTH) fail(reader, `nesting deeper than ${MAX_DEPTH} levels`);
		return char === "{" ? readObject(reader, depth + 1) : readArray(reader, depth + 1);
	}
	if (char === '"') return readString(reader);
	if (char === "t") return readLiteral(reader, "true", true);
	if (char === "f") return readLiteral(reader, "false", false);
	if (char === "n") return readLiteral(reader, "null", NULL);
	if (char === "") fail(reader, "unexpected end of text");
	if (char !== "-" && string.find(char, "^%d")[0] === undefined)
		fail(reader, `unexpected character ${string.format("%q", char)}`);
	return readNumber(reader);
}

function readArray(reader: Reader, depth: number): Array<defined> {
	reader.pos += 1;
	const list = new Array<defined>();
	skipSpace(reader);
	if (reader.text.sub(reader.pos, reader.pos) === "]") {
		reader.pos += 1;
		return list;
	}
	for (;;) {
		list.push(readValue(reader, depth));
		skipSpace(reader);
		const char = reader.text.sub(reader.pos, reader.pos);
		reader.pos += 1;
		if (char === "]") return list;
		if (char !== ",") {
			reader.pos -= 1;
			fail(reader, "expected , or ]");
		}
	}
}

function readObject(reader: Reader, depth: number): object {
	reader.pos += 1;
	const result = new Map<string, unknown>();
	skipSpace(reader);
	if (reader.text.sub(reader.pos, reader.pos) === "}") {
		reader.pos += 1;
		return markObject(result);
	}
	for (;;) {
		skipSpace(reader);
		if (reader.text.sub(reader.pos, reader.pos) !== '"') fail(reader, "expected a string key");
		const key = readString(reader);
		skipSpace(reader);
		if (reader.text.sub(reader.pos, reader.pos) !== ":") fail(reader, "expected :");
		reader.pos += 1;
		result.set(key, readValue(reader, depth));
		skipSpace(reader);
		const char = reader.text.sub(reader.pos, reader.pos);
		reader.pos += 1;
		if (char === "}") return result;
		if (char !== ",") {
			reader.pos -= 1;
			fail(reader, "expected , or }");
		}
	}
}

/** The value of JSON `text`, or nil and a reason naming the byte where reading stopped. */
export function decode(text: unknown): LuaTuple<[unknown, undefined] | [undefined, string]> {
	if (!typeIs(text, "string")) return $tuple(undefined, `cannot decode a ${typeOf(text)} (expected JSON text)`);
	const reader: Reader = { text, pos: 1 };
	try {
		const value = readValue(reader, 0);
		skipSpace(reader);
		if (reader.pos <= text.size()) fail(reader, "unexpected text after the value");
		return $tuple(value, undefined);
	} catch (err) {
		if (err instanceof DecodeError) return $tuple(undefined, err.message);
		throw err;
	}
}
