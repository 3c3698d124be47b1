// What every protocol assembler keeps while a reply arrives: answer and reasoning text, tool
// calls, usage, model and id, and how to turn that into the normalised reply or an error.
import { classify } from "../errors/classify";
import { faultOf, ProviderFault } from "../errors/extract";
import { providerText } from "../errors/redact";
import type { Slicing } from "../../runtime/json";
import { TextBuffer } from "./text_buffer";
import { CallFailure, ToolCallSet } from "./tool_calls";
import type {
	Finish,
	JsonObject,
	Preview,
	ProtocolId,
	Reply,
	ReplyError,
	ReplyErrorCode,
	ReplyResult,
	Replay,
	ToolCall,
	Usage,
} from "./types";

/** What an assembler says about one event: an error that ends the stream, "unknown" for an event
 * it does not recognise (the reader checks for another protocol), or nothing. */
export type EventOutcome = ReplyError | "unknown" | undefined;

export interface Assembler {
	readonly protocol: ProtocolId;
	/** The completion marker, named in the error when a stream ends without it. */
	readonly finalMarker: string;
	/** One decoded stream event (`name` is the SSE event name, "message" when none). */
	event(name: string, data: JsonObject): EventOutcome;
	/** A whole (non-streamed) JSON response. */
	document(data: JsonObject): EventOutcome;
	/** `data: [DONE]` arrived. */
	done(): void;
	/**
	 * The stream or document ended: the reply, or why there is none. With `slicing`, checking long
	 * tool-call arguments pauses between slices (a stop it reports fails their check).
	 */
	finish(slicing?: Slicing): ReplyResult;
	preview(): Preview;
	/** True once text, reasoning or tool-call data arrived. */
	hasOutput(): boolean;
}

/**
 * A provider's own error as a reply error: redacted and bounded; terminal after output or when
 * the text does not say it is worth retrying.
 */
export function providerFailure(fault: ProviderFault, partial: boolean): ReplyError {
	const text = providerText(fault.code, fault.message);
	const retryable = classify(0, text).retryable;
	return {
		code: "provider_error",
		message: `the provider reported an error: ${text}`,
		providerCode: fault.code,
		partial,
		terminal: partial || !retryable,
	};
}

/**
 * True when a decoded object may carry the provider's own error (an `error` field or
 * `type: "error"`): the cheap test `ReplyState.errorIn` starts with, for assemblers that look at
 * every event before calling it.
 */
export function mayBeError(data: JsonObject): boolean {
	return data.error !== undefined || data.type === "error";
}

export class ReplyState {
	readonly content = new TextBuffer();
	readonly reasoning = new TextBuffer();
	readonly calls: ToolCallSet;
	usage?: Usage;
	model?: string;
	id?: string;

	constructor(
		readonly protocol: ProtocolId,
		idFor: (key: number, ordinal: number) => string,
	) {
		this.calls = new ToolCallSet(idFor);
	}

	hasOutput(): boolean {
		return this.content.size() > 0 || this.reasoning.size() > 0 || this.calls.started();
	}

	preview(): Preview {
		const [text, textClipped] = this.content.preview();
		const [reasoning, reasoningClipped] = this.reasoning.preview();
		return { text, textClipped, reasoning, reasoningClipped };
	}

	noteModel(model: unknown, id: unknown) {
		if (this.model === undefined && typeIs(model, "string") && model !== "") this.model = model;
		if (this.id === undefined && typeIs(id, "string") && id !== "") this.id = id;
	}

	/** An error of this reply; terminal unless it is a retryable provider error before any output. */
	error(code: ReplyErrorCode, message: string, providerCode?: string, retryable = false): ReplyError {
		const partial = this.hasOutput();
		return { code, message, providerCode, partial, terminal: partial || !retryable };
	}

	fromCall(failure: CallFailure): ReplyError {
		return this.error(failure.code, failure.message);
	}

	/** The provider's own error (an error event or error document), redacted and bounded. */
	providerError(fault: ProviderFault): ReplyError {
		return providerFailure(fault, this.hasOutput());
	}

	/** The provider error in a decoded object (`error` field or `type: "error"`), if it is one. */
	errorIn(data: JsonObject): ReplyError | undefined {
		if (!mayBeError(data)) return undefined;
		const fault = faultOf(data);
		return fault !== undefined ? this.providerError(fault) : undefined;
	}

	incomplete(marker: string): ReplyResult {
		const what = this.hasOutput() ? "after partial output" : "before any output";
		return {
			ok: false,
			error: this.error(
				"incomplete_stream",
				`the stream ended ${what} without its completion marker (${marker})`,
			),
		};
	}

	/**
	 * The finished reply. Tool calls decide a tool turn whatever the finish reason says
	 * (some servers report "stop" with calls); calls cut by the output limit are never returned.
	 */
	reply(
		finish: Finish,
		rawFinish: string | undefined,
		requireClosedCalls: boolean,
		makeReplay?: (calls: ReadonlyArray<ToolCall>) => Replay,
		slicing?: Slicing,
	): ReplyResult {
		const finished = this.calls.finish(requireClosedCalls, slicing);
		if (!finished.ok) return { ok: false, error: this.fromCall(finished.failure) };
		const toolCalls = finished.calls;
		if (finish === "length" && toolCalls.size() > 0) {
			const refusal = this.error(
				"invalid_tool_call",
				"the output limit cut the reply while it was writing a tool call",
			);
			return { ok: false, error: { ...refusal, cutCalls: toolCalls } };
		}
		const content = this.content.text();
		const reasoning = this.reasoning.text();
		if (content === "" && toolCalls.size() === 0) {
			let message = reasoning !== "" ? "the reply has reasoning but no answer" : "the reply is empty";
			if (finish === "length") message = "the output limit was reached before the model wrote an answer";
			return { ok: false, error: { code: "empty_reply", message, partial: reasoning !== "", terminal: false } };
		}
		const reply: Reply = {
			protocol: this.protocol,
			content,
			reasoning,
			toolCalls,
			usage: this.usage,
			finish: toolCalls.size() > 0 ? "tool_calls" : finish,
			rawFinish,
			model: this.model,
			id: this.id,
			replay: makeReplay?.(toolCalls),
		};
		return { ok: true, reply };
	}
}

/** What every assembler shares: its reply state, the previews and whether output arrived. */
export abstract class StateAssembler {
	protected abstract readonly state: ReplyState;

	preview(): Preview {
		return this.state.preview();
	}

	hasOutput(): boolean {
		return this.state.hasOutput();
	}
}
