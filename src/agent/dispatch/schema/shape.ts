// Registration-time checks of the keywords the dispatcher enforces (types, enum, required, numeric
// bounds, byte-length bounds, array bounds, properties, items): each must have a shape the
// validator understands. Other keywords are carried to providers untouched and never enforced.
import { JsonTable } from "../tool";

export const SCHEMA_TYPES = new Set(["object", "array", "string", "number", "integer", "boolean", "null"]);

const NUMBER_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"];
const COUNT_KEYWORDS = ["minLength", "maxLength", "minItems", "maxItems"];

/** Whether `value` is a table whose keys are exactly 1..n (an empty table counts). */
export function isArrayTable(value: unknown): value is Array<unknown> {
	if (!typeIs(value, "table")) return false;
	let count = 0;
	for (const [key] of pairs(value as Record<string, unknown>)) {
		if (!typeIs(key, "number")) return false;
		count += 1;
	}
	for (let i = 0; i < count; i++) if ((value as Array<unknown>)[i] === undefined) return false;
	return true;
}

function isObjectTable(value: unknown): value is JsonTable {
	return typeIs(value, "table") && (next(value as object)[0] === undefined || !isArrayTable(value));
}

function checkType(value: unknown, path: string): string | undefined {
	if (typeIs(value, "string")) {
		return SCHEMA_TYPES.has(value) ? undefined : `${path}.type: unknown type "${value}"`;
	}
	if (!isArrayTable(value) || value.size() === 0) return `${path}.type must be a type name or a list of them`;
	for (const name of value) {
		if (!typeIs(name, "string") || !SCHEMA_TYPES.has(name)) return `${path}.type: unknown type ${tostring(name)}`;
	}
	return undefined;
}

/** Why the schema node at `path` cannot be enforced as written, or nil. */
export function checkSchemaNode(node: unknown, path: string): string | undefined {
	if (!isObjectTable(node)) return `${path} must be a schema object`;
	if (node.type !== undefined) {
		const problem = checkType(node.type, path);
		if (problem !== undefined) return problem;
	}
	for (const key of NUMBER_KEYWORDS) {
		if (node[key] !== undefined && !typeIs(node[key], "number")) return `${path}.${key} must be a number`;
	}
	for (const key of COUNT_KEYWORDS) {
		const count = node[key];
		if (count !== undefined && (!typeIs(count, "number") || count < 0 || count % 1 !== 0))
			return `${path}.${key} must be a whole number of at least 0`;
	}
	if (node.enum !== undefined && (!isArrayTable(node.enum) || node.enum.size() === 0))
		return `${path}.enum must be a non-empty list`;
	if (node.required !== undefined) {
		if (!isArrayTable(node.required)) return `${path}.required must be a list of property names`;
		for (const name of node.required) {
			if (!typeIs(name, "string")) return `${path}.required must be a list of property names`;
		}
	}
	if (node.properties !== undefined) {
		if (!isObjectTable(node.properties)) return `${path}.properties must map names to schemas`;
		for (const [name, child] of pairs(node.properties)) {
			const problem = checkSchemaNode(child, `${path}.properties.${name}`);
			if (problem !== undefined) return problem;
		}
	}
	if (node.items !== undefined) {
		if (isArrayTable(node.items) && node.items.size() > 0)
			return `${path}.items must be one schema (lists of item schemas are not supported)`;
		return checkSchemaNode(node.items, `${path}.items`);
	}
	return undefined;
}

/** Why `parameters` is not an object schema the dispatcher can enforce, or nil. */
export function checkParameters(parameters: JsonTable): string | undefined {
	if (parameters.type !== "object") return 'parameters must be an object schema (type = "object")';
	return checkSchemaNode(parameters, "parameters");
}
