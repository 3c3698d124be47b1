// The built-in functions of OpenUI Lang 1.0 (docs/OPENUI.md, "Built-in functions"), on evaluated
// values. `@Each` is evaluated by the evaluator (its template is lazy).
import {
	arrayOf,
	isArray,
	isNull,
	isObject,
	jsRound,
	joinString,
	looseEquals,
	NULL,
	stringToNumber,
	toNumber,
	Value,
} from "./values";

function items(v: Value | undefined): Value[] | undefined {
	return isArray(v) ? v.items : undefined;
}

/** Reads a dot path ("customer.name") from a value; an empty path is the value itself. */
export function readPath(v: Value, path: string): Value {
	if (path === "") return v;
	let current: Value = v;
	for (const key of path.split(".")) {
		if (!isObject(current)) return NULL;
		current = current.map.get(key) ?? NULL;
	}
	return current;
}

function isNumeric(v: Value): boolean {
	if (typeIs(v, "number")) return true;
	if (!typeIs(v, "string")) return false;
	if (string.match(v, "^%s*$")[0] !== undefined) return false;
	const n = stringToNumber(v);
	return n === n;
}

/** Stable merge sort (table.sort is not stable). */
function stableSort<T extends defined>(list: T[], before: (a: T, b: T) => boolean): T[] {
	if (list.size() <= 1) return [...list];
	const mid = math.floor(list.size() / 2);
	const left = stableSort(
		list.filter((_, i) => i < mid),
		before,
	);
	const right = stableSort(
		list.filter((_, i) => i >= mid),
		before,
	);
	const out: T[] = [];
	let i = 0;
	let j = 0;
	while (i < left.size() && j < right.size()) {
		if (before(right[j], left[i])) out.push(right[j++]);
		else out.push(left[i++]);
	}
	while (i < left.size()) out.push(left[i++]);
	while (j < right.size()) out.push(right[j++]);
	return out;
}

function compare(a: Value, b: Value): number {
	if (isNumeric(a) && isNumeric(b)) {
		const x = toNumber(a);
		const y = toNumber(b);
		return x < y ? -1 : x > y ? 1 : 0;
	}
	const x = joinString(a);
	const y = joinString(b);
	return x < y ? -1 : x > y ? 1 : 0;
}

function filterOp(value: Value, op: string, target: Value): boolean {
	switch (op) {
		case "==":
			return looseEquals(value, target);
		case "!=":
			return !looseEquals(value, target);
		case ">":
			return toNumber(value) > toNumber(target);
		case "<":
			return toNumber(value) < toNumber(target);
		case ">=":
			return toNumber(value) >= toNumber(target);
		case "<=":
			return toNumber(value) <= toNumber(target);
		case "contains":
			return string.find(joinString(value), joinString(target), 1, true)[0] !== undefined;
	}
	return false;
}

export const BUILTIN_FUNCTIONS: Record<string, (args: Value[]) => Value> = {
	Count: ([a]) => items(a)?.size() ?? 0,
	First: ([a]) => items(a)?.[0] ?? NULL,
	Last: ([a]) => {
		const list = items(a);
		return list === undefined || list.size() === 0 ? NULL : list[list.size() - 1];
	},
	Take: ([a, n]) => {
		const list = items(a);
		const count = math.floor(toNumber(n));
		if (list === undefined || count <= 0) return arrayOf([]);
		return arrayOf(list.filter((_, i) => i < count));
	},
	Sum: ([a]) => (items(a) ?? []).reduce((sum, v) => sum + toNumber(v), 0),
	Avg: ([a]) => {
		const list = items(a);
		if (list === undefined || list.size() === 0) return 0;
		return list.reduce((sum, v) => sum + toNumber(v), 0) / list.size();
	},
	Min: ([a]) => {
		const list = items(a);
		if (list === undefined || list.size() === 0) return 0;
		return list.reduce((m, v) => math.min(m, toNumber(v)), math.huge);
	},
	Max: ([a]) => {
		const list = items(a);
		if (list === undefined || list.size() === 0) return 0;
		return list.reduce((m, v) => math.max(m, toNumber(v)), -math.huge);
	},
	Filter: ([a, fieldName, op, target]) => {
		const list = items(a);
		if (list === undefined) return arrayOf([]);
		const path = isNull(fieldName) ? "" : joinString(fieldName);
		const operator = isNull(op) ? "==" : joinString(op);
		return arrayOf(list.filter((item) => filterOp(readPath(item, path), operator, target ?? NULL)));
	},
	Sort: ([a, fieldName, dir]) => {
		const list = items(a);
		if (list === undefined) return a ?? NULL;
		const path = isNull(fieldName) ? "" : joinString(fieldName);
		const descending = dir === "desc";
		return arrayOf(
			stableSort(list, (x, y) => {
				const c = compare(readPath(x, path), readPath(y, path));
				return descending ? c > 0 : c < 0;
			}),
		);
	},
	Round: ([x, d]) => {
		const places = math.floor(toNumber(d));
		const factor = 10 ** places;
		return jsRound(toNumber(x) * factor) / factor;
	},
	Abs: ([x]) => math.abs(toNumber(x)),
	Floor: ([x]) => math.floor(toNumber(x)),
	Ceil: ([x]) => math.ceil(toNumber(x)),
};
