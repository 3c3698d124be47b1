// Recognises which wire protocol a decoded event belongs to, so that a stream of another protocol
// fails with a hint to check the Protocol and Base URL settings instead of a vague parse error
// (docs/PROVIDER_COMPATIBILITY.md, "Stream assembly").
import { MESSAGES_EVENTS } from "./anthropic/events";
import type { JsonObject, ProtocolId } from "./types";
import { asList, asString } from "./view";

export const PROTOCOL_NAMES: { [id in ProtocolId]: string } = {
	openai: "Chat Completions",
	anthropic: "Anthropic Messages",
	gemini: "Google Gemini",
	responses: "OpenAI Responses",
};

/** The name of the protocol a decoded event or document belongs to, when it is recognisable. */
export function protocolOf(data: JsonObject): string | undefined {
	const kind = asString(data.type) ?? "";
	if (
		data.object === "chat.completion.chunk" ||
		data.object === "chat.completion" ||
		asList(data.choices) !== undefined
	) {
		return PROTOCOL_NAMES.openai;
	}
	if (MESSAGES_EVENTS.has(kind) || (kind === "message" && asList(data.content) !== undefined)) {
		return PROTOCOL_NAMES.anthropic;
	}
	if (kind.sub(1, 9) === "response." || data.object === "response") return PROTOCOL_NAMES.responses;
	if (asList(data.candidates) !== undefined || data.usageMetadata !== undefined) return PROTOCOL_NAMES.gemini;
	if (kind.sub(1, 8) === "session." || kind.sub(1, 13) === "conversation.") return "OpenAI Realtime";
	return undefined;
}

/** The error text for events of `found` on a route that expects `expected`. */
export function mismatchMessage(expected: ProtocolId, found: string): string {
	return `the provider answered with ${found} events, but this connection expects ${PROTOCOL_NAMES[expected]}: check the provider's Protocol and Base URL settings`;
}
