// What kind of JSON value a decoded Luau value is, and whether it satisfies a schema type name.
// Decoded JSON gives `util.null` for null and a marked table for `{}`; an unmarked empty table
// (`[]`) can stand for an empty array or an empty object.
import { isMarkedObject, NULL } from "../../../runtime/json";
import { isArrayTable } from "./shape";

export type ValueKind = "null" | "boolean" | "number" | "string" | "array" | "object" | "empty";

export function kindOf(value: unknown): ValueKind | undefined {
	if (value === NULL) return "null";
	if (typeIs(value, "boolean")) return "boolean";
	if (typeIs(value, "number")) return "number";
	if (typeIs(value, "string")) return "string";
	if (!typeIs(value, "table")) return undefined;
	if (isMarkedObject(value)) return "object";
	if (next(value as object)[0] === undefined) return "empty";
	return isArrayTable(value) ? "array" : "object";
}

function finite(value: number): boolean {
	return value === value && value !== math.huge && value !== -math.huge;
}

/** Whether a value of `kind` satisfies the JSON Schema type `name` as it is. */
export function satisfiesType(name: string, value: unknown, kind: ValueKind | undefined): boolean {
	switch (name) {
		case "null":
			return kind === "null";
		case "boolean":
			return kind === "boolean";
		case "number":
			return kind === "number" && finite(value as number);
		case "integer":
			return kind === "number" && finite(value as number) && (value as number) % 1 === 0;
		case "string":
			return kind === "string";
		case "array":
			return kind === "array" || kind === "empty";
		case "object":
			return kind === "object" || kind === "empty";
	}
	return false;
}

/** The schema's `type` as a list (nil when the schema names no type). */
export function typeList(declared: unknown): ReadonlyArray<string> | undefined {
	if (typeIs(declared, "string")) return [declared];
	if (typeIs(declared, "table")) return declared as Array<string>;
	return undefined;
}

/** Whether two decoded JSON values are equal (tables by content). */
export function jsonEqual(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (!typeIs(a, "table") || !typeIs(b, "table")) return false;
	const left = a as Record<string, unknown>;
	const right = b as Record<string, unknown>;
	for (const [key, item] of pairs(left)) if (!jsonEqual(item, right[key])) return false;
	for (const [key] of pairs(right)) if (left[key] === undefined) return false;
	return true;
}

/** A short description of a value for error messages. */
export function describeValue(value: unknown): string {
	const kind = kindOf(value);
	if (kind === "string") {
		const text = value as string;
		return text.size() > 40 ? `string "${text.sub(1, 40)}…"` : `string "${text}"`;
	}
	if (kind === "number" || kind === "boolean") return `${kind} ${tostring(value)}`;
	if (kind === "empty") return "an empty list";
	return kind ?? typeOf(value);
}
