// The UAI WebSocket gateway ahead of HTTP (docs/PROVIDER_COMPATIBILITY.md, "WebSocket gateway"):
// only Chat Completions with a streaming body, a gateway URL on the record and an executor
// connector. Undefined means nothing was sent and the request goes over HTTP; once the envelope
// is sent every outcome, failures included, is final.
import { collectSecrets } from "../../runtime/secrets";
import { providerHeaders, providerUrl } from "../connection";
import { redactReply } from "../errors/redact";
import { KeyPool, pickKey } from "../key_pool";
import { ProviderEnv } from "../operation";
import { gatewayRefusal, replyViaGateway } from "../protocols/gateway_reply";
import type { JsonObject, Preview, ProtocolId, ReplyResult } from "../protocols/types";
import { ProviderRecord } from "../record";
import { InferenceRoute } from "../wire";

export interface GatewayAttempt {
	readonly env: ProviderEnv;
	/** The record with the routed protocol's wire facts. */
	readonly route: ProviderRecord;
	readonly pool: KeyPool;
	readonly protocol: ProtocolId;
	readonly body: JsonObject;
	readonly target: InferenceRoute;
	readonly timeout: number;
	readonly isCancelled: () => boolean;
	readonly onPreview: (preview: Preview) => void;
}

export function viaGateway(request: GatewayAttempt): ReplyResult | undefined {
	const { env, route } = request;
	const refusal = gatewayRefusal({
		protocol: request.protocol,
		body: request.body,
		wsUrl: route.wsUrl,
		connector: env.websocket,
		relaySelected: false,
		proxyRoute: false,
	});
	if (refusal !== undefined) return undefined;
	const url = providerUrl(route, request.target.path, request.target.query);
	if (!url.ok) return undefined;
	const secrets = collectSecrets(route);
	env.addSecrets?.(secrets);
	const outcome = replyViaGateway({
		connector: env.websocket,
		wsUrl: route.wsUrl,
		url: url.url,
		headers: providerHeaders(route, pickKey(request.pool, os.clock()).key, env.http),
		body: request.body,
		timeout: request.timeout,
		isCancelled: request.isCancelled,
		onPreview: request.onPreview,
		record: env.http.record,
	});
	return outcome.fallback ? undefined : redactReply(outcome.result, secrets);
}
