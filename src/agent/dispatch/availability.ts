// Whether a registered tool can be used right now by a given conversation: its capabilities are
// present, its group is not disabled (`agent.disabledGroups`), the session's tool maps let it
// through and, for discovery, permissions do not deny it. Definitions, the catalog and dispatch all
// ask here, so what the model is offered and what it may call stay the same set.
import { PublicConfig } from "../../runtime/config";
import { filterAllows } from "./filter";
import { decide, Policy } from "./permissions";
import { Entry } from "./registry";
import { Tool, ToolFilter } from "./tool";

export interface Block {
	/** The dispatcher's error code. */
	readonly code: "tool disabled" | "capability missing";
	readonly text: string;
}

export interface Availability {
	/** Why `tool` cannot be offered or run under `filter` (permissions aside), or nil. */
	readonly blocked: (tool: Tool, filter: ToolFilter | undefined) => Block | undefined;
	/** The tools the model may be offered under `filter`, in declaration order. */
	readonly callable: (filter: ToolFilter | undefined) => ReadonlyArray<Tool>;
}

export interface AvailabilityDeps {
	readonly config: PublicConfig;
	readonly has: (capability: string) => boolean;
	readonly ordered: () => ReadonlyArray<Entry>;
	readonly policy: () => Policy;
}

export function createAvailability(deps: AvailabilityDeps): Availability {
	const disabledGroups = (): Readonly<Record<string, unknown>> => {
		const stored = deps.config.get("agent.disabledGroups");
		return typeIs(stored, "table") ? (stored as Record<string, unknown>) : {};
	};

	const check = (tool: Tool, filter: ToolFilter | undefined, disabled: Readonly<Record<string, unknown>>) => {
		if (disabled[tool.group] === true)
			return { code: "tool disabled", text: `the ${tool.group} tool group is disabled; do not retry` } as Block;
		if (!filterAllows(filter, tool))
			return {
				code: "tool disabled",
				text: `${tool.name} is not available in this conversation; do not retry`,
			} as Block;
		for (const capability of tool.needs) {
			if (!deps.has(capability))
				return {
					code: "capability missing",
					text: `${tool.name} needs ${capability}, which this host lacks`,
				} as Block;
		}
		return undefined;
	};

	// Permission verdicts for discovery, kept while the registry (its ordered list is rebuilt on every
	// change), the mode and the rules stay the same: a turn asks once per tool, not once per request.
	let verdicts: { ordered: ReadonlyArray<Entry>; key: string; denied: Set<string> } | undefined;
	const policyKey = (policy: Policy) => {
		const parts: Array<string> = [policy.mode];
		for (const [pattern, verdict] of policy.rules) parts.push(`${pattern}=${verdict}`);
		table.sort(parts);
		return parts.join("\0");
	};
	const deniedTools = (ordered: ReadonlyArray<Entry>): Set<string> => {
		const policy = deps.policy();
		const key = policyKey(policy);
		if (verdicts !== undefined && verdicts.ordered === ordered && verdicts.key === key) return verdicts.denied;
		const denied = new Set<string>();
		for (const { tool } of ordered)
			if (decide(policy, tool.name, tool.risk).verdict === "deny") denied.add(tool.name);
		verdicts = { ordered, key, denied };
		return denied;
	};

	return {
		blocked: (tool, filter) => check(tool, filter, disabledGroups()),
		callable: (filter) => {
			const disabled = disabledGroups();
			const ordered = deps.ordered();
			const denied = deniedTools(ordered);
			const list = new Array<Tool>();
			for (const { tool } of ordered) {
				if (check(tool, filter, disabled) !== undefined) continue;
				if (!denied.has(tool.name)) list.push(tool);
			}
			return list;
		},
	};
}
