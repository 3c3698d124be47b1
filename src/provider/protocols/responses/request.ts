// OpenAI Responses request bodies
// (https://platform.openai.com/docs/api-reference/responses/create), the OpenCode lane: system text
// as `instructions`; `input` items — user messages of input_text and input_image parts, assistant
// messages of output_text, `function_call` items and `function_call_output` items; function tools
// flat ({type, name, description, parameters}); `reasoning.effort`; `max_output_tokens`. Nothing is
// stored (`store: false`), so reasoning items are requested with their encrypted content and
// replayed with it, before the calls they led to only to the endpoint and model that produced them.
import { resolveEffort, resolveTemperature } from "../model_rules";
import {
	BuildOptions,
	capOutput,
	dataUrl,
	outputLimit,
	replayFits,
	schemaObject,
	systemText,
	wireForm,
	withRawFields,
} from "../request_common";
import type { AssistantMessage, JsonObject, Message, ProtocolRequest, ToolChoice } from "../types";

function userInput(message: Message): JsonObject | undefined {
	if (message.role !== "user") return undefined;
	const parts = typeIs(message.content, "string")
		? [{ type: "text" as const, text: message.content }]
		: message.content;
	return {
		role: "user",
		content: parts.map((part) =>
			part.type === "text"
				? { type: "input_text", text: part.text }
				: { type: "input_image", image_url: dataUrl(part) },
		),
	};
}

function assistantInput(message: AssistantMessage, replay: boolean): Array<JsonObject> {
	const items = new Array<JsonObject>();
	if (replay && message.replay !== undefined) {
		for (const item of message.replay.items) if (item.type === "reasoning") items.push(item);
	}
	if (message.content !== "") {
		items.push({ type: "message", role: "assistant", content: [{ type: "output_text", text: message.content }] });
	}
	for (const call of message.toolCalls ?? []) {
		items.push({
			type: "function_call",
			call_id: call.id,
			name: call.name,
			arguments: call.arguments !== "" ? call.arguments : "{}",
		});
	}
	return items;
}

function toolChoice(choice: ToolChoice): unknown {
	return typeIs(choice, "string") ? choice : { type: "function", name: choice.name };
}

export function responsesBody(request: ProtocolRequest, options: BuildOptions): JsonObject {
	const input = new Array<JsonObject>();
	for (const message of request.messages) {
		if (message.role === "user") input.push(wireForm(message, "responses", () => userInput(message)!));
		else if (message.role === "assistant") {
			const replay = replayFits(message, "responses", options.scope);
			const items = wireForm(message, `responses\0${replay}`, () => assistantInput(message, replay));
			for (const item of items) input.push(item);
		} else if (message.role === "tool") {
			input.push(
				wireForm(message, "responses", () => ({
					type: "function_call_output",
					call_id: message.toolCallId,
					output: message.content,
				})),
			);
		}
	}
	const body: JsonObject = { model: request.model, input, store: false, include: ["reasoning.encrypted_content"] };
	const instructions = systemText(request.messages);
	if (instructions !== "") body.instructions = instructions;
	const tools = request.tools ?? [];
	if (tools.size() > 0) {
		body.tools = tools.map((tool) =>
			wireForm(tool.parameters, `responses\0${tool.name}\0${tool.description}`, () => ({
				type: "function",
				name: tool.name,
				description: tool.description,
				parameters: schemaObject(tool.parameters),
			})),
		);
		body.tool_choice = request.toolChoice !== undefined ? toolChoice(request.toolChoice) : "auto";
		if (request.parallelToolCalls !== undefined) body.parallel_tool_calls = request.parallelToolCalls;
	}
	const effort = resolveEffort(request.model, request.effort, options.reasoningEnabled);
	if (effort !== undefined) {
		body.reasoning = options.showReasoning !== false ? { effort, summary: "auto" } : { effort };
	}
	body.temperature = resolveTemperature(request.model, options.temperatureMode ?? "auto", request.temperature);
	body.max_output_tokens = outputLimit(request, options);
	if (request.stream) body.stream = true;
	const out = withRawFields(body, request);
	capOutput(out, "max_output_tokens", options.maxTokensCeiling);
	return out;
}
