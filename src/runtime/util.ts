// Small data helpers shared by the runtime, and the public `runtime/util` module
// (`uai.env.require("runtime/util")`): JSON encode/decode, copies, the empty-object mark.
import { decode, EMPTY_OBJECT, encode, isMarkedObject, markObject, NULL } from "./json";

/**
 * A copy of plain data: tables are copied recursively (shared tables stay shared, cycles stay
 * cycles), everything else is returned as is. The JSON object mark is kept; other metatables
 * are not copied.
 */
export function deepCopy<T>(value: T): T {
	const copies = new Map<object, object>();
	const copy = (item: unknown): unknown => {
		if (!typeIs(item, "table") || item === NULL) return item;
		const existing = copies.get(item);
		if (existing !== undefined) return existing;
		const result = new Map<unknown, unknown>();
		copies.set(item, result);
		for (const [key, child] of pairs(item as Map<unknown, unknown>)) result.set(copy(key), copy(child));
		return isMarkedObject(item) ? markObject(result) : result;
	};
	return copy(value) as T;
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
	/** `encode(value)` → JSON text, or nil and a reason. */
	encode,
	/** `decode(text)` → value, or nil and a reason. JSON null decodes to `util.null`. */
	decode,
	deepCopy,
	/** Encodes as `{}` (a plain empty table encodes as `[]`). Frozen; use `markObject({})` to fill one. */
	emptyObject: EMPTY_OBJECT,
	/** `markObject(t)` marks a table so it encodes as an object even when empty; returns it. */
	markObject,
	/** Decoded JSON null. */
	null: NULL,
});
