// OpenAI Responses replies (https://platform.openai.com/docs/api-reference/responses-streaming),
// the OpenCode lane: typed events `response.created`, `response.output_item.added` / `.done`,
// `response.output_text.delta`, `response.reasoning_summary_text.delta` /
// `response.reasoning_text.delta`, `response.function_call_arguments.delta`, and one terminal event
// — `response.completed`, `response.incomplete` or `response.failed` — with `error` events
// anywhere; there is no [DONE]. A function call ends at its `response.output_item.done`, whose
// `arguments` are authoritative. Reasoning items (with `encrypted_content`, requested through
// `include`) and function calls are kept in order for replay.
import { REPLY_LIMITS } from "../limits";
import type { Slicing } from "../../../runtime/json";
import { Assembler, EventOutcome, ReplyState, StateAssembler } from "../reply_state";
import { TextBuffer } from "../text_buffer";
import type { Finish, JsonObject, ReplayScope, ReplyResult } from "../types";
import { asList, asName, asNumber, asObject, asString, field } from "../view";

const INCOMPLETE: { [reason: string]: Finish } = {
	max_output_tokens: "length",
	content_filter: "content_filter",
};

export class ResponsesAssembler extends StateAssembler implements Assembler {
	readonly protocol = "responses";
	readonly finalMarker = "event: response.completed";
	protected readonly state = new ReplyState("responses", (key) => `call_${key}`);
	private readonly refusal = new TextBuffer();
	private readonly items = new Array<JsonObject>();
	private status?: string;
	private incompleteReason?: string;

	constructor(private readonly scope: ReplayScope) {
		super();
	}

	event(name: string, data: JsonObject): EventOutcome {
		const failure = this.state.errorIn(data);
		if (failure !== undefined) return failure;
		const kind = asString(data.type) ?? name;
		if (kind.sub(1, 9) !== "response.") return "unknown";
		const key = asNumber(data.output_index) ?? 0;
		const delta = asString(data.delta) ?? "";
		switch (kind) {
			case "response.created":
			case "response.in_progress":
			case "response.queued":
				this.state.noteModel(field(data.response, "model"), field(data.response, "id"));
				return undefined;
			case "response.output_item.added":
				return this.itemAdded(key, asObject(data.item));
			case "response.output_item.done":
				return this.itemDone(key, asObject(data.item), false);
			case "response.output_text.delta":
				this.state.content.append(delta);
				return undefined;
			case "response.refusal.delta":
				this.refusal.append(delta);
				return undefined;
			case "response.reasoning_summary_text.delta":
			case "response.reasoning_text.delta":
				this.state.reasoning.append(delta);
				return undefined;
			case "response.function_call_arguments.delta": {
				const outcome = this.state.calls.value(key, data.delta);
				return outcome !== undefined ? this.state.fromCall(outcome) : undefined;
			}
			case "response.completed":
			case "response.incomplete":
			case "response.failed":
				return this.terminal(asObject(data.response) ?? {}, false);
		}
		return undefined;
	}

	document(data: JsonObject): EventOutcome {
		const failure = this.state.errorIn(data);
		if (failure !== undefined && data.status !== "failed") return failure;
		if (data.object !== "response" && asList(data.output) === undefined) return "unknown";
		return this.terminal(data, true);
	}

	done() {}

	private itemAdded(key: number, item: JsonObject | undefined): EventOutcome {
		if (item === undefined || item.type !== "function_call") return undefined;
		const calls = this.state.calls;
		const failure = calls.open(key, asName(item.call_id), asName(item.name)) ?? calls.value(key, item.arguments);
		return failure !== undefined ? this.state.fromCall(failure) : undefined;
	}

	// The item's complete arguments replace the streamed ones: text as it is, an object encoded;
	// absent keeps the streamed ones; any other value fails the call.
	private finalArguments(key: number, value: unknown) {
		const calls = this.state.calls;
		if (value === undefined) return undefined;
		if (typeIs(value, "string")) return calls.replaceArguments(key, value);
		return calls.replaceArguments(key, "") ?? calls.whole(key, value);
	}

	private keep(item: JsonObject): EventOutcome {
		if (this.items.size() >= REPLY_LIMITS.replayItems) {
			return this.state.error(
				"limit_exceeded",
				`the reply has more than ${REPLY_LIMITS.replayItems} output items`,
			);
		}
		this.items.push(item);
		return undefined;
	}

	// An output item is complete. From a whole document its texts are new; in a stream they
	// already arrived as deltas.
	private itemDone(key: number, item: JsonObject | undefined, fromDocument: boolean): EventOutcome {
		if (item === undefined) return undefined;
		if (item.type === "function_call") {
			const calls = this.state.calls;
			const failure =
				calls.open(key, asName(item.call_id), asName(item.name)) ?? this.finalArguments(key, item.arguments);
			if (failure !== undefined) return this.state.fromCall(failure);
			calls.close(key);
			return this.keep({
				type: "function_call",
				call_id: item.call_id,
				name: item.name,
				arguments: item.arguments,
			});
		}
		if (item.type === "reasoning") {
			if (fromDocument) {
				for (const part of asList(item.summary) ?? [])
					this.state.reasoning.append(asString(field(part, "text")) ?? "");
			}
			return this.keep(item);
		}
		if (item.type === "message" && fromDocument) {
			for (const part of asList(item.content) ?? []) {
				const text = asString(field(part, "text")) ?? "";
				if (field(part, "type") === "refusal") this.refusal.append(asString(field(part, "refusal")) ?? text);
				else this.state.content.append(text);
			}
		}
		return undefined;
	}

	private terminal(response: JsonObject, fromDocument: boolean): EventOutcome {
		this.state.noteModel(response.model, response.id);
		const status = asString(response.status) ?? "completed";
		if (status === "failed") {
			const failure = this.state.errorIn({ error: response.error ?? "the response failed" });
			return failure ?? this.state.error("provider_error", "the provider reported that the response failed");
		}
		if (fromDocument) {
			const output = asList(response.output) ?? [];
			for (let i = 0; i < output.size(); i++) {
				const outcome = this.itemDone(i, asObject(output[i]), true);
				if (outcome !== undefined) return outcome;
			}
		}
		const usage = asObject(response.usage);
		if (usage !== undefined) {
			this.state.usage = {
				inputTokens: asNumber(usage.input_tokens),
				outputTokens: asNumber(usage.output_tokens),
				reasoningTokens: asNumber(field(usage.output_tokens_details, "reasoning_tokens")),
				cacheReadTokens: asNumber(field(usage.input_tokens_details, "cached_tokens")),
				totalTokens: asNumber(usage.total_tokens),
			};
		}
		this.status = status;
		this.incompleteReason = asName(field(response.incomplete_details, "reason"));
		return undefined;
	}

	finish(slicing?: Slicing): ReplyResult {
		if (this.status === undefined) return this.state.incomplete(this.finalMarker);
		if (this.state.content.size() === 0 && this.refusal.size() > 0) {
			return { ok: false, error: this.state.error("refused", `the model declined: ${this.refusal.text()}`) };
		}
		const reason = this.incompleteReason;
		const finish: Finish = this.status === "incomplete" ? (INCOMPLETE[reason ?? ""] ?? "other") : "stop";
		return this.state.reply(
			finish,
			reason ?? this.status,
			true,
			() => ({
				protocol: "responses",
				endpoint: this.scope.endpoint,
				model: this.scope.model,
				items: this.items,
			}),
			slicing,
		);
	}
}
