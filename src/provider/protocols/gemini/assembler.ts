// Google Gemini native replies (https://ai.google.dev/api/generate-content): every SSE event of
// streamGenerateContent?alt=sse, and the whole generateContent body, is a GenerateContentResponse
// with `candidates[0].content.parts`, `finishReason` on the candidate,
// `usageMetadata`, `modelVersion`, `responseId` and `promptFeedback`. Parts are text (reasoning
// summaries when `thought` is true) and `functionCall` {name, args, id?} with whole argument
// objects; any part may carry a `thoughtSignature`. There is no [DONE]: the reply is complete when
// the candidate has a finishReason. Parts are kept with their exact signed boundaries for replay
// (https://ai.google.dev/gemini-api/docs/thought-signatures: return them exactly as received);
// only neighbouring unsigned text parts of the same kind are joined.
import { isJsonNull } from "../json";
import { REPLY_LIMITS } from "../limits";
import type { Slicing } from "../../../runtime/json";
import { Assembler, EventOutcome, ReplyState, StateAssembler } from "../reply_state";
import type { Finish, JsonObject, ReplayScope, ReplyResult } from "../types";
import { asList, asName, asNumber, asObject, asString, field } from "../view";

const FINISH: { [reason: string]: Finish } = {
	STOP: "stop",
	MAX_TOKENS: "length",
};

/** Finish reasons that mean the provider withheld the answer. */
const BLOCKED = new Set([
	"SAFETY",
	"RECITATION",
	"BLOCKLIST",
	"PROHIBITED_CONTENT",
	"SPII",
	"IMAGE_SAFETY",
	"LANGUAGE",
]);
/** Finish reasons that mean a function call must not run. */
const BAD_CALL = new Set(["MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL", "TOO_MANY_TOOL_CALLS"]);

export class GeminiAssembler extends StateAssembler implements Assembler {
	readonly protocol = "gemini";
	readonly finalMarker = "a candidate with a finishReason";
	protected readonly state = new ReplyState("gemini", (key) => `call_${key + 1}`);
	private readonly parts = new Array<JsonObject>();
	private finishReason?: string;

	constructor(private readonly scope: ReplayScope) {
		super();
	}

	event(_name: string, data: JsonObject): EventOutcome {
		const failure = this.state.errorIn(data);
		if (failure !== undefined) return failure;
		const candidates = asList(data.candidates);
		const usage = asObject(data.usageMetadata);
		const feedback = asObject(data.promptFeedback);
		if (candidates === undefined && usage === undefined && feedback === undefined) return "unknown";
		this.state.noteModel(data.modelVersion, data.responseId);
		if (usage !== undefined) {
			const thoughts = asNumber(usage.thoughtsTokenCount);
			const candidatesCount = asNumber(usage.candidatesTokenCount);
			this.state.usage = {
				inputTokens: asNumber(usage.promptTokenCount),
				outputTokens:
					candidatesCount !== undefined || thoughts !== undefined
						? (candidatesCount ?? 0) + (thoughts ?? 0)
						: undefined,
				reasoningTokens: thoughts,
				cacheReadTokens: asNumber(usage.cachedContentTokenCount),
				totalTokens: asNumber(usage.totalTokenCount),
			};
		}
		const blocked = asName(feedback?.blockReason);
		if (blocked !== undefined) {
			return this.state.error("refused", `the provider blocked the prompt (blockReason: ${blocked})`);
		}
		const candidate = asObject(candidates?.[0]);
		if (candidate === undefined) return undefined;
		for (const part of asList(field(candidate.content, "parts")) ?? []) {
			const outcome = this.part(asObject(part));
			if (outcome !== undefined) return outcome;
		}
		const reason = asName(candidate.finishReason);
		if (reason !== undefined) this.finishReason = reason;
		return undefined;
	}

	document(data: JsonObject): EventOutcome {
		const list = asList(data);
		if (list === undefined || list[0] === undefined) return this.event("message", data);
		for (const item of list) {
			const outcome = this.event("message", asObject(item) ?? {});
			if (outcome !== undefined) return outcome;
		}
		return undefined;
	}

	done() {}

	private keep(part: JsonObject): EventOutcome {
		const last = this.parts[this.parts.size() - 1];
		const joinable = (p: JsonObject | undefined) =>
			p !== undefined &&
			typeIs(p.text, "string") &&
			p.thoughtSignature === undefined &&
			p.functionCall === undefined;
		if (joinable(last) && joinable(part) && last.thought === part.thought) {
			this.parts[this.parts.size() - 1] = { ...last, text: (last.text as string) + (part.text as string) };
			return undefined;
		}
		if (this.parts.size() >= REPLY_LIMITS.replayItems) {
			return this.state.error("limit_exceeded", `the reply has more than ${REPLY_LIMITS.replayItems} parts`);
		}
		this.parts.push(part);
		return undefined;
	}

	private part(part: JsonObject | undefined): EventOutcome {
		if (part === undefined) return undefined;
		const call = asObject(part.functionCall);
		if (call !== undefined) {
			if (call.partialArgs !== undefined || call.willContinue !== undefined) {
				return this.state.error("invalid_tool_call", "streamed function-call arguments are not supported");
			}
			const calls = this.state.calls;
			const key = calls.count();
			const failure =
				calls.open(key, asName(call.id), asName(call.name)) ??
				calls.whole(key, call.args === undefined || isJsonNull(call.args) ? {} : call.args);
			if (failure !== undefined) return this.state.fromCall(failure);
			calls.close(key);
			return this.keep(part);
		}
		const text = asString(part.text);
		if (text !== undefined) {
			if (part.thought === true) this.state.reasoning.append(text);
			else this.state.content.append(text);
		}
		return this.keep(part);
	}

	finish(slicing?: Slicing): ReplyResult {
		const reason = this.finishReason;
		if (reason === undefined) return this.state.incomplete(this.finalMarker);
		if (BLOCKED.has(reason)) {
			return {
				ok: false,
				error: this.state.error("refused", `the provider withheld the answer (finishReason: ${reason})`),
			};
		}
		if (BAD_CALL.has(reason)) {
			return {
				ok: false,
				error: this.state.error(
					"invalid_tool_call",
					`the model produced an unusable function call (finishReason: ${reason})`,
				),
			};
		}
		return this.state.reply(
			FINISH[reason] ?? "other",
			reason,
			true,
			() => ({
				protocol: "gemini",
				endpoint: this.scope.endpoint,
				model: this.scope.model,
				items: this.parts,
			}),
			slicing,
		);
	}
}
