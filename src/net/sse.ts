// Server-sent events framing (WHATWG HTML "Server-sent events", §9.2.6 "Interpreting an event
// stream"), written by hand because Roblox has no event-stream parser and provider streams reach
// us as whole buffered bodies (HTTP) or as arbitrary socket messages (the UAI gateway), so events
// are split or joined at any byte.
//
// Rules kept from the standard: CRLF, LF and a lone CR all end a line (a CR at the end of one
// chunk and an LF at the start of the next are one line end); a leading UTF-8 BOM is dropped; a
// line starting with ":" is a comment (keep-alives such as ": ping" or ": OPENROUTER PROCESSING");
// "field:value" takes one optional space after the colon ("data:x" and "data: x" are the same);
// several data lines are joined with "\n"; a blank line dispatches; an event whose data is empty
// is not dispatched.
// One rule deliberately differs: at the end of the stream a pending event is dispatched instead of
// discarded, because providers and gateways send a final `data: {...}` without a blank line (a
// complete single `data: {...}` message without a blank separator stays supported). A
// truncated final event therefore reaches the protocol assembler, which rejects it as malformed.
//
// Bounds: an event (the bytes of its lines, fields included) may hold 1 MiB, a response 8 MiB, and
// a stream 200,000 events; the first overrun stops the decoder with a limit error naming the limit.

export interface SseEvent {
	/** The `event:` field, or "message" when the event named none. */
	readonly event: string;
	readonly data: string;
	/** The last `id:` seen on the stream so far ("" when none). */
	readonly id: string;
}

export interface SseLimits {
	readonly eventBytes: number;
	readonly responseBytes: number;
	readonly events: number;
}

export const SSE_LIMITS: SseLimits = {
	eventBytes: 1024 * 1024,
	responseBytes: 8 * 1024 * 1024,
	events: 200_000,
};

export interface SseLimitError {
	readonly limit: "event" | "response" | "events";
	readonly max: number;
	readonly message: string;
}

/** Receives each event; returning true stops the decoder (for example after `[DONE]`). */
export type SseSink = (event: SseEvent) => boolean | void;

const BOM = "\u{FEFF}";
const CR = 13;
const LF = 10;
const SPACE = 32;
const COLON = 58;
const LOWER_D = 100;

// The string functions read per line, as locals: a chunk run in an environment of its own (a
// loader's table) would otherwise look each one up through that environment.
const findIn = string.find;
const sub = string.sub;
const byteAt = string.byte;

function describeBytes(bytes: number): string {
	return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

export class SseDecoder {
	private readonly limits: SseLimits;
	private lineParts = new Array<string>();
	private lineBytes = 0;
	private dataParts = new Array<string>();
	private eventBytes = 0;
	private eventName = "";
	private lastId = "";
	private skipLineFeed = false;
	private bomPending: string | undefined = "";
	private received = 0;
	private dispatched = 0;
	private failure: SseLimitError | undefined;
	private stopped = false;

	constructor(limits: Partial<SseLimits> = {}) {
		this.limits = {
			eventBytes: limits.eventBytes ?? SSE_LIMITS.eventBytes,
			responseBytes: limits.responseBytes ?? SSE_LIMITS.responseBytes,
			events: limits.events ?? SSE_LIMITS.events,
		};
	}

	/** Bytes received so far (all chunks, including comments). */
	bytes(): number {
		return this.received;
	}

	/** Events dispatched so far. */
	count(): number {
		return this.dispatched;
	}

	/** True between events: no partial line, no pending data or event name, no pending line end. */
	idle(): boolean {
		return (
			this.lineParts.size() === 0 && this.dataParts.size() === 0 && !this.skipLineFeed && this.eventName === ""
		);
	}

	/** True once the sink asked to stop or a limit was hit: later input is ignored. */
	closed(): boolean {
		return this.stopped || this.failure !== undefined;
	}

	/** Feeds one chunk of the stream. Returns the limit error that stopped the decoder, if any. */
	push(chunk: string, sink: SseSink): SseLimitError | undefined {
		if (this.closed()) return this.failure;
		this.received += chunk.size();
		if (this.received > this.limits.responseBytes) {
			return this.fail(
				"response",
				this.limits.responseBytes,
				`the response exceeds ${describeBytes(this.limits.responseBytes)}`,
			);
		}
		const text = this.stripBom(chunk);
		if (text !== undefined) this.scan(text, sink);
		return this.failure;
	}

	/** Ends the stream: a pending line and a pending event without a blank line are processed. */
	finish(sink: SseSink): SseLimitError | undefined {
		if (this.closed()) return this.failure;
		if (this.bomPending !== undefined && this.bomPending !== "") {
			const held = this.bomPending;
			this.bomPending = undefined;
			this.scan(held, sink);
			if (this.closed()) return this.failure;
		}
		if (this.lineParts.size() > 0) {
			const line = this.lineParts.join("");
			this.lineParts = [];
			this.lineBytes = 0;
			if (this.line(line, sink)) return this.failure;
		}
		this.dispatch(sink);
		this.stopped = true;
		return this.failure;
	}

	// A BOM may itself be split across the first chunks: hold a prefix of it until it is decided.
	private stripBom(chunk: string): string | undefined {
		const pending = this.bomPending;
		if (pending === undefined) return chunk;
		// nothing held (the usual first chunk): the chunk itself, not a copy of megabytes of it
		const head = pending === "" ? chunk : pending + chunk;
		if (head.size() < BOM.size() && BOM.sub(1, head.size()) === head) {
			this.bomPending = head;
			return undefined;
		}
		this.bomPending = undefined;
		return head.sub(1, BOM.size()) === BOM ? head.sub(BOM.size() + 1) : head;
	}

	private scan(text: string, sink: SseSink) {
		const size = text.size();
		let position = 1;
		if (this.skipLineFeed && size > 0) {
			this.skipLineFeed = false;
			if (byteAt(text, 1)[0] === LF) position = 2;
		}
		// a chunk without a CR (the usual case) ends its lines at each LF: a plain search
		const plain = findIn(text, "\r", position, true)[0] === undefined;
		while (position <= size) {
			const [stop] = plain ? findIn(text, "\n", position, true) : findIn(text, "[\r\n]", position);
			if (stop === undefined) {
				const rest = sub(text, position);
				this.lineParts.push(rest);
				this.lineBytes += rest.size();
				this.checkEventSize(0);
				return;
			}
			// the usual event, one `data: ` line and its blank line, with nothing pending: dispatched
			// here, as line() and dispatch() would
			if (
				plain &&
				this.lineParts.size() === 0 &&
				this.dataParts.size() === 0 &&
				this.eventName === "" &&
				stop - position > 6 &&
				byteAt(text, stop + 1)[0] === LF &&
				sub(text, position, position + 5) === "data: "
			) {
				const lineSize = stop - position;
				if (this.eventBytes + lineSize > this.limits.eventBytes && this.checkEventSize(lineSize)) return;
				this.eventBytes = 0;
				this.lineBytes = 0;
				const data = sub(text, position + 6, stop - 1);
				position = stop + 2;
				if (this.emit("", data, sink)) return;
				continue;
			}
			let line = sub(text, position, stop - 1);
			if (this.lineParts.size() > 0) {
				this.lineParts.push(line);
				line = this.lineParts.join("");
				this.lineParts = [];
			}
			this.lineBytes = 0;
			position = stop + 1;
			if (!plain && byteAt(text, stop)[0] === CR) {
				if (stop === size) this.skipLineFeed = true;
				else if (byteAt(text, position)[0] === LF) position += 1;
			}
			const lineSize = line.size();
			if (this.eventBytes + lineSize > this.limits.eventBytes && this.checkEventSize(lineSize)) return;
			this.eventBytes += lineSize;
			if (this.line(line, sink)) return;
		}
	}

	// Returns true when the decoder stopped (limit or sink request).
	private line(line: string, sink: SseSink): boolean {
		const size = line.size();
		if (size === 0) return this.dispatch(sink);
		const [first] = byteAt(line, 1);
		if (first === COLON) return false;
		// the usual line, `data: ...`, without splitting it into field and value
		if (first === LOWER_D && sub(line, 1, 5) === "data:") {
			const parts = this.dataParts;
			parts[parts.size()] = byteAt(line, 6)[0] === SPACE ? sub(line, 7) : sub(line, 6);
			return false;
		}
		const [colon] = findIn(line, ":", 1, true);
		const field = colon === undefined ? line : sub(line, 1, colon - 1);
		let value = "";
		if (colon !== undefined) {
			value = byteAt(line, colon + 1)[0] === SPACE ? sub(line, colon + 2) : sub(line, colon + 1);
		}
		if (field === "data") {
			this.dataParts.push(value);
			return false;
		}
		if (field === "event") this.eventName = value;
		else if (field === "id" && findIn(value, "\0", 1, true)[0] === undefined) this.lastId = value;
		return false;
	}

	private dispatch(sink: SseSink): boolean {
		const parts = this.dataParts;
		const name = this.eventName;
		this.eventName = "";
		this.eventBytes = 0;
		if (parts.size() === 0) return false;
		this.dataParts = [];
		const data = parts.size() === 1 ? parts[0] : parts.join("\n");
		if (data === "") return false;
		return this.emit(name, data, sink);
	}

	// One event with data: counted, bounded, handed to the sink.
	private emit(name: string, data: string, sink: SseSink): boolean {
		this.dispatched += 1;
		if (this.dispatched > this.limits.events) {
			this.fail("events", this.limits.events, `the stream has more than ${this.limits.events} events`);
			return true;
		}
		if (sink({ event: name === "" ? "message" : name, data, id: this.lastId }) === true) {
			this.stopped = true;
			return true;
		}
		return false;
	}

	// An event's size is the bytes of its lines since the last blank line, including the line being
	// read (`extra` for a complete line not yet counted).
	private checkEventSize(extra: number): boolean {
		if (this.eventBytes + this.lineBytes + extra <= this.limits.eventBytes) return false;
		this.fail("event", this.limits.eventBytes, `a stream event exceeds ${describeBytes(this.limits.eventBytes)}`);
		return true;
	}

	private fail(limit: SseLimitError["limit"], max: number, message: string): SseLimitError {
		this.failure = { limit, max, message };
		this.lineParts = [];
		this.dataParts = [];
		return this.failure;
	}
}

/**
 * True when a buffered body is an event stream rather than one JSON document: it starts (after a
 * BOM and white space) with an SSE field or comment, or has a `data:` line further down.
 */
export function looksLikeEventStream(body: string): boolean {
	const text = body.sub(1, BOM.size()) === BOM ? body.sub(BOM.size() + 1) : body;
	const [field] = text.match("^%s*([%a:][%a]*)");
	if (field === ":" || field === "data" || field === "event" || field === "id" || field === "retry") return true;
	return text.find("\ndata:", 1, true)[0] !== undefined;
}
