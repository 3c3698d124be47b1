// The browser bridge's web relay ahead of the gateway and HTTP (bridge/README.md, "Relay"): a
// request that carries picture references (which only the bridge can resolve), or any request
// when the runtime is set to web, goes through the connected bridge. Its previews come from the
// bridge's status pages; its result is the provider's complete response, read like an HTTP one.
import { mergeHeaders } from "../../net/headers";
import type { HttpResult } from "../../net/http";
import { providerHeaders, providerUrl } from "../connection";
import { collectSecrets } from "../../runtime/secrets";
import { pickKey } from "../key_pool";
import type { SendTarget } from "./send";

const REFERENCE_MARK = "uai-image://pic_";

/** The relay's result and the key it used, or undefined when the request does not go through it. */
export function viaRelay(to: SendTarget, text: string): { result: HttpResult; key: string } | string | undefined {
	const relay = to.env.relay;
	const images = string.find(text, REFERENCE_MARK, 1, true)[0] !== undefined;
	if (relay === undefined || !relay.wants(images)) return undefined;
	const url = providerUrl(to.route, to.target.path, to.target.query);
	if (!url.ok) return url.reason;
	// the request log redacts the record's credentials, as for an HTTP send (provider/operation.ts)
	to.env.addSecrets?.(collectSecrets(to.record));
	const key = pickKey(to.pool, os.clock()).key;
	const headers = mergeHeaders({ "Content-Type": "application/json" }, providerHeaders(to.route, key, to.env.http));
	const result = relay.send({
		url: url.url,
		headers,
		body: text,
		timeout: relay.timeout(),
		sessionId: to.conversation,
		isCancelled: to.isCancelled,
		onPreview: (preview, reasoning) =>
			to.onPreview({ text: preview, textClipped: false, reasoning, reasoningClipped: false }),
	});
	return { result, key };
}
