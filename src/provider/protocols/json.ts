// The runtime's JSON codec (runtime/json.ts) in the shapes the adapters use: decoding as a result
// value, encoding an arguments object (an empty one is `{}`), JSON null, and the empty object.
import { decode, EMPTY_OBJECT, encode, isArray, isMarkedObject, NULL, Slicing } from "../../runtime/json";
import type { JsonObject } from "./types";

export type Decoded = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string };

export function decodeJson(text: string, slicing?: Slicing): Decoded {
	const [value, reason] = decode(text, slicing);
	return reason === undefined ? { ok: true, value } : { ok: false, reason };
}

/** JSON text of `value`; with `asObject`, an empty table is `{}` even without the object mark. */
export function encodeJson(value: unknown, asObject = false): LuaTuple<[string, undefined] | [undefined, string]> {
	if (asObject && typeIs(value, "table") && !isMarkedObject(value)) {
		for (const [_] of pairs(value)) return encode(value);
		return $tuple("{}", undefined);
	}
	return encode(value);
}

export function isJsonNull(value: unknown): boolean {
	return value === NULL;
}

/** True for a decoded JSON array (`[]` included; a decoded `{}` is an object). */
export function isJsonArray(value: unknown): boolean {
	return typeIs(value, "table") && value !== NULL && isArray(value);
}

/** An empty object that encodes as `{}` (shared and frozen). */
export function emptyObject(): JsonObject {
	return EMPTY_OBJECT as JsonObject;
}
