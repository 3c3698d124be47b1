// Chat Completions over the UAI WebSocket gateway (docs/PROVIDER_COMPATIBILITY.md, "WebSocket
// gateway"; net/ws/gateway.ts for the socket rules): when the route may use it, the envelope
// `{path, headers, body}` and the reply assembled from the gateway's messages by the same bounded
// Chat Completions reader as HTTP.
import { HeaderMap, headerValue, mergeHeaders } from "../../net/headers";
import { envelopePath, GatewayClock, sendViaGateway, WebSocketConnector } from "../../net/ws/gateway";
import { encode } from "../../runtime/json";
import type { RequestRecorder } from "../../runtime/request_log";
import { ChatAssembler } from "./openai/assembler";
import { ReplyReader } from "./reader";
import type { JsonObject, Preview, ProtocolId, ReplyError, ReplyResult } from "./types";

export interface GatewayRoute {
	readonly protocol: ProtocolId;
	/** The effective request body (after params and extra). */
	readonly body: JsonObject;
	readonly wsUrl: string;
	readonly connector: WebSocketConnector | undefined;
	/** Images or the web runtime send requests through the browser relay instead. */
	readonly relaySelected: boolean;
	/** A Project UAI proxy route (recovery) uses HTTP. */
	readonly proxyRoute: boolean;
}

/**
 * Why this request cannot use the gateway (undefined when it can): only Chat Completions with a
 * streaming body, a gateway URL, a connector, no web relay and no proxy route.
 */
export function gatewayRefusal(route: GatewayRoute): string | undefined {
	if (route.wsUrl === "") return "no gateway URL is set";
	if (route.protocol !== "openai") return "the gateway carries Chat Completions only";
	if (route.body.stream !== true) return "the gateway is used only for streaming requests";
	if (route.connector === undefined) return "this executor has no WebSocket connector";
	if (route.relaySelected) return "requests through the web relay do not use the gateway";
	if (route.proxyRoute) return "proxy routes use HTTP";
	return undefined;
}

export interface GatewayReplyRequest {
	readonly connector: WebSocketConnector | undefined;
	readonly wsUrl: string;
	/** The provider inference URL the request would have used over HTTP. */
	readonly url: string;
	/** The same headers as HTTP: auth, custom fields, identity. */
	readonly headers: HeaderMap;
	readonly body: JsonObject;
	readonly timeout?: number;
	readonly isCancelled?: () => boolean;
	/** Called after each accepted message with the live previews. */
	readonly onPreview?: (preview: Preview) => void;
	readonly clock?: GatewayClock;
	/** The request log the exchange is reported to (tag "inference"). */
	readonly record?: RequestRecorder;
}

export type GatewayReplyOutcome =
	{ readonly fallback: true; readonly reason: string } | { readonly fallback: false; readonly result: ReplyResult };

/** The gateway's envelope as JSON text. */
export function gatewayEnvelope(url: string, headers: HeaderMap, body: JsonObject): string {
	const merged = mergeHeaders({ "Content-Type": "application/json", Accept: "text/event-stream" }, headers);
	const [text, reason] = encode({ path: envelopePath(url), headers: merged, body });
	if (text === undefined) error(`the request body cannot be encoded: ${reason}`);
	return text;
}

/** One completion over the gateway: a reply, or permission to fall back to HTTP before Send. */
export function replyViaGateway(request: GatewayReplyRequest): GatewayReplyOutcome {
	const assembler = new ChatAssembler();
	const reader = new ReplyReader(assembler);
	let callbackFailure: string | undefined;
	const outcome = sendViaGateway<ReplyResult>({
		connector: request.connector,
		wsUrl: request.wsUrl,
		envelope: gatewayEnvelope(request.url, request.headers, request.body),
		timeout: request.timeout,
		isCancelled: request.isCancelled,
		clock: request.clock,
		log:
			request.record !== undefined
				? { record: request.record, tag: "inference", identity: headerValue(request.headers, "user-agent") }
				: undefined,
		consumer: {
			message: (text) => {
				reader.pushMessage(text);
				if (reader.error() === undefined && request.onPreview !== undefined) {
					const [ok, err] = pcall(request.onPreview, reader.preview());
					if (!ok) callbackFailure = tostring(err);
				}
				return reader.closed() || callbackFailure !== undefined;
			},
			finish: () => {
				if (callbackFailure === undefined) return reader.finish();
				const failure: ReplyError = {
					code: "callback_failed",
					message: `a reply callback failed: ${callbackFailure}`,
					partial: assembler.hasOutput(),
					terminal: true,
				};
				return { ok: false, error: failure };
			},
		},
	});
	if (outcome.kind === "fallback") return { fallback: true, reason: outcome.reason };
	if (outcome.kind === "done") return { fallback: false, result: outcome.value };
	const failure: ReplyError = {
		code: outcome.failure,
		message: outcome.reason,
		partial: assembler.hasOutput(),
		terminal: true,
	};
	return { fallback: false, result: { ok: false, error: failure } };
}
