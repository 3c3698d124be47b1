// Configuration defaults (what a new `UAI/config.json` starts with) and the checks applied when a
// single setting is read. Chosen values are listed with their reasons in docs/EMBEDDING.md
// ("Configuration defaults"); change both together.
import { markObject } from "./json";

/** The format version written to config.json. */
export const CONFIG_VERSION = 1;

/** A fresh defaults table (callers may keep and change it). */
export function createDefaults(): Record<string, unknown> {
	return {
		version: CONFIG_VERSION,
		ui: {
			panel: "chat",
			theme: "dark",
			fontScale: 1,
			reduceMotion: "auto",
			showReasoning: true,
			showToolDetail: false,
			showUsage: true,
			notifications: true,
		},
		chat: {
			interactiveAnswers: false,
		},
		agent: {
			maxTurns: 24,
			budgetSeconds: 900,
			unlimitedTurns: false,
			toolConcurrency: 8,
			toolTimeout: 60,
			requestTimeout: 300,
			retries: 6,
			contextTokens: 1000000,
			contextFraction: 0.8,
			keepTurns: 14,
			compaction: true,
			stream: true,
			temperature: 0.4,
			effort: "low",
			maxTokens: 128000,
			resultCap: 128000,
			repeatLimit: 3,
			fallback: false,
			freeRouting: true,
			forceReasoning: markObject({}),
			forceContext: markObject({}),
			disabledGroups: markObject({}),
			replyLanguage: "",
			customInstructions: "",
			subagentConcurrency: 12,
			subagentDepth: 4,
			subagentTurns: 30,
			subagentBudget: 900,
			subagentPreset: "full",
		},
		permissions: {
			mode: "full",
			remember: true,
			rules: markObject({}),
		},
		providers: {
			active: "",
			list: [],
		},
		bridge: {
			enabled: false,
			port: 8790,
			token: "",
			runtime: "game",
			requestTimeout: 180,
		},
		logs: {
			mirror: false,
			level: "info",
		},
		memory: {
			enabled: true,
		},
	};
}

/** How one setting is checked when read; an invalid stored value reads as `fallback`. */
export interface SettingRule {
	readonly kind: "integer" | "number" | "boolean" | "enum";
	readonly min?: number;
	readonly max?: number;
	readonly choices?: ReadonlyArray<string>;
	/** Read instead of an invalid value; the default when absent. */
	readonly fallback?: unknown;
}

const integer = (min: number, max: number, fallback?: number): SettingRule => ({ kind: "integer", min, max, fallback });
const number = (min: number, max: number): SettingRule => ({ kind: "number", min, max });
const oneOf = (...choices: Array<string>): SettingRule => ({ kind: "enum", choices });
const flag: SettingRule = { kind: "boolean" };

export const SETTING_RULES: ReadonlyMap<string, SettingRule> = new Map([
	["ui.theme", oneOf("dark", "light")],
	["ui.fontScale", number(0.85, 1.4)],
	["ui.reduceMotion", oneOf("auto", "on", "off")],
	["ui.showReasoning", flag],
	["ui.showToolDetail", flag],
	["ui.showUsage", flag],
	["ui.notifications", flag],
	["chat.interactiveAnswers", flag],
	["agent.maxTurns", integer(1, 1000)],
	["agent.budgetSeconds", number(1, 86400)],
	["agent.unlimitedTurns", flag],
	["agent.toolConcurrency", integer(1, 8)],
	// docs/EMBEDDING.md (Config): an invalid tool deadline reads as 25 seconds
	["agent.toolTimeout", { kind: "number", min: 1, max: 86400, fallback: 25 }],
	["agent.requestTimeout", number(1, 300)],
	["agent.retries", integer(1, 8)],
	["agent.contextTokens", integer(1000, 2000000)],
	["agent.contextFraction", number(0.3, 0.95)],
	["agent.keepTurns", integer(1, 1000)],
	["agent.compaction", flag],
	["agent.stream", flag],
	["agent.temperature", number(0, 2)],
	["agent.effort", oneOf("off", "low", "medium", "high", "xhigh", "max")],
	["agent.maxTokens", integer(1, 1000000)],
	["agent.resultCap", integer(1000, 8388608)],
	["agent.repeatLimit", integer(1, 100)],
	["agent.fallback", flag],
	["memory.enabled", flag],
	["agent.freeRouting", flag],
	["agent.subagentConcurrency", integer(1, 12)],
	["agent.subagentDepth", integer(1, 8)],
	["agent.subagentTurns", integer(1, 30)],
	["agent.subagentBudget", number(15, 86400)],
	["agent.subagentPreset", oneOf("read", "web", "game", "full")],
	// an unreadable stored mode falls back to asking, never to allowing everything
	["permissions.mode", { kind: "enum", choices: ["readonly", "ask", "auto", "full"], fallback: "ask" }],
	["permissions.remember", flag],
	["bridge.enabled", flag],
	["bridge.port", integer(1, 65535)],
	["bridge.runtime", oneOf("game", "web")],
	["bridge.requestTimeout", number(10, 86400)],
	["logs.mirror", flag],
	["logs.level", oneOf("debug", "info", "warn", "error")],
]);

/** Whether `value` satisfies `rule`. */
export function satisfies(rule: SettingRule, value: unknown): boolean {
	switch (rule.kind) {
		case "boolean":
			return typeIs(value, "boolean");
		case "enum":
			return typeIs(value, "string") && (rule.choices as ReadonlyArray<string>).includes(value);
		case "integer":
		case "number":
			return (
				typeIs(value, "number") &&
				value === value &&
				(rule.kind === "number" || value % 1 === 0) &&
				value >= (rule.min as number) &&
				value <= (rule.max as number)
			);
	}
}
