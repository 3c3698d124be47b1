// Context compaction: older history is replaced by a summary. Whole older user turns go first; in
// a single long turn, the earlier assistant/tool exchanges go (the request and the latest two
// exchanges stay). The previous summary is fed back in, so facts survive repeated compaction. A
// failed automatic summary keeps the earlier summary plus bounded, labelled excerpts; a manual
// compaction requires a real summary and otherwise changes nothing.
import type { Message } from "../../provider/protocols/types";
import { unavailableImageText } from "./image_history";
import { cutBytes } from "../dispatch/text";

export const SUMMARY_LIMIT = 4096;
export const SUMMARY_INPUT_LIMIT = 48000;
const EXCERPT_LIMIT = 1200;

export const SUMMARY_PROMPT =
	"Summarise the conversation below in plain text, at most 200 words. Keep the goal, the user's corrections, " +
	"decisions, exact paths and ids, cursors, completed edits and checks, and unfinished work. Separate what was " +
	"observed from what was only proposed. Merge the earlier summary when there is one.";

/** Both ends of `text` within `limit` bytes. */
export function excerpt(text: string, limit: number): string {
	if (text.size() <= limit) return text;
	const half = math.floor((limit - 40) / 2);
	const [head] = cutBytes(text, half);
	let tailStart = text.size() - half + 1;
	// step forward past continuation bytes so the tail starts on a character
	for (;;) {
		const [byte] = string.byte(text, tailStart);
		if (byte === undefined || byte < 0x80 || byte >= 0xc0) break;
		tailStart += 1;
	}
	return `${head}\n[… ${text.size() - limit} bytes omitted …]\n${text.sub(tailStart)}`;
}

function render(message: Message): string {
	let content = "";
	if (typeIs(message.content, "string")) content = message.content;
	else for (const part of message.content) content += part.type === "text" ? part.text : unavailableImageText(part);
	if (message.role === "assistant" && message.toolCalls !== undefined)
		for (const call of message.toolCalls) content += `\n[called ${call.name} ${call.arguments}]`;
	if (message.role === "tool") return `tool ${message.name}: ${content}`;
	return `${message.role}: ${content}`;
}

/** Where the kept part of `messages` begins, or undefined when nothing can be removed. */
export function cutPoint(messages: ReadonlyArray<Message>): number | undefined {
	const users = new Array<number>();
	messages.forEach((message, index) => {
		if (message.role === "user") users.push(index);
	});
	if (users.size() >= 2 && users[users.size() - 2] > 0) return users[users.size() - 2];
	// one long turn: keep its request and the latest two exchanges
	const exchanges = new Array<number>();
	messages.forEach((message, index) => {
		if (message.role === "assistant") exchanges.push(index);
	});
	if (exchanges.size() <= 2) return undefined;
	return exchanges[exchanges.size() - 2];
}

export interface Plan {
	/** Messages kept before the cut (the current request in a single long turn). */
	readonly head: ReadonlyArray<Message>;
	readonly removed: ReadonlyArray<Message>;
	readonly kept: ReadonlyArray<Message>;
	/** The summary model's input. */
	readonly input: string;
}

export function plan(messages: ReadonlyArray<Message>, previous: string): Plan | undefined {
	const cut = cutPoint(messages);
	if (cut === undefined) return undefined;
	const lastUser = messages.findIndex((message) => message.role === "user");
	const singleTurn = messages.filter((message) => message.role === "user").size() < 2 || cut <= lastUser;
	const head = new Array<Message>();
	const removed = new Array<Message>();
	messages.forEach((message, index) => {
		if (index >= cut) return;
		if (singleTurn && index === lastUser) head.push(message);
		else removed.push(message);
	});
	if (removed.isEmpty()) return undefined;
	const kept = new Array<Message>();
	for (let index = cut; index < messages.size(); index++) kept.push(messages[index]);
	let input = previous !== "" ? `Earlier summary:\n${previous}\n\nConversation:\n` : "Conversation:\n";
	input += removed.map(render).join("\n");
	return { head, removed, kept, input: excerpt(input, SUMMARY_INPUT_LIMIT) };
}

/** The summary that replaces the removed messages when no model summary was made. */
export function fallbackSummary(previous: string, removed: ReadonlyArray<Message>): string {
	const parts = new Array<string>();
	if (previous !== "") parts.push(previous);
	parts.push("[Excerpts kept because a summary could not be made]");
	for (const message of removed) {
		if (message.role !== "user" && message.role !== "assistant") continue;
		parts.push(excerpt(render(message), EXCERPT_LIMIT));
	}
	return excerpt(parts.join("\n"), SUMMARY_LIMIT);
}

/** A model summary merged with nothing else, bounded. */
export function boundedSummary(text: string): string {
	return excerpt(text, SUMMARY_LIMIT);
}
