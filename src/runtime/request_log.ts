// The request log (`uai.log.requests`): one entry per network attempt — each HTTP attempt of a
// request (inference, discovery, probes, connection tests) and each WebSocket gateway exchange —
// in a ring of the newest 60. The transport reports what it sent and got; this module redacts and
// bounds every text before it is stored or delivered. Request headers and bodies are never
// recorded: only the User-Agent the request carried, so credential headers cannot leak.
import { createRing, keepNewest } from "./ring";
import { createSignal, HandlerErrorSink, Signal } from "./signal";
import { cut, firstCharacters } from "./text_limit";

/** Entries kept; the oldest is dropped first. */
export const REQUEST_LOG_CAPACITY = 60;
/** Characters of the response kept (after redaction). */
export const RESPONSE_EXCERPT_CHARACTERS = 400;
/** Bytes of the response examined for redaction; the excerpt always fits inside them. */
export const RESPONSE_WINDOW = 4096;
const URL_LIMIT = 2048;
const FIELD_LIMIT = 200;
const ERROR_LIMIT = 600;

/** What the transport reports about one attempt (raw: this module redacts and bounds it). */
export interface RequestAttempt {
	/** Unix time the attempt started. */
	readonly at: number;
	readonly method: string;
	readonly url: string;
	/** What the request was for: "inference", "discovery", "probe", ... */
	readonly tag: string;
	/** Milliseconds from the start of the attempt to its outcome. */
	readonly ms: number;
	/** 0 when no HTTP status arrived (a failure before a response, or the gateway). */
	readonly status: number;
	/** Bytes of the response body (or gateway messages) received. */
	readonly bytes: number;
	/** "executor", "roblox", "web" or "websocket": the transport that carried it. */
	readonly via: string;
	/** The User-Agent the request carried, when it carried one. */
	readonly identity?: string;
	/** Whether that User-Agent reached the wire (HttpService drops the header). */
	readonly uaSent: boolean;
	readonly error?: string;
	/** 1-based attempt number within its request. */
	readonly attempt: number;
	/** The response text received (only its start is kept). */
	readonly response: string;
	readonly server?: string;
	/** cf-ray or x-request-id. */
	readonly trace?: string;
	/** cf-mitigated (a Cloudflare challenge). */
	readonly mitigated?: string;
}

export interface RequestEntry extends RequestAttempt {
	/** Increases by one per recorded entry over the client's lifetime. */
	readonly seq: number;
	/** os.clock() when it was recorded. */
	readonly clock: number;
	/** The `seq` of the last diagnostic entry recorded before it: orders the two logs together. */
	readonly logSeq: number;
}

export interface RequestQuery {
	/** Only entries with this tag. */
	readonly tag?: string;
	/** At most this many, newest last. */
	readonly limit?: number;
}

export type RequestRecorder = (attempt: RequestAttempt) => void;

export interface RequestLog {
	readonly record: RequestRecorder;
	/** Copies of the retained entries, oldest first (read-only). */
	readonly requests: (query?: RequestQuery) => ReadonlyArray<RequestEntry>;
	readonly added: Signal<[RequestEntry]>;
	readonly clear: () => void;
}

/** `logSeq` reads the diagnostic log's latest sequence number. */
export function createRequestLog(
	redact: (text: string) => string,
	onHandlerError: HandlerErrorSink,
	logSeq: () => number,
): RequestLog {
	const ring = createRing<RequestEntry>(REQUEST_LOG_CAPACITY);
	const added = createSignal<[RequestEntry]>("log.requestAdded", onHandlerError);
	let seq = 0;
	const field = (value: string | undefined, limit = FIELD_LIMIT) =>
		value === undefined ? undefined : cut(redact(value.sub(1, limit * 4)), limit);

	return {
		record: (attempt) => {
			seq += 1;
			const response = redact(attempt.response.sub(1, RESPONSE_WINDOW));
			const entry: RequestEntry = table.freeze({
				seq,
				clock: os.clock(),
				logSeq: logSeq(),
				at: attempt.at,
				method: cut(attempt.method, 16),
				url: field(attempt.url, URL_LIMIT) as string,
				tag: cut(attempt.tag, 32),
				ms: math.max(0, math.floor(attempt.ms + 0.5)),
				status: attempt.status,
				bytes: attempt.bytes,
				via: attempt.via,
				identity: field(attempt.identity),
				uaSent: attempt.uaSent,
				error: field(attempt.error, ERROR_LIMIT),
				attempt: attempt.attempt,
				response: firstCharacters(response, RESPONSE_EXCERPT_CHARACTERS),
				server: field(attempt.server),
				trace: field(attempt.trace),
				mitigated: field(attempt.mitigated),
			});
			ring.push(entry);
			added.fire(entry);
		},
		requests: (query?: RequestQuery) => {
			let list = ring.list();
			if (query !== undefined && typeIs(query, "table")) {
				const tag = query.tag;
				if (typeIs(tag, "string")) list = list.filter((entry) => entry.tag === tag);
				list = keepNewest(list, query.limit);
			}
			return table.freeze(list);
		},
		added: added.signal,
		clear: ring.clear,
	};
}
