// One entry per wire protocol: the request body, the inference route under the base URL, and the
// assembler for its answer. Chat Completions, Messages and Gemini routes are the provider wire
// facts (wire.ts); Responses is the OpenCode lane's `/responses`.
import { InferenceRoute, WIRE } from "../wire";
import { MessagesAssembler } from "./anthropic/assembler";
import { messagesBody } from "./anthropic/request";
import { GeminiAssembler } from "./gemini/assembler";
import { geminiBody } from "./gemini/request";
import { ChatAssembler } from "./openai/assembler";
import { chatBody } from "./openai/request";
import type { Assembler } from "./reply_state";
import type { BuildOptions } from "./request_common";
import { ResponsesAssembler } from "./responses/assembler";
import { responsesBody } from "./responses/request";
import type { JsonObject, ProtocolId, ProtocolRequest, ReplayScope } from "./types";

export function buildBody(protocol: ProtocolId, request: ProtocolRequest, options: BuildOptions): JsonObject {
	if (protocol === "anthropic") return messagesBody(request, options);
	if (protocol === "gemini") return geminiBody(request, options);
	if (protocol === "responses") return responsesBody(request, options);
	return chatBody(request, options);
}

export function inferenceRoute(protocol: ProtocolId, model: string, stream: boolean): InferenceRoute {
	return protocol === "responses" ? { path: "/responses" } : WIRE[protocol].inference(model, stream);
}

export function newAssembler(protocol: ProtocolId, scope: ReplayScope): Assembler {
	if (protocol === "anthropic") return new MessagesAssembler(scope);
	if (protocol === "gemini") return new GeminiAssembler(scope);
	if (protocol === "responses") return new ResponsesAssembler(scope);
	return new ChatAssembler();
}
