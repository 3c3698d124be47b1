// Per-model request rules as data, each with its source: the documented reasoning-effort scale,
// whether sampling parameters (temperature) are accepted, Anthropic adaptive thinking, and how a
// Gemini model takes its thinking control (thinkingLevel for Gemini 3 and later, thinkingBudget
// for 2.5). A model matches the rule with the longest `match` found in its lowercased id at the
// start of a name part (after "/", "-", ":" or at the start).
//
// Effort (docs/PROVIDER_COMPATIBILITY.md, "Wire protocols and request bodies"): "" or "off" is the
// provider default and omits the field; a documented scale clamps the setting to the exact level or
// the nearest one below; a model without a documented scale receives the setting unclamped only
// when reasoning support is enabled for it (Options → Reasoning support), otherwise no effort field
// is sent.

export type Effort = "none" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max";

/** Every level, ascending. */
export const EFFORT_ORDER: ReadonlyArray<Effort> = ["none", "minimal", "low", "medium", "high", "xhigh", "max"];

export interface ModelRule {
	readonly match: string;
	/** The documented effort scale, ascending; absent when none is documented. */
	readonly efforts?: ReadonlyArray<Effort>;
	/** False: temperature is left to the provider unless the model option says Send. */
	readonly sampling?: boolean;
	/** Anthropic adaptive thinking (`thinking: {type: "adaptive"}` with `output_config.effort`). */
	readonly adaptive?: boolean;
	/** Gemini thinking control. */
	readonly gemini?: "level" | "budget";
	/** Gemini 2.5 thinkingBudget per effort level (tokens; 0 turns thinking off). */
	readonly budgets?: { readonly [level in Effort]?: number };
	readonly source: string;
}

const OPENAI = "https://platform.openai.com/docs/api-reference/chat/create (reasoning_effort)";
const OPENAI_O = "https://platform.openai.com/docs/guides/reasoning";
const CLAUDE_EFFORT = "https://platform.claude.com/docs/en/build-with-claude/effort";
const CLAUDE_TRAITS = "the 2.7 client's provider traits (the Claude models without sampling)";
const GEMINI = "https://ai.google.dev/gemini-api/docs/thinking";
const GEMINI_3 = "https://ai.google.dev/gemini-api/docs/gemini-3 (temperature: keep the default 1.0)";
const GEMINI_GUIDE = "docs/PROVIDER_COMPATIBILITY.md, Reasoning effort (Gemini 3 and later)";

const CLAUDE_FULL: ReadonlyArray<Effort> = ["low", "medium", "high", "xhigh", "max"];
const CLAUDE_46: ReadonlyArray<Effort> = ["low", "medium", "high", "max"];
const GPT5_NEW: ReadonlyArray<Effort> = ["none", "low", "medium", "high", "xhigh"];
const O_SERIES: ReadonlyArray<Effort> = ["low", "medium", "high"];
const FLASH_LEVELS: ReadonlyArray<Effort> = ["minimal", "low", "medium", "high"];
const FLASH_NEW_LEVELS: ReadonlyArray<Effort> = ["low", "medium", "high"];

export const MODEL_RULES: ReadonlyArray<ModelRule> = [
	// OpenAI: reasoning models take reasoning_effort and reject temperature other than the default.
	{ match: "o1", efforts: O_SERIES, sampling: false, source: OPENAI_O },
	{ match: "o3", efforts: O_SERIES, sampling: false, source: OPENAI_O },
	{ match: "o4-mini", efforts: O_SERIES, sampling: false, source: OPENAI_O },
	{ match: "gpt-5", efforts: ["minimal", "low", "medium", "high"], sampling: false, source: OPENAI },
	{ match: "gpt-5-pro", efforts: ["high"], sampling: false, source: OPENAI },
	{ match: "gpt-5.1", efforts: ["none", "low", "medium", "high"], sampling: false, source: OPENAI },
	{ match: "gpt-5.1-codex-max", efforts: GPT5_NEW, sampling: false, source: OPENAI },
	{ match: "gpt-5.2", efforts: GPT5_NEW, sampling: false, source: OPENAI },
	{ match: "gpt-5.3", efforts: GPT5_NEW, sampling: false, source: OPENAI },
	{ match: "gpt-5.4", efforts: GPT5_NEW, sampling: false, source: OPENAI },
	// Anthropic: adaptive thinking with output_config.effort.
	{ match: "claude-opus-4-6", efforts: CLAUDE_46, adaptive: true, source: CLAUDE_EFFORT },
	{ match: "claude-sonnet-4-6", efforts: CLAUDE_46, adaptive: true, source: CLAUDE_EFFORT },
	{ match: "claude-opus-4-7", efforts: CLAUDE_FULL, adaptive: true, sampling: false, source: CLAUDE_TRAITS },
	{ match: "claude-opus-4-8", efforts: CLAUDE_FULL, adaptive: true, sampling: false, source: CLAUDE_TRAITS },
	{ match: "claude-opus-5", efforts: CLAUDE_FULL, adaptive: true, sampling: false, source: CLAUDE_TRAITS },
	{ match: "claude-sonnet-5", efforts: CLAUDE_FULL, adaptive: true, sampling: false, source: CLAUDE_TRAITS },
	{ match: "claude-fable-5", efforts: CLAUDE_FULL, adaptive: true, sampling: false, source: CLAUDE_TRAITS },
	{ match: "claude-mythos-5-1", efforts: CLAUDE_FULL, adaptive: true, sampling: false, source: CLAUDE_TRAITS },
	// Gemini 2.5: thinkingBudget (Pro 128–32768 and cannot turn thinking off; Flash 0–24576;
	// Flash-Lite 512–24576 or 0).
	{
		match: "gemini-2.5-pro",
		gemini: "budget",
		budgets: { none: 128, minimal: 128, low: 1024, medium: 8192, high: 32768, xhigh: 32768, max: 32768 },
		source: GEMINI,
	},
	{
		match: "gemini-2.5-flash",
		gemini: "budget",
		budgets: { none: 0, minimal: 512, low: 1024, medium: 8192, high: 24576, xhigh: 24576, max: 24576 },
		source: GEMINI,
	},
	// Gemini 3 and later: thinkingLevel; temperature stays at Google's default unless Send.
	{ match: "gemini-3", gemini: "level", sampling: false, source: `${GEMINI}; ${GEMINI_3}` },
	{ match: "gemini-3-pro", gemini: "level", efforts: ["low", "high"], sampling: false, source: GEMINI },
	{ match: "gemini-3-flash", gemini: "level", efforts: FLASH_LEVELS, sampling: false, source: GEMINI },
	{ match: "gemini-3.1-pro", gemini: "level", efforts: ["low", "medium", "high"], sampling: false, source: GEMINI },
	{ match: "gemini-3.1-flash-lite", gemini: "level", efforts: FLASH_LEVELS, sampling: false, source: GEMINI },
	{
		match: "gemini-3.6-flash",
		gemini: "level",
		efforts: FLASH_LEVELS,
		sampling: false,
		source: `${GEMINI}; ${GEMINI_GUIDE}`,
	},
	{
		match: "gemini-3.7-flash",
		gemini: "level",
		efforts: FLASH_NEW_LEVELS,
		sampling: false,
		source: `${GEMINI}; ${GEMINI_GUIDE}`,
	},
	{
		match: "gemini-3.8-flash",
		gemini: "level",
		efforts: FLASH_NEW_LEVELS,
		sampling: false,
		source: `${GEMINI}; ${GEMINI_GUIDE}`,
	},
	{ match: "gemini-4-argon", gemini: "level", sampling: false, source: GEMINI_GUIDE },
];

// True when `word` occurs in `id` at the start of a name part ("openai/o3-mini", not "pro3").
function containsWord(id: string, word: string): boolean {
	let from = 1;
	for (;;) {
		const [start] = id.find(word, from, true);
		if (start === undefined) return false;
		if (start === 1 || id.sub(start - 1, start - 1).match("%w")[0] === undefined) return true;
		from = start + 1;
	}
}

/** The rule for a model id (the longest matching `match`), if any. */
export function ruleFor(model: string): ModelRule | undefined {
	const id = model.lower();
	let best: ModelRule | undefined;
	for (const rule of MODEL_RULES) {
		if (!containsWord(id, rule.match)) continue;
		if (best === undefined || rule.match.size() > best.match.size()) best = rule;
	}
	return best;
}

function rank(level: string): number | undefined {
	const index = EFFORT_ORDER.indexOf(level as Effort);
	return index >= 0 ? index : undefined;
}

/** Clamps `level` to a scale: the exact level, else the nearest one below, else the lowest. */
export function clampEffort(level: Effort, scale: ReadonlyArray<Effort>): Effort {
	const wanted = rank(level) ?? 0;
	let chosen = scale[0];
	for (const candidate of scale) if ((rank(candidate) ?? 0) <= wanted) chosen = candidate;
	return chosen;
}

/**
 * The effort level to send for `model`, or undefined to omit the field: "" and "off" are the
 * provider default; a documented scale clamps; an undocumented model gets the level unclamped only
 * when reasoning support is enabled for it.
 */
export function resolveEffort(
	model: string,
	requested: string | undefined,
	reasoningEnabled = false,
): string | undefined {
	const level = (requested ?? "").lower();
	if (level === "" || level === "off" || level === "default") return undefined;
	const rule = ruleFor(model);
	if (rule?.efforts !== undefined && rank(level) !== undefined) return clampEffort(level as Effort, rule.efforts);
	if (rule?.efforts !== undefined) return undefined;
	const known = rule !== undefined && (rule.adaptive === true || rule.gemini !== undefined);
	return known || reasoningEnabled ? level : undefined;
}

/** The temperature to send under the model's Temperature handling (Auto, Send or Omit). */
export function resolveTemperature(
	model: string,
	mode: "auto" | "send" | "omit",
	temperature: number | undefined,
): number | undefined {
	if (temperature === undefined || mode === "omit") return undefined;
	if (mode === "send") return temperature;
	return ruleFor(model)?.sampling === false ? undefined : temperature;
}
