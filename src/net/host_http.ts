// The transport's HTTP capability on this host: the executor HTTP function that host detection
// chose (found again through src/host, the only door to executor globals). HttpService is not
// adapted here: src/host does not hand its HttpService transport out, and on a live client Roblox
// refuses client HTTP anyway; `uai.caps` says so.
import { Caps, HTTP_FUNCTIONS } from "host/caps";
import { readExecutorGlobals } from "host/globals";
import { HttpCapability, RawHttpRequest, RawHttpResponse } from "./http";
import { HeaderMap } from "./headers";

function toResponse(value: unknown): RawHttpResponse {
	if (!typeIs(value, "table")) error("the executor HTTP function returned no response", 0);
	const response = value as { StatusCode?: unknown; Body?: unknown; Headers?: unknown };
	const status = tonumber(response.StatusCode);
	if (status === undefined) error("the executor HTTP function returned a response without a status", 0);
	const body = typeIs(response.Body, "string") ? response.Body : "";
	const headers = typeIs(response.Headers, "table") ? (response.Headers as HeaderMap) : {};
	return { StatusCode: status, Body: body, Headers: headers };
}

/** The executor HTTP capability, or undefined when requests cannot go through an executor function. */
export function executorHttp(caps: Caps): HttpCapability | undefined {
	if (caps.http !== "executor") return undefined;
	const [request] = readExecutorGlobals().firstFunction(HTTP_FUNCTIONS);
	if (request === undefined) return undefined;
	const call = request as (options: RawHttpRequest) => unknown;
	return {
		via: "executor",
		canSetUserAgent: true,
		send: (options) => toResponse(call(options)),
	};
}
