// Session tool maps (`only`, `groups`, `exclude`): maps from nonblank names to booleans. A missing
// map leaves its dimension unrestricted; an empty `only` or `groups` allows nothing; an empty
// `exclude` removes nothing. `readOnly = true` lets only read-risk tools through.
import { Tool, ToolFilter } from "./tool";

const KEYS = ["only", "groups", "exclude"] as const;
const FLAGS = ["readOnly"];

function checkMap(map: unknown, key: string): string | undefined {
	if (map === undefined) return undefined;
	if (!typeIs(map, "table")) return `${key} must be a map of names to booleans`;
	for (const [name, allowed] of pairs(map as Record<string, unknown>)) {
		if (!typeIs(name, "string") || string.find(name, "%S")[0] === undefined || !typeIs(allowed, "boolean"))
			return `${key} must be a map of names to booleans (for example { my_tool = true })`;
	}
	return undefined;
}

/** Why `filter` is not a tool filter, or nil (nil itself is a filter that allows everything). */
export function checkFilter(filter: unknown): string | undefined {
	if (filter === undefined) return undefined;
	if (!typeIs(filter, "table")) return "the tool filter must be a table { only?, groups?, exclude?, readOnly? }";
	for (const [key, value] of pairs(filter as Record<string, unknown>)) {
		if (FLAGS.includes(key as string)) {
			if (!typeIs(value, "boolean")) return `${tostring(key)} must be a boolean`;
		} else if (!KEYS.includes(key as (typeof KEYS)[number])) return `unknown tool filter key ${tostring(key)}`;
	}
	for (const key of KEYS) {
		const problem = checkMap((filter as Record<string, unknown>)[key], key);
		if (problem !== undefined) return problem;
	}
	return undefined;
}

/** Whether the (checked) filter lets `tool` through. */
export function filterAllows(filter: ToolFilter | undefined, tool: Tool): boolean {
	if (filter === undefined) return true;
	if (filter.readOnly === true && tool.risk !== "read") return false;
	if (filter.only !== undefined && filter.only[tool.name] !== true) return false;
	if (filter.groups !== undefined && filter.groups[tool.group] !== true) return false;
	return filter.exclude === undefined || filter.exclude[tool.name] !== true;
}
