// The coercions the dispatcher applies when an argument does not have the schema's type: models
// often write numbers as strings, booleans as words or digits, and a single item where a list is
// expected. A coercion either produces a value of the wanted type or refuses.
import { kindOf, ValueKind } from "./kinds";
import { trim } from "../../../runtime/trim";

type Coerced = LuaTuple<[boolean, unknown]>;

const refuse = (): Coerced => $tuple(false, undefined);

/** A finite number written in decimal (optionally with an exponent), or nil. */
export function parseNumber(text: string): number | undefined {
	const body = trim(text);
	// digits and points (tonumber rejects malformed ones), no hex, inf or nan
	const plain = string.find(body, "^%-?[%d%.]+$")[0] !== undefined;
	if (!plain && string.find(body, "^%-?[%d%.]+[eE][%+%-]?%d+$")[0] === undefined) return undefined;
	const value = tonumber(body);
	if (value === undefined || value !== value || value === math.huge || value === -math.huge) return undefined;
	return value;
}

/** Decimal text for a number (whole numbers without a fraction). */
export function numberText(value: number): string {
	if (value % 1 === 0 && math.abs(value) < 2 ** 53) return string.format("%d", value);
	return tostring(value);
}

const TRUE_WORDS = new Set(["true", "1", "yes"]);
const FALSE_WORDS = new Set(["false", "0", "no"]);

function toBoolean(value: unknown, kind: ValueKind | undefined): Coerced {
	if (kind === "number") {
		if (value === 1) return $tuple(true, true);
		if (value === 0) return $tuple(true, false);
	} else if (kind === "string") {
		const word = trim(value as string).lower();
		if (TRUE_WORDS.has(word)) return $tuple(true, true);
		if (FALSE_WORDS.has(word)) return $tuple(true, false);
	}
	return refuse();
}

function toNumber(value: unknown, kind: ValueKind | undefined, whole: boolean): Coerced {
	if (kind !== "string") return refuse();
	const parsed = parseNumber(value as string);
	if (parsed === undefined || (whole && parsed % 1 !== 0)) return refuse();
	return $tuple(true, parsed);
}

/**
 * `value` converted to the JSON Schema type `name`, or false. Objects and arrays are not converted
 * here except the two safe cases: a marked empty object read as an empty list, and a scalar
 * wrapped as a one-item list (the validator then checks the item).
 */
export function coerce(name: string, value: unknown): Coerced {
	const kind = kindOf(value);
	switch (name) {
		case "integer":
			return toNumber(value, kind, true);
		case "number":
			return toNumber(value, kind, false);
		case "string":
			if (kind === "number") return $tuple(true, numberText(value as number));
			if (kind === "boolean") return $tuple(true, value === true ? "true" : "false");
			return refuse();
		case "boolean":
			return toBoolean(value, kind);
		case "array":
			if (kind === "object" && next(value as object)[0] === undefined) return $tuple(true, []);
			if (kind === "string" || kind === "number" || kind === "boolean") return $tuple(true, [value]);
			return refuse();
	}
	return refuse();
}
