// Where a provider request goes and what it carries: the URL under the record's base with its
// query fields, and the header stack — vendor-required headers, the client's identity, auth, then
// the record's own headers, each later map overriding earlier names case-insensitively.
import { HeaderMap, mergeHeaders } from "../net/headers";
import { HttpCapability } from "../net/http";
import { endpoint, formatUrl } from "../net/url";
import { authHeaders } from "./auth";
import { identityHeaders } from "./identity";
import { ProviderRecord } from "./record";
import { WIRE } from "./wire";

export type Target = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly reason: string };

/** The URL of `path` under the record's base URL, with the record's and the caller's query fields. */
export function providerUrl(record: ProviderRecord, path: string, extraQuery?: ReadonlyMap<string, string>): Target {
	const query = new Map<string, string>();
	for (const [key, value] of pairs(record.query)) query.set(key, value);
	if (extraQuery !== undefined) for (const [key, value] of extraQuery) query.set(key, value);
	const result = endpoint(record.baseUrl, path, query);
	return result.ok ? { ok: true, url: formatUrl(result.url) } : result;
}

export function providerHeaders(record: ProviderRecord, key: string, http: HttpCapability): HeaderMap {
	return mergeHeaders(
		WIRE[record.api].headers,
		identityHeaders(http),
		authHeaders(record.authStyle, key),
		record.headers,
	);
}

/** The model-list URL of a record. */
export function modelsUrl(record: ProviderRecord, extraQuery?: ReadonlyMap<string, string>): Target {
	return providerUrl(record, WIRE[record.api].modelsPath, extraQuery);
}

/** The inference URL of a record for a model (the model is in the path for Gemini). */
export function inferenceUrl(record: ProviderRecord, model: string, stream: boolean): Target {
	const route = WIRE[record.api].inference(model, stream);
	return providerUrl(record, route.path, route.query);
}
