// The token estimate of a prompt, before any provider has counted it: bytes ÷ 4, +4 per message,
// 1,600 per image, +8 per tool call plus its name and arguments. The agent's compaction and output
// ceiling and automatic free routing all size requests with it.
import type { Message } from "./types";

export function estimateTokens(messages: ReadonlyArray<Message>): number {
	let total = 0;
	for (const message of messages) {
		total += 4;
		const content = message.content;
		if (typeIs(content, "string")) total += content.size() / 4;
		else for (const part of content) total += part.type === "text" ? part.text.size() / 4 : 1600;
		if (message.role === "assistant" && message.toolCalls !== undefined)
			for (const call of message.toolCalls) total += 8 + (call.name.size() + call.arguments.size()) / 4;
	}
	return math.ceil(total);
}
