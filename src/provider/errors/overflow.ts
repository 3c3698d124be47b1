// Context-window refusals: recognised by the per-provider phrases of OpenCode's overflow table
// (its error.ts, itself from pi-mono's overflow.ts) plus the phrases the earlier 2.7 client matched
// (docs/PROVIDER_COMPATIBILITY.md, "Errors and repairs"), and the window the message names, when it
// names one of at least 512 tokens (2K and 4K local models included).

/** Lowercase phrases, each with the provider it was documented for. */
const OVERFLOW_PHRASES: ReadonlyArray<readonly [string, string]> = [
	["prompt is too long", "Anthropic"],
	["input is too long for requested model", "Bedrock"],
	["exceeds the context window", "OpenAI"],
	["maximum prompt length is", "xAI"],
	["reduce the length of the messages", "Groq"],
	["maximum context length is", "OpenRouter, DeepSeek, vLLM"],
	["exceeds the available context size", "llama.cpp"],
	["greater than the context length", "LM Studio"],
	["context window exceeds limit", "MiniMax"],
	["exceeded model token limit", "Moonshot"],
	["context_length_exceeded", "OpenAI-compatible code"],
	["request entity too large", "any, HTTP 413"],
	["context length", "generic"],
	["context window", "generic"],
	["maximum context", "generic"],
	["context size", "generic"],
	["n_ctx", "llama.cpp"],
	["too many tokens", "generic"],
];

/** Lua patterns whose capture is the window; tried in order. */
const WINDOW_PATTERNS = [
	"maximum context length is (%d+)",
	"maximum prompt length is (%d+)",
	"context window of (%d+)",
	"context length of (%d+)",
	"context length is (%d+)",
	"context size of (%d+)",
	"context size %((%d+) tokens%)",
	"n_ctx%s*[=:]%s*(%d+)",
	"n_ctx_slot%s*[=:]%s*(%d+)",
	"maximum number of tokens allowed %((%d+)%)",
	"exceeds the limit of (%d+)",
	"maximum of (%d+) tokens",
	"limit of (%d+) tokens",
	"(%d+)[- ]token context",
];

export const MIN_LEARNED_WINDOW = 512;

/** Digits without thousands separators ("128,000" and "128 000" become "128000"). */
export function plainNumbers(text: string): string {
	let out = text;
	for (let i = 0; i < 3; i++) out = out.gsub("(%d)[, ](%d%d%d)%f[%D]", "%1%2")[0];
	return out;
}

/** Gemini's "input token count (N) exceeds the maximum number of tokens allowed (M)" form. */
function isGeminiOverflow(lower: string): boolean {
	const [start] = lower.find("input token count", 1, true);
	return start !== undefined && lower.find("exceeds the maximum", start, true)[0] !== undefined;
}

/** True when an error text is a context-window refusal. */
export function isContextOverflow(text: string, status?: number): boolean {
	const lower = text.lower();
	if (status === 413 && lower.find("too large", 1, true)[0] !== undefined) return true;
	if (isGeminiOverflow(lower)) return true;
	for (const [phrase] of OVERFLOW_PHRASES) {
		if (lower.find(phrase, 1, true)[0] !== undefined) return true;
	}
	return false;
}

/** The context window an overflow message names, when it names one of at least 512 tokens. */
export function windowFromMessage(text: string): number | undefined {
	const lower = plainNumbers(text.lower());
	for (const pattern of WINDOW_PATTERNS) {
		const [capture] = lower.match(pattern);
		const value = capture !== undefined ? tonumber(capture) : undefined;
		if (value !== undefined && value >= MIN_LEARNED_WINDOW) return value;
	}
	return undefined;
}
