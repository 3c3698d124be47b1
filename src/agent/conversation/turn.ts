// One model request through the provider chain: the active provider first and, when
// `agent.fallback` is on, the other enabled providers. Per attempt: the system prompt naming that
// attempt's provider and model (after free routing's choice), `preRequest` hooks on a fresh
// copy (the attempt sends their edits), `request:start`, the transport (retries reported as
// `request:retry`), `request:done`, and `postResponse` hooks on a fresh copy of the reply (the
// loop uses an amended copy that keeps the reply's shape). A terminal failure (cancelled, deadline,
// output already received) ends the chain; other failures move to the next provider with a
// `provider:switch` event. Context-overflow refusals are reported so the loop can compact once.
import { mergeHeaders } from "../../net/headers";
import { parseUrl } from "../../net/url";
import { providerHeaders, providerUrl } from "../../provider/connection";
import { isContextOverflow, windowFromMessage } from "../../provider/errors/overflow";
import { MAX_REPAIRS_PER_REQUEST } from "../../provider/errors/repairs";
import { failureText } from "../../provider/failure_text";
import { estimateCost, priceFor } from "../../provider/pricing/prices";
import { runOperation } from "../../provider/operation";
import { buildBody, inferenceRoute, newAssembler } from "../../provider/protocols/adapter";
import {
	isResponsesOnlyRefusal,
	newOpencodeSession,
	opencodeRoute,
	routeProtocol,
} from "../../provider/protocols/opencode_routes";
import { readBody } from "../../provider/protocols/reader";
import type {
	JsonObject,
	Message,
	ProtocolId,
	ProtocolRequest,
	Reply,
	ReplyResult,
	ToolCall,
	ToolSpec,
} from "../../provider/protocols/types";
import { ProviderRecord } from "../../provider/record";
import { NO_PROVIDER, Providers } from "../../provider/registry";
import { PublicConfig } from "../../runtime/config";
import { encode } from "../../runtime/json";
import { deepCopy } from "../../runtime/util";
import { Emit } from "./events";
import { FreeRouting } from "../free_route";
import { viaGateway } from "../gateway_route";
import { Hooks } from "../dispatch/hooks";
import { requestRepairs } from "../repair_route";

export interface ModelRequest {
	/** The system prompt of one attempt, given the provider label and the model that attempt uses. */
	readonly system: (provider: string, model: string) => string;
	/** The conversation after the system prompt. */
	readonly messages: ReadonlyArray<Message>;
	readonly tools?: ReadonlyArray<ToolSpec>;
	readonly maxTokens?: number;
	readonly temperature?: number;
	/** Reasoning effort (`agent.effort`); "off" or absent omits the field (the provider's default). */
	readonly effort?: string;
	/** Transport attempts (default `agent.retries`). */
	readonly attempts?: number;
	readonly stream: boolean;
}

export type ModelOutcome =
	| {
			readonly ok: true;
			readonly reply: Reply;
			readonly provider: string;
			readonly model: string;
			/** Estimated USD of this reply, when the route's price and the usage are known. */
			readonly cost?: number;
	  }
	| {
			readonly ok: false;
			readonly error: string;
			readonly overflow: boolean;
			/** The window a context-length refusal named, when it named one. */
			readonly window?: number;
			readonly model?: string;
			/** The complete calls of a reply the output limit cut (refused; the loop answers them). */
			readonly cutCalls?: ReadonlyArray<ToolCall>;
	  };

export interface TurnDeps {
	readonly providers: Providers;
	readonly config: PublicConfig;
	readonly hooks: Hooks;
	readonly freeRouting: FreeRouting;
}

export interface TurnControl {
	readonly emit: Emit;
	readonly aborted: () => boolean;
	/** Seconds left in the turn (math.huge when unlimited). */
	readonly remaining: () => number;
	readonly sessionId: string;
	/** The public session handed to `preRequest` and `postResponse` hooks. */
	readonly session: object;
}

let streamSerial = 0;

// OpenCode routes carry an `x-opencode-session` that stays the same for every request of one
// conversation (seed 002), and differs between conversations. Kept for the client's lifetime.
const opencodeSessions = new Map<string, string>();

function opencodeSessionHeader(record: ProviderRecord, sessionId: string): Record<string, string> | undefined {
	if (opencodeRoute(record.baseUrl) === undefined) return undefined;
	let value = opencodeSessions.get(sessionId);
	if (value === undefined) {
		value = newOpencodeSession();
		opencodeSessions.set(sessionId, value);
	}
	return { "x-opencode-session": value };
}

/** The providers to try, in order. */
function chain(deps: TurnDeps): LuaTuple<[Array<ProviderRecord>, string | undefined]> {
	const [active, reason] = deps.providers.usable();
	const list = new Array<ProviderRecord>();
	if (active !== undefined) list.push(active);
	if (deps.config.get("agent.fallback") === true) {
		for (const record of deps.providers.public.list())
			if (record !== active && record.enabled && record.model !== "") list.push(record);
	}
	return $tuple(list, list.isEmpty() ? (reason ?? NO_PROVIDER) : undefined);
}

/** An attempt's outcome; a refusal carries its HTTP status. */
type Attempt = ModelOutcome & { readonly terminal?: boolean; readonly status?: number };
type Failure = Attempt & { readonly ok: false };

/** One send of a wire body: a reply to read, or a failure. */
type Sent =
	| { readonly kind: "reply"; readonly read: ReplyResult; readonly via: string | undefined }
	| { readonly kind: "failed"; readonly failure: Failure; readonly via: string | undefined };

function attempt(
	deps: TurnDeps,
	record: ProviderRecord,
	model: string,
	protocol: ProtocolId,
	request: ModelRequest,
	control: TurnControl,
): Attempt {
	const env = deps.providers.env;
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
	// hooks get a fresh copy per attempt; an edited or replaced request goes out on this attempt only
	const pre: { record: ProviderRecord; request: unknown; session: object } = {
		record,
		request: deepCopy(body),
		session: control.session,
	};
	deps.hooks.run("preRequest", pre);
	if (control.aborted()) return { ok: false, error: "Stopped.", overflow: false, model, terminal: true };
	// a replacement without a model and a messages list is not a request: the original goes out
	const replaced = pre.request as Partial<ProtocolRequest> | undefined;
	const hooked =
		typeIs(replaced, "table") && typeIs(replaced.model, "string") && typeIs(replaced.messages, "table")
			? (replaced as ProtocolRequest)
			: body;
	streamSerial += 1;
	const streamId = `stream-${streamSerial}`;
	control.emit("request:start", {
		provider: record.label,
		providerId: record.id,
		model,
		attempt: 1,
		messages: hooked.messages.size(),
		streamId,
		stream,
	});
	const started = os.clock();
	const scope = { endpoint: record.baseUrl, model };
	const repairs = requestRepairs(deps.providers, record, { protocol, ...scope });
	const attempts = request.attempts ?? (deps.config.get("agent.retries") as number);
	const done = (via: string | undefined, failure?: string) =>
		control.emit("request:done", {
			provider: record.label,
			model,
			ms: math.floor((os.clock() - started) * 1000),
			via,
			streamed: stream,
			error: failure,
		});
	const send = (wireBody: JsonObject): Sent => {
		const [text, encodeError] = encode(wireBody);
		if (text === undefined) {
			const reason = `the request could not be encoded: ${encodeError}`;
			return { kind: "failed", failure: { ok: false, error: reason, overflow: false, model }, via: undefined };
		}
		const timeout = math.min(deps.config.get("agent.requestTimeout") as number, math.max(1, control.remaining()));
		const socketRead = viaGateway({
			env,
			route,
			pool: deps.providers.poolOf(record),
			protocol,
			body: wireBody,
			target,
			timeout,
			isCancelled: control.aborted,
			onPreview: (preview) =>
				control.emit("assistant:preview", {
					text: preview.text,
					reasoning: preview.reasoning,
					streamId,
					model,
				}),
		});
		if (socketRead !== undefined) return { kind: "reply", read: socketRead, via: "gateway" };
		const outcome = runOperation(record, deps.providers.poolOf(record), env, {
			build: (baseUrl, key) => {
				const url = providerUrl({ ...route, baseUrl }, target.path, target.query);
				if (!url.ok) return url.reason;
				// the provider's own and custom headers come last: they are explicit overrides
				const headers = mergeHeaders(
					{ "Content-Type": "application/json" },
					opencodeSessionHeader(record, control.sessionId),
					providerHeaders(route, key, env.http),
				);
				return { url: url.url, method: "POST", headers, body: text };
			},
			timeout,
			attempts,
			isCancelled: control.aborted,
			tag: "inference",
			onEvent: (event) => {
				if (event.kind === "proxy") return;
				control.emit("request:retry", {
					provider: record.label,
					attempt: event.kind === "retry" ? event.attempt : 1,
					attempts,
					wait: event.kind === "retry" ? event.wait : 0,
					status: event.status,
					reason: event.kind === "key" ? `key ${event.keyNumber} is rate-limited` : `HTTP ${event.status}`,
				});
			},
		});
		if (outcome.proxiedTo !== undefined) deps.providers.adoptProxy(record, outcome.proxiedTo);
		const via = outcome.result.via;
		if (outcome.invalid !== undefined)
			return { kind: "failed", failure: { ok: false, error: outcome.invalid, overflow: false, model }, via };
		const result = outcome.result;
		if (!result.ok) {
			const reason = failureText(result, outcome.document, [outcome.key]);
			const overflow = result.failure === undefined && isContextOverflow(reason, result.status);
			const failure: Failure = {
				ok: false,
				error: reason,
				overflow,
				window: overflow ? windowFromMessage(reason) : undefined,
				model,
				terminal: result.failure !== undefined && result.failure !== "busy",
				status: result.status,
			};
			return { kind: "failed", failure, via };
		}
		return { kind: "reply", read: readBody(newAssembler(protocol, scope), result.body), via };
	};
	let wireBody = repairs.prepare(buildBody(protocol, hooked, { scope, maxTokensCeiling: repairs.ceiling }));
	let sent = send(wireBody);
	let resends = 0;
	// a parameter refusal teaches a repair and the repaired body goes again (bounded by diagnose)
	while (sent.kind === "failed" && sent.failure.status !== undefined && sent.failure.terminal !== true) {
		if (control.aborted()) break;
		const repaired = repairs.repair(sent.failure.status, sent.failure.error, wireBody);
		if (repaired === undefined) break;
		resends += 1;
		control.emit("request:retry", {
			provider: record.label,
			attempt: resends + 1,
			attempts: MAX_REPAIRS_PER_REQUEST + 1,
			wait: 0,
			status: sent.failure.status,
			reason: `repair: ${repaired.repairs.join(", ")}`,
			repairs: repaired.repairs,
		});
		wireBody = repaired.body;
		sent = send(wireBody);
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
	const post: { result: unknown; record: ProviderRecord; session: object } = {
		result: deepCopy(read.reply),
		record,
		session: control.session,
	};
	deps.hooks.run("postResponse", post);
	const amended = post.result as Partial<Reply> | undefined;
	const reply =
		typeIs(amended, "table") &&
		typeIs(amended.content, "string") &&
		typeIs(amended.reasoning, "string") &&
		typeIs(amended.toolCalls, "table")
			? (amended as Reply)
			: read.reply;
	if (reply.content !== "" || reply.reasoning !== "")
		control.emit("assistant:preview", { text: reply.content, reasoning: reply.reasoning, streamId, model });
	return {
		ok: true,
		reply,
		provider: record.label,
		model: reply.model ?? model,
		cost: replyCost(record, model, reply),
	};
}

/** The catalog price of this reply on the record's endpoint (the requested model id prices it). */
function replyCost(record: ProviderRecord, model: string, reply: Reply): number | undefined {
	const url = parseUrl(record.baseUrl);
	const price = url.ok ? priceFor(url.url.host, url.url.path, model) : undefined;
	return price !== undefined && reply.usage !== undefined ? estimateCost(price, reply.usage) : undefined;
}

/**
 * One provider: the routed protocol and, when an OpenCode route's Chat Completions request is
 * refused because the model is served by the Responses API, one Responses retry.
 */
function attemptRoute(
	deps: TurnDeps,
	record: ProviderRecord,
	model: string,
	request: ModelRequest,
	control: TurnControl,
): Attempt {
	const protocol = routeProtocol(record.baseUrl, record.api, model);
	const first = attempt(deps, record, model, protocol, request, control);
	if (
		first.ok ||
		protocol !== "openai" ||
		first.status === undefined ||
		opencodeRoute(record.baseUrl) === undefined ||
		!isResponsesOnlyRefusal(first.status, first.error) ||
		control.aborted()
	)
		return first;
	control.emit("request:retry", {
		provider: record.label,
		attempt: 2,
		attempts: 2,
		wait: 0,
		status: first.status,
		reason: "the route serves this model through the Responses API",
	});
	return attempt(deps, record, model, "responses", request, control);
}

/** Sends `request` along the chain; the first success, or the first failure. */
export function complete(deps: TurnDeps, request: ModelRequest, control: TurnControl): ModelOutcome {
	const [records, reason] = chain(deps);
	if (reason !== undefined) return { ok: false, error: reason, overflow: false };
	// automatic free routing may send the active provider's `auto` to a measured model
	const routed = deps.freeRouting.route(
		records[0],
		{
			messages: [
				{ role: "system", content: request.system(records[0].label, records[0].model) },
				...request.messages,
			],
			maxTokens: request.maxTokens,
		},
		control.emit,
	);
	let first: ModelOutcome | undefined;
	let previous: ProviderRecord | undefined;
	for (const record of records) {
		if (control.aborted()) return { ok: false, error: "Stopped.", overflow: false };
		if (previous !== undefined)
			control.emit("provider:switch", {
				from: previous.label,
				to: record.label,
				reason: first !== undefined && !first.ok ? first.error : "",
			});
		const free = record === records[0] ? routed : undefined;
		const started = os.clock();
		const outcome = attemptRoute(deps, record, free?.model ?? record.model, request, control);
		if (free !== undefined && !control.aborted()) free.report(outcome.ok, os.clock() - started);
		if (outcome.ok || outcome.terminal === true || outcome.overflow) return outcome;
		first = first ?? outcome;
		previous = record;
	}
	return first ?? { ok: false, error: "every provider failed", overflow: false };
}
