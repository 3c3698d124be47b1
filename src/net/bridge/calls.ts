// One call to the bridge server: JSON in and out over the host's HTTP function, with the bridge
// token and this client's id, one attempt and a short deadline (the inbox poll passes a longer one).
// Each call goes to the request log with the tag "bridge" (the log keeps no request headers, so
// never the token); routine traffic — event batches, inbox polls, relay status polls, several a
// second while a reply streams — is recorded only when it fails, so it cannot push the provider
// requests out of the log's 60 entries.
import { encode, decode } from "../../runtime/json";
import { HttpCapability, send, TransportEnv, defaultEnv } from "../http";

export interface BridgeTarget {
	readonly port: number;
	readonly token: string;
	readonly clientId: string;
}

export interface CallResult {
	/** 0 when nothing answered (refused connection, timeout, cancellation). */
	readonly status: number;
	readonly ok: boolean;
	readonly document: unknown;
	/** The server's `error` text, or the transport's reason. */
	readonly error?: string;
}

/** Seconds a control call may take. */
export const CONTROL_TIMEOUT = 15;

export function bridgeUrl(port: number, path: string): string {
	return `http://127.0.0.1:${port}${path}`;
}

export function callBridge(
	http: HttpCapability,
	target: BridgeTarget,
	method: string,
	path: string,
	body?: unknown,
	options: { timeout?: number; isCancelled?: () => boolean; env?: TransportEnv; routine?: boolean } = {},
): CallResult {
	let text: string | undefined;
	if (body !== undefined) {
		const [encoded, why] = encode(body);
		if (encoded === undefined)
			return { status: 0, ok: false, document: undefined, error: `could not encode: ${why}` };
		text = encoded;
	}
	const headers: Record<string, string> = {
		Authorization: `Bearer ${target.token}`,
		"X-UAI-Client": target.clientId,
	};
	if (text !== undefined) headers["Content-Type"] = "application/json";
	const record = http.record;
	const transport: HttpCapability =
		options.routine === true && record !== undefined
			? {
					...http,
					record: (attempt) => {
						if (attempt.status < 200 || attempt.status >= 300 || attempt.error !== undefined)
							record(attempt);
					},
				}
			: http;
	const result = send(
		transport,
		{
			url: bridgeUrl(target.port, path),
			method,
			headers,
			body: text,
			timeout: options.timeout ?? CONTROL_TIMEOUT,
			attempts: 1,
			unsafe: true,
			isCancelled: options.isCancelled,
			tag: "bridge",
		},
		options.env ?? defaultEnv,
	);
	const [document] = result.body !== "" ? decode(result.body) : [undefined];
	const serverError =
		typeIs(document, "table") && typeIs((document as { error?: unknown }).error, "string")
			? ((document as { error: string }).error as string)
			: undefined;
	return {
		status: result.status,
		ok: result.ok,
		document,
		error: result.ok ? undefined : (serverError ?? result.reason ?? `HTTP ${result.status}`),
	};
}
