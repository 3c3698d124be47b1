// Anthropic Messages request bodies (https://platform.claude.com/docs/en/api/messages): top-level
// `system`, user/assistant turns of content blocks, tools as {name, description, input_schema},
// `max_tokens` (required; 4096 when nothing says otherwise), adaptive thinking with
// `output_config.effort` for the models that document it (model_rules.ts), image blocks with base64
// sources. Turn rules: consecutive turns of one role are merged; tool
// results travel in the next user turn, first; every tool_use gets a tool_result (an interrupted
// call gets an error result) and a result without its call becomes text; empty text blocks are
// never sent; the first turn is a user turn; signed thinking is replayed verbatim, and only to the
// endpoint and model that produced it. Temperature is sent only when the model option says Send.
import { resolveEffort, ruleFor } from "../model_rules";
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
import type { AssistantMessage, JsonObject, Message, ProtocolRequest, ToolChoice } from "../types";

const DEFAULT_MAX_TOKENS = 4096;

interface Turn {
	readonly role: "user" | "assistant";
	readonly content: Array<JsonObject>;
}

/** Tool ids as Messages accepts them (`^[a-zA-Z0-9_-]+$`). */
export function messagesToolId(id: string): string {
	const [clean] = id.gsub("[^%w_%-]", "_");
	return clean !== "" ? clean : "toolu_";
}

function text(value: string): JsonObject | undefined {
	return value !== "" ? { type: "text", text: value } : undefined;
}

function userBlocks(message: Message): Array<JsonObject> {
	if (message.role !== "user") return [];
	if (typeIs(message.content, "string")) {
		const block = text(message.content);
		return block !== undefined ? [block] : [];
	}
	const blocks = new Array<JsonObject>();
	for (const part of message.content) {
		if (part.type === "text") {
			const block = text(part.text);
			if (block !== undefined) blocks.push(block);
		} else {
			blocks.push({ type: "image", source: { type: "base64", media_type: part.mediaType, data: part.data } });
		}
	}
	return blocks;
}

function toolUse(message: AssistantMessage, id: string): JsonObject | undefined {
	const call = (message.toolCalls ?? []).find((c) => c.id === id);
	if (call === undefined) return undefined;
	return { type: "tool_use", id: messagesToolId(call.id), name: call.name, input: argumentsObject(call) };
}

function assistantBlocks(message: AssistantMessage, replay: boolean): Array<JsonObject> {
	const blocks = new Array<JsonObject>();
	if (replay && message.replay !== undefined) {
		for (const item of message.replay.items) {
			if (item.type === "tool_use") {
				const block = toolUse(message, item.id as string);
				if (block !== undefined) blocks.push(block);
			} else if (item.type !== "text" || item.text !== "") blocks.push(item);
		}
		return blocks;
	}
	const answer = text(message.content);
	if (answer !== undefined) blocks.push(answer);
	for (const call of message.toolCalls ?? []) {
		const block = toolUse(message, call.id);
		if (block !== undefined) blocks.push(block);
	}
	return blocks;
}

function pushTurn(turns: Array<Turn>, role: Turn["role"], blocks: Array<JsonObject>) {
	if (blocks.size() === 0) return;
	const last = turns[turns.size() - 1];
	if (last !== undefined && last.role === role) for (const block of blocks) last.content.push(block);
	// a copy: the blocks of one message are kept for later requests (wireForm), turns grow
	else turns.push({ role, content: [...blocks] });
}

function idsOf(turn: Turn | undefined, blockType: string, field: string): Set<string> {
	const ids = new Set<string>();
	for (const block of turn?.content ?? []) if (block.type === blockType) ids.add(block[field] as string);
	return ids;
}

// Pairs every tool_use with a tool_result in the next turn, results first; a result whose call is
// not in the previous assistant turn becomes text.
function pairToolResults(turns: Array<Turn>): Array<Turn> {
	const out = new Array<Turn>();
	for (let i = 0; i < turns.size(); i++) {
		const turn = turns[i];
		if (turn.role === "assistant") {
			out.push(turn);
			const calls = idsOf(turn, "tool_use", "id");
			if (calls.size() === 0) continue;
			const following = turns[i + 1]?.role === "user" ? turns[i + 1] : { role: "user" as const, content: [] };
			const answered = idsOf(following, "tool_result", "tool_use_id");
			const results = new Array<JsonObject>();
			const rest = new Array<JsonObject>();
			for (const block of following.content) (block.type === "tool_result" ? results : rest).push(block);
			for (const id of calls) {
				if (!answered.has(id)) {
					results.push({
						type: "tool_result",
						tool_use_id: id,
						content: "No result was recorded for this call.",
						is_error: true,
					});
				}
			}
			const kept = results.filter((block) => calls.has(block.tool_use_id as string));
			for (const block of results) {
				if (!calls.has(block.tool_use_id as string))
					rest.push({ type: "text", text: `Tool result: ${block.content}` });
			}
			out.push({ role: "user", content: [...kept, ...rest] });
			if (turns[i + 1]?.role === "user") i += 1;
		} else {
			const orphans = turn.content.map((block) =>
				block.type === "tool_result" ? { type: "text", text: `Tool result: ${block.content}` } : block,
			);
			pushTurn(out, "user", orphans);
		}
	}
	return out;
}

function messagesTurns(request: ProtocolRequest, options: BuildOptions): Array<JsonObject> {
	const turns = new Array<Turn>();
	for (const message of request.messages) {
		if (message.role === "user")
			pushTurn(
				turns,
				"user",
				wireForm(message, "anthropic", () => userBlocks(message)),
			);
		else if (message.role === "assistant") {
			const replay = replayFits(message, "anthropic", options.scope);
			pushTurn(
				turns,
				"assistant",
				wireForm(message, `anthropic\0${replay}`, () => assistantBlocks(message, replay)),
			);
		} else if (message.role === "tool") {
			const result = wireForm(message, "anthropic", () => {
				const block: JsonObject = {
					type: "tool_result",
					tool_use_id: messagesToolId(message.toolCallId),
					content: message.content,
				};
				if (message.isError === true) block.is_error = true;
				return block;
			});
			pushTurn(turns, "user", [result]);
		}
	}
	const paired = pairToolResults(turns);
	if (paired[0]?.role === "assistant")
		paired.unshift({ role: "user", content: [{ type: "text", text: "Continue." }] });
	return paired.map((turn) => ({ role: turn.role, content: turn.content }));
}

function toolChoice(choice: ToolChoice, parallel: boolean | undefined): JsonObject {
	const out: JsonObject = typeIs(choice, "string")
		? { type: choice === "required" ? "any" : choice }
		: { type: "tool", name: choice.name };
	if (parallel === false && out.type !== "none") out.disable_parallel_tool_use = true;
	return out;
}

export function messagesBody(request: ProtocolRequest, options: BuildOptions): JsonObject {
	const body: JsonObject = {
		model: request.model,
		max_tokens: outputLimit(request, options, DEFAULT_MAX_TOKENS),
		messages: messagesTurns(request, options),
	};
	const system = systemText(request.messages);
	if (system !== "") body.system = system;
	const tools = request.tools ?? [];
	if (tools.size() > 0) {
		body.tools = tools.map((tool) =>
			wireForm(tool.parameters, `anthropic\0${tool.name}\0${tool.description}`, () => ({
				name: tool.name,
				description: tool.description,
				input_schema: schemaObject(tool.parameters),
			})),
		);
		if (request.toolChoice !== undefined || request.parallelToolCalls === false) {
			body.tool_choice = toolChoice(request.toolChoice ?? "auto", request.parallelToolCalls);
		}
	}
	const effort = resolveEffort(request.model, request.effort, options.reasoningEnabled);
	const adaptive = ruleFor(request.model)?.adaptive === true || options.reasoningEnabled === true;
	if (effort !== undefined && adaptive) {
		body.thinking = { type: "adaptive" };
		body.output_config = { effort };
	}
	if (options.temperatureMode === "send" && request.temperature !== undefined) body.temperature = request.temperature;
	if (request.stream) body.stream = true;
	const out = withRawFields(body, request);
	capOutput(out, "max_tokens", options.maxTokensCeiling);
	return out;
}
