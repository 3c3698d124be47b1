// The values of OpenUI Lang programs as Luau tables (docs/OPENUI.md, "Values"): language null is
// the frozen NULL sentinel (Luau has no null, and nil would make holes in arrays), objects keep
// their key order, components, action plans, action steps and two-way bindings are tagged tables.
// Coercions follow JavaScript, which the language's semantics are defined by.

import { trim } from "../runtime/trim";

export interface NullValue {
	readonly t: "null";
}
export const NULL: NullValue = table.freeze({ t: "null" as const });

export interface ArrayValue {
	readonly t: "array";
	readonly items: Value[];
}
export interface ObjectValue {
	readonly t: "object";
	readonly keys: string[];
	readonly map: Map<string, Value>;
}
export interface ElementValue {
	readonly t: "element";
	readonly typeName: string;
	readonly props: ObjectValue;
	readonly partial: boolean;
	readonly statementId?: string;
	/** A call to a name the library lacks, kept in computed positions; renders nothing. */
	readonly unknown?: boolean;
}
/** One action step: `@Set`, `@Reset`, `@Run`, `@ToAssistant`, `@OpenUrl` or a library action. */
export interface StepValue {
	readonly t: "step";
	readonly name: string;
	/** The arguments as evaluated when the program was read (targets as names). */
	readonly args: Value[];
	/** Re-evaluates the arguments when the step runs (state read then). */
	readonly evaluate: () => Value[];
}
export interface PlanValue {
	readonly t: "plan";
	readonly steps: StepValue[];
}
export interface BindingValue {
	readonly t: "binding";
	readonly name: string;
	readonly value: Value;
}

export type Value =
	| string
	| number
	| boolean
	| NullValue
	| ArrayValue
	| ObjectValue
	| ElementValue
	| StepValue
	| PlanValue
	| BindingValue;

export function arrayOf(items: Value[]): ArrayValue {
	return { t: "array", items };
}

export function newObject(): ObjectValue {
	return { t: "object", keys: [], map: new Map() };
}

/** Sets `key` on an object value, keeping the first position of an existing key. */
export function objSet(obj: ObjectValue, key: string, value: Value) {
	if (!obj.map.has(key)) obj.keys.push(key);
	obj.map.set(key, value);
}

export function objGet(obj: ObjectValue, key: string): Value | undefined {
	return obj.map.get(key);
}

export function objDelete(obj: ObjectValue, key: string) {
	if (!obj.map.has(key)) return;
	obj.map.delete(key);
	const index = obj.keys.indexOf(key);
	if (index >= 0) obj.keys.remove(index);
}

export function objectFrom(entries: ReadonlyArray<[string, Value]>): ObjectValue {
	const obj = newObject();
	for (const [k, v] of entries) objSet(obj, k, v);
	return obj;
}

export function isNull(v: Value | undefined): v is NullValue | undefined {
	return v === undefined || v === NULL;
}

export function tagOf(v: Value): string {
	if (typeIs(v, "table")) return (v as { t: string }).t;
	return typeOf(v);
}

export function isArray(v: Value | undefined): v is ArrayValue {
	return typeIs(v, "table") && (v as { t: string }).t === "array";
}
export function isObject(v: Value | undefined): v is ObjectValue {
	return typeIs(v, "table") && (v as { t: string }).t === "object";
}
export function isElement(v: Value | undefined): v is ElementValue {
	return typeIs(v, "table") && (v as { t: string }).t === "element";
}
export function isStep(v: Value | undefined): v is StepValue {
	return typeIs(v, "table") && (v as { t: string }).t === "step";
}
export function isPlan(v: Value | undefined): v is PlanValue {
	return typeIs(v, "table") && (v as { t: string }).t === "plan";
}
export function isBinding(v: Value | undefined): v is BindingValue {
	return typeIs(v, "table") && (v as { t: string }).t === "binding";
}

/** ECMAScript StringToNumber: NaN (0/0) when the text is not a number literal. */
export function stringToNumber(text: string): number {
	const s = trim(text);
	if (s === "") return 0;
	if (s === "Infinity" || s === "+Infinity") return math.huge;
	if (s === "-Infinity") return -math.huge;
	const [prefix, digits] = string.match(s, "^0([xXoObB])(%w+)$") as LuaTuple<[string?, string?]>;
	if (prefix !== undefined && digits !== undefined) {
		const base = prefix === "x" || prefix === "X" ? 16 : prefix === "o" || prefix === "O" ? 8 : 2;
		const n = tonumber(digits, base);
		return n === undefined ? 0 / 0 : n;
	}
	const decimal =
		string.match(s, "^[+-]?%d+%.?%d*$")[0] !== undefined ||
		string.match(s, "^[+-]?%d+%.?%d*[eE][+-]?%d+$")[0] !== undefined ||
		string.match(s, "^[+-]?%.%d+$")[0] !== undefined ||
		string.match(s, "^[+-]?%.%d+[eE][+-]?%d+$")[0] !== undefined;
	if (!decimal) return 0 / 0;
	return tonumber(s) ?? 0 / 0;
}

/** ECMAScript parseFloat: the longest decimal prefix after leading whitespace, else NaN. */
export function parseFloatJs(text: string): number {
	const [s] = string.match(text, "^%s*(.*)$") as LuaTuple<[string]>;
	const [inf] = string.match(s, "^([+-]?)Infinity") as LuaTuple<[string?]>;
	if (inf !== undefined) return inf === "-" ? -math.huge : math.huge;
	for (const pattern of [
		"^[+-]?%d+%.?%d*[eE][+-]?%d+",
		"^[+-]?%.%d+[eE][+-]?%d+",
		"^[+-]?%d+%.?%d*",
		"^[+-]?%.%d+",
	]) {
		const [m] = string.match(s, pattern) as LuaTuple<[string?]>;
		if (m !== undefined) return tonumber(m) ?? 0 / 0;
	}
	return 0 / 0;
}

/** The language's toNumber: like JavaScript's, but NaN becomes 0. */
export function toNumber(v: Value | undefined): number {
	let n: number;
	if (typeIs(v, "number")) n = v;
	else if (typeIs(v, "string")) n = stringToNumber(v);
	else if (v === true) n = 1;
	else n = 0;
	return n !== n ? 0 : n;
}

export function truthy(v: Value | undefined): boolean {
	if (v === undefined || v === NULL || v === false || v === "" || v === 0) return false;
	if (typeIs(v, "number") && v !== v) return false;
	return true;
}

/** ECMAScript Number::toString (shortest round-trip digits, exponent form at 1e21 and 1e-7). */
export function numberToString(x: number): string {
	if (x !== x) return "NaN";
	if (x === math.huge) return "Infinity";
	if (x === -math.huge) return "-Infinity";
	if (x === 0) return "0";
	const sign = x < 0 ? "-" : "";
	const a = math.abs(x);
	let repr = "";
	for (let p = 1; p <= 17; p++) {
		repr = string.format(`%.${p - 1}e`, a);
		if (tonumber(repr) === a) break;
	}
	const [mantissa, exp] = string.match(repr, "^([%d%.]+)e([+-]%d+)$") as LuaTuple<[string, string]>;
	let digits = string.gsub(mantissa, "%.", "")[0];
	digits = string.gsub(digits, "0+$", "")[0];
	if (digits === "") digits = "0";
	const k = digits.size();
	const n = (tonumber(exp) ?? 0) + 1;
	let out: string;
	if (k <= n && n <= 21) out = digits + string.rep("0", n - k);
	else if (0 < n && n <= 21) out = string.sub(digits, 1, n) + "." + string.sub(digits, n + 1);
	else if (-6 < n && n <= 0) out = "0." + string.rep("0", -n) + digits;
	else {
		const e = n - 1;
		const rest = k > 1 ? "." + string.sub(digits, 2) : "";
		out = string.sub(digits, 1, 1) + rest + "e" + (e >= 0 ? "+" : "-") + tostring(math.abs(e));
	}
	return sign + out;
}

/** JavaScript String(v) for language values; null gives "null" (see joinString for `+`). */
export function toStr(v: Value | undefined): string {
	if (v === undefined || v === NULL) return "null";
	if (typeIs(v, "string")) return v;
	if (typeIs(v, "number")) return numberToString(v);
	if (typeIs(v, "boolean")) return v ? "true" : "false";
	if (isArray(v)) return v.items.map((item) => (isNull(item) ? "" : toStr(item))).join(",");
	return "[object Object]";
}

/** The string form used by `+` and text: null is "". */
export function joinString(v: Value | undefined): string {
	return isNull(v) ? "" : toStr(v);
}

/** ECMAScript IsLooselyEqual over language values. */
export function looseEquals(a: Value | undefined, b: Value | undefined): boolean {
	const an = isNull(a);
	const bn = isNull(b);
	if (an || bn) return an && bn;
	if (typeIs(a, "boolean")) return looseEquals(a ? 1 : 0, b);
	if (typeIs(b, "boolean")) return looseEquals(a, b ? 1 : 0);
	if (typeIs(a, "number") && typeIs(b, "string")) return a === stringToNumber(b);
	if (typeIs(a, "string") && typeIs(b, "number")) return stringToNumber(a) === b;
	if (typeIs(a, "table") !== typeIs(b, "table")) {
		// an object against a primitive compares its string form (ToPrimitive)
		const prim = typeIs(a, "table") ? b : a;
		const obj = typeIs(a, "table") ? a : b;
		return looseEquals(toStr(obj), prim);
	}
	return a === b;
}

/** JavaScript Math.round: halves go towards +Infinity. */
export function jsRound(x: number): number {
	const r = math.floor(x + 0.5);
	// math.floor(x + 0.5) is wrong for 0.49999999999999994, whose sum rounds up to 1
	return r - x > 0.5 ? r - 1 : r;
}
