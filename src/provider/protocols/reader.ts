// Turns a provider's answer into one assembled reply: a buffered HTTP body (one JSON document or
// an event stream), or socket messages as they arrive (JSON chunks, a raw [DONE], or SSE text
// split or joined across messages). Decoding, `[DONE]`, provider error events (JSON or plain-text
// `event: error` responses), events of another protocol and every
// bound are handled here once for all protocols; the protocol's assembler sees decoded events.
import { looksLikeEventStream, SSE_LIMITS, SseDecoder, SseEvent, SseLimits } from "../../net/sse";
import { faultOf } from "../errors/extract";
import { decode, SLICE_UNITS, Slicing, streamDecoder } from "../../runtime/json";
import { decodeJson } from "./json";
import { mismatchMessage, PROTOCOL_NAMES, protocolOf } from "./mismatch";
import { Assembler, providerFailure } from "./reply_state";
import type { JsonObject, Preview, ReplyError, ReplyErrorCode, ReplyResult } from "./types";
import { asObject } from "./view";
import { trim } from "../../runtime/trim";

const DONE = "[DONE]";

export class ReplyReader {
	private readonly decoder: SseDecoder;
	private readonly limits: SseLimits;
	private failure?: ReplyError;
	private stopped = false;
	private received = 0;
	private messages = 0;
	private units = 0;
	// events of one stream begin alike: each is read on from where it stops matching the last one
	private readonly decodeEvent = streamDecoder();

	/** With `slicing`, a long body is read over several frames, and Stop ends it at a pause. */
	constructor(
		private readonly assembler: Assembler,
		limits: Partial<SseLimits> = {},
		private readonly slicing?: Slicing,
	) {
		this.limits = { ...SSE_LIMITS, ...limits };
		this.decoder = new SseDecoder(this.limits);
	}

	/** The error that ended the reply, if one did. */
	error(): ReplyError | undefined {
		return this.failure;
	}

	/** True after `[DONE]`, an error or a bound: later input is ignored. */
	closed(): boolean {
		return this.stopped || this.failure !== undefined;
	}

	preview(): Preview {
		return this.assembler.preview();
	}

	/** Event-stream text, split anywhere. */
	pushText(chunk: string): ReplyError | undefined {
		if (this.closed()) return this.failure;
		const limit = this.decoder.push(chunk, (event) => this.onEvent(event));
		if (limit !== undefined) this.fail("limit_exceeded", limit.message);
		return this.failure;
	}

	/**
	 * One socket message: a whole JSON chunk, a raw `[DONE]`, a single complete `data:` line
	 * without a blank separator, or any piece of event-stream text.
	 */
	pushMessage(message: string): ReplyError | undefined {
		if (this.closed()) return this.failure;
		this.messages += 1;
		this.received += message.size();
		if (this.messages > this.limits.events)
			return this.fail("limit_exceeded", `more than ${this.limits.events} messages arrived`);
		if (this.received > this.limits.responseBytes) {
			return this.fail("limit_exceeded", `the response exceeds ${this.limits.responseBytes / (1024 * 1024)} MiB`);
		}
		if (this.decoder.idle()) {
			const trimmed = trim(message);
			// a whole JSON chunk (SSE text never starts with "{"), valid or not
			if (trimmed === DONE || trimmed.sub(1, 1) === "{") return this.singleEvent(trimmed);
			// one complete `data:` line without its blank line; an incomplete one is SSE text
			const [data] = trimmed.match("^data:%s?([^\r\n]*)$") as LuaTuple<[string | undefined]>;
			const complete =
				data === DONE ||
				(data?.sub(1, 1) === "{" && data.size() <= this.limits.eventBytes && decodeJson(data).ok);
			if (data !== undefined && complete) return this.singleEvent(data);
		}
		return this.pushText(message);
	}

	private singleEvent(data: string): ReplyError | undefined {
		if (data.size() > this.limits.eventBytes) {
			return this.fail("limit_exceeded", `a message exceeds the ${this.limits.eventBytes}-byte event limit`);
		}
		this.onEvent({ event: "message", data, id: "" });
		return this.failure;
	}

	/** The end of the body or the socket: the reply or why there is none. */
	finish(): ReplyResult {
		if (!this.closed()) {
			const limit = this.decoder.finish((event) => this.onEvent(event));
			if (limit !== undefined) this.fail("limit_exceeded", limit.message);
		}
		if (this.failure !== undefined) return { ok: false, error: this.failure };
		return finishPaced(this.assembler, this.slicing);
	}

	private fail(code: ReplyErrorCode, message: string): ReplyError {
		const partial = this.assembler.hasOutput();
		this.failure = { code, message, partial, terminal: true };
		return this.failure;
	}

	// Counts an event's work (a unit per 32 bytes of data: decoding an event's JSON, its string's
	// escapes included, and assembling it; a 1 KB chunk measured about 40 µs); at a pause that says
	// stop, the reply ends (Stop while reading).
	private sliced(event: SseEvent): boolean {
		const slicing = this.slicing;
		if (slicing === undefined) return false;
		this.units += 8 + event.data.size() / 32;
		if (this.units < SLICE_UNITS) return false;
		const stop = slicing.spend(this.units);
		this.units = 0;
		if (stop === undefined) return false;
		this.failure = {
			code: "incomplete_stream",
			message: stop,
			partial: this.assembler.hasOutput(),
			terminal: true,
		};
		return true;
	}

	private onEvent(event: SseEvent): boolean {
		// closed() and sliced(), checked here first: this runs for every event
		if (this.stopped || this.failure !== undefined || (this.slicing !== undefined && this.sliced(event)))
			return true;
		if (event.data === DONE) {
			this.assembler.done();
			this.stopped = true;
			return true;
		}
		const [value, problem] = this.decodeEvent(event.data);
		const data = problem === undefined ? asObject(value) : undefined;
		// `event: error` fails the reply whatever its data holds: an error document in any shape,
		// other JSON (its text is the message), or plain text
		if (event.event !== "message" && event.event.lower() === "error") {
			const fault = (data !== undefined ? faultOf(data) : undefined) ?? { message: event.data };
			this.failure = providerFailure(fault, this.assembler.hasOutput());
			return true;
		}
		if (data === undefined) {
			this.fail("malformed_stream", "a stream event is not valid JSON; the reply is discarded");
			return true;
		}
		const outcome = this.assembler.event(event.event, data);
		if (outcome === "unknown") return this.foreign(data);
		if (outcome !== undefined) {
			this.failure = outcome;
			return true;
		}
		return false;
	}

	// An event the assembler does not know: another protocol's means a wrong setting; anything
	// else (provider metadata) is ignored.
	private foreign(data: JsonObject): boolean {
		const found = protocolOf(data);
		if (found === undefined || found === PROTOCOL_NAMES[this.assembler.protocol]) return false;
		this.fail("protocol_mismatch", mismatchMessage(this.assembler.protocol, found));
		return true;
	}
}

/**
 * Assembles a whole buffered body: an event stream, or one JSON document. With `slicing`, the
 * work pauses between slices (a long reply is read over several frames).
 */
export function readBody(assembler: Assembler, body: string, slicing?: Slicing): ReplyResult {
	const reader = new ReplyReader(assembler, {}, slicing);
	if (looksLikeEventStream(body)) {
		reader.pushText(body);
		return reader.finish();
	}
	const failure = (code: ReplyErrorCode, message: string): ReplyResult => ({
		ok: false,
		error: { code, message, partial: false, terminal: true },
	});
	if (body.size() > SSE_LIMITS.responseBytes) return failure("limit_exceeded", "the response exceeds 8 MiB");
	if (body.match("^%s*$")[0] !== undefined) return failure("empty_reply", "the provider sent an empty body");
	let stop: string | undefined;
	const watched = slicing && { spend: (units: number) => (stop = slicing.spend(units)) };
	const [value, problem] = decode(body, watched);
	if (stop !== undefined) return failure("incomplete_stream", stop);
	const data = problem === undefined ? asObject(value) : undefined;
	if (data === undefined) return failure("malformed_stream", "the response is neither JSON nor an event stream");
	const outcome = assembler.document(data);
	if (outcome === "unknown") {
		const found = protocolOf(data);
		if (found !== undefined && found !== PROTOCOL_NAMES[assembler.protocol]) {
			return failure("protocol_mismatch", mismatchMessage(assembler.protocol, found));
		}
		return failure("malformed_stream", `the response is not a ${PROTOCOL_NAMES[assembler.protocol]} reply`);
	}
	if (outcome !== undefined) return { ok: false, error: outcome };
	return finishPaced(assembler, slicing);
}

/**
 * The assembler's reply, its tool calls' arguments checked with `slicing` when there is one; a
 * stop reported meanwhile (Stop) ends the reply as an incomplete stream, whatever the check said.
 */
function finishPaced(assembler: Assembler, slicing?: Slicing): ReplyResult {
	if (slicing === undefined) return assembler.finish();
	let stop: string | undefined;
	const result = assembler.finish({ spend: (units) => (stop = stop ?? slicing.spend(units)) });
	if (stop === undefined) return result;
	return {
		ok: false,
		error: { code: "incomplete_stream", message: stop, partial: assembler.hasOutput(), terminal: true },
	};
}
