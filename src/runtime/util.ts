// Small data helpers shared by the runtime, and the public `runtime/util` module
// (`uai.env.require("runtime/util")`): JSON encode/decode, copies, the empty-object mark.
import { decode, EMPTY_OBJECT, encode, isMarkedObject, markObject, NULL } from "./json";

/** The deepest nesting `deepCopy` copies (a deeper table is refused, never half copied). */
export const COPY_DEPTH = 200;

/**
 * Why `value` is nested deeper than `limit` tables (keys included), or undefined. Walks without
 * recursion, so no depth of nesting can overflow the stack; a shared table or a cycle is measured
 * once.
 */
export function nestingProblem(value: unknown, limit = COPY_DEPTH): string | undefined {
	if (!typeIs(value, "table")) return undefined;
	const seen = new Set<object>([value]);
	let level: Array<object> = [value];
	for (let depth = 1; level.size() > 0; depth++) {
		if (depth > limit) return `the value is nested deeper than ${limit} levels`;
		const deeper = new Array<object>();
		for (const item of level) {
			for (const [key, child] of pairs(item as Map<unknown, unknown>)) {
				for (const inner of [key, child]) {
					if (typeIs(inner, "table") && !seen.has(inner)) {
						seen.add(inner);
						deeper.push(inner);
					}
				}
			}
		}
		level = deeper;
	}
	return undefined;
}

/**
 * A copy of plain data: tables are copied recursively (shared tables stay shared, cycles stay
 * cycles), everything else is returned as is. The JSON object mark is kept; other metatables
 * are not copied. Raises for data nested deeper than COPY_DEPTH (check with `nestingProblem`).
 */
export function deepCopy<T>(value: T): T {
	const copies = new Map<object, object>();
	const copy = (item: unknown, depth: number): unknown => {
		if (!typeIs(item, "table") || item === NULL) return item;
		const existing = copies.get(item);
		if (existing !== undefined) return existing;
		if (depth > COPY_DEPTH) error(`deepCopy: the value is nested deeper than ${COPY_DEPTH} levels`, 0);
		const result = new Map<unknown, unknown>();
		copies.set(item, result);
		for (const [key, child] of pairs(item as Map<unknown, unknown>))
			result.set(copy(key, depth + 1), copy(child, depth + 1));
		return isMarkedObject(item) ? markObject(result) : result;
	};
	return copy(value, 1) as T;
}

function refusedCopy(reason: string): LuaTuple<[undefined, string]> {
	return $tuple(undefined, reason);
}

/**
 * `deepCopy` for hosts: the copy, or (for Luau callers) nil and why when the value is nested
 * deeper than COPY_DEPTH; never raises.
 */
function publicDeepCopy<T>(value: T): T {
	const problem = nestingProblem(value);
	if (problem !== undefined) return refusedCopy(`deepCopy: ${problem}`) as unknown as T;
	return deepCopy(value);
}

/** `markObject` for hosts: a table is marked and returned; anything else gives nil and why. */
function publicMarkObject(value: unknown): LuaTuple<[object | undefined, string | undefined]> {
	if (!typeIs(value, "table")) return $tuple(undefined, `markObject expects a table, got ${typeOf(value)}`);
	if (table.isfrozen(value)) return $tuple(undefined, "markObject cannot mark a frozen table");
	return $tuple(markObject(value), undefined);
}

/** Freezes `value` and every table inside it (for values handed to hosts as read-only). */
export function deepFreeze<T>(value: T): T {
	if (typeIs(value, "table") && !table.isfrozen(value)) {
		table.freeze(value);
		for (const [, child] of pairs(value as Map<unknown, unknown>)) deepFreeze(child);
	}
	return value;
}

/** A frozen copy of `value`: what hosts receive when they read shared state. */
export function readOnlyCopy<T>(value: T): T {
	return deepFreeze(deepCopy(value));
}

/** The public `runtime/util` module. */
export const publicUtil = table.freeze({
	/** `encode(value)` → JSON text, or nil and a reason. (Only the value: slicing is internal.) */
	encode: (value: unknown) => encode(value),
	/** `decode(text)` → value, or nil and a reason. JSON null decodes to `util.null`. */
	decode: (text: unknown) => decode(text),
	/** `deepCopy(value)` → a copy, or nil and a reason (nesting deeper than 200 levels). */
	deepCopy: publicDeepCopy,
	/** Encodes as `{}` (a plain empty table encodes as `[]`). Frozen; use `markObject({})` to fill one. */
	emptyObject: EMPTY_OBJECT,
	/** `markObject(t)` marks a table so it encodes as an object even when empty; returns it (nil and a reason for a non-table). */
	markObject: publicMarkObject,
	/** Decoded JSON null. */
	null: NULL,
});
