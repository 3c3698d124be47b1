// Settings → Tools: every built-in tool family with its label, what it does, its highest risk and
// whether this host supports it; a toggle per family turns the group off (`agent.disabledGroups`,
// which leaves its tools out of every conversation's definitions); and the memory switch.
import type { Handle, Tab, Window } from "../../api";
import { CONTROL_UNITS, loadPaced, Pause } from "../slices";

const RISK_ORDER = ["read", "write", "danger"];

export function buildToolsSection(uai: Handle, window: Window, tab: Tab, pause: Pause) {
	const config = uai.config;
	const util = uai.env.require("runtime/util");
	const section = tab.Section({
		Title: "Tools",
		Description: "Built-in tool families. A family that is off is never offered to the agent.",
	});
	const disabled = () => {
		const stored = config.get("agent.disabledGroups");
		return typeIs(stored, "table") ? (stored as Record<string, unknown>) : {};
	};
	const toggles = new Map<string, { Set(value: unknown, silent?: boolean): unknown }>();
	// the tool catalogue loads on first require: the client's tool modules (script.Parent is the app's
	// panels, its parent's parent the client's root) are compiled a frame's share at a time first
	const families = loadPaced(uai, pause, script.Parent!.Parent!.Parent!.WaitForChild("tools"), () =>
		uai.env.require("tools/builtin"),
	);
	for (const family of families) {
		let highest = 0;
		const missing = new Set<string>();
		let unavailable = 0;
		for (const tool of family.tools) {
			highest = math.max(highest, RISK_ORDER.indexOf(tool.risk));
			const lacks = tool.needs.filter((need) => !uai.caps.has(need));
			for (const need of lacks) missing.add(need);
			if (!lacks.isEmpty()) unavailable += 1;
		}
		const needs = [...missing].join(", ");
		const support =
			unavailable === 0
				? "supported on this host"
				: unavailable === family.tools.size()
					? `not supported on this host (needs ${needs})`
					: `${unavailable} of ${family.tools.size()} need ${needs}, which this host lacks`;
		const toggle = section.Toggle({
			Id: `settings-tools-${family.group}`,
			Text: family.label,
			Description: `${family.summary}. ${family.tools.size()} tools, up to ${RISK_ORDER[highest]} risk; ${support}.`,
			Default: disabled()[family.group] !== true,
			Persist: false,
			Callback: (on: unknown) => {
				const groups = util.markObject({})[0] as Record<string, unknown>;
				for (const [group, off] of pairs(disabled())) if (off === true) groups[group as string] = true;
				if (on === true) delete groups[family.group];
				else groups[family.group] = true;
				const [, reason] = config.set("agent.disabledGroups", groups);
				if (reason !== undefined)
					window.Notify({ Title: "Setting not changed", Content: reason, Kind: "Warning" });
			},
		});
		toggles.set(family.group, toggle);
		pause(CONTROL_UNITS);
	}
	const memory = section.Toggle({
		Id: "settings-tools-memory",
		Text: "Memory across conversations",
		Description: "Lets the agent remember short notes (memory_write); their keys are listed in its instructions.",
		Default: config.get("memory.enabled") !== false,
		Persist: false,
		Callback: (on: unknown) => config.set("memory.enabled", on === true),
	});
	const refresh = (path: string | undefined) => {
		if (path === undefined || path.sub(1, 20) === "agent.disabledGroups")
			for (const [group, toggle] of toggles) toggle.Set(disabled()[group] !== true, true);
		if (path === undefined || path === "memory.enabled") memory.Set(config.get("memory.enabled") !== false, true);
	};
	window.Give(config.changed.connect(refresh));
	// the section may be built in slices: a change made meanwhile shows too
	refresh(undefined);
}
