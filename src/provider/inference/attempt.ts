// One attempt of a request on one provider and one wire protocol: the wire request (system prompt
// naming this attempt's provider and model), the caller's `prepare` on it, `onStart`, the sends
// (retries reported through `onRetry`; a parameter refusal teaches a repair and the repaired body
// goes again), `onDone`, the reply read into its normal form, the caller's `amend` on it, and its
// price. A refusal comes back classified (context overflow, terminal) with its HTTP status.
import { parseUrl } from "../../net/url";
import { MAX_REPAIRS_PER_REQUEST } from "../errors/repairs";
import { isContextOverflow, windowFromMessage } from "../errors/overflow";
import { estimateCost, priceFor } from "../pricing/prices";
import { buildBody, inferenceRoute } from "../protocols/adapter";
import type { ProtocolId, ProtocolRequest, Reply } from "../protocols/types";
import { ProviderRecord } from "../record";
import { Providers } from "../registry";
import { requestRepairs } from "./repairs";
import { Failure, send, SendTarget } from "./send";
import { InferenceCallbacks, InferenceOutcome, InferenceRequest } from "./types";

/** An attempt's outcome; a refusal carries its HTTP status. */
export type Attempt = (InferenceOutcome & { readonly ok: true }) | Failure;

let streamSerial = 0;

/** The catalog price of this reply on the record's endpoint (the requested model id prices it). */
function replyCost(record: ProviderRecord, model: string, reply: Reply): number | undefined {
	const url = parseUrl(record.baseUrl);
	const price = url.ok ? priceFor(url.url.host, url.url.path, model) : undefined;
	return price !== undefined && reply.usage !== undefined ? estimateCost(price, reply.usage) : undefined;
}

export function attemptProtocol(
	providers: Providers,
	record: ProviderRecord,
	model: string,
	protocol: ProtocolId,
	request: InferenceRequest,
	callbacks: InferenceCallbacks,
): Attempt {
	const env = providers.env;
	if (env === undefined) return { ok: false, error: "no HTTP transport is available", overflow: false, model };
	// Responses is OpenCode's lane of a Chat Completions provider: same headers, its own path
	const route: ProviderRecord = { ...record, api: protocol === "responses" ? "openai" : protocol };
	const stream = request.stream && record.stream;
	const target = inferenceRoute(protocol, model, stream);
	const body: ProtocolRequest = {
		model,
		messages: [{ role: "system", content: request.system(record.label, model) }, ...request.messages],
		tools: request.tools !== undefined && !request.tools.isEmpty() ? request.tools : undefined,
		stream,
		temperature: request.temperature,
		effort: request.effort,
		maxTokens: request.maxTokens,
		params: record.params,
	};
	const outgoing = callbacks.prepare(body);
	if (request.isCancelled()) return { ok: false, error: "Stopped.", overflow: false, model, terminal: true };
	streamSerial += 1;
	const streamId = `stream-${streamSerial}`;
	callbacks.onStart({
		provider: record.label,
		providerId: record.id,
		model,
		attempt: 1,
		messages: outgoing.messages.size(),
		streamId,
		stream,
	});
	const started = os.clock();
	const scope = { endpoint: record.baseUrl, model };
	const repairs = requestRepairs(providers, record, { protocol, ...scope });
	const done = (via: string | undefined, failure?: string) =>
		callbacks.onDone({
			provider: record.label,
			model,
			ms: math.floor((os.clock() - started) * 1000),
			via,
			streamed: stream,
			error: failure,
		});
	const to: SendTarget = {
		env,
		record,
		route,
		pool: providers.poolOf(record),
		protocol,
		target,
		scope,
		model,
		attempts: request.attempts,
		timeout: () => math.min(request.requestTimeout, math.max(1, request.remaining())),
		isCancelled: request.isCancelled,
		conversation: request.conversation,
		adoptProxy: (baseUrl) => providers.adoptProxy(record, baseUrl),
		onPreview: (preview) =>
			callbacks.onPreview({ text: preview.text, reasoning: preview.reasoning, streamId, model }),
		onRetry: callbacks.onRetry,
	};
	let wireBody = repairs.prepare(buildBody(protocol, outgoing, { scope, maxTokensCeiling: repairs.ceiling }));
	// assembling a long history's body pauses between frames (protocols/request_common.ts): Stop
	// meanwhile ends the attempt before anything is sent
	if (request.isCancelled()) {
		done(undefined, "Stopped.");
		return { ok: false, error: "Stopped.", overflow: false, model, terminal: true };
	}
	let sent = send(to, wireBody);
	let resends = 0;
	// a parameter refusal teaches a repair and the repaired body goes again (bounded by diagnose)
	while (sent.kind === "failed" && sent.failure.status !== undefined && sent.failure.terminal !== true) {
		if (request.isCancelled()) break;
		const repaired = repairs.repair(sent.failure.status, sent.failure.error, wireBody);
		if (repaired === undefined) break;
		resends += 1;
		callbacks.onRetry({
			provider: record.label,
			attempt: resends + 1,
			attempts: MAX_REPAIRS_PER_REQUEST + 1,
			wait: 0,
			status: sent.failure.status,
			reason: `repair: ${repaired.repairs.join(", ")}`,
			repairs: repaired.repairs,
		});
		wireBody = repaired.body;
		sent = send(to, wireBody);
	}
	if (sent.kind === "failed") {
		done(sent.via, sent.failure.error);
		return sent.failure;
	}
	const read = sent.read;
	const via = sent.via;
	if (!read.ok) {
		done(via, read.error.message);
		const overflow = isContextOverflow(read.error.message);
		return {
			ok: false,
			error: read.error.message,
			overflow,
			window: overflow ? windowFromMessage(read.error.message) : undefined,
			model,
			terminal: read.error.terminal && read.error.code !== "provider_error",
			cutCalls: read.error.cutCalls,
		};
	}
	done(via);
	const reply = callbacks.amend(read.reply);
	if (reply.content !== "" || reply.reasoning !== "")
		callbacks.onPreview({ text: reply.content, reasoning: reply.reasoning, streamId, model });
	return {
		ok: true,
		reply,
		provider: record.label,
		model: reply.model ?? model,
		cost: replyCost(record, model, reply),
	};
}
