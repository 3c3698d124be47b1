// One HTTP exchange with the provider, over whatever HTTP function the host found: a wall-clock
// deadline (1–300 s, default 120) shared by every attempt, an 8 MiB response budget, bounded
// retries with jittered backoff that honours Retry-After, cooperative cancellation, and a cap on
// requests in flight. Buffered: executor and Roblox HTTP deliver the whole body at once. Every
// attempt is reported once to the capability's request log, when it has one.
import type { HttpCapability as HostHttp, RawHttpRequest, RawHttpResponse } from "../host/http";
import type { RequestRecorder } from "../runtime/request_log";
import { attemptRecord } from "./attempt_record";
import { HeaderMap } from "./headers";
import { retryAfterSeconds } from "./retry_after";
import { backoffSeconds, isNotProcessedStatus, shouldRetryResponse } from "./retry_policy";

export type { RawHttpRequest, RawHttpResponse } from "../host/http";

/** The host's HTTP function, and the request log its attempts (and gateway exchanges) go to. */
export interface HttpCapability extends HostHttp {
	readonly record?: RequestRecorder;
}

export const MAX_TIMEOUT_SECONDS = 300;
export const DEFAULT_TIMEOUT_SECONDS = 120;
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
export const MAX_ATTEMPTS = 8;
export const DEFAULT_ATTEMPTS = 6;
export const MAX_IN_FLIGHT = 8;
const WAIT_SLICE = 0.25;
/** An attempt this slow that came back empty and without Retry-After is not repeated. */
const SLOW_EMPTY_SECONDS = 10;

export type HttpFailureKind = "timeout" | "cancelled" | "response_limit" | "transport" | "busy";

export interface HttpSpec {
	readonly url: string;
	readonly method?: string;
	readonly headers?: HeaderMap;
	readonly body?: string;
	/** Seconds for the whole exchange including retries; clamped to 1–300, default 120. */
	readonly timeout?: number;
	/** Absolute deadline on the transport clock; an operation passes it on so retries share it. */
	readonly deadline?: number;
	/** Attempts, clamped to 1–8, default 6. */
	readonly attempts?: number;
	/**
	 * The request may have effects or costs if delivered twice: then it is repeated only after a
	 * status that says it was not processed (408, 425, 429, 503, 529), never after a transport
	 * failure whose delivery is unknown.
	 */
	readonly unsafe?: boolean;
	/** Statuses handed back at once, without the usual retries (e.g. 429 when another key can go). */
	readonly returnStatuses?: ReadonlyArray<number>;
	readonly isCancelled?: () => boolean;
	/** Called before each retry wait with the attempt number and the wait (e.g. to show status). */
	readonly onRetry?: (attempt: number, waitSeconds: number, status: number) => void;
	/** What the request is for, in the request log: "inference", "discovery", "probe", ... */
	readonly tag?: string;
}

export interface HttpResult {
	/** A 2xx response arrived within budget. */
	readonly ok: boolean;
	/** 0 when no response arrived. */
	readonly status: number;
	readonly body: string;
	readonly headers: HeaderMap;
	readonly failure?: HttpFailureKind;
	/** Bounded, readable reason for a failure; never contains credentials or the query string. */
	readonly reason?: string;
	readonly attempts: number;
	readonly via: string;
}

/** The clock, scheduler and randomness the transport runs on; tests pass their own. */
export interface TransportEnv {
	readonly now: () => number;
	readonly epoch: () => number;
	readonly wait: (seconds: number) => void;
	readonly spawn: (fn: () => void) => void;
	readonly random: () => number;
}

export const defaultEnv: TransportEnv = {
	now: () => os.clock(),
	epoch: () => os.time(),
	wait: (seconds) => task.wait(seconds),
	spawn: (fn) => task.spawn(fn),
	random: () => math.random(),
};

let inFlight = 0;

function clamp(value: number | undefined, low: number, high: number, fallback: number): number {
	if (value === undefined || value !== value) return fallback;
	return math.clamp(value, low, high);
}

/** First line of an error, bounded, with query strings (which may carry tokens) removed. */
export function describeTransportError(err: unknown): string {
	const [firstLine] = tostring(err).match("^[^\r\n]*") as LuaTuple<[string]>;
	const [withoutQuery] = firstLine.gsub("%?[^%s\"']*", "?…");
	return withoutQuery.size() > 300 ? withoutQuery.sub(1, 300) + "…" : withoutQuery;
}

interface Attempt {
	response?: RawHttpResponse;
	error?: string;
	finished: boolean;
	/** When the send returned (the waiting side notices it up to a slice later). */
	endedAt?: number;
}

/** Runs one send on its own thread and waits for it, the deadline or cancellation. */
function attemptOnce(
	http: HttpCapability,
	request: RawHttpRequest,
	deadline: number,
	spec: HttpSpec,
	env: TransportEnv,
): Attempt | HttpFailureKind {
	const attempt: Attempt = { finished: false };
	inFlight += 1;
	env.spawn(() => {
		const [ok, result] = pcall(() => http.send(request));
		if (ok) attempt.response = result;
		else attempt.error = describeTransportError(result);
		attempt.finished = true;
		attempt.endedAt = env.now();
		inFlight -= 1;
	});
	while (!attempt.finished) {
		if (spec.isCancelled?.() === true) return "cancelled";
		const left = deadline - env.now();
		if (left <= 0) return "timeout";
		env.wait(math.min(WAIT_SLICE, left));
	}
	return attempt;
}

/** Sleeps up to `seconds` in slices; false when cancelled or the deadline passes first. */
function pause(seconds: number, deadline: number, spec: HttpSpec, env: TransportEnv): HttpFailureKind | undefined {
	const wakeAt = env.now() + seconds;
	while (env.now() < wakeAt) {
		if (spec.isCancelled?.() === true) return "cancelled";
		if (env.now() >= deadline) return "timeout";
		env.wait(math.min(WAIT_SLICE, wakeAt - env.now(), deadline - env.now()));
	}
	return undefined;
}

const FAILURE_TEXT: { [kind in HttpFailureKind]: string } = {
	timeout: "timed out: no complete response before the deadline; the outcome is unknown",
	cancelled: "aborted",
	response_limit: "response_limit: the response is larger than 8 MiB",
	transport: "transport failure",
	busy: "timed out waiting for a free connection slot",
};

/** Sends a request: retries, Retry-After, deadline, budget and cancellation as described above. */
export function send(http: HttpCapability, spec: HttpSpec, env: TransportEnv = defaultEnv): HttpResult {
	const started = env.now();
	const deadline = spec.deadline ?? started + clamp(spec.timeout, 1, MAX_TIMEOUT_SECONDS, DEFAULT_TIMEOUT_SECONDS);
	const attempts = math.floor(clamp(spec.attempts, 1, MAX_ATTEMPTS, DEFAULT_ATTEMPTS));
	const request: RawHttpRequest = {
		Url: spec.url,
		Method: spec.method ?? (spec.body !== undefined ? "POST" : "GET"),
		Headers: spec.headers ?? {},
		Body: spec.body,
	};
	const result = (attempt: number, fields: Partial<HttpResult>): HttpResult => ({
		ok: false,
		status: 0,
		body: "",
		headers: {},
		attempts: attempt,
		via: http.via,
		...fields,
	});
	const failed = (attempt: number, kind: HttpFailureKind, detail?: string, fields?: Partial<HttpResult>) =>
		result(attempt, { ...fields, failure: kind, reason: detail ?? FAILURE_TEXT[kind] });

	for (let attempt = 1; attempt <= attempts; attempt++) {
		if (spec.isCancelled?.() === true) return failed(attempt - 1, "cancelled");
		while (inFlight >= MAX_IN_FLIGHT) {
			const interrupted = pause(WAIT_SLICE, deadline, spec, env);
			if (interrupted !== undefined) return failed(attempt - 1, interrupted === "timeout" ? "busy" : interrupted);
		}
		const attemptStart = env.now();
		const attemptAt = env.epoch();
		const outcome = attemptOnce(http, request, deadline, spec, env);
		const note = (response: RawHttpResponse | undefined, problem: string | undefined) => {
			const ended = typeIs(outcome, "table") ? (outcome.endedAt ?? env.now()) : env.now();
			http.record?.(
				attemptRecord(http, request, spec.tag, attempt, attemptAt, ended - attemptStart, response, problem),
			);
		};
		if (typeIs(outcome, "string")) {
			note(undefined, FAILURE_TEXT[outcome]);
			return failed(attempt, outcome);
		}
		const response = outcome.response;
		const isLast = attempt >= attempts;
		const body = response?.Body ?? "";
		const oversized = body.size() > MAX_RESPONSE_BYTES;
		let problem: string | undefined;
		if (response === undefined) problem = outcome.error ?? FAILURE_TEXT.transport;
		else if (oversized) problem = FAILURE_TEXT.response_limit;
		note(response, problem);
		if (response === undefined) {
			if (spec.unsafe === true || isLast) return failed(attempt, "transport", outcome.error);
			const interrupted = pause(backoffSeconds(attempt, env.random), deadline, spec, env);
			if (interrupted !== undefined) return failed(attempt, interrupted);
			continue;
		}
		const headers = response.Headers ?? {};
		const status = response.StatusCode;
		if (oversized) return failed(attempt, "response_limit", undefined, { status, headers });
		const done = result(attempt, { ok: status >= 200 && status < 300, status, body, headers });
		if (isLast || spec.returnStatuses?.includes(status) === true || !shouldRetryResponse(status, body)) return done;
		if (spec.unsafe === true && !isNotProcessedStatus(status)) return done;
		const retryAfter = retryAfterSeconds(headers, env.epoch());
		const slowEmpty = env.now() - attemptStart >= SLOW_EMPTY_SECONDS && body === "" && retryAfter === undefined;
		if (slowEmpty) return done;
		const waitSeconds = retryAfter ?? backoffSeconds(attempt, env.random);
		if (env.now() + waitSeconds >= deadline) return done;
		spec.onRetry?.(attempt, waitSeconds, status);
		const interrupted = pause(waitSeconds, deadline, spec, env);
		if (interrupted !== undefined) return failed(attempt, interrupted, undefined, { status, headers, body });
	}
	return failed(attempts, "transport");
}
