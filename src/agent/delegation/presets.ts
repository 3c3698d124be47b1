// What a sub-agent may use: its preset's tool groups (docs/TOOLS.md, "Sub-agents"), never the
// tools that talk to the user or rename the conversation, and no further delegation once it sits
// at the depth limit. The `read` preset is also limited to read-risk tools, so a read-only child
// cannot change anything whatever groups it reaches.
import { ToolFilter } from "../dispatch/tool";

export const PRESETS = ["read", "web", "game", "full"] as const;
export type Preset = (typeof PRESETS)[number];

/** The tool groups of each preset; `full` has every group. */
const GROUPS: Readonly<Record<Exclude<Preset, "full">, ReadonlyArray<string>>> = {
	read: ["fs", "instance", "world", "players", "perf", "meta", "web", "net", "gui"],
	web: ["web", "net"],
	game: ["instance", "world", "players", "gui", "meta"],
};

/** Tools no sub-agent is offered: they need the user, or change what the user named. */
const NEVER = ["ask_user", "conversation_rename"];
/** The delegation tools, left out at the depth limit. */
export const DELEGATION_TOOLS = ["dispatch_agent", "agent_followup", "agent_status"];

export function isPreset(value: unknown): value is Preset {
	return typeIs(value, "string") && PRESETS.includes(value as Preset);
}

/** The tool filter of a child made with `preset`; `atLimit` when it may not delegate further. */
export function presetFilter(preset: Preset, atLimit: boolean): ToolFilter {
	const exclude: Record<string, boolean> = {};
	for (const name of NEVER) exclude[name] = true;
	if (atLimit) for (const name of DELEGATION_TOOLS) exclude[name] = true;
	let groups: Record<string, boolean> | undefined;
	if (preset !== "full") {
		groups = {};
		for (const group of GROUPS[preset]) groups[group] = true;
	}
	return table.freeze({
		groups: groups !== undefined ? table.freeze(groups) : undefined,
		exclude: table.freeze(exclude),
		readOnly: preset === "read" ? true : undefined,
	});
}

/** The system-prompt instructions of a sub-agent. */
export function childInstructions(id: string, preset: Preset, depth: number): string {
	return (
		`You are ${id}, a sub-agent (depth ${depth}) working for another UAI conversation, with the "${preset}" ` +
		"tool preset. Do only the task you were given and stay within the tools you are offered. If an action " +
		"is denied or a tool is missing, do not try to work around it: report what you could not do. Nobody " +
		"reads your messages but the agent that dispatched you: end with a short, complete report of what you " +
		"found or did."
	);
}
