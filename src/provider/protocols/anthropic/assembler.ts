// Anthropic Messages replies (https://platform.claude.com/docs/en/build-with-claude/streaming):
// `message_start`, then per content block `content_block_start` / `content_block_delta`
// (text_delta, thinking_delta, signature_delta, input_json_delta) / `content_block_stop`, then
// `message_delta` (stop_reason, cumulative usage) and `message_stop`, with `ping` and `error`
// events anywhere. A tool_use block ends at its `content_block_stop` (an
// explicit end event); the reply is complete only at `message_stop`. Blocks are kept in order for
// replay: thinking with its signature, redacted thinking, text, and the position of each tool_use
// (signed thinking goes back byte for byte within a tool-use turn).
import { isJsonArray, isJsonNull } from "../json";
import { MESSAGES_EVENTS } from "./events";
import { REPLY_LIMITS } from "../limits";
import type { Slicing } from "../../../runtime/json";
import { Assembler, EventOutcome, ReplyState, StateAssembler } from "../reply_state";
import type { Finish, JsonObject, ReplayScope, ReplyResult, ToolCall, Usage } from "../types";
import { asList, asName, asNumber, asObject, asString, field, isEmptyTable } from "../view";

interface Block {
	readonly type: string;
	readonly start: JsonObject;
	readonly parts: Array<string>;
	signature?: string;
	stopped: boolean;
}

const STOP: { [reason: string]: Finish } = {
	end_turn: "stop",
	stop_sequence: "stop",
	pause_turn: "stop",
	max_tokens: "length",
	model_context_window_exceeded: "length",
	tool_use: "tool_calls",
};

function messagesUsage(usage: JsonObject, previous?: Usage): Usage {
	const input = asNumber(usage.input_tokens);
	const cacheRead = asNumber(usage.cache_read_input_tokens) ?? previous?.cacheReadTokens;
	const cacheWrite = asNumber(usage.cache_creation_input_tokens) ?? previous?.cacheWriteTokens;
	const total = input !== undefined ? input + (cacheRead ?? 0) + (cacheWrite ?? 0) : previous?.inputTokens;
	return {
		inputTokens: total,
		outputTokens: asNumber(usage.output_tokens) ?? previous?.outputTokens,
		cacheReadTokens: cacheRead,
		cacheWriteTokens: cacheWrite,
	};
}

export class MessagesAssembler extends StateAssembler implements Assembler {
	readonly protocol = "anthropic";
	readonly finalMarker = "event: message_stop";
	protected readonly state = new ReplyState("anthropic", (key) => `toolu_${key}`);
	private readonly blocks = new Map<number, Block>();
	private readonly order = new Array<Block>();
	private stopReason?: string;
	private completed = false;

	constructor(private readonly scope: ReplayScope) {
		super();
	}

	event(name: string, data: JsonObject): EventOutcome {
		const failure = this.state.errorIn(data);
		if (failure !== undefined) return failure;
		const kind = asString(data.type) ?? name;
		if (!MESSAGES_EVENTS.has(kind)) return "unknown";
		if (kind === "message_start") return this.start(asObject(data.message) ?? {});
		if (kind === "content_block_start") return this.blockStart(data.index, asObject(data.content_block));
		if (kind === "content_block_delta") return this.blockDelta(data.index, asObject(data.delta) ?? {});
		if (kind === "content_block_stop") return this.blockStop(data.index);
		if (kind === "message_delta") {
			const reason = asName(field(data.delta, "stop_reason"));
			if (reason !== undefined) this.stopReason = reason;
			const usage = asObject(data.usage);
			if (usage !== undefined) this.state.usage = messagesUsage(usage, this.state.usage);
		} else if (kind === "message_stop") this.completed = true;
		return undefined;
	}

	document(data: JsonObject): EventOutcome {
		const failure = this.state.errorIn(data);
		if (failure !== undefined) return failure;
		if (data.type !== "message" && asList(data.content) === undefined) return "unknown";
		this.start(data);
		const content = asList(data.content) ?? [];
		for (let i = 0; i < content.size(); i++) {
			const outcome = this.blockStart(i, asObject(content[i])) ?? this.blockStop(i);
			if (outcome !== undefined) return outcome;
		}
		this.stopReason = asName(data.stop_reason);
		this.completed = true;
		return undefined;
	}

	done() {}

	private start(message: JsonObject): EventOutcome {
		this.state.noteModel(message.model, message.id);
		const usage = asObject(message.usage);
		if (usage !== undefined) this.state.usage = messagesUsage(usage);
		return undefined;
	}

	private blockIndex(value: unknown): number | undefined {
		const index = asNumber(value);
		return index !== undefined && index >= 0 && index <= REPLY_LIMITS.maxIndex && index % 1 === 0
			? index
			: undefined;
	}

	private blockStart(indexValue: unknown, block: JsonObject | undefined): EventOutcome {
		const index = this.blockIndex(indexValue);
		if (index === undefined || block === undefined) {
			return this.state.error("malformed_stream", "a content block started without a valid index or block");
		}
		if (this.order.size() >= REPLY_LIMITS.replayItems) {
			return this.state.error(
				"limit_exceeded",
				`the reply has more than ${REPLY_LIMITS.replayItems} content blocks`,
			);
		}
		const kind = asString(block.type) ?? "";
		const entry: Block = {
			type: kind,
			start: block,
			parts: [],
			signature: asString(block.signature),
			stopped: false,
		};
		this.blocks.set(index, entry);
		this.order.push(entry);
		if (kind === "text") return this.text(entry, asString(block.text));
		if (kind === "thinking") return this.thinking(entry, asString(block.thinking));
		if (kind !== "tool_use") return undefined;
		const calls = this.state.calls;
		const opened = calls.open(index, asName(block.id), asName(block.name));
		if (opened !== undefined) return this.state.fromCall(opened);
		// A complete input object is kept whole; `{}` is the usual placeholder before input_json_delta.
		// Input of any other type (a string, a number, an array) fails the call.
		const input = block.input;
		const placeholder =
			input === undefined ||
			isJsonNull(input) ||
			(typeIs(input, "table") && isEmptyTable(input) && !isJsonArray(input));
		if (!placeholder) {
			const failure = calls.whole(index, input);
			if (failure !== undefined) return this.state.fromCall(failure);
		}
		return undefined;
	}

	private text(block: Block, text: string | undefined): EventOutcome {
		if (text !== undefined && text !== "") {
			block.parts.push(text);
			this.state.content.append(text);
		}
		return undefined;
	}

	private thinking(block: Block, text: string | undefined): EventOutcome {
		if (text !== undefined && text !== "") {
			block.parts.push(text);
			this.state.reasoning.append(text);
		}
		return undefined;
	}

	private blockDelta(indexValue: unknown, delta: JsonObject): EventOutcome {
		const index = this.blockIndex(indexValue);
		const block = index !== undefined ? this.blocks.get(index) : undefined;
		if (index === undefined || block === undefined || block.stopped) {
			return this.state.error("malformed_stream", "a content block delta arrived for a block that is not open");
		}
		const kind = delta.type;
		if (kind === "text_delta") return this.text(block, asString(delta.text));
		if (kind === "thinking_delta") return this.thinking(block, asString(delta.thinking));
		if (kind === "signature_delta") block.signature = (block.signature ?? "") + (asString(delta.signature) ?? "");
		else if (kind === "input_json_delta" && block.type === "tool_use") {
			const failure = this.state.calls.value(index, delta.partial_json);
			if (failure !== undefined) return this.state.fromCall(failure);
		}
		return undefined;
	}

	private blockStop(indexValue: unknown): EventOutcome {
		const index = this.blockIndex(indexValue);
		const block = index !== undefined ? this.blocks.get(index) : undefined;
		if (index === undefined || block === undefined) {
			return this.state.error("malformed_stream", "a content block stopped that never started");
		}
		block.stopped = true;
		if (block.type === "tool_use") this.state.calls.close(index);
		return undefined;
	}

	// Blocks as Anthropic wants them back: thinking with its signature, redacted thinking, text,
	// other block types as received, and each tool_use as its position and call id (the request
	// builder fills in the name and input from the tool call). Calls are in tool_use block order.
	private replayItems(calls: ReadonlyArray<ToolCall>): Array<JsonObject> {
		const items = new Array<JsonObject>();
		let call = 0;
		for (const block of this.order) {
			if (block.type === "text") {
				const text = block.parts.join("");
				if (text !== "") items.push({ type: "text", text });
			} else if (block.type === "thinking") {
				items.push({ type: "thinking", thinking: block.parts.join(""), signature: block.signature ?? "" });
			} else if (block.type === "tool_use") {
				items.push({ type: "tool_use", id: calls[call]?.id ?? "" });
				call += 1;
			} else items.push(block.start);
		}
		return items;
	}

	finish(slicing?: Slicing): ReplyResult {
		if (!this.completed) return this.state.incomplete(this.finalMarker);
		const reason = this.stopReason;
		if (reason === "refusal") {
			return {
				ok: false,
				error: this.state.error("refused", "the model declined to answer (stop_reason: refusal)"),
			};
		}
		const finish = reason !== undefined ? (STOP[reason] ?? "other") : "stop";
		return this.state.reply(
			finish,
			reason,
			true,
			(calls) => ({
				protocol: "anthropic",
				endpoint: this.scope.endpoint,
				model: this.scope.model,
				items: this.replayItems(calls),
			}),
			slicing,
		);
	}
}
