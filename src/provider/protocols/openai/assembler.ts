// Chat Completions replies, streamed or whole (OpenAI API reference, "The chat completion chunk
// object" and "The chat completion object"): `choices[0].delta` (or `.message`) carries content,
// reasoning and indexed tool-call fragments; `finish_reason` ends the choice; `data: [DONE]` ends
// the stream; a usage-only chunk with empty `choices` may follow when
// `stream_options.include_usage` is set. Reasoning arrives as `reasoning_content` (DeepSeek, vLLM),
// `reasoning` (OpenRouter, Ollama) or `thinking`, or as `thinking` content parts. Complete when
// `[DONE]` arrived or a finish reason was seen (a close following a valid finish_reason also
// succeeds; docs/PROVIDER_COMPATIBILITY.md, "Stream assembly").
import type { Slicing } from "../../../runtime/json";
import { Assembler, EventOutcome, mayBeError, ReplyState, StateAssembler } from "../reply_state";
import type { Finish, JsonObject, ReplyError, ReplyResult } from "../types";
import { asList, asName, asNumber, asObject, asString, field } from "../view";

const FINISH: { [reason: string]: Finish } = {
	stop: "stop",
	length: "length",
	tool_calls: "tool_calls",
	function_call: "tool_calls",
	content_filter: "content_filter",
};

/**
 * Reasoning text from a string, a part (`{text}` or `{thinking}`), or a list of those — Mistral's
 * thinking part holds `thinking: [{type: "text", text}]`. Nesting is read two lists deep.
 */
function reasoningText(value: unknown, depth = 0): string | undefined {
	if (value === undefined) return undefined;
	const text = asString(value) ?? asString(field(value, "text"));
	if (text !== undefined) return text;
	const inner = field(value, "thinking");
	if (inner !== undefined && depth < 2) return reasoningText(inner, depth + 1);
	const list = asList(value);
	if (list === undefined || depth >= 2) return undefined;
	const parts = new Array<string>();
	for (const item of list) {
		const part = reasoningText(item, depth + 1);
		if (part !== undefined) parts.push(part);
	}
	return parts.size() > 0 ? parts.join("") : undefined;
}

/** Usage in the OpenAI shape (also DeepSeek's prompt_cache_hit_tokens). */
export function chatUsage(usage: JsonObject) {
	const input = asNumber(usage.prompt_tokens);
	const cached =
		asNumber(field(usage.prompt_tokens_details, "cached_tokens")) ?? asNumber(usage.prompt_cache_hit_tokens);
	return {
		inputTokens: input,
		outputTokens: asNumber(usage.completion_tokens),
		reasoningTokens: asNumber(field(usage.completion_tokens_details, "reasoning_tokens")),
		cacheReadTokens: cached,
		totalTokens: asNumber(usage.total_tokens),
	};
}

export class ChatAssembler extends StateAssembler implements Assembler {
	readonly protocol = "openai";
	readonly finalMarker = "data: [DONE] or a finish_reason";
	protected readonly state = new ReplyState("openai", (key, ordinal) => `call_${key}_${ordinal}`);
	private finishReason?: string;
	private doneSeen = false;
	private whole = false;

	// Runs for every event: what most events lack (an error, usage, reasoning, a legacy function
	// call) is looked at only when its field is there.
	event(_name: string, data: JsonObject): EventOutcome {
		const state = this.state;
		if (mayBeError(data)) {
			const failure = state.errorIn(data);
			if (failure !== undefined) return failure;
		}
		const choices = asList(data.choices);
		const usage = data.usage !== undefined ? asObject(data.usage) : undefined;
		if (usage !== undefined) state.usage = chatUsage(usage);
		if (choices === undefined) {
			return usage !== undefined || data.object === "chat.completion.chunk" ? undefined : "unknown";
		}
		if (state.model === undefined || state.id === undefined) state.noteModel(data.model, data.id);
		const choice = asObject(choices[0]);
		if (choice === undefined) return undefined;
		const outcome = this.delta(asObject(choice.delta) ?? asObject(choice.message));
		if (outcome !== undefined) return outcome;
		const reason = asName(choice.finish_reason);
		if (reason !== undefined) this.finishReason = reason;
		return undefined;
	}

	document(data: JsonObject): EventOutcome {
		const outcome = this.event("message", data);
		if (outcome === undefined) this.whole = true;
		return outcome;
	}

	done() {
		this.doneSeen = true;
	}

	private delta(delta: JsonObject | undefined): EventOutcome {
		if (delta === undefined) return undefined;
		const content = delta.content;
		const text = asString(content);
		if (text !== undefined) this.state.content.append(text);
		else if (content !== undefined) {
			for (const part of asList(content) ?? []) {
				const text = asString(field(part, "text"));
				if (field(part, "type") === "thinking")
					this.state.reasoning.append(reasoningText(field(part, "thinking")) ?? "");
				else if (text !== undefined) this.state.content.append(text);
			}
		}
		if (delta.reasoning_content !== undefined || delta.reasoning !== undefined || delta.thinking !== undefined) {
			const reasoning =
				reasoningText(delta.reasoning_content) ??
				reasoningText(delta.reasoning) ??
				reasoningText(delta.thinking);
			if (reasoning !== undefined) this.state.reasoning.append(reasoning);
		}
		const legacy = delta.function_call !== undefined ? asObject(delta.function_call) : undefined;
		if (legacy !== undefined) {
			const failure = this.toolFragment(0, undefined, legacy);
			if (failure !== undefined) return failure;
		}
		const toolCalls = delta.tool_calls;
		if (toolCalls === undefined) return undefined;
		for (const item of asList(toolCalls) ?? []) {
			const call = asObject(item);
			if (call === undefined) continue;
			const key = this.keyOf(call);
			if (asNumber(key) === undefined) return key as ReplyError;
			const failure = this.toolFragment(key as number, asName(call.id), asObject(call.function) ?? {});
			if (failure !== undefined) return failure;
		}
		return undefined;
	}

	// The call's index; when a server omits it, infer it only when that is unambiguous: the call
	// with this id, a new call for a new id, or the one open call.
	private keyOf(call: JsonObject): number | ReplyError {
		const index = asNumber(call.index);
		if (index !== undefined) return index;
		const calls = this.state.calls;
		const id = asName(call.id);
		if (id !== undefined) return calls.keyOfId(id) ?? calls.count();
		const open = calls.openKeys();
		if (open.size() === 1) return open[0];
		if (open.size() === 0 && calls.count() === 0) return 0;
		return this.state.error(
			"invalid_tool_call",
			"a tool-call fragment without an index could not be assigned to a call",
		);
	}

	private toolFragment(key: number, id: string | undefined, fn: JsonObject): EventOutcome {
		const calls = this.state.calls;
		const opened = calls.open(key, id, asName(fn.name));
		if (opened !== undefined) return this.state.fromCall(opened);
		const failure = calls.value(key, fn.arguments);
		return failure !== undefined ? this.state.fromCall(failure) : undefined;
	}

	finish(slicing?: Slicing): ReplyResult {
		if (!this.doneSeen && !this.whole && this.finishReason === undefined)
			return this.state.incomplete(this.finalMarker);
		const raw = this.finishReason;
		return this.state.reply(raw !== undefined ? (FINISH[raw] ?? "other") : "stop", raw, false, undefined, slicing);
	}
}
