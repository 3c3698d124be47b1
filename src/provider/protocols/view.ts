// Typed reads of decoded JSON: a field of the wrong type (or JSON null) reads as absent, so a
// provider's odd or missing field never raises in the middle of a stream.
import { isJsonNull } from "./json";
import type { JsonObject } from "./types";

export function asObject(value: unknown): JsonObject | undefined {
	return typeIs(value, "table") && !isJsonNull(value) ? (value as JsonObject) : undefined;
}

export function asList(value: unknown): ReadonlyArray<unknown> | undefined {
	return typeIs(value, "table") && !isJsonNull(value) ? (value as Array<unknown>) : undefined;
}

export function asString(value: unknown): string | undefined {
	return typeIs(value, "string") ? value : undefined;
}

/** A string that is not empty (ids and names where "" means absent, as some servers send them). */
export function asName(value: unknown): string | undefined {
	return typeIs(value, "string") && value !== "" ? value : undefined;
}

export function asNumber(value: unknown): number | undefined {
	return typeIs(value, "number") && value === value ? value : undefined;
}

export function field(value: unknown, key: string): unknown {
	const object = asObject(value);
	return object !== undefined ? object[key] : undefined;
}

/** True for a table with no keys (an empty JSON object or array). */
export function isEmptyTable(value: object): boolean {
	for (const [_] of pairs(value)) return false;
	return true;
}
