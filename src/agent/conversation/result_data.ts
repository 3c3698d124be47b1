// The `data` a tool:result or tool:error event carries: a read-only copy of the structured part
// of the tool's result (a diff, captured output, a task list), bounded so a large result never
// rides along whole — strings cut to STRING_BYTES on a character boundary and ending in "…", at
// most ENTRIES entries per table, DEPTH levels of tables, DATA_BYTES in all. Only strings,
// numbers, booleans and tables of them are copied (an Instance or function is left out).
import { cutBytes } from "../dispatch/text";

export const DATA_BYTES = 8192;
export const STRING_BYTES = 2000;
export const ENTRIES = 64;
export const DEPTH = 3;

interface Budget {
	left: number;
	cut: boolean;
}

function copyValue(value: unknown, depth: number, budget: Budget): unknown {
	if (typeIs(value, "number") || typeIs(value, "boolean")) {
		budget.left -= 8;
		return value;
	}
	if (typeIs(value, "string")) {
		const room = math.min(STRING_BYTES, budget.left);
		const [kept, lost] = cutBytes(value, room);
		budget.left -= kept.size() + 2;
		if (lost === 0) return value;
		budget.cut = true;
		return `${kept}…`;
	}
	if (!typeIs(value, "table")) return undefined;
	if (depth > DEPTH) {
		budget.cut = true;
		return undefined;
	}
	const source = value as Record<string | number, unknown>;
	const out: Record<string | number, unknown> = {};
	const size = (value as ReadonlyArray<unknown>).size();
	const keys = new Array<string | number>();
	if (size > 0) for (let index = 1; index <= size; index++) keys.push(index);
	else for (const [key] of pairs(source)) if (typeIs(key, "string") || typeIs(key, "number")) keys.push(key);
	for (let index = 0; index < keys.size(); index++) {
		const key = keys[index];
		if (budget.left <= 0 || index >= ENTRIES) {
			budget.cut = true;
			break;
		}
		budget.left -= typeIs(key, "string") ? key.size() + 4 : 2;
		const copied = copyValue(source[key], depth + 1, budget);
		if (copied !== undefined) out[key] = copied;
	}
	return table.freeze(out);
}

/** The bounded read-only copy of a tool result's data, and whether anything was left out. */
export function eventData(data: unknown): LuaTuple<[unknown, boolean]> {
	if (data === undefined) return $tuple(undefined, false);
	const budget: Budget = { left: DATA_BYTES, cut: false };
	const copy = copyValue(data, 1, budget);
	return $tuple(copy, budget.cut);
}
