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

// A local, so a loader's environment table is not searched for it on every decoded string.
const utf8Len = utf8.len;

/** Replaces every invalid UTF-8 sequence in `text` with U+FFFD. */
export function toValidUtf8(text: string): string {
	// utf8.len gives nil (typed as false) and the position of the first invalid byte
	if (typeIs(utf8Len(text)[0], "number")) return text;
	const parts = new Array<string>();
	let from = 1;
	const size = text.size();
	while (from <= size) {
		const [count, position] = utf8Len(text, from);
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

// Printable ASCII but `"` and `\` (0x20-0x7e), listed positively with the usual bytes first: a
// set is tried item by item for each byte, so lowercase text matches on the first.
const PRINTABLE = "[a-z #-[%]^-~!]";
// The longest run of such bytes at the start of a text: a string that is all of it needs no
// escape and no UTF-8 check (one anchored match, about a tenth of a search for an escape).
const PRINTABLE_RUN = `^${PRINTABLE}*`;
const ASCII_RUN = "^[%z\x01-\x7f]*";

const NEEDS_ESCAPE = '[%z\x01-\x1f"\\\x7f]';
// What each byte NEEDS_ESCAPE matches is written as (one table lookup a match in gsub)
const ESCAPES = new Map<string, string>();
for (let byte = 0; byte <= 0x7f; byte++) {
	const char = string.char(byte);
	if (string.find(char, NEEDS_ESCAPE)[0] !== undefined)
		ESCAPES.set(char, SHORT_ESCAPES[byte] ?? string.format("\\u%04x", byte));
}

/** `text` escaped for a JSON string, without its quotes. */
function escapeText(text: string): string {
	const [, printable] = string.find(text, PRINTABLE_RUN);
	if (printable === text.size()) return text;
	let result = string.gsub(text, NEEDS_ESCAPE, ESCAPES)[0];
	if (string.find(result, ASCII_RUN)[1] !== result.size()) {
		result = toValidUtf8(result);
		if (string.find(result, "\u{2028}", 1, true)[0] !== undefined)
			result = string.gsub(result, "\u{2028}", "\\u2028")[0];
		if (string.find(result, "\u{2029}", 1, true)[0] !== undefined)
			result = string.gsub(result, "\u{2029}", "\\u2029")[0];
	}
	return result;
}

function encodeString(text: string): string {
	return `"${escapeText(text)}"`;
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

/**
 * Cooperative slicing of long work (host/frame.ts): the codec reports its work through `spend`
 * after every `SLICE_UNITS` units (a value, an object key, 64 bytes of string, 256 bytes of kept
 * text; a long string's pieces as encodeLongString says) and once more at the end; `spend` may
 * yield to the next frame, and returns a reason to stop (cancellation) or nothing to go on.
 */
export interface Slicing {
	readonly spend: (units: number) => string | undefined;
}

/** Units of codec work between two reports to `Slicing.spend` (about half a millisecond of Luau). */
export const SLICE_UNITS = 500;

/** A failure and the keys from the failing value up to the root (joined into a path at the top). */
interface Fault {
	readonly reason: (path: string) => string;
	readonly trail: Array<string | number>;
}

interface Piece {
	readonly text: string;
	/** How many levels the value nests (0 for a table of scalars), for the depth limit. */
	readonly height: number;
	/** Whether a run of kept items starts at this table (RUNS, below). */
	readonly starts?: boolean;
}

// Encoded text of tables known not to change (history messages, wire messages built from them,
// retained transcript events), keyed weakly by the table: every later encode that meets one of
// these tables writes its text instead of walking it again. Only `encodeOnce` adds entries, and
// its callers promise the table (and everything in it) is never changed in place: a changed
// message is a new table, so it is encoded afresh.
const PIECES = setmetatable(new Map<object, Piece>(), { __mode: "k" }) as Map<object, Piece>;

interface EncodeState {
	readonly out: Array<string>;
	readonly active: Set<object>;
	/** The deepest level reached (for a piece's height). */
	deepest: number;
	units: number;
	readonly slicing?: Slicing;
}

function fault(reason: (path: string) => string): Fault {
	return { reason, trail: [] };
}

function pathOf(trail: ReadonlyArray<string | number>): string {
	const parts = ["$"];
	for (let i = trail.size() - 1; i >= 0; i--) {
		const key = trail[i];
		parts.push(typeIs(key, "number") ? `[${key}]` : `.${key}`);
	}
	return parts.join("");
}

function keyText(key: unknown): string | undefined {
	if (typeIs(key, "string")) return key;
	if (typeIs(key, "number") && key % 1 === 0 && math.abs(key) < SAFE_INTEGER) return string.format("%d", key);
	return undefined;
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

// Counts work and pauses between slices; a pause that says stop fails the encode.
function tick(state: EncodeState, units: number): Fault | undefined {
	state.units += units;
	const slicing = state.slicing;
	if (slicing === undefined || state.units < SLICE_UNITS) return undefined;
	const spent = state.units;
	state.units = 0;
	const stop = slicing.spend(spent);
	return stop !== undefined ? fault(() => stop) : undefined;
}

// Long strings (a long reply, a tool's output) are encoded in pieces of about STRING_PIECE bytes,
// each counted before it is encoded: a piece of printable ASCII a unit per 64 bytes, any other
// piece a unit per STRING_BYTES_A_UNIT (escaping and the UTF-8 check: about 30 ns a byte in Lune).
// A piece ends just before a byte that is not a UTF-8 continuation byte, so no sequence, valid or
// not, is cut: escapes, U+FFFD replacements and U+2028/U+2029 come out as for the whole string.
/** Bytes of a long string encoded between two counts of a sliced encode (about, see above). */
export const STRING_PIECE = 4096;
const STRING_BYTES_A_UNIT = 32;

function encodeLongString(text: string, state: EncodeState): Fault | undefined {
	const out = state.out;
	const size = text.size();
	out.push('"');
	let from = 1;
	while (from <= size) {
		let to = size;
		if (from + STRING_PIECE <= size) {
			const [start] = string.find(text, "[^\x80-\xbf]", from + STRING_PIECE);
			if (start !== undefined) to = start - 1;
		}
		const piece = string.sub(text, from, to);
		const [, printable] = string.find(piece, PRINTABLE_RUN);
		const units = piece.size() / (printable === piece.size() ? 64 : STRING_BYTES_A_UNIT);
		const problem = tick(state, units);
		if (problem !== undefined) return problem;
		out.push(escapeText(piece));
		from = to + 1;
	}
	out.push('"');
	return undefined;
}

function encodeValue(value: unknown, depth: number, state: EncodeState): Fault | undefined {
	const out = state.out;
	if (value === undefined || value === NULL) {
		out.push("null");
	} else if (typeIs(value, "boolean")) {
		out.push(value ? "true" : "false");
	} else if (typeIs(value, "number")) {
		const text = encodeNumber(value);
		if (text === undefined)
			return fault((path) => `cannot encode ${tostring(value)} at ${path} (JSON has no NaN or infinity)`);
		out.push(text);
	} else if (typeIs(value, "string")) {
		if (state.slicing === undefined) {
			out.push(encodeString(value));
		} else if (value.size() > STRING_PIECE) {
			const problem = encodeLongString(value, state);
			if (problem !== undefined) return problem;
		} else {
			out.push(encodeString(value));
			return tick(state, 1 + value.size() / 64);
		}
	} else if (typeIs(value, "table")) {
		const piece = PIECES.get(value);
		if (piece !== undefined && depth + piece.height < MAX_DEPTH) {
			out.push(piece.text);
			if (depth + piece.height > state.deepest) state.deepest = depth + piece.height;
			return state.slicing !== undefined ? tick(state, 1 + piece.text.size() / 256) : undefined;
		}
		if (depth >= MAX_DEPTH) return fault((path) => `nesting deeper than ${MAX_DEPTH} levels at ${path}`);
		if (state.active.has(value)) return fault((path) => `cycle at ${path}`);
		if (depth > state.deepest) state.deepest = depth;
		state.active.add(value);
		const length = arrayLength(value);
		const problem =
			length !== undefined
				? encodeArray(value as Array<unknown>, length, depth, state)
				: encodeObject(value, depth, state);
		state.active.delete(value);
		if (problem !== undefined) return problem;
	} else {
		return fault((path) => `cannot encode a ${typeOf(value)} at ${path}`);
	}
	return state.slicing !== undefined ? tick(state, 1) : undefined;
}

// Runs of kept items. A list that grows at its end or loses items at its start (a history, a
// transcript whose oldest events are evicted, a request's messages) holds, in the same order, most
// of the kept tables of the list encoded before it. Such lists are cut into runs at the kept tables
// that start one (about one in RUN_SPACING, chosen by the order they were kept in, so the cuts
// stay with the tables wherever they move in the list), and each run's joined text is kept by its
// first table, with the others to compare against: a later encode writes the run's text instead
// of visiting its items. Kept tables never change in place (PIECES), so the same tables in the same
// order give the same text; a list with other items, or in another order, is walked as before.
const RUN_SPACING = 64;
let keptSerial = 0;
interface Run {
	/** The run's items after its first (the key, held weakly), to compare against. */
	readonly rest: Array<unknown>;
	readonly text: string;
	readonly height: number;
}
const RUNS = setmetatable(new Map<object, Run>(), { __mode: "k" }) as Map<object, Run>;

/** Whether the next kept table starts a run: a spread of the serials, one in RUN_SPACING. */
function nextStarts(): boolean {
	keptSerial += 1;
	return (keptSerial * 40503) % 65536 < 65536 / RUN_SPACING;
}

/** The kept run that starts at `list[from]` (0-based), if the items from there are the ones it was made of. */
function keptRun(list: ReadonlyArray<unknown>, from: number, item: object): Run | undefined {
	const run = RUNS.get(item);
	if (run === undefined) return undefined;
	const rest = run.rest;
	const size = rest.size();
	for (let j = 0; j < size; j++) if (list[from + 1 + j] !== rest[j]) return undefined;
	return run;
}

/**
 * Keeps the run that starts at `list[from]`: the kept items from there up to the next table that
 * starts a run, when every one is kept and that next start is in the list. Returns it.
 */
function makeRun(list: ReadonlyArray<unknown>, from: number, length: number, first: object): Run | undefined {
	const start = PIECES.get(first);
	if (start === undefined || start.starts !== true) return undefined;
	const texts = [start.text];
	const rest = new Array<defined>();
	let height = start.height;
	for (let i = from + 1; i < length; i++) {
		const item = list[i];
		const piece = typeIs(item, "table") ? PIECES.get(item) : undefined;
		// a run that held its own first item would keep it (and itself) alive
		if (piece === undefined || item === first) return undefined;
		if (piece.starts === true) {
			const run: Run = { rest, text: texts.join(","), height };
			RUNS.set(first, run);
			return run;
		}
		texts.push(piece.text);
		rest.push(item as defined);
		if (piece.height > height) height = piece.height;
	}
	return undefined;
}

function encodeArray(list: Array<unknown>, length: number, depth: number, state: EncodeState): Fault | undefined {
	const out = state.out;
	out.push("[");
	let i = 0;
	while (i < length) {
		if (i > 0) out.push(",");
		const item = list[i];
		const run = typeIs(item, "table") ? (keptRun(list, i, item) ?? makeRun(list, i, length, item)) : undefined;
		if (run !== undefined && depth + 1 + run.height < MAX_DEPTH) {
			out.push(run.text);
			if (depth + 1 + run.height > state.deepest) state.deepest = depth + 1 + run.height;
			i += 1 + run.rest.size();
			if (state.slicing !== undefined) {
				const problem = tick(state, 1 + run.text.size() / 256);
				if (problem !== undefined) return problem;
			}
			continue;
		}
		const problem = encodeValue(item, depth + 1, state);
		if (problem !== undefined) {
			problem.trail.push(i + 1);
			return problem;
		}
		i += 1;
	}
	out.push("]");
	return undefined;
}

/**
 * Encodes once (encodeOnce) every table item of `list`, a list whose tables never change in place,
 * skipping runs of items already kept in this order: saving a list that grows at its end costs its
 * new items, and its encode is assembled from kept runs (above).
 */
export function keepItems(list: ReadonlyArray<unknown>, slicing?: Slicing) {
	const length = list.size();
	let i = 0;
	while (i < length) {
		const item = list[i];
		if (!typeIs(item, "table")) {
			i += 1;
			continue;
		}
		const run = keptRun(list, i, item);
		if (run !== undefined) {
			i += 1 + run.rest.size();
			continue;
		}
		encodeOnce(item, slicing);
		i += 1;
	}
}

/**
 * Fills `entries` with the object's entries by key text; the fault of its first key (in `pairs`
 * order) that has no text or the same text as one before it. Only a table with a key that is not
 * a string needs it.
 */
function keyedEntries(value: object, entries: Map<string, unknown>): Fault | undefined {
	for (const [key, item] of pairs(value as Record<string, unknown>)) {
		const name = keyText(key);
		if (name === undefined)
			return fault((path) => `cannot encode a ${typeOf(key)} key (${tostring(key)}) at ${path}`);
		if (entries.has(name)) return fault((path) => `two keys encode as "${name}" at ${path}`);
		entries.set(name, item);
	}
	return undefined;
}

function encodeObject(value: object, depth: number, state: EncodeState): Fault | undefined {
	// string keys (nearly every object) are their own text and cannot clash
	const record = value as Record<string, unknown>;
	const names = new Array<string>();
	let entries: Map<string, unknown> | undefined;
	for (const [key] of pairs(record)) {
		if (!typeIs(key, "string")) {
			entries = new Map();
			const problem = keyedEntries(value, entries);
			if (problem !== undefined) return problem;
			names.clear();
			for (const [name] of entries) names.push(name);
			break;
		}
		names.push(key);
	}
	table.sort(names);
	// a key costs about what a value does (sorted, escaped, looked up): counted before the values
	if (state.slicing !== undefined) {
		const problem = tick(state, names.size());
		if (problem !== undefined) return problem;
	}
	const out = state.out;
	out.push("{");
	for (let i = 0; i < names.size(); i++) {
		const name = names[i];
		if (i > 0) out.push(",");
		out.push(encodeString(name), ":");
		const problem = encodeValue(entries !== undefined ? entries.get(name) : record[name], depth + 1, state);
		if (problem !== undefined) {
			problem.trail.push(name);
			return problem;
		}
	}
	out.push("}");
	return undefined;
}

function run(
	value: unknown,
	depth: number,
	slicing: Slicing | undefined,
): LuaTuple<[string, number] | [undefined, string]> {
	const state: EncodeState = { out: [], active: new Set(), deepest: depth, units: 0, slicing };
	const problem = encodeValue(value, depth, state);
	if (slicing !== undefined && state.units > 0) slicing.spend(state.units);
	if (problem !== undefined) return $tuple(undefined, problem.reason(pathOf(problem.trail)));
	return $tuple(state.out.join(""), state.deepest - depth);
}

/**
 * JSON text for `value`, or nil and the reason it cannot be encoded. With `slicing`, the work
 * pauses between slices (and stops with the pause's reason).
 */
export function encode(value: unknown, slicing?: Slicing): LuaTuple<[string, undefined] | [undefined, string]> {
	const [text, extra] = run(value, 0, slicing);
	if (text === undefined) return $tuple(undefined, extra as string);
	return $tuple(text, undefined);
}

/**
 * Encodes a table that never changes in place once and keeps its text: later encodes of any value
 * holding it reuse the text (see PIECES). Returns the text, or nil and the reason (nothing is kept).
 */
export function encodeOnce(value: object, slicing?: Slicing): LuaTuple<[string, undefined] | [undefined, string]> {
	const piece = PIECES.get(value);
	if (piece !== undefined) return $tuple(piece.text, undefined);
	const [text, extra] = run(value, 0, slicing);
	if (text === undefined) return $tuple(undefined, extra as string);
	PIECES.set(value, { text, height: extra as number, starts: nextStarts() });
	return $tuple(text, undefined);
}

// Decoding -------------------------------------------------------------------------------------
// Fast paths, each one anchored pattern call: an ASCII string without escapes, an ASCII key with
// the white space and colon around it, an integer, a separator. They need no UTF-8 check (ASCII is
// valid UTF-8) and allocate nothing but the value. Anything else takes the general path, which
// names the byte where reading stopped; a fast path either reads exactly what the general path
// would or declines, so values and errors are the same either way.

// The global functions the decoder calls per value, as locals: a chunk run in an environment of
// its own (a loader's table) would otherwise look each one up through that environment.
const byteAt = string.byte;
const findIn = string.find;
const matchIn = string.match;
const toNumber = tonumber;
const sub = string.sub;
const HUGE = math.huge;
const luaType = type;
const protectedCall = pcall;
const nextEntry = next;
const clone = table.clone;

class DecodeError {
	constructor(readonly message: string) {}
}

/** What a decode carries besides the text and position: its slicing and the work not reported yet. */
interface Context {
	units: number;
	readonly slicing?: Slicing;
	/** Stream decoding (streamDecoder): the openings recorded so far, where a later text may resume. */
	readonly openings?: Array<Opening>;
	/** The opening of the container being read (undefined once one could not be recorded). */
	here?: Opening;
	/** The container being read and the key (object) or item count (array) of the value read next. */
	members?: object;
	key?: string;
	count?: number;
}

/**
 * Where a container began (the position of its `{` or `[`), with the state of the containers
 * around it at that point: the enclosing container's members so far (a copy, scalars only), the
 * key or item count this value goes in, and the enclosing container's own opening. A text whose
 * first `pos` bytes are the same reaches exactly this state there, so it can be read from here.
 */
interface Opening {
	readonly pos: number;
	/** The depth readObject/readArray receive for this container. */
	readonly depth: number;
	/** The text it was recorded in; where the bytes after the opening recorded before it begin. */
	readonly text: string;
	readonly stepFrom: number;
	/** That text up to `pos`, and from `stepFrom` to `pos` (cut when first compared). */
	prefix?: string;
	step?: string;
	readonly outer?: Opening;
	readonly members?: object;
	readonly key?: string;
	readonly count?: number;
	/** The tail of the last text read on from here that ended well (see Tail). */
	tail?: Tail;
}

function fail(pos: number, message: string): never {
	throw new DecodeError(`${message} at byte ${pos}`);
}

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const DOT = 0x2e;
const LOWER_E = 0x65;
const UPPER_E = 0x45;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

function isSpace(byte: number | undefined): boolean {
	return byte === SPACE || byte === LF || byte === CR || byte === TAB;
}

/** The position of the first byte at or after `pos` that is not white space. */
function skipSpace(text: string, pos: number): number {
	if (!isSpace(byteAt(text, pos)[0])) return pos;
	const [, last] = findIn(text, "^[ \t\n\r]*", pos);
	return (last as number) + 1;
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

function readHex4(text: string, pos: number): number {
	const digits = sub(text, pos, pos + 3);
	if (findIn(digits, "^%x%x%x%x$")[0] === undefined) fail(pos, "bad \\u escape");
	return toNumber(digits, 16) as number;
}

/** The text of the escape whose letter is at `pos`, and the position after it. */
function readEscape(text: string, pos: number): LuaTuple<[string, number]> {
	const char = sub(text, pos, pos);
	pos += 1;
	const simple = SIMPLE_ESCAPES[char];
	if (simple !== undefined) return $tuple(simple, pos);
	if (char !== "u") fail(pos, `bad escape \\${char}`);
	const unit = readHex4(text, pos);
	pos += 4;
	if (unit >= 0xd800 && unit <= 0xdbff && sub(text, pos, pos + 1) === "\\u") {
		const low = readHex4(text, pos + 2);
		if (low >= 0xdc00 && low <= 0xdfff)
			return $tuple(utf8.char(0x10000 + (unit - 0xd800) * 0x400 + (low - 0xdc00)), pos + 6);
	}
	if (unit >= 0xd800 && unit <= 0xdfff) return $tuple(REPLACEMENT, pos);
	return $tuple(utf8.char(unit), pos);
}

// An ASCII string with no escape and no control character, closed on this text.
const ASCII_STRING = `^"(${PRINTABLE}*)"()`;
// The usual key: letters, digits and _, its colon right after it.
const NAME_KEY = '^"([a-z_A-Z0-9]*)":()';
// An ASCII key as above, with the white space before it and around its colon.
const ASCII_KEY = `^[ \t\n\r]*"(${PRINTABLE}*)"[ \t\n\r]*:[ \t\n\r]*()`;
// A string with no escape and no control character (any bytes: checked as UTF-8 after).
const PLAIN_STRING = '^"([^"\\%z\x01-\x1f]*)"()';
// An integer that does not start with 0 (a fraction or exponent after it declines the fast path).
const INTEGER = "^(-?[1-9]%d*)()";

// Bytes of a string value a sliced decode counts as a unit: matching a run of plain text and
// checking it is UTF-8 take about 3-5 ns a byte in Lune (a 4 MB string: 13 ms in one match).
const SCANNED_BYTES_A_UNIT = 256;

/** The string whose opening quote is at `pos`, and the position after its closing quote. */
function readString(text: string, pos: number, context?: Context): LuaTuple<[string, number]> {
	const [plain, after] = matchIn(text, PLAIN_STRING, pos) as LuaTuple<[string?, number?]>;
	if (plain !== undefined) return $tuple(toValidUtf8(plain), after as number);
	pos += 1; // opening quote
	const parts = new Array<string>();
	for (;;) {
		// a long string with many escapes (an 80 KB reply's text) is counted as it is read, a
		// unit per escape, so it pauses like any other long part of a document
		if (context !== undefined && context.slicing !== undefined) {
			context.units += 1;
			if (context.units >= SLICE_UNITS) pauseDecode(context);
		}
		const [at] = findIn(text, '[%z\x01-\x1f"\\]', pos);
		if (at === undefined) fail(pos, "unterminated string");
		if (at > pos) parts.push(sub(text, pos, at - 1));
		const [byte] = byteAt(text, at);
		pos = at + 1;
		if (byte === QUOTE) break;
		if (byte !== BACKSLASH) fail(at, "control character in string");
		const [escaped, following] = readEscape(text, pos);
		parts.push(escaped);
		pos = following;
	}
	return $tuple(toValidUtf8(parts.join("")), pos);
}

// The position after the digits `pattern` matches at `at`, or a "bad number" failure at `from`.
function digitsEnd(text: string, pattern: string, at: number, from: number): number {
	const [, last] = findIn(text, pattern, at);
	if (last === undefined) fail(from, "bad number");
	return (last as number) + 1;
}

// JSON's number grammar: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
function readNumber(text: string, from: number): LuaTuple<[number, number]> {
	let at = from;
	if (byteAt(text, at)[0] === MINUS) at += 1;
	if (byteAt(text, at)[0] === ZERO) at += 1;
	else at = digitsEnd(text, "^[1-9]%d*", at, from);
	let [after] = byteAt(text, at);
	if (after === DOT) {
		at = digitsEnd(text, "^%d+", at + 1, from);
		[after] = byteAt(text, at);
	}
	if (after === LOWER_E || after === UPPER_E) {
		at += 1;
		const [sign] = byteAt(text, at);
		if (sign === 0x2b || sign === MINUS) at += 1;
		at = digitsEnd(text, "^%d+", at, from);
	}
	const value = toNumber(sub(text, from, at - 1)) as number;
	if (value === HUGE || value === -HUGE) fail(from, "number out of range");
	return $tuple(value, at);
}

/** The number at `pos`: an integer or a bare 0 in one step, anything else through `readNumber`. */
function readNumberFast(text: string, pos: number, byte: number): LuaTuple<[number, number]> {
	if (byte === ZERO) {
		const [following] = byteAt(text, pos + 1);
		if (following !== DOT && following !== LOWER_E && following !== UPPER_E) return $tuple(0, pos + 1);
		return readNumber(text, pos);
	}
	const [digits, after] = matchIn(text, INTEGER, pos) as LuaTuple<[string?, number?]>;
	if (digits === undefined) return readNumber(text, pos);
	const [following] = byteAt(text, after as number);
	if (following === DOT || following === LOWER_E || following === UPPER_E) return readNumber(text, pos);
	const value = toNumber(digits) as number;
	if (value === HUGE || value === -HUGE) fail(pos, "number out of range");
	return $tuple(value, after as number);
}

function readLiteral(text: string, pos: number, word: string, value: defined): LuaTuple<[defined, number]> {
	if (sub(text, pos, pos + word.size() - 1) !== word) fail(pos, "unexpected character");
	return $tuple(value, pos + word.size());
}

function pauseDecode(context: Context) {
	const units = context.units;
	context.units = 0;
	const stop = (context.slicing as Slicing).spend(units);
	if (stop !== undefined) throw new DecodeError(stop);
}

// Stream decoding records at most this many openings per text, in texts of at most this size,
// and copies members only from containers that hold at most this many scalars so far.
const OPENINGS_PER_TEXT = 32;
const STREAM_TEXT_BYTES = 64 * 1024;
const OPENING_MEMBERS = 32;
/** The root's stand-in: the containers at the top of a document open inside it. */
const TOP: Opening = { pos: 0, depth: 0, text: "", stepFrom: 1 };

// What a container that had no members yet held (copied when read on from, like any members).
const NO_MEMBERS = table.freeze({});

/** A copy of a container's members so far when they are at most OPENING_MEMBERS scalars. */
function scalarCopy(members: object): object | undefined {
	if (nextEntry(members)[0] === undefined) return NO_MEMBERS;
	let count = 0;
	for (const [, value] of pairs(members)) {
		count += 1;
		if (count > OPENING_MEMBERS || (luaType(value) === "table" && value !== NULL)) return undefined;
	}
	return clone(members);
}

/** Records the opening of the container at `pos` (inside context.here), if it can be resumed from. */
function recordOpening(text: string, pos: number, depth: number, context: Context): Opening | undefined {
	const outer = context.here;
	const openings = context.openings as Array<Opening>;
	if (outer === undefined || openings.size() >= OPENINGS_PER_TEXT) return undefined;
	let members: object | undefined;
	if (outer !== TOP) {
		members = scalarCopy(context.members as object);
		if (members === undefined) return undefined;
	}
	const stepFrom = (openings[openings.size() - 1]?.pos ?? 0) + 1;
	const opening: Opening = { pos, depth, text, stepFrom, outer, members, key: context.key, count: context.count };
	openings.push(opening);
	return opening;
}

/** The value at `pos` (after white space), and the position after it. */
function readValue(text: string, pos: number, depth: number, context: Context): LuaTuple<[defined, number]> {
	let [byte] = byteAt(text, pos);
	if (byte === SPACE || byte === LF || byte === CR || byte === TAB) {
		pos = skipSpace(text, pos);
		[byte] = byteAt(text, pos);
	}
	if (context.slicing !== undefined) {
		context.units += 1;
		if (context.units >= SLICE_UNITS) pauseDecode(context);
	}
	if (byte === QUOTE) {
		const [ascii, after] = matchIn(text, ASCII_STRING, pos) as LuaTuple<[string?, number?]>;
		// a long string is one match: its bytes are counted after it (SCANNED_BYTES_A_UNIT)
		if (ascii !== undefined) {
			if (context.slicing !== undefined) context.units += ((after as number) - pos) / SCANNED_BYTES_A_UNIT;
			return $tuple(ascii, after as number);
		}
		const [value, following] = readString(text, pos, context);
		if (context.slicing !== undefined) context.units += (following - pos) / SCANNED_BYTES_A_UNIT;
		return $tuple(value, following);
	}
	if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
		if (depth >= MAX_DEPTH) fail(pos, `nesting deeper than ${MAX_DEPTH} levels`);
		const read = byte === OPEN_OBJECT ? readObject : readArray;
		if (context.openings === undefined) return read(text, pos, depth + 1, context);
		const outer = context.here;
		context.here = recordOpening(text, pos, depth + 1, context);
		const [value, after] = read(text, pos, depth + 1, context);
		context.here = outer;
		return $tuple(value, after);
	}
	if (byte === 0x74) return readLiteral(text, pos, "true", true);
	if (byte === 0x66) return readLiteral(text, pos, "false", false);
	if (byte === 0x6e) return readLiteral(text, pos, "null", NULL);
	if (byte === undefined) fail(pos, "unexpected end of text");
	if (byte !== MINUS && (byte < ZERO || byte > NINE))
		fail(pos, `unexpected character ${string.format("%q", sub(text, pos, pos))}`);
	return readNumberFast(text, pos, byte);
}

/**
 * After a value that ends before `pos`: the position of the next value or key (after a comma), or
 * the negated position after the closing byte `close`; anything else fails with `expected`.
 */
function readSeparator(text: string, pos: number, close: number, expected: string): number {
	let [byte] = byteAt(text, pos);
	if (isSpace(byte)) {
		pos = skipSpace(text, pos);
		[byte] = byteAt(text, pos);
	}
	if (byte === COMMA) return pos + 1;
	if (byte === close) return -(pos + 1);
	return fail(pos, expected);
}

/** The position after the opening byte at `pos`, and whether the container closes there at once. */
function openContainer(text: string, pos: number, close: number): LuaTuple<[number, boolean]> {
	pos += 1;
	const [first] = byteAt(text, pos);
	if (first === QUOTE) return $tuple(pos, false);
	if (first === close) return $tuple(pos + 1, true);
	pos = skipSpace(text, pos);
	if (byteAt(text, pos)[0] === close) return $tuple(pos + 1, true);
	return $tuple(pos, false);
}

function readArray(text: string, pos: number, depth: number, context: Context): LuaTuple<[defined, number]> {
	const [from, empty] = openContainer(text, pos, CLOSE_ARRAY);
	if (empty) return $tuple(new Array<defined>(), from);
	return readItems(text, from, depth, context, new Array<defined>(), 0);
}

/** The items of an array from the item at `pos` on, after the `count` items `list` holds. */
function readItems(
	text: string,
	pos: number,
	depth: number,
	context: Context,
	list: Array<defined>,
	count: number,
): LuaTuple<[defined, number]> {
	const recording = context.openings !== undefined;
	for (;;) {
		if (recording) {
			context.members = list;
			context.key = undefined;
			context.count = count;
		}
		const [value, after] = readValue(text, pos, depth, context);
		list[count] = value;
		count += 1;
		// the usual separator here; white space or anything else through readSeparator
		const [byte] = byteAt(text, after);
		if (byte === COMMA) pos = after + 1;
		else if (byte === CLOSE_ARRAY) return $tuple(list, after + 1);
		else {
			pos = readSeparator(text, after, CLOSE_ARRAY, "expected , or ]");
			if (pos < 0) return $tuple(list, -pos);
		}
	}
}

/** The key at `pos` (white space before it allowed) and the position after its colon. */
function readKey(text: string, pos: number): LuaTuple<[string, number]> {
	const [name, nameEnd] = matchIn(text, NAME_KEY, pos) as LuaTuple<[string?, number?]>;
	if (name !== undefined) return $tuple(name, nameEnd as number);
	const [ascii, after] = matchIn(text, ASCII_KEY, pos) as LuaTuple<[string?, number?]>;
	if (ascii !== undefined) return $tuple(ascii, after as number);
	pos = skipSpace(text, pos);
	if (byteAt(text, pos)[0] !== QUOTE) fail(pos, "expected a string key");
	const [key, following] = readString(text, pos);
	pos = skipSpace(text, following);
	if (byteAt(text, pos)[0] !== COLON) fail(pos, "expected :");
	return $tuple(key, pos + 1);
}

function readObject(text: string, pos: number, depth: number, context: Context): LuaTuple<[defined, number]> {
	const [from, empty] = openContainer(text, pos, CLOSE_OBJECT);
	if (empty) return $tuple(markObject(new Map<string, unknown>()), from);
	return readMembers(text, from, depth, context, new Map<string, unknown>());
}

/** The members of an object from the key at `pos` on, into `result`. */
function readMembers(
	text: string,
	pos: number,
	depth: number,
	context: Context,
	result: Map<string, unknown>,
): LuaTuple<[defined, number]> {
	const recording = context.openings !== undefined;
	for (;;) {
		const [key, afterKey] = readKey(text, pos);
		if (recording) {
			context.members = result;
			context.key = key;
			context.count = undefined;
		}
		const [value, after] = readValue(text, afterKey, depth, context);
		result.set(key, value);
		// the usual separator here; white space or anything else through readSeparator
		const [byte] = byteAt(text, after);
		if (byte === COMMA) pos = after + 1;
		else if (byte === CLOSE_OBJECT) return $tuple(result, after + 1);
		else {
			pos = readSeparator(text, after, CLOSE_OBJECT, "expected , or }");
			if (pos < 0) return $tuple(result, -pos);
		}
	}
}

// After a container's value read at its opening: the containers around it read on from `after`,
// from their copied members, out to the top (each, as it ends, into `ended`). The top value and
// the position after it.
function readAround(
	text: string,
	opening: Opening,
	value: defined,
	after: number,
	context: Context,
	ended: Array<defined>,
): LuaTuple<[defined, number]> {
	let level = opening;
	while (level.outer !== TOP) {
		const outer = level.outer as Opening;
		const members = clone(level.members as object);
		const depth = level.depth - 1;
		if (level.key !== undefined) {
			const object = members as Map<string, unknown>;
			object.set(level.key, value);
			const following = readSeparator(text, after, CLOSE_OBJECT, "expected , or }");
			if (following < 0) [value, after] = [object, -following];
			else [value, after] = readMembers(text, following, depth, context, object);
		} else {
			const list = members as Array<defined>;
			const count = level.count as number;
			list[count] = value;
			const following = readSeparator(text, after, CLOSE_ARRAY, "expected , or ]");
			if (following < 0) [value, after] = [list, -following];
			else [value, after] = readItems(text, following, depth, context, list, count + 1);
		}
		ended.push(value);
		level = outer;
	}
	return $tuple(value, after);
}

// The whole text as one value (nothing but white space after it).
function readDocument(text: string, context: Context): defined {
	const [value, after] = readValue(text, 1, 0, context);
	const rest = skipSpace(text, after);
	if (rest <= text.size()) fail(rest, "unexpected text after the value");
	return value;
}

// The whole text as one value, read on from `opening` (its first `opening.pos` bytes are the ones
// the opening was recorded after).
function resumeDocument(text: string, context: Context, opening: Opening): defined {
	const read = byteAt(text, opening.pos)[0] === OPEN_OBJECT ? readObject : readArray;
	const [inner, innerEnd] = read(text, opening.pos, opening.depth, context);
	const tail = opening.tail;
	if (tail !== undefined && text.size() - innerEnd + 1 === tail.text.size() && holdsAt(text, tail.text, innerEnd))
		return rebuild(inner, tail);
	const ended = new Array<defined>();
	const [value, after] = readAround(text, opening, inner, innerEnd, context, ended);
	const rest = skipSpace(text, after);
	if (rest <= text.size()) fail(rest, "unexpected text after the value");
	opening.tail = keptTail(text, innerEnd, opening, inner, ended);
	return value;
}

/**
 * What the containers around an opening held when a text read on from there had ended: the bytes
 * after the opening's container, and each container around it as it ended (innermost first), with
 * the key or item index the container inside it went in. A later text with the same prefix and the
 * same tail reads the tail in the same state (the containers around are the same, and reading them
 * on does not depend on the value inside), so its containers end the same: copies of these.
 */
interface Tail {
	readonly text: string;
	readonly levels: ReadonlyArray<{ readonly members: object; readonly key?: string; readonly count?: number }>;
}

/** A tail's containers hold at most this many members. */
const TAIL_MEMBERS = 64;

/**
 * The tail of a text read on from `opening` (its container ended before `innerEnd`, holding
 * `inner`; `ended` are the containers around it as they ended), when every member of those
 * containers other than the one inside is a scalar and the tail replaced none of those.
 */
function keptTail(
	text: string,
	innerEnd: number,
	opening: Opening,
	inner: defined,
	ended: ReadonlyArray<defined>,
): Tail | undefined {
	const levels = new Array<{ members: object; key?: string; count?: number }>();
	let level = opening;
	let held: defined = inner;
	for (const container of ended) {
		if (level.key !== undefined && (container as Map<string, unknown>).get(level.key) !== held) return undefined;
		let count = 0;
		for (const [, member] of pairs(container)) {
			count += 1;
			if (count > TAIL_MEMBERS || (member !== held && luaType(member) === "table" && member !== NULL))
				return undefined;
		}
		levels.push({ members: clone(container), key: level.key, count: level.count });
		held = container;
		level = level.outer as Opening;
	}
	return { text: sub(text, innerEnd), levels };
}

/** The top value of a text whose tail is `tail`, around the container `inner` read at its opening. */
function rebuild(inner: defined, tail: Tail): defined {
	let value = inner;
	for (const level of tail.levels) {
		const members = clone(level.members);
		if (level.key !== undefined) (members as Map<string, unknown>).set(level.key, value);
		else (members as Array<defined>)[level.count as number] = value;
		value = members;
	}
	return value;
}

/** A decode's outcome: the value, or nil and the reason (a DecodeError's message). */
function settle(ok: boolean, result: unknown, context: Context): LuaTuple<[unknown, undefined] | [undefined, string]> {
	if (!ok) {
		if (result instanceof DecodeError) return $tuple(undefined, result.message);
		throw result;
	}
	const slicing = context.slicing;
	if (slicing !== undefined && context.units > 0) slicing.spend(context.units);
	return $tuple(result, undefined);
}

/**
 * The value of JSON `text`, or nil and a reason naming the byte where reading stopped. With
 * `slicing`, the work is reported between slices (and stops with the reason `spend` gives).
 */
export function decode(text: unknown, slicing?: Slicing): LuaTuple<[unknown, undefined] | [undefined, string]> {
	if (luaType(text) !== "string") return $tuple(undefined, `cannot decode a ${typeOf(text)} (expected JSON text)`);
	const context: Context = { units: 0, slicing };
	// pcall of the reader itself (no closure per decode, unlike try/catch)
	const [ok, result] = protectedCall(readDocument, text as string, context);
	return settle(ok, result, context);
}

/** Whether `source` holds `part` at byte `at` (a plain search that allocates nothing). */
function holdsAt(source: string, part: string, at: number): boolean {
	return findIn(source, part, at, true)[0] === at;
}

/**
 * Where in `openings` (the last whole text's, in order of position) the deepest one is whose text
 * up to its position `source` begins with (-1: none). Their prefixes nest (a later one's holds an
 * earlier one's), so the search starts at `start` (the one resumed from last, compared whole),
 * goes on comparing each later one on the bytes after the one before it, and stops at the first
 * difference; when `start` differs, it starts over from the first.
 */
function resumable(openings: ReadonlyArray<Opening>, start: number, source: string): number {
	const size = source.size();
	let found = -1;
	let i = 0;
	const first = openings[start];
	if (first !== undefined && first.pos <= size) {
		if (first.prefix === undefined) first.prefix = sub(first.text, 1, first.pos);
		if (holdsAt(source, first.prefix, 1)) {
			found = start;
			i = start + 1;
		}
	}
	for (; i < openings.size(); i++) {
		const opening = openings[i];
		if (opening.pos > size) break;
		if (opening.step === undefined) opening.step = sub(opening.text, opening.stepFrom, opening.pos);
		if (!holdsAt(source, opening.step, opening.stepFrom)) break;
		// a document's top container: reading from there is reading the whole text
		if (opening.outer !== TOP) found = i;
	}
	return found;
}

// A read on from an opening records nothing and is not sliced: its context is never written.
const RESUMING: Context = table.freeze({ units: 0 });

/**
 * A decoder for a sequence of small texts that begin alike (the events of one server-sent event
 * stream: each repeats the id, model and nesting of the one before and differs in its delta). It
 * gives exactly what `decode` gives, values and errors, for any text; a text whose beginning, up
 * to where a container opened, is byte for byte that of the last text is read from that point on,
 * from the state recorded there (the members the containers around it held, all scalars). Texts
 * over 64 KB are decoded whole.
 */
export function streamDecoder(): (text: unknown) => LuaTuple<[unknown, undefined] | [undefined, string]> {
	// the openings of the last text read whole, and where the one resumed from last is (-1: none)
	let last = new Array<Opening>();
	let start = -1;
	return (text) => {
		if (luaType(text) !== "string" || (text as string).size() > STREAM_TEXT_BYTES) {
			last = [];
			start = -1;
			return decode(text);
		}
		const source = text as string;
		const at = resumable(last, start, source);
		if (at < 0) {
			// read whole: its openings are where the next texts may resume
			const openings = new Array<Opening>();
			const context: Context = { units: 0, openings, here: TOP };
			const [ok, result] = protectedCall(readDocument, source, context);
			last = openings;
			start = -1;
			return settle(ok, result, context);
		}
		// read on from an opening of an earlier text: the openings stay those of that text (with
		// their places), so nothing new is recorded
		const [ok, result] = protectedCall(resumeDocument, source, RESUMING, last[at]);
		start = at;
		return settle(ok, result, RESUMING);
	};
}
