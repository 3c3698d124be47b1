// Google Gemini native request bodies (https://ai.google.dev/api/generate-content and
// https://ai.google.dev/gemini-api/docs/function-calling): `systemInstruction`, `contents` of
// user/model turns, function declarations with their JSON Schema in `parametersJsonSchema` (so
// schemas need no OpenAPI-subset conversion), parallel function calls and
// their responses in call order with matching ids, `inlineData` images, and
// `generationConfig` with maxOutputTokens, temperature per the model's Temperature handling, and
// `thinkingConfig` (thinkingLevel for Gemini 3 and later, thinkingBudget for 2.5; model_rules.ts).
// Signed parts are replayed exactly as received, and only to the endpoint and model that produced
// them; anywhere else the turn is rebuilt from its text and calls without signatures.
import { resolveEffort, resolveTemperature, ruleFor } from "../model_rules";
import {
	argumentsObject,
	BuildOptions,
	capOutput,
	outputLimit,
	replayFits,
	schemaObject,
	systemText,
	wireForm,
	withRawFields,
} from "../request_common";
import { emptyObject } from "../json";
import type { Effort } from "../model_rules";
import type { AssistantMessage, JsonObject, Message, ProtocolRequest, ToolChoice } from "../types";
import { asObject, isEmptyTable } from "../view";

interface Content {
	readonly role: "user" | "model";
	readonly parts: Array<JsonObject>;
}

function push(contents: Array<Content>, role: Content["role"], parts: Array<JsonObject>) {
	if (parts.size() === 0) return;
	const last = contents[contents.size() - 1];
	if (last !== undefined && last.role === role) for (const part of parts) last.parts.push(part);
	// a copy: the parts of one message are kept for later requests (wireForm), turns grow
	else contents.push({ role, parts: [...parts] });
}

function userParts(message: Message): Array<JsonObject> {
	if (message.role !== "user") return [];
	if (typeIs(message.content, "string")) return message.content !== "" ? [{ text: message.content }] : [];
	return message.content.map((part) =>
		part.type === "text" ? { text: part.text } : { inlineData: { mimeType: part.mediaType, data: part.data } },
	);
}

// A replayed functionCall part: decoded `args: {}` must go back as an object.
function replayPart(part: JsonObject): JsonObject {
	const call = asObject(part.functionCall);
	if (call === undefined) return part;
	const args = asObject(call.args);
	if (args !== undefined && !isEmptyTable(args)) return part;
	return { ...part, functionCall: { ...call, args: emptyObject() } };
}

/**
 * Records in `responseIds` the id each call's functionResponse must carry: the replayed call's own
 * id, or none when Google sent none; our id when rebuilt.
 */
function noteResponseIds(message: AssistantMessage, replay: boolean, responseIds: Map<string, string | false>) {
	const calls = message.toolCalls ?? [];
	if (replay && message.replay !== undefined) {
		let index = 0;
		for (const part of message.replay.items) {
			const call = asObject(part.functionCall);
			if (call !== undefined && calls[index] !== undefined) {
				responseIds.set(calls[index].id, typeIs(call.id, "string") ? call.id : false);
				index += 1;
			}
		}
	} else for (const call of calls) responseIds.set(call.id, call.id);
}

/** The model turn's parts: the replayed parts, or the text and calls rebuilt. */
function modelParts(message: AssistantMessage, replay: boolean): Array<JsonObject> {
	if (replay && message.replay !== undefined) return message.replay.items.map(replayPart);
	const parts = new Array<JsonObject>();
	if (message.content !== "") parts.push({ text: message.content });
	for (const call of message.toolCalls ?? [])
		parts.push({ functionCall: { id: call.id, name: call.name, args: argumentsObject(call) } });
	return parts;
}

function contentsOf(request: ProtocolRequest, options: BuildOptions): Array<JsonObject> {
	const contents = new Array<Content>();
	const responseIds = new Map<string, string | false>();
	for (const message of request.messages) {
		if (message.role === "user")
			push(
				contents,
				"user",
				wireForm(message, "gemini", () => userParts(message)),
			);
		else if (message.role === "assistant") {
			const replay = replayFits(message, "gemini", options.scope);
			noteResponseIds(message, replay, responseIds);
			push(
				contents,
				"model",
				wireForm(message, `gemini\0${replay}`, () => modelParts(message, replay)),
			);
		} else if (message.role === "tool") {
			const id = responseIds.get(message.toolCallId) ?? message.toolCallId;
			const part = wireForm(message, `gemini\0${id}`, () => {
				const response: JsonObject = {
					name: message.name,
					response: message.isError === true ? { error: message.content } : { result: message.content },
				};
				if (id !== false) response.id = id;
				return { functionResponse: response };
			});
			push(contents, "user", [part]);
		}
	}
	if (contents[0]?.role === "model") contents.unshift({ role: "user", parts: [{ text: "Continue." }] });
	return contents.map((c) => ({ role: c.role, parts: c.parts }));
}

function functionCallingConfig(choice: ToolChoice): JsonObject {
	if (!typeIs(choice, "string")) return { mode: "ANY", allowedFunctionNames: [choice.name] };
	return { mode: choice === "required" ? "ANY" : choice === "none" ? "NONE" : "AUTO" };
}

function thinkingConfig(request: ProtocolRequest, options: BuildOptions): JsonObject | undefined {
	const rule = ruleFor(request.model);
	if (rule?.gemini === undefined && options.reasoningEnabled !== true) return undefined;
	const config: JsonObject = {};
	if (options.showReasoning !== false) config.includeThoughts = true;
	const effort = resolveEffort(request.model, request.effort, options.reasoningEnabled);
	if (effort !== undefined) {
		const budget = rule?.budgets?.[effort as Effort];
		if (rule?.gemini === "budget" && budget !== undefined) config.thinkingBudget = budget;
		else if (rule?.gemini !== "budget") config.thinkingLevel = effort;
	}
	return isEmptyTable(config) ? undefined : config;
}

export function geminiBody(request: ProtocolRequest, options: BuildOptions): JsonObject {
	const body: JsonObject = { contents: contentsOf(request, options) };
	const system = systemText(request.messages);
	if (system !== "") body.systemInstruction = { parts: [{ text: system }] };
	const tools = request.tools ?? [];
	if (tools.size() > 0) {
		body.tools = [
			{
				functionDeclarations: tools.map((tool) =>
					wireForm(tool.parameters, `gemini\0${tool.name}\0${tool.description}`, () => ({
						name: tool.name,
						description: tool.description,
						parametersJsonSchema: schemaObject(tool.parameters),
					})),
				),
			},
		];
		if (request.toolChoice !== undefined)
			body.toolConfig = { functionCallingConfig: functionCallingConfig(request.toolChoice) };
	}
	const generation: JsonObject = {
		maxOutputTokens: outputLimit(request, options),
		temperature: resolveTemperature(request.model, options.temperatureMode ?? "auto", request.temperature),
		thinkingConfig: thinkingConfig(request, options),
	};
	if (!isEmptyTable(generation)) body.generationConfig = generation;
	const out = withRawFields(body, request);
	const config = asObject(out.generationConfig);
	if (config !== undefined) {
		const capped = { ...config };
		capOutput(capped, "maxOutputTokens", options.maxTokensCeiling);
		out.generationConfig = capped;
	}
	return out;
}
