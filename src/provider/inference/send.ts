// One send of a wire body: the UAI gateway when it takes the request, otherwise HTTP through the
// record's key pool and proxy recovery (URL and headers built per base URL and key). A refusal is
// classified here: its text (redacted), whether it is a context-length refusal, and whether
// another provider could help.
import { mergeHeaders } from "../../net/headers";
import type { HttpResult } from "../../net/http";
import { frameSlicing } from "../../host/frame";
import { decode, encode } from "../../runtime/json";
import { collectSecrets } from "../../runtime/secrets";
import { providerHeaders, providerUrl } from "../connection";
import { isContextOverflow, windowFromMessage } from "../errors/overflow";
import { redactReply } from "../errors/redact";
import { failureText } from "../failure_text";
import { KeyPool } from "../key_pool";
import { ProviderEnv, runOperation } from "../operation";
import { newAssembler } from "../protocols/adapter";
import { newOpencodeSession, opencodeRoute } from "../protocols/opencode_routes";
import { readBody } from "../protocols/reader";
import type { JsonObject, Preview, ProtocolId, ReplayScope, ReplyResult } from "../protocols/types";
import { ProviderRecord } from "../record";
import { InferenceRoute } from "../wire";
import { viaGateway } from "./gateway";
import { viaRelay } from "./relay";
import { InferenceOutcome, RequestRetry } from "./types";

/** A failed attempt; a refusal carries its HTTP status. */
export type Failure = InferenceOutcome & { readonly ok: false; readonly status?: number };

/** One send of a wire body: a reply to read, or a failure. */
export type Sent =
	| { readonly kind: "reply"; readonly read: ReplyResult; readonly via: string | undefined }
	| { readonly kind: "failed"; readonly failure: Failure; readonly via: string | undefined };

/** What every send of one attempt shares. */
export interface SendTarget {
	readonly env: ProviderEnv;
	readonly record: ProviderRecord;
	/** The record with the routed protocol's wire facts. */
	readonly route: ProviderRecord;
	readonly pool: KeyPool;
	readonly protocol: ProtocolId;
	readonly target: InferenceRoute;
	/** The endpoint and model replayed reasoning belongs to. */
	readonly scope: ReplayScope;
	readonly model: string;
	readonly attempts: number;
	/** Seconds this send may take. */
	readonly timeout: () => number;
	readonly isCancelled: () => boolean;
	readonly conversation: string;
	readonly adoptProxy: (baseUrl: string) => void;
	readonly onPreview: (preview: Preview) => void;
	readonly onRetry: (retry: RequestRetry) => void;
}

// OpenCode routes carry an `x-opencode-session` that stays the same for every request of one
// conversation, and differs between conversations (docs/PROVIDER_COMPATIBILITY.md, "Auth, headers
// and identity"). Kept for the client's lifetime.
const opencodeSessions = new Map<string, string>();

function opencodeSessionHeader(record: ProviderRecord, conversation: string): Record<string, string> | undefined {
	if (opencodeRoute(record.baseUrl) === undefined) return undefined;
	let value = opencodeSessions.get(conversation);
	if (value === undefined) {
		value = newOpencodeSession();
		opencodeSessions.set(conversation, value);
	}
	return { "x-opencode-session": value };
}

export function send(to: SendTarget, wireBody: JsonObject): Sent {
	const { env, record, route, model } = to;
	// a long history's body is assembled over several frames; Stop ends it at any pause
	const [text, encodeError] = encode(wireBody, frameSlicing(to.isCancelled));
	if (text === undefined && to.isCancelled()) {
		const failure: Failure = { ok: false, error: "Stopped.", overflow: false, model, terminal: true };
		return { kind: "failed", failure, via: undefined };
	}
	if (text === undefined) {
		const reason = `the request could not be encoded: ${encodeError}`;
		return { kind: "failed", failure: { ok: false, error: reason, overflow: false, model }, via: undefined };
	}
	const relayed = viaRelay(to, text);
	if (typeIs(relayed, "string"))
		return { kind: "failed", failure: { ok: false, error: relayed, overflow: false, model }, via: "web" };
	if (relayed !== undefined) {
		// a 2xx body is decoded by its reader in settle; only a refusal's document is read here
		const document = relayed.result.ok ? undefined : decode(relayed.result.body)[0];
		return settle(to, relayed.result, document, collectSecrets(to.record));
	}
	const timeout = to.timeout();
	const socketRead = viaGateway({
		env,
		route,
		pool: to.pool,
		protocol: to.protocol,
		body: wireBody,
		target: to.target,
		timeout,
		isCancelled: to.isCancelled,
		onPreview: to.onPreview,
	});
	if (socketRead !== undefined) return { kind: "reply", read: socketRead, via: "gateway" };
	const outcome = runOperation(record, to.pool, env, {
		build: (baseUrl, key) => {
			const url = providerUrl({ ...route, baseUrl }, to.target.path, to.target.query);
			if (!url.ok) return url.reason;
			// the provider's own and custom headers come last: they are explicit overrides
			const headers = mergeHeaders(
				{ "Content-Type": "application/json" },
				opencodeSessionHeader(record, to.conversation),
				providerHeaders(route, key, env.http),
			);
			return { url: url.url, method: "POST", headers, body: text };
		},
		timeout,
		attempts: to.attempts,
		isCancelled: to.isCancelled,
		tag: "inference",
		readsReply: true,
		onEvent: (event) => {
			if (event.kind === "proxy") return;
			to.onRetry({
				provider: record.label,
				attempt: event.kind === "retry" ? event.attempt : 1,
				attempts: to.attempts,
				wait: event.kind === "retry" ? event.wait : 0,
				status: event.status,
				reason: event.kind === "key" ? `key ${event.keyNumber} is rate-limited` : `HTTP ${event.status}`,
			});
		},
	});
	if (outcome.proxiedTo !== undefined) to.adoptProxy(outcome.proxiedTo);
	const via = outcome.result.via;
	if (outcome.invalid !== undefined)
		return { kind: "failed", failure: { ok: false, error: outcome.invalid, overflow: false, model }, via };
	return settle(to, outcome.result, outcome.document, outcome.secrets);
}

/** A response read into a reply, or its refusal classified (text, overflow, terminal). */
function settle(to: SendTarget, result: HttpResult, document: unknown, secrets: ReadonlyArray<string>): Sent {
	const model = to.model;
	const via = result.via;
	if (!result.ok) {
		const reason = failureText(result, document, secrets);
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
	// an error inside a 2xx answer is redacted with the request's own credentials too
	const slicing = frameSlicing(to.isCancelled);
	const read = redactReply(readBody(newAssembler(to.protocol, to.scope), result.body, slicing), secrets);
	return { kind: "reply", read, via };
}
