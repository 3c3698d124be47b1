// The agent loop's system prompt. It is written per attempt, because one step may be answered by
// the active provider, a fallback provider after `provider:switch`, or a model chosen by automatic
// free routing: each attempt's prompt names the provider and model that attempt actually uses.
import { utf8Prefix } from "../../runtime/text_limit";

export const SYSTEM_PROMPT =
	"You are UAI, an assistant running inside a Roblox client. Use the available tools when they help, " +
	"respect denied actions, and answer concisely.";

/** The most of the host's prompt text a system prompt carries (bytes). */
export const HOST_PROMPT_LIMIT = 16_000;

/**
 * The system prompt of one attempt: who answers it, the host script's own instructions (the boot
 * context's `prompt`, read at each attempt), the client's notes for this request (the tool
 * families offered, the memory index), the session's own instructions (a sub-agent's scope),
 * then the summary of earlier history.
 */
export function systemPrompt(
	summary: string,
	provider: string,
	model: string,
	instructions?: string,
	hostPrompt?: unknown,
	notes?: string,
): string {
	const identity = `\n\nThis request is answered by the model "${model}" through the provider "${provider}".`;
	const host =
		typeIs(hostPrompt, "string") && hostPrompt.match("%S")[0] !== undefined
			? `\n\nInstructions from the host script:\n${utf8Prefix(hostPrompt, HOST_PROMPT_LIMIT)}`
			: "";
	const client = notes !== undefined && notes !== "" ? `\n\n${notes}` : "";
	const own = instructions !== undefined && instructions !== "" ? `\n\n${instructions}` : "";
	const earlier = summary !== "" ? `\n\nSummary of the earlier conversation:\n${summary}` : "";
	return SYSTEM_PROMPT + identity + host + client + own + earlier;
}
