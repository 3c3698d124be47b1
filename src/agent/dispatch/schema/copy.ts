// Copying a host's schema at registration: the copy must be finite JSON-shaped data without
// cycles, at most 32 levels deep and 8,192 entries in all. Empty tables are written as objects
// (`{}`) except under keywords whose value is an array, because strict provider validators reject
// `[]` where a schema object is expected and Luau cannot tell the two apart.
import { markObject, NULL } from "../../../runtime/json";

export const SCHEMA_DEPTH_LIMIT = 32;
export const SCHEMA_ENTRY_LIMIT = 8192;

/** Keywords whose value is an array (an empty one stays `[]`). */
const ARRAY_KEYWORDS = new Set(["required", "enum", "examples", "allOf", "anyOf", "oneOf", "prefixItems"]);
/** Keywords whose value maps names to schemas (a property called "required" is a schema). */
const MAP_KEYWORDS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

type Role = "array" | "map" | "value";

interface CopyState {
	entries: number;
	readonly active: Set<object>;
}

type Copied = LuaTuple<[unknown, undefined] | [undefined, string]>;

function isWhole(value: number): boolean {
	return value === value && value % 1 === 0 && value >= 1;
}

/** "array" when the keys are exactly 1..n, "object" when all are strings, else why neither. */
function tableKind(value: object): "array" | "object" | string {
	let strings = 0;
	let numbers = 0;
	for (const [key] of pairs(value as Record<string, unknown>)) {
		if (typeIs(key, "string")) strings += 1;
		else if (typeIs(key, "number") && isWhole(key)) numbers += 1;
		else return `a ${typeOf(key)} key (${tostring(key)})`;
	}
	if (strings > 0 && numbers > 0) return "both string and number keys";
	if (numbers === 0) return "object";
	const list = value as Array<unknown>;
	for (let i = 0; i < numbers; i++) if (list[i] === undefined) return "an array with holes";
	return "array";
}

function copyValue(value: unknown, path: string, depth: number, role: Role, state: CopyState): Copied {
	if (typeIs(value, "string") || typeIs(value, "boolean") || value === NULL) return $tuple(value, undefined);
	if (typeIs(value, "number")) {
		if (value !== value || value === math.huge || value === -math.huge)
			return $tuple(undefined, `${path} is not a finite number`);
		return $tuple(value, undefined);
	}
	if (!typeIs(value, "table")) return $tuple(undefined, `${path} is a ${typeOf(value)}, not JSON data`);
	if (depth > SCHEMA_DEPTH_LIMIT)
		return $tuple(undefined, `${path} is nested deeper than ${SCHEMA_DEPTH_LIMIT} levels`);
	if (state.active.has(value)) return $tuple(undefined, `${path} is part of a cycle`);
	const kind = tableKind(value);
	if (kind !== "array" && kind !== "object") return $tuple(undefined, `${path} has ${kind}`);
	state.active.add(value);
	const result = new Map<unknown, unknown>();
	let problem: string | undefined;
	for (const [key, child] of pairs(value as Map<unknown, unknown>)) {
		state.entries += 1;
		if (state.entries > SCHEMA_ENTRY_LIMIT) {
			problem = `the schema has more than ${SCHEMA_ENTRY_LIMIT} entries`;
			break;
		}
		let childRole: Role = "value";
		if (kind === "object" && role !== "map") {
			if (ARRAY_KEYWORDS.has(key as string)) childRole = "array";
			else if (MAP_KEYWORDS.has(key as string)) childRole = "map";
		}
		const childPath = typeIs(key, "number") ? `${path}[${key}]` : `${path}.${key}`;
		const [copy, reason] = copyValue(child, childPath, depth + 1, childRole, state);
		if (reason !== undefined) {
			problem = reason;
			break;
		}
		result.set(key, copy);
	}
	state.active.delete(value);
	if (problem !== undefined) return $tuple(undefined, problem);
	const isObject = result.isEmpty() ? role !== "array" : kind === "object";
	return $tuple(isObject ? markObject(result) : result, undefined);
}

/** A copy of `schema` (see above), or nil and the reason it is not acceptable. */
export function copySchema(schema: unknown, path = "parameters"): Copied {
	return copyValue(schema, path, 1, "value", { entries: 0, active: new Set() });
}
