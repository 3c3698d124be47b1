// History as the model receives it: a stored OpenUI answer or user action carries marker lines
// and page state the model never sees (docs/OPENUI.md, "Storage"). The client hands the loop the
// stored-message model text (the openui layer sits above the agent); every assistant and user text
// with a marker goes through it. Plain text is unchanged, and so is saved history.
import type { Message } from "../../provider/protocols/types";

export type ModelText = (stored: string, role: "assistant" | "user") => string;

const MARKER = "]]>openui:";

/** `messages` with stored OpenUI messages reduced to what the model may see. */
export function withModelText(messages: ReadonlyArray<Message>, modelText: ModelText | undefined): Array<Message> {
	if (modelText === undefined) return [...messages];
	return messages.map((message) => {
		const content = (message as { content?: unknown }).content;
		if (message.role !== "assistant" && message.role !== "user") return message;
		if (!typeIs(content, "string") || content.find(MARKER, 1, true)[0] === undefined) return message;
		return { ...message, content: modelText(content, message.role) } as Message;
	});
}
