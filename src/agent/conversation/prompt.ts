// The agent loop's system prompt. It is written per attempt, because one step may be answered by
// the active provider, a fallback provider after `provider:switch`, or a model chosen by automatic
// free routing: each attempt's prompt names the provider and model that attempt actually uses.
export const SYSTEM_PROMPT =
	"You are UAI, an assistant running inside a Roblox client. Use the available tools when they help, " +
	"respect denied actions, and answer concisely.";

/**
 * The system prompt of one attempt: who answers it, the session's own instructions (a sub-agent's
 * scope), then the summary of earlier history.
 */
export function systemPrompt(summary: string, provider: string, model: string, instructions?: string): string {
	const identity = `\n\nThis request is answered by the model "${model}" through the provider "${provider}".`;
	const own = instructions !== undefined && instructions !== "" ? `\n\n${instructions}` : "";
	const earlier = summary !== "" ? `\n\nSummary of the earlier conversation:\n${summary}` : "";
	return SYSTEM_PROMPT + identity + own + earlier;
}
