// Conversations as the agent's notes tools see them: one line per conversation for lists, and a
// condensed or full text of one conversation (user text ≤ 500 characters, replies ≤ 900, tool
// traffic left out of the condensed view).
import type { Message } from "../provider/protocols/types";
import { firstCharacters } from "../runtime/text_limit";

function contentOf(message: Message): string {
	if (typeIs(message.content, "string")) return message.content;
	const parts = new Array<string>();
	for (const part of message.content as ReadonlyArray<{ type?: string; text?: string }>)
		if (part.type === "text" && typeIs(part.text, "string")) parts.push(part.text);
		else parts.push("[image]");
	return parts.join("\n");
}

function shortened(text: string, characters: number): string {
	const kept = firstCharacters(text, characters);
	return kept.size() < text.size() ? `${kept}…` : kept;
}

/** The conversation as text: condensed (user and assistant text, cut) or full (tool traffic too). */
export function conversationText(messages: ReadonlyArray<Message>, full: boolean): string {
	const lines = new Array<string>();
	for (const message of messages) {
		if (message.role === "system") continue;
		if (message.role === "tool") {
			if (full) lines.push(`[tool ${message.name}] ${message.content}`);
			continue;
		}
		const text = contentOf(message);
		if (message.role === "user") lines.push(`User: ${full ? text : shortened(text, 500)}`);
		else {
			if (text !== "") lines.push(`Assistant: ${full ? text : shortened(text, 900)}`);
			if (full) for (const call of message.toolCalls ?? []) lines.push(`[call ${call.name}] ${call.arguments}`);
		}
	}
	return lines.join("\n\n");
}

/** Every line of the conversation containing `needle` (lowercase), with its role. */
export function matchingLines(messages: ReadonlyArray<Message>, needle: string): ReadonlyArray<string> {
	const found = new Array<string>();
	for (const message of messages) {
		if (message.role === "system" || message.role === "tool") continue;
		for (const line of contentOf(message).split("\n"))
			if (string.find(line.lower(), needle, 1, true)[0] !== undefined)
				found.push(`${message.role}: ${shortened(line, 200)}`);
	}
	return found;
}
