// One provider operation (a discovery or an inference request) around the transport: it picks
// the next key of the pool, rotates to another ready key when the key is rate-limited or out of
// quota, and recovers once through the Project UAI proxy when AgentRouter's official route refuses
// the client. Everything shares one deadline and one cancellation; a transport retry keeps its key.
import type { RelayPort } from "../net/bridge/port";
import { WebSocketConnector } from "../net/ws/gateway";
import { defaultEnv, HttpCapability, HttpResult, HttpSpec, send, TransportEnv } from "../net/http";
import { collectSecrets } from "../runtime/secrets";
import { coolKey, KeyPool, pickKey, readyOthers } from "./key_pool";
import { isClientRefusal, proxiedBase } from "./proxy_route";
import { ProviderRecord } from "./record";

export interface ProviderEnv {
	readonly http: HttpCapability;
	/** Decodes a JSON body; undefined when the text is not JSON. */
	readonly decode: (text: string) => unknown;
	readonly transport?: TransportEnv;
	/** The executor's WebSocket connector, for the UAI gateway. */
	readonly websocket?: WebSocketConnector;
	/** Told every credential a request carries before it is sent (the log redacts them). */
	readonly addSecrets?: (values: ReadonlyArray<string>) => void;
	/** The browser bridge's web relay (net/bridge/port.ts), when this client has one. */
	readonly relay?: RelayPort;
}

export type OperationEvent =
	| { readonly kind: "retry"; readonly attempt: number; readonly wait: number; readonly status: number }
	| { readonly kind: "key"; readonly keyNumber: number; readonly status: number }
	| { readonly kind: "proxy"; readonly baseUrl: string };

export interface OperationSpec {
	/** The request for a base URL and key; a string is a reason the request cannot be built. */
	readonly build: (baseUrl: string, key: string) => HttpSpec | string;
	readonly timeout?: number;
	readonly attempts?: number;
	readonly unsafe?: boolean;
	readonly isCancelled?: () => boolean;
	/** Progress for status lines and logs; never carries a credential. */
	readonly onEvent?: (event: OperationEvent) => void;
	/** What the request is for, in the request log ("inference", "discovery", "probe"). */
	readonly tag?: string;
	/**
	 * The caller reads a 2xx body itself (an inference reply, read by its protocol's reader): it is
	 * not decoded here too, unless the proxy recovery must look at it.
	 */
	readonly readsReply?: boolean;
}

export interface OperationResult {
	readonly result: HttpResult;
	/** The decoded body (undefined when not JSON, and for a 2xx body the caller reads: `readsReply`). */
	readonly document: unknown;
	/** The key used last ("" without one): for redacting, never for showing. */
	readonly key: string;
	/** Every credential of the request (all pool keys, credential headers and query values). */
	readonly secrets: ReadonlyArray<string>;
	/** The base URL the proxy recovery switched to, when it did. */
	readonly proxiedTo?: string;
	/** A reason the request could not be built. */
	readonly invalid?: string;
}

const QUOTA_MARKERS = ["quota", "resource_exhausted", "rate limit", "rate_limit"];

/** A refusal that concerns this key's limits: another key of the pool may go through. */
export function isKeyLimited(status: number, body: string): boolean {
	if (status === 429) return true;
	if (status !== 402 && status !== 403) return false;
	const lower = body.lower();
	return QUOTA_MARKERS.some((marker) => lower.find(marker, 1, true)[0] !== undefined);
}

export function runOperation(
	record: ProviderRecord,
	pool: KeyPool,
	env: ProviderEnv,
	spec: OperationSpec,
): OperationResult {
	const transport = env.transport ?? defaultEnv;
	// every credential the request may carry, saved record or unsaved draft alike
	const secrets = collectSecrets(record);
	env.addSecrets?.(secrets);
	const deadline = transport.now() + math.clamp(spec.timeout ?? 120, 1, 300);
	let baseUrl = record.baseUrl;
	let proxiedTo: string | undefined;
	let picked = pickKey(pool, transport.now());
	let rotations = 0;
	for (;;) {
		const built = spec.build(baseUrl, picked.key);
		if (typeIs(built, "string")) {
			const empty: HttpResult = { ok: false, status: 0, body: "", headers: {}, attempts: 0, via: env.http.via };
			return { result: empty, document: undefined, key: picked.key, secrets, invalid: built };
		}
		const multiKey = pool.keys.size() >= 2;
		const result = send(
			env.http,
			{
				...built,
				deadline,
				attempts: spec.attempts ?? built.attempts,
				unsafe: spec.unsafe ?? built.unsafe,
				isCancelled: spec.isCancelled,
				tag: spec.tag ?? built.tag,
				returnStatuses: multiKey ? [429] : undefined,
				onRetry: (attempt, wait, status) => spec.onEvent?.({ kind: "retry", attempt, wait, status }),
			},
			transport,
		);
		const now = transport.now();
		if (
			result.failure === undefined &&
			isKeyLimited(result.status, result.body) &&
			rotations < pool.keys.size() - 1 &&
			readyOthers(pool, picked.index, now) > 0
		) {
			coolKey(pool, picked.index, now);
			rotations += 1;
			picked = pickKey(pool, now);
			spec.onEvent?.({ kind: "key", keyNumber: picked.index + 1, status: result.status });
			continue;
		}
		const proxy = proxiedTo === undefined && result.failure === undefined ? proxiedBase(baseUrl) : undefined;
		// a long reply is decoded once, by its reader (a frame's work saved on an 80 KB reply)
		const decodes = result.failure === undefined && (!result.ok || spec.readsReply !== true || proxy !== undefined);
		const document = decodes ? env.decode(result.body) : undefined;
		if (proxy !== undefined && isClientRefusal(result.status, result.body, document)) {
			baseUrl = proxy;
			proxiedTo = proxy;
			spec.onEvent?.({ kind: "proxy", baseUrl: proxy });
			continue;
		}
		return { result, document, key: picked.key, secrets, proxiedTo };
	}
}
