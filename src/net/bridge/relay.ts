// The web relay's game side (bridge/README.md, "Relay"): a provider request handed to the bridge
// as an inference job, then polled about once a second. Each status page carries the preview text
// since this client's cursors (so a lost poll never repeats text) and, at the end, the complete
// response, which is read exactly as a native HTTP response would be. A lost submission receipt is
// re-posted with the same id (the bridge answers with the existing job, never a second dispatch).
// Failures come back as status 599 with `via` "web"; once the job was accepted nothing is retried.
import { HttpResult } from "../http";
import { BridgeLink } from "./link";

/** Relay requests waiting at once in this client; a further one fails at once. */
export const RELAY_WAITERS = 16;
export const POLL_INTERVAL = 1;
const SUBMIT_TRIES = 3;
/** Consecutive unanswered polls after which the bridge counts as gone. */
const LOST_POLLS = 3;
const DEADLINE_MARGIN = 30;

export interface RelaySpec {
	readonly url: string;
	readonly headers: Record<string, string>;
	readonly body: string;
	/** The relay timeout in seconds (bridge.requestTimeout, 10–86400). */
	readonly timeout: number;
	readonly sessionId: string;
	readonly isCancelled: () => boolean;
	readonly onPreview: (text: string, reasoning: string) => void;
}

export interface RelayClock {
	readonly now: () => number;
	readonly wait: (seconds: number) => void;
}

const defaultClock: RelayClock = { now: () => os.clock(), wait: (s) => task.wait(s) };

let waiting = 0;
let serial = 0;

function newInferenceId(): string {
	serial += 1;
	const random = string.format("%08x%08x", math.random(0, 0x7fffffff), math.random(0, 0x7fffffff));
	return `inference_${random}-${serial}`;
}

function failure(reason: string, kind: HttpResult["failure"] = "transport"): HttpResult {
	return {
		ok: false,
		status: 599,
		body: "",
		headers: {},
		failure: kind,
		reason,
		attempts: 1,
		via: "web",
	};
}

interface Page {
	state?: unknown;
	status?: unknown;
	headers?: unknown;
	body?: unknown;
	preview?: { text?: unknown; reasoning?: unknown; textCursor?: unknown; reasoningCursor?: unknown };
}

export function relaySend(link: BridgeLink, spec: RelaySpec, clock: RelayClock = defaultClock): HttpResult {
	if (!link.connected()) return failure("the browser bridge is not connected (uai.bridge.connect)");
	if (waiting >= RELAY_WAITERS) return failure(`${RELAY_WAITERS} requests are already waiting on the relay`, "busy");
	waiting += 1;
	const [ok, result] = pcall(() => run(link, spec, clock));
	waiting -= 1;
	if (!ok) return failure(`the relay failed: ${tostring(result)}`);
	return result;
}

function run(link: BridgeLink, spec: RelaySpec, clock: RelayClock): HttpResult {
	const id = newInferenceId();
	const deadline = clock.now() + spec.timeout + DEADLINE_MARGIN;
	const submission = {
		id,
		instance: link.instance() ?? "",
		url: spec.url,
		headers: spec.headers,
		body: spec.body,
		timeout: spec.timeout,
		sessionId: spec.sessionId,
	};
	let accepted = false;
	for (let attempt = 1; attempt <= SUBMIT_TRIES && !accepted; attempt++) {
		if (spec.isCancelled()) return failure("aborted", "cancelled");
		const r = link.call("POST", "/api/inference", submission);
		if (r === undefined) return failure("the browser bridge disconnected");
		if (r.ok) accepted = true;
		else if (r.status >= 400 && r.status < 500) return failure(`the bridge refused the request: ${r.error}`);
		else if (attempt === SUBMIT_TRIES) return failure(`the bridge did not confirm the request: ${r.error}`);
	}
	let textCursor = 0;
	let reasoningCursor = 0;
	let text = "";
	let reasoning = "";
	let lost = 0;
	const cancel = () => link.call("DELETE", `/api/inference/${id}`);
	for (;;) {
		if (spec.isCancelled()) {
			cancel();
			return failure("aborted", "cancelled");
		}
		if (clock.now() >= deadline) {
			cancel();
			return failure(
				"timed out: no complete response from the relay before the deadline; the outcome is unknown",
				"timeout",
			);
		}
		const r = link.call(
			"GET",
			`/api/inference/${id}?textCursor=${textCursor}&reasoningCursor=${reasoningCursor}`,
			undefined,
			{ isCancelled: spec.isCancelled, routine: true },
		);
		if (r === undefined)
			return failure("the browser bridge disconnected during the request; its outcome is unknown");
		if (!r.ok) {
			if (r.status === 404)
				return failure("the bridge no longer knows this request (it restarted); its outcome is unknown");
			lost += 1;
			if (lost >= LOST_POLLS)
				return failure(`the bridge stopped answering during the request (${r.error}); its outcome is unknown`);
		} else {
			lost = 0;
			const page = r.document as Page;
			const preview = page.preview;
			if (preview !== undefined) {
				const moreText = typeIs(preview.text, "string") ? preview.text : "";
				const moreReasoning = typeIs(preview.reasoning, "string") ? preview.reasoning : "";
				if (typeIs(preview.textCursor, "number")) textCursor = preview.textCursor;
				if (typeIs(preview.reasoningCursor, "number")) reasoningCursor = preview.reasoningCursor;
				if (moreText !== "" || moreReasoning !== "") {
					text += moreText;
					reasoning += moreReasoning;
					spec.onPreview(text, reasoning);
				}
			}
			if (page.state === "cancelled") return failure("aborted", "cancelled");
			if (page.state === "completed") {
				const status = typeIs(page.status, "number") ? page.status : 599;
				const body = typeIs(page.body, "string") ? page.body : "";
				const headers = typeIs(page.headers, "table") ? (page.headers as Record<string, string>) : {};
				return { ok: status >= 200 && status < 300, status, body, headers, attempts: 1, via: "web" };
			}
		}
		clock.wait(POLL_INTERVAL);
	}
}
