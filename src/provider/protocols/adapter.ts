// One entry per wire protocol: the request body, the inference route under the base URL, and the
// assembler for its answer. Chat Completions, Messages and Gemini routes are the provider wire
// facts (wire.ts); Responses is the OpenCode lane's `/responses`. A protocol's modules load when
// a provider of that protocol is first used, not at boot (docs/BUILDING.md, "Lazy modules"): each
// is a literal require of its file, which the bundler follows and carries.
/* eslint-disable @typescript-eslint/no-require-imports */
import { InferenceRoute, WIRE } from "../wire";
import type * as MessagesReply from "./anthropic/assembler";
import type * as MessagesRequest from "./anthropic/request";
import type * as GeminiReply from "./gemini/assembler";
import type * as GeminiRequest from "./gemini/request";
import type * as ChatReply from "./openai/assembler";
import type * as ChatRequest from "./openai/request";
import type { Assembler } from "./reply_state";
import type { BuildOptions } from "./request_common";
import type * as ResponsesReply from "./responses/assembler";
import type * as ResponsesRequest from "./responses/request";
import type { JsonObject, ProtocolId, ProtocolRequest, ReplayScope } from "./types";

export function buildBody(protocol: ProtocolId, request: ProtocolRequest, options: BuildOptions): JsonObject {
	if (protocol === "anthropic") {
		const m = require(script.Parent!.WaitForChild("anthropic").WaitForChild("request") as ModuleScript);
		return (m as typeof MessagesRequest).messagesBody(request, options);
	}
	if (protocol === "gemini") {
		const m = require(script.Parent!.WaitForChild("gemini").WaitForChild("request") as ModuleScript);
		return (m as typeof GeminiRequest).geminiBody(request, options);
	}
	if (protocol === "responses") {
		const m = require(script.Parent!.WaitForChild("responses").WaitForChild("request") as ModuleScript);
		return (m as typeof ResponsesRequest).responsesBody(request, options);
	}
	const m = require(script.Parent!.WaitForChild("openai").WaitForChild("request") as ModuleScript);
	return (m as typeof ChatRequest).chatBody(request, options);
}

export function inferenceRoute(protocol: ProtocolId, model: string, stream: boolean): InferenceRoute {
	return protocol === "responses" ? { path: "/responses" } : WIRE[protocol].inference(model, stream);
}

export function newAssembler(protocol: ProtocolId, scope: ReplayScope): Assembler {
	if (protocol === "anthropic") {
		const m = require(script.Parent!.WaitForChild("anthropic").WaitForChild("assembler") as ModuleScript);
		return new (m as typeof MessagesReply).MessagesAssembler(scope);
	}
	if (protocol === "gemini") {
		const m = require(script.Parent!.WaitForChild("gemini").WaitForChild("assembler") as ModuleScript);
		return new (m as typeof GeminiReply).GeminiAssembler(scope);
	}
	if (protocol === "responses") {
		const m = require(script.Parent!.WaitForChild("responses").WaitForChild("assembler") as ModuleScript);
		return new (m as typeof ResponsesReply).ResponsesAssembler(scope);
	}
	const m = require(script.Parent!.WaitForChild("openai").WaitForChild("assembler") as ModuleScript);
	return new (m as typeof ChatReply).ChatAssembler();
}
