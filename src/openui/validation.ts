// Form validation rules (docs/OPENUI.md, "Forms"): an object such as {required: true, email:
// true, minLength: 8} or the older list form ["required", "min:8"]. Every rule but `required`
// skips empty values; the first failing rule, in the object's key order, gives the message. The
// rules themselves are in `rules.ts`, shared with the bridge's web page; here: reading OpenUI
// values for them.
import { regexTest } from "./regex";
import { firstFailure, listRuleName, RuleValues } from "./rules";
import { isArray, isNull, isObject, newObject, ObjectValue, objSet, parseFloatJs, Value } from "./values";

function isEmpty(v: Value | undefined): boolean {
	if (isNull(v) || v === "") return true;
	if (isArray(v)) return v.items.size() === 0;
	if (isObject(v)) {
		if (v.keys.size() === 0) return true;
		// a map of booleans (a checkbox group) is empty when none is true
		if (v.keys.every((k) => typeIs(v.map.get(k), "boolean"))) return !v.keys.some((k) => v.map.get(k) === true);
	}
	return false;
}

function numeric(v: Value): number {
	if (typeIs(v, "number")) return v;
	if (typeIs(v, "string")) return parseFloatJs(v);
	return 0 / 0;
}

function text(v: Value): string {
	return typeIs(v, "string") ? v : typeIs(v, "number") ? tostring(v) : "";
}

function length(v: Value): number {
	if (isArray(v)) return v.items.size();
	const [count] = utf8.len(text(v));
	return count !== undefined && count !== false ? count : text(v).size();
}

const VALUES: RuleValues<Value> = {
	off: (arg) => arg === false || isNull(arg),
	empty: isEmpty,
	number: numeric,
	length,
	text,
	pattern: (arg) => (typeIs(arg, "string") ? arg : undefined),
	matches: regexTest,
};

/** Normalizes the older string-list form to a rules object. */
export function rulesObject(rules: Value | undefined): ObjectValue {
	if (isObject(rules)) return rules;
	const out = newObject();
	if (!isArray(rules)) return out;
	const numericList = rules.items.some((x) => x === "numeric");
	for (const item of rules.items) {
		if (!typeIs(item, "string")) continue;
		const [name, arg] = string.match(item, "^([^:]+):?(.*)$") as LuaTuple<[string?, string?]>;
		if (name === undefined) continue;
		objSet(out, listRuleName(name, numericList), arg === "" ? true : (tonumber(arg) ?? arg!));
	}
	return out;
}

/** The message of the first failing rule, or undefined when the value passes. */
export function validate(value: Value | undefined, rules: Value | undefined): string | undefined {
	const obj = rulesObject(rules);
	return firstFailure(
		obj.keys.map((rule): [string, Value] => [rule, obj.map.get(rule)!]),
		value,
		VALUES,
	);
}
