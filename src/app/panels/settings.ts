// Settings: permission mode and per-tool rules, agent limits, reasoning effort, automatic free
// routing, appearance (the window follows the settings: appearance.ts), and configuration export/import (Review, then Apply). Controls start from
// the configuration and reflect later changes silently, so an outside change never loops back.
import type { Handle, Tab, Window } from "../../api";
import { CONTROL_UNITS, Pause } from "../slices";
import { motionSetting, textScale, themeName } from "../appearance";
import { buildTransferSection } from "./transfer";
import { buildToolsSection } from "./settings_tools";

const MODES = ["readonly", "ask", "auto", "full"];
// "off" omits the effort field (the provider's default), which does not turn reasoning off
const EFFORTS = [
	{ Label: "Provider default", Value: "off" },
	...["low", "medium", "high", "xhigh", "max"].map((level) => ({ Label: level, Value: level })),
];
const VERDICTS = ["allow", "ask", "deny", "default"];

interface Reflected {
	readonly path: string;
	readonly read: () => unknown;
	readonly control: { Set(value: unknown, silent?: boolean): unknown };
}

export function buildSettingsPanel(uai: Handle, window: Window, tab: Tab, pause: Pause) {
	const config = uai.config;
	const reflected = new Array<Reflected>();
	const reflect = (path: string, control: Reflected["control"], read = () => config.get(path)) =>
		reflected.push({ path, read, control });
	const store = (path: string, value: unknown) => {
		const [, reason] = config.set(path, value);
		if (reason !== undefined) window.Notify({ Title: "Setting not changed", Content: reason, Kind: "Warning" });
	};

	const permissions = tab.Section({
		Title: "Permissions",
		Description: "Client-wide: every conversation and integration shares them. Rules override the mode.",
	});
	const mode = permissions.Segmented({
		Id: "settings-mode",
		Text: "Permission mode",
		Description:
			"Read-only denies writes; Ask prompts for writes; Auto prompts for dangerous tools; Full allows everything.",
		Options: MODES,
		Default: uai.permissions.mode(),
		Persist: false,
		Callback: (value: unknown) => {
			const [ok, reason] = uai.permissions.setMode(value);
			if (!ok) window.Notify({ Title: "Mode not changed", Content: tostring(reason), Kind: "Warning" });
		},
	});
	reflect("permissions.mode", mode, () => uai.permissions.mode());
	pause(CONTROL_UNITS);
	const rules = permissions.List({ Id: "settings-rules", Text: "Tool rules", Height: 120, MaxItems: 500 });
	pause(CONTROL_UNITS);
	const showRules = () =>
		rules.SetItems(
			uai.permissions.listRules().map((rule) => ({ Title: rule.pattern, Text: rule.verdict, Kind: "Info" })),
		);
	const pattern = permissions.Input({
		Id: "settings-rule-pattern",
		Text: "Tool name or prefix*",
		Placeholder: "fs_*",
		Persist: false,
	});
	pause(CONTROL_UNITS);
	const verdict = permissions.Segmented({
		Id: "settings-rule-verdict",
		Text: "Rule",
		Options: VERDICTS,
		Persist: false,
	});
	pause(CONTROL_UNITS);
	permissions.Button({
		Id: "settings-rule-set",
		Text: "Set the rule (default removes it)",
		ActionText: "Set rule",
		Callback: () => {
			const [ok, reason] = uai.permissions.setRule(pattern.Get(), verdict.Get());
			if (!ok) window.Notify({ Title: "Rule not set", Content: tostring(reason), Kind: "Warning" });
			showRules();
		},
	});
	pause(CONTROL_UNITS);

	const agent = tab.Section({
		Title: "Agent",
		Description: "Limits of one turn, reasoning effort and free routing.",
	});
	const rounds = agent.Slider({
		Id: "settings-rounds",
		Text: "Tool rounds per turn",
		Min: 1,
		Max: 1000,
		Default: config.get("agent.maxTurns"),
		Persist: false,
		OnCommit: (value: unknown) => store("agent.maxTurns", value),
	});
	reflect("agent.maxTurns", rounds);
	pause(CONTROL_UNITS);
	const deadline = agent.Slider({
		Id: "settings-deadline",
		Text: "Turn deadline",
		Min: 30,
		Max: 3600,
		Step: 30,
		Suffix: " s",
		Default: config.get("agent.budgetSeconds"),
		Persist: false,
		OnCommit: (value: unknown) => store("agent.budgetSeconds", value),
	});
	reflect("agent.budgetSeconds", deadline);
	pause(CONTROL_UNITS);
	const unlimited = agent.Toggle({
		Id: "settings-unlimited",
		Text: "Unlimited rounds and time",
		Description: "Lifts both limits above; transport and tool deadlines still apply.",
		Default: config.get("agent.unlimitedTurns") === true,
		Persist: false,
		Callback: (value: unknown) => store("agent.unlimitedTurns", value),
	});
	reflect("agent.unlimitedTurns", unlimited);
	pause(CONTROL_UNITS);
	const effort = agent.Segmented({
		Id: "settings-effort",
		Text: "Reasoning effort",
		Description: "Provider default sends no effort field; it does not turn reasoning off.",
		Options: EFFORTS,
		Default: config.get("agent.effort"),
		Persist: false,
		Callback: (value: unknown) => store("agent.effort", value),
	});
	reflect("agent.effort", effort);
	pause(CONTROL_UNITS);
	const routing = agent.Toggle({
		Id: "settings-free-routing",
		Text: "Automatic free routing",
		Description: "Measures free models in the background and prefers the fastest verified one.",
		Default: config.get("agent.freeRouting") === true,
		Persist: false,
		Callback: (value: unknown) => store("agent.freeRouting", value),
	});
	reflect("agent.freeRouting", routing);
	pause(CONTROL_UNITS);

	buildToolsSection(uai, window, tab, pause);
	pause(CONTROL_UNITS);

	const chat = tab.Section({ Title: "Chat" });
	const interactive = chat.Toggle({
		Id: "settings-interactive-answers",
		Text: "Interactive answers",
		Description: "Lets the model answer with tables, metrics, forms and buttons (OpenUI programs).",
		Default: config.get("chat.interactiveAnswers") === true,
		Persist: false,
		Callback: (value: unknown) => store("chat.interactiveAnswers", value),
	});
	reflect("chat.interactiveAnswers", interactive);
	pause(CONTROL_UNITS);

	const look = tab.Section({ Title: "Appearance" });
	const theme = look.Segmented({
		Id: "settings-theme",
		Text: "Theme",
		Options: ["Dark", "Light"],
		Default: themeName(config),
		Persist: false,
		Callback: (value: unknown) => store("ui.theme", tostring(value).lower()),
	});
	reflect("ui.theme", theme, () => themeName(config));
	pause(CONTROL_UNITS);
	const scale = look.Slider({
		Id: "settings-text-scale",
		Text: "Text size",
		Min: 0.85,
		Max: 1.4,
		Step: 0.05,
		Suffix: "×",
		Default: textScale(config),
		Persist: false,
		OnCommit: (value: unknown) => store("ui.fontScale", value),
	});
	reflect("ui.fontScale", scale, () => textScale(config));
	pause(CONTROL_UNITS);
	const motion = look.Segmented({
		Id: "settings-motion",
		Text: "Reduced motion",
		Options: ["auto", "on", "off"],
		Default: motionSetting(config),
		Persist: false,
		Callback: (value: unknown) => store("ui.reduceMotion", value),
	});
	reflect("ui.reduceMotion", motion, () => motionSetting(config));
	pause(CONTROL_UNITS);

	buildTransferSection(uai, window, tab, pause);

	const refresh = (path: string | undefined) => {
		for (const entry of reflected) {
			if (path === undefined || path === entry.path) entry.control.Set(entry.read(), true);
		}
		if (path === undefined || path.sub(1, 12) === "permissions.") showRules();
	};
	window.Give(config.changed.connect((path) => refresh(path)));
	// the page may be built in slices: a change made meanwhile shows too. Setting every control and
	// the rules list costs about a control's drawing: counted before it, it gets a slice of its own
	pause(CONTROL_UNITS);
	refresh(undefined);
}
