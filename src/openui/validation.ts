// Form validation rules (docs/OPENUI.md, "Forms"): an object such as {required: true, email:
// true, minLength: 8} or the older list form ["required", "min:8"]. Every rule but `required`
// skips empty values; the first failing rule, in the object's key order, gives the message.
import { regexTest } from "./regex";
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

/** Normalizes the older string-list form to a rules object. */
export function rulesObject(rules: Value | undefined): ObjectValue {
	if (isObject(rules)) return rules;
	const out = newObject();
	if (!isArray(rules)) return out;
	for (const item of rules.items) {
		if (!typeIs(item, "string")) continue;
		const [name, arg] = string.match(item, "^([^:]+):?(.*)$") as LuaTuple<[string, string]>;
		const mapped =
			name === "min" && rules.items.some((x) => x === "numeric")
				? "min"
				: name === "min"
					? "minLength"
					: name === "max"
						? "maxLength"
						: name;
		objSet(out, mapped, arg === "" ? true : (tonumber(arg) ?? arg));
	}
	return out;
}

const MESSAGES: Record<string, string> = {
	required: "This field is required",
	email: "Enter a valid email address",
	url: "Enter a valid URL",
	numeric: "Enter a number",
	min: "The value is too small",
	max: "The value is too large",
	minLength: "Too short",
	maxLength: "Too long",
	pattern: "The value does not match the expected format",
};

/** The message of the first failing rule, or undefined when the value passes. */
export function validate(value: Value | undefined, rules: Value | undefined): string | undefined {
	const obj = rulesObject(rules);
	for (const rule of obj.keys) {
		const arg = obj.map.get(rule)!;
		if (arg === false || isNull(arg)) continue;
		if (rule === "required") {
			if (isEmpty(value)) return MESSAGES.required;
			continue;
		}
		if (isEmpty(value)) continue;
		const v = value as Value;
		let ok = true;
		if (rule === "email") ok = regexTest("^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$", text(v));
		else if (rule === "url") ok = regexTest("^[a-zA-Z][a-zA-Z0-9+.-]*://[^\\s/?#]+", text(v));
		else if (rule === "numeric") {
			const n = numeric(v);
			ok = n === n;
		} else if (rule === "min") ok = numeric(v) >= numeric(arg);
		else if (rule === "max") ok = numeric(v) <= numeric(arg);
		else if (rule === "minLength") ok = length(v) >= numeric(arg);
		else if (rule === "maxLength") ok = length(v) <= numeric(arg);
		else if (rule === "pattern") ok = typeIs(arg, "string") ? regexTest(arg, text(v)) : true;
		if (!ok) return MESSAGES[rule] ?? "Invalid value";
	}
	return undefined;
}
