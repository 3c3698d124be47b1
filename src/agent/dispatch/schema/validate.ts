// Argument validation for the supported JSON Schema subset: `type` (a value of any listed type
// passes; otherwise the first coercion that works is applied), `enum`, `required`, numeric bounds
// (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`; numbers finite, integers
// whole), byte-length bounds on strings, `minItems`/`maxItems`, and nested `properties` and
// `items`. The result is a fresh table: the handler never shares the decoded input.
// Not enforced: `additionalProperties` (extra keys are passed through), `pattern`, `oneOf` and the
// other combinators, conditionals, formats.
import { markObject, NULL } from "../../../runtime/json";
import { deepCopy } from "../../../runtime/util";
import { JsonTable } from "../tool";
import { coerce } from "./coerce";
import { describeValue, jsonEqual, kindOf, satisfiesType, typeList, ValueKind } from "./kinds";

/** Errors listed in a failure; more are counted. */
export const ERROR_LIMIT = 12;

interface State {
	readonly errors: Array<string>;
	hidden: number;
}

/** Whether the value passed, and the checked copy when it did. */
type Checked = LuaTuple<[boolean, unknown]>;

function result(ok: boolean, value: unknown): Checked {
	if (!ok) return $tuple(false, undefined);
	return $tuple(true, value);
}

function fail(state: State, message: string): Checked {
	if (state.errors.size() < ERROR_LIMIT) state.errors.push(message);
	else state.hidden += 1;
	return $tuple(false, undefined);
}

function numberProblem(schema: JsonTable, value: number): string | undefined {
	const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema as Record<string, number | undefined>;
	if (minimum !== undefined && value < minimum) return `must be at least ${minimum}`;
	if (maximum !== undefined && value > maximum) return `must be at most ${maximum}`;
	if (exclusiveMinimum !== undefined && value <= exclusiveMinimum) return `must be greater than ${exclusiveMinimum}`;
	if (exclusiveMaximum !== undefined && value >= exclusiveMaximum) return `must be less than ${exclusiveMaximum}`;
	return undefined;
}

/** Lengths are counted in bytes, as the documented contract says. */
function stringProblem(schema: JsonTable, value: string): string | undefined {
	const { minLength, maxLength } = schema as Record<string, number | undefined>;
	if (minLength !== undefined && value.size() < minLength) return `must be at least ${minLength} bytes long`;
	if (maxLength !== undefined && value.size() > maxLength) return `must be at most ${maxLength} bytes long`;
	return undefined;
}

function checkArray(schema: JsonTable, list: Array<unknown>, path: string, state: State): Checked {
	const { minItems, maxItems } = schema as Record<string, number | undefined>;
	if (minItems !== undefined && list.size() < minItems)
		return fail(state, `${path}: needs at least ${minItems} items`);
	// too many items: stop before checking each one
	if (maxItems !== undefined && list.size() > maxItems)
		return fail(state, `${path}: allows at most ${maxItems} items`);
	const items = schema.items;
	const out = new Array<defined>();
	let ok = true;
	for (let i = 0; i < list.size(); i++) {
		const [itemOk, item] = check(items, list[i], `${path}[${i + 1}]`, state);
		if (itemOk) out.push(item as defined);
		else ok = false;
	}
	return result(ok, out);
}

/** Whether an optional property given as null should be treated as absent. */
function dropsNull(schema: unknown): boolean {
	if (!typeIs(schema, "table")) return false;
	const types = typeList((schema as JsonTable).type);
	return types !== undefined && !types.includes("null");
}

function checkObject(schema: JsonTable, value: JsonTable, path: string, state: State): Checked {
	const properties = (schema.properties ?? {}) as Record<string, unknown>;
	const required = (schema.required ?? []) as Array<string>;
	const out = markObject(new Map<string, unknown>()) as unknown as JsonTable;
	const failed = new Set<string>();
	for (const [key, item] of pairs(value)) {
		if (properties[key] === undefined) out[key] = deepCopy(item);
	}
	for (const [name, propertySchema] of pairs(properties)) {
		const item = value[name];
		if (item === undefined) continue;
		if (item === NULL && dropsNull(propertySchema) && !required.includes(name)) continue;
		const [ok, checked] = check(propertySchema, item, `${path}.${name}`, state);
		if (ok) out[name] = checked;
		else failed.add(name);
	}
	let ok = failed.isEmpty();
	for (const name of required) {
		if (out[name] === undefined && !failed.has(name)) {
			fail(state, `${path}.${name}: required`);
			ok = false;
		}
	}
	return result(ok, out);
}

/** How an empty table is read: as the schema's first structured type, or by its keywords. */
function emptyAs(schema: JsonTable, types: ReadonlyArray<string> | undefined): "array" | "object" {
	if (types !== undefined) {
		for (const name of types) if (name === "array" || name === "object") return name;
	}
	return schema.items !== undefined && schema.properties === undefined ? "array" : "object";
}

function check(schema: unknown, input: unknown, path: string, state: State): Checked {
	if (!typeIs(schema, "table")) return $tuple(true, deepCopy(input));
	const node = schema as JsonTable;
	let value = input;
	let kind: ValueKind | undefined = kindOf(value);
	const types = typeList(node.type);
	if (types !== undefined && !types.some((name) => satisfiesType(name, value, kind))) {
		let converted = false;
		for (const name of types) {
			const [ok, result] = coerce(name, value);
			if (ok) {
				value = result;
				kind = kindOf(value);
				converted = true;
				break;
			}
		}
		if (!converted) return fail(state, `${path}: expected ${types.join(" or ")}, got ${describeValue(input)}`);
	}
	const choices = node.enum as Array<defined> | undefined;
	if (choices !== undefined && !choices.some((choice) => jsonEqual(choice, value)))
		return fail(state, `${path}: must be one of the allowed values, got ${describeValue(input)}`);
	const problem =
		kind === "number"
			? numberProblem(node, value as number)
			: kind === "string"
				? stringProblem(node, value as string)
				: undefined;
	if (problem !== undefined) return fail(state, `${path}: ${problem}`);
	if (kind === "empty") kind = emptyAs(node, types);
	if (kind === "array") return checkArray(node, value as Array<unknown>, path, state);
	if (kind === "object") return checkObject(node, value as JsonTable, path, state);
	return $tuple(true, value);
}

export type Validated = LuaTuple<[JsonTable, undefined] | [undefined, ReadonlyArray<string>]>;

/** The checked and coerced arguments, or nil and the list of problems (paths start at "arguments"). */
export function validateArguments(parameters: JsonTable, args: unknown): Validated {
	const state: State = { errors: [], hidden: 0 };
	const [ok, value] = check(parameters, args, "arguments", state);
	if (ok && kindOf(value) === "object") return $tuple(value as JsonTable, undefined);
	if (ok) fail(state, `arguments: expected object, got ${describeValue(args)}`);
	if (state.hidden > 0) state.errors.push(`… and ${state.hidden} more`);
	return $tuple(undefined, state.errors);
}
