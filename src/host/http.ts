// The host's HTTP transport: the executor's request function when there is one, else Roblox's
// HttpService where this game lets client scripts use it (caps.http says which). Both answer the
// same request/response shapes, so the network layer above never knows which one it uses.
import { HttpService } from "@rbxts/services";
import { Caps } from "./caps";

export type HeaderMap = Record<string, string>;

/** What the host's HTTP function takes and gives (executor `request` / HttpService shapes). */
export interface RawHttpRequest {
	readonly Url: string;
	readonly Method: string;
	readonly Headers: HeaderMap;
	readonly Body?: string;
}

export interface RawHttpResponse {
	readonly StatusCode: number;
	readonly Body: string;
	readonly Headers?: HeaderMap;
}

/** The host's HTTP capability as the transport needs it. `send` yields and raises on failure. */
export interface HttpCapability {
	/** "executor" or "roblox": where requests go, for logs and diagnostics. */
	readonly via: string;
	/** HttpService refuses a custom User-Agent; executor functions send it. */
	readonly canSetUserAgent: boolean;
	readonly send: (request: RawHttpRequest) => RawHttpResponse;
}

// HttpService refuses these request headers outright ('Header "User-Agent" is not allowed!'),
// so they are dropped rather than failing every request.
const LOCKED_HEADERS = new Set([
	"accept-encoding",
	"connection",
	"content-length",
	"expect",
	"forwarded",
	"host",
	"proxy-connection",
	"roblox-id",
	"user-agent",
	"via",
	"x-att-deviceid",
	"x-forwarded-for",
	"x-forwarded-host",
	"x-forwarded-proto",
	"x-wap-profile",
]);

function toResponse(value: unknown, source: string): RawHttpResponse {
	if (!typeIs(value, "table")) error(`${source} returned no response`, 0);
	const response = value as { StatusCode?: unknown; Body?: unknown; Headers?: unknown };
	const status = tonumber(response.StatusCode);
	if (status === undefined) error(`${source} returned a response without a status`, 0);
	const body = typeIs(response.Body, "string") ? response.Body : "";
	const headers = typeIs(response.Headers, "table") ? (response.Headers as HeaderMap) : {};
	return { StatusCode: status, Body: body, Headers: headers };
}

function executorTransport(request: Callback): HttpCapability {
	const call = request as (options: RawHttpRequest) => unknown;
	return {
		via: "executor",
		canSetUserAgent: true,
		send: (options) => toResponse(call(options), "the executor HTTP function"),
	};
}

function httpServiceTransport(): HttpCapability {
	return {
		via: "roblox",
		canSetUserAgent: false,
		send: (options) => {
			const headers: HeaderMap = {};
			for (const [name, value] of pairs(options.Headers)) {
				if (!LOCKED_HEADERS.has(name.lower())) headers[name] = value;
			}
			const response = HttpService.RequestAsync({
				Url: options.Url,
				Method: options.Method as "GET",
				Headers: headers,
				Body: options.Body,
			});
			return toResponse(response, "HttpService");
		},
	};
}

/** The transport for this host, or undefined when requests cannot go out at all. */
export function createHostHttp(caps: Caps, request: Callback | undefined): HttpCapability | undefined {
	if (caps.http === "executor" && request !== undefined) return executorTransport(request);
	if (caps.http === "roblox") return httpServiceTransport();
	return undefined;
}
