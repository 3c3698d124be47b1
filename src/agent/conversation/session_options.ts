// Session options as hosts pass them to open/newThread/create: checked exactly as documented and
// copied, so later edits to the host's table never change a conversation's policy.
import { ToolFilter } from "../dispatch/tool";

export const ID_PATTERN = "^[%w_%-]+$";
export const ID_LIMIT = 120;

export interface SessionOptions {
	readonly id?: string;
	readonly title?: string;
	readonly folderId?: string;
	readonly activate?: boolean;
	readonly ephemeral?: boolean;
	readonly headless?: boolean;
	readonly unlimited?: boolean;
	readonly stream?: boolean;
	readonly maxTurns?: number;
	readonly budgetSeconds?: number;
	readonly depth?: number;
	readonly placeId?: number;
	readonly placeName?: string;
	readonly filter: ToolFilter;
}

type Checked = LuaTuple<[SessionOptions, undefined] | [undefined, string]>;

export function isSessionId(value: unknown): value is string {
	return typeIs(value, "string") && value.size() <= ID_LIMIT && string.find(value, ID_PATTERN)[0] !== undefined;
}

/** A copied name → boolean map, or the reason it is not one (arrays and blank names rejected). */
export function copyNameMap(
	value: unknown,
	key: string,
): LuaTuple<[Record<string, boolean> | undefined, string | undefined]> {
	if (value === undefined) return $tuple(undefined, undefined);
	const problem = `${key} must be a map of tool names to booleans, for example { workbench_status = true }`;
	if (!typeIs(value, "table")) return $tuple(undefined, problem);
	const copy: Record<string, boolean> = {};
	for (const [name, allowed] of pairs(value as Record<string, unknown>)) {
		if (!typeIs(name, "string") || string.find(name, "%S")[0] === undefined || !typeIs(allowed, "boolean"))
			return $tuple(undefined, problem);
		copy[name] = allowed;
	}
	return $tuple(table.freeze(copy), undefined);
}

const BOOLEANS = ["activate", "ephemeral", "headless", "unlimited", "stream"] as const;
const KNOWN = new Set([
	...BOOLEANS,
	"id",
	"title",
	"folderId",
	"maxTurns",
	"budgetSeconds",
	"depth",
	"placeId",
	"placeName",
	"toolFilter",
	"toolGroups",
	"toolExclude",
]);

function finite(value: number): boolean {
	return value === value && math.abs(value) !== math.huge;
}

export function checkOptions(options: unknown): Checked {
	if (options === undefined) return $tuple({ filter: {} }, undefined);
	if (!typeIs(options, "table")) return $tuple(undefined, "session options must be a table");
	const raw = options as Record<string, unknown>;
	for (const [key] of pairs(raw))
		if (!KNOWN.has(key as string)) return $tuple(undefined, `unknown session option ${tostring(key)}`);
	if (raw.id !== undefined && !isSessionId(raw.id))
		return $tuple(undefined, "id must be 1-120 letters, digits, underscores or hyphens");
	if (raw.title !== undefined && !typeIs(raw.title, "string")) return $tuple(undefined, "title must be a string");
	if (raw.folderId !== undefined && !typeIs(raw.folderId, "string"))
		return $tuple(undefined, "folderId must be a string");
	if (raw.placeName !== undefined && !typeIs(raw.placeName, "string"))
		return $tuple(undefined, "placeName must be a string");
	if (raw.placeId !== undefined && !typeIs(raw.placeId, "number"))
		return $tuple(undefined, "placeId must be a number");
	for (const key of BOOLEANS)
		if (raw[key] !== undefined && !typeIs(raw[key], "boolean"))
			return $tuple(undefined, `${key} must be a boolean`);
	const { maxTurns, budgetSeconds, depth } = raw;
	if (
		maxTurns !== undefined &&
		(!typeIs(maxTurns, "number") || !finite(maxTurns) || maxTurns < 1 || maxTurns % 1 !== 0)
	)
		return $tuple(undefined, "maxTurns must be a positive finite integer");
	if (
		budgetSeconds !== undefined &&
		(!typeIs(budgetSeconds, "number") || !finite(budgetSeconds) || budgetSeconds <= 0)
	)
		return $tuple(undefined, "budgetSeconds must be a positive finite number");
	if (depth !== undefined && (!typeIs(depth, "number") || !finite(depth) || depth < 0 || depth % 1 !== 0))
		return $tuple(undefined, "depth must be a nonnegative integer");
	const [only, onlyProblem] = copyNameMap(raw.toolFilter, "toolFilter");
	if (onlyProblem !== undefined) return $tuple(undefined, onlyProblem);
	const [groups, groupsProblem] = copyNameMap(raw.toolGroups, "toolGroups");
	if (groupsProblem !== undefined) return $tuple(undefined, groupsProblem);
	const [exclude, excludeProblem] = copyNameMap(raw.toolExclude, "toolExclude");
	if (excludeProblem !== undefined) return $tuple(undefined, excludeProblem);
	return $tuple(
		{
			id: raw.id as string | undefined,
			title: raw.title as string | undefined,
			folderId: raw.folderId as string | undefined,
			activate: raw.activate as boolean | undefined,
			ephemeral: raw.ephemeral as boolean | undefined,
			headless: raw.headless as boolean | undefined,
			unlimited: raw.unlimited as boolean | undefined,
			stream: raw.stream as boolean | undefined,
			maxTurns: maxTurns as number | undefined,
			budgetSeconds: budgetSeconds as number | undefined,
			depth: depth as number | undefined,
			placeId: raw.placeId as number | undefined,
			placeName: raw.placeName as string | undefined,
			filter: { only, groups, exclude },
		},
		undefined,
	);
}
