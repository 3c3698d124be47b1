// What one HTTP attempt reports to the request log: the request line, the User-Agent it carried
// (never another header: credentials travel in headers), the outcome, and the diagnostic response
// headers (server, cf-ray or x-request-id, cf-mitigated). The log redacts and bounds it all.
import type { HttpCapability, RawHttpRequest, RawHttpResponse } from "../host/http";
import type { RequestAttempt } from "../runtime/request_log";
import { headerValue } from "./headers";

export function attemptRecord(
	http: HttpCapability,
	request: RawHttpRequest,
	tag: string | undefined,
	attempt: number,
	at: number,
	seconds: number,
	response: RawHttpResponse | undefined,
	problem: string | undefined,
): RequestAttempt {
	const identity = headerValue(request.Headers, "user-agent");
	const headers = response?.Headers;
	const body = response?.Body ?? "";
	return {
		at,
		method: request.Method,
		url: request.Url,
		tag: tag ?? "http",
		ms: seconds * 1000,
		status: response?.StatusCode ?? 0,
		bytes: body.size(),
		via: http.via,
		identity,
		uaSent: identity !== undefined && http.canSetUserAgent,
		error: problem,
		attempt,
		response: body,
		server: headerValue(headers, "server"),
		trace: headerValue(headers, "cf-ray") ?? headerValue(headers, "x-request-id"),
		mitigated: headerValue(headers, "cf-mitigated"),
	};
}
