// Typed reads of decoded JSON: a field of the wrong type (or JSON null) reads as absent, so a
// provider's odd or missing field never raises in the middle of a stream.
import { NULL } from "../../runtime/json";
import type { JsonObject } from "./types";

// `type` as a local: every streamed event is read through these, and a chunk run in an
// environment of its own (a loader's table) would otherwise look the global up on each call.
const luaType = type;

export function asObject(value: unknown): JsonObject | undefined {
	return luaType(value) === "table" && value !== NULL ? (value as JsonObject) : undefined;
}

export function asList(value: unknown): ReadonlyArray<unknown> | undefined {
	return luaType(value) === "table" && value !== NULL ? (value as Array<unknown>) : undefined;
}

export function asString(value: unknown): string | undefined {
	return luaType(value) === "string" ? (value as string) : undefined;
}

/** A string that is not empty (ids and names where "" means absent, as some servers send them). */
export function asName(value: unknown): string | undefined {
	return luaType(value) === "string" && value !== "" ? (value as string) : undefined;
}

export function asNumber(value: unknown): number | undefined {
	return luaType(value) === "number" && value === value ? (value as number) : undefined;
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
