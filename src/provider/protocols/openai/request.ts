// Chat Completions request bodies (OpenAI API reference, "Create chat completion";
// docs/PROVIDER_COMPATIBILITY.md, "Wire protocols and request bodies"): messages with tool-result
// replay (assistant `tool_calls` with string arguments, "{}" when empty; `tool` messages with
// `tool_call_id`), function tools whose JSON Schema keeps `{}` as an object, tool_choice and
// parallel_tool_calls (left to the server for Ollama unless set), the effort as `reasoning_effort`,
// images as `image_url` data URLs, usage in streams through `stream_options.include_usage`, then
// the record's params and the request's extra fields. DeepSeek's thinking mode needs
// `reasoning_content` back on assistant tool-call turns
// (https://api-docs.deepseek.com/guides/thinking_mode#tool-calls); a server that refuses the field
// teaches the `drop_reasoning_content` repair.
import { resolveEffort, resolveTemperature } from "../model_rules";
import {
	BuildOptions,
	capOutput,
	dataUrl,
	outputLimit,
	schemaObject,
	wireForm,
	wireForms,
	withRawFields,
} from "../request_common";
import type { JsonObject, Message, ProtocolRequest, ToolChoice } from "../types";

function chatContent(message: Message): unknown {
	if (message.role !== "user" || typeIs(message.content, "string")) return message.content;
	return message.content.map((part) =>
		part.type === "text"
			? { type: "text", text: part.text }
			: { type: "image_url", image_url: { url: dataUrl(part) } },
	);
}

function chatMessage(message: Message): JsonObject {
	switch (message.role) {
		case "system":
			return { role: "system", content: message.content };
		case "user":
			return { role: "user", content: chatContent(message) };
		case "tool":
			return { role: "tool", tool_call_id: message.toolCallId, content: message.content };
		case "assistant": {
			const calls = message.toolCalls ?? [];
			const out: JsonObject = { role: "assistant" };
			if (message.content !== "" || calls.size() === 0) out.content = message.content;
			if (calls.size() > 0) {
				out.tool_calls = calls.map((call) => ({
					id: call.id,
					type: "function",
					function: { name: call.name, arguments: call.arguments !== "" ? call.arguments : "{}" },
				}));
				if (message.reasoning !== undefined && message.reasoning !== "")
					out.reasoning_content = message.reasoning;
			}
			return out;
		}
	}
}

function toolChoice(choice: ToolChoice): unknown {
	return typeIs(choice, "string") ? choice : { type: "function", function: { name: choice.name } };
}

export function chatBody(request: ProtocolRequest, options: BuildOptions): JsonObject {
	const body: JsonObject = {
		messages: wireForms(request.messages, "openai", (message) => chatMessage(message as Message)),
	};
	if (options.omitModel !== true && request.model !== "") body.model = request.model;
	const tools = request.tools ?? [];
	if (tools.size() > 0) {
		body.tools = tools.map((tool) =>
			wireForm(tool.parameters, `openai\0${tool.name}\0${tool.description}`, () => ({
				type: "function",
				function: { name: tool.name, description: tool.description, parameters: schemaObject(tool.parameters) },
			})),
		);
		const defaults = options.omitToolDefaults !== true;
		if (request.toolChoice !== undefined) body.tool_choice = toolChoice(request.toolChoice);
		else if (defaults) body.tool_choice = "auto";
		if (request.parallelToolCalls !== undefined) body.parallel_tool_calls = request.parallelToolCalls;
		else if (defaults) body.parallel_tool_calls = true;
	}
	body.temperature = resolveTemperature(request.model, options.temperatureMode ?? "auto", request.temperature);
	body.max_tokens = outputLimit(request, options);
	body.reasoning_effort = resolveEffort(request.model, request.effort, options.reasoningEnabled);
	if (request.stream) {
		body.stream = true;
		body.stream_options = { include_usage: true };
	}
	const out = withRawFields(body, request);
	if (out.stream !== true) out.stream_options = undefined;
	capOutput(out, "max_tokens", options.maxTokensCeiling);
	capOutput(out, "max_completion_tokens", options.maxTokensCeiling);
	return out;
}
