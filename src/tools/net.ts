// The HTTP tools (group `net`, need `http`): http_get, http_request and json_api (a dotted path
// into a JSON body). Each exchange goes through the client's transport (src/net/http: deadline,
// retries, the request log), follows at most 5 redirects itself, keeps the body within a byte
// budget, and shows URLs and headers with credentials redacted. Local and private addresses are
// reachable only through an executor HTTP function (HttpService cannot reach them), as for
// providers.
import { CallContext } from "../agent/dispatch/tool";
import { send } from "../net/http";
import { headerValue, HeaderMap } from "../net/headers";
import { isLocalHost, parseUrl } from "../net/url";
import { decode, encode } from "../runtime/json";
import { createRedactor } from "../runtime/redact";
import { utf8Prefix } from "../runtime/text_limit";
import { ToolDeps, resultBudget } from "./deps";
import { failure, family, success, tool, ToolFamily } from "./kit";

export const MAX_REDIRECTS = 5;
export const BODY_DEFAULT = 16000;
export const BODY_LIMIT = 256000;
const TIMEOUT_DEFAULT = 30;
/** json_api parses the whole body (the transport's own limit), then cuts its answer. */
const JSON_BODY_LIMIT = 8 * 1024 * 1024;
const TIMEOUT_LIMIT = 60;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"];
/** Response headers worth showing; others (cookies among them) are left out of results. */
const SHOWN_HEADERS = [
	"content-type",
	"content-length",
	"location",
	"cache-control",
	"etag",
	"last-modified",
	"retry-after",
	"server",
];
/** Request headers that carry credentials: masked wherever a result or error shows them. */
const CREDENTIAL_HEADERS = new Set([
	"authorization",
	"proxy-authorization",
	"cookie",
	"x-api-key",
	"api-key",
	"x-auth-token",
]);

interface Outgoing {
	readonly method: string;
	readonly url: string;
	readonly headers: HeaderMap;
	readonly body?: string;
	/** Bytes of the body kept. */
	readonly limit: number;
	readonly timeout?: number;
}

interface Exchange {
	readonly ok: boolean;
	readonly status: number;
	readonly url: string;
	readonly redirects: number;
	readonly headers: Record<string, string>;
	readonly body: string;
	readonly bytes: number;
	readonly truncated: boolean;
}

/** Where a Location header points, relative to the URL that answered. */
function resolveLocation(base: string, location: string): string {
	if (string.match(location, "^%a[%w+.-]*://")[0] !== undefined) return location;
	const [origin] = string.match(base, "^(%a[%w+.-]*://[^/?#]+)");
	if (location.sub(1, 2) === "//") {
		const [scheme] = string.match(base, "^(%a[%w+.-]*:)");
		return `${scheme}${location}`;
	}
	if (location.sub(1, 1) === "/") return `${origin}${location}`;
	const [folder] = string.match(base, "^(.*/)");
	return `${folder ?? `${origin}/`}${location}`;
}

export function netTools(deps: ToolDeps): ToolFamily {
	const record = deps.recordRequest;
	const redactor = createRedactor();
	const redact = (text: string) => redactor.redact(text);
	const http = deps.host.http;
	const viaExecutor = deps.host.caps.http === "executor";

	/** Checks a URL for a request: http(s), and a local address only through an executor function. */
	const checkUrl = (url: string): string | undefined => {
		const parsed = parseUrl(url);
		if (!parsed.ok) return `not a URL: ${parsed.reason}`;
		if (parsed.url.scheme !== "http" && parsed.url.scheme !== "https") return "only http and https URLs";
		if (isLocalHost(parsed.url.host) && !viaExecutor)
			return `${parsed.url.host} is a local or private address; reaching it needs an executor HTTP function, which this environment does not have`;
		return undefined;
	};

	const follow = (call: CallContext, out: Outgoing): LuaTuple<[Exchange, undefined] | [undefined, string]> => {
		const { method, url, headers, body, limit } = out;
		const timeout = out.timeout ?? TIMEOUT_DEFAULT;
		if (http === undefined) return $tuple(undefined, "this host has no HTTP transport");
		let current = url;
		let currentMethod = method;
		let currentBody = body;
		let currentHeaders = headers;
		const started = os.clock();
		for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
			const problem = checkUrl(current);
			if (problem !== undefined) return $tuple(undefined, problem);
			const remaining = timeout - (os.clock() - started);
			if (remaining <= 0) return $tuple(undefined, `timed out after ${timeout} s`);
			const result = send(
				{ ...http, record },
				{
					url: current,
					method: currentMethod,
					headers: currentHeaders,
					body: currentBody,
					timeout: math.max(1, remaining),
					attempts: currentMethod === "GET" || currentMethod === "HEAD" ? 2 : 1,
					unsafe: currentMethod !== "GET" && currentMethod !== "HEAD",
					isCancelled: call.aborted,
					tag: "tool",
				},
			);
			if (result.status === 0) return $tuple(undefined, redact(result.reason ?? "no response"));
			const location = headerValue(result.headers, "location");
			if (result.status >= 300 && result.status < 400 && location !== undefined) {
				const target = resolveLocation(current, location);
				const [fromHost] = string.match(current, "^%a[%w+.-]*://([^/?#]+)");
				const [toHost] = string.match(target, "^%a[%w+.-]*://([^/?#]+)");
				if (fromHost !== toHost) {
					// credentials stay with the host they were meant for
					const kept: HeaderMap = {};
					for (const [name, value] of pairs(currentHeaders))
						if (!CREDENTIAL_HEADERS.has((name as string).lower())) kept[name as string] = value as string;
					currentHeaders = kept;
				}
				if (
					result.status === 303 ||
					((result.status === 301 || result.status === 302) && currentMethod === "POST")
				) {
					currentMethod = "GET";
					currentBody = undefined;
				}
				current = target;
				continue;
			}
			const shown: Record<string, string> = {};
			for (const name of SHOWN_HEADERS) {
				const value = headerValue(result.headers, name);
				if (value !== undefined) shown[name] = redact(value);
			}
			const cut = utf8Prefix(result.body, limit);
			return $tuple(
				{
					ok: result.ok,
					status: result.status,
					url: current,
					redirects,
					headers: shown,
					body: cut,
					bytes: result.body.size(),
					truncated: cut.size() < result.body.size(),
				},
				undefined,
			);
		}
		return $tuple(undefined, `more than ${MAX_REDIRECTS} redirects`);
	};

	/** One request, redirects followed; nil and a reason (its URL redacted) when no answer came. */
	const exchange = (call: CallContext, out: Outgoing): LuaTuple<[Exchange, undefined] | [undefined, string]> => {
		const [result, problem] = follow(call, out);
		if (result === undefined) return $tuple(undefined, `${redact(out.url)}: ${problem}`);
		return $tuple(result, undefined);
	};

	/** The body budget of a call: its max_bytes within the result budget. */
	const budgetOf = (maxBytes: number | undefined) =>
		math.max(256, math.min(maxBytes ?? BODY_DEFAULT, resultBudget(deps.config) - 600));

	const report = (requestUrl: string, result: Exchange) => {
		const data = {
			status: result.status,
			url: redact(result.url),
			requested: redact(requestUrl),
			redirects: result.redirects,
			headers: result.headers,
			bytes: result.bytes,
			truncated: result.truncated,
		};
		const head = `HTTP ${result.status} ${data.url}${result.redirects > 0 ? ` (after ${result.redirects} redirect${result.redirects === 1 ? "" : "s"})` : ""}`;
		const tail = result.truncated ? `\n[body cut at ${result.body.size()} of ${result.bytes} bytes]` : "";
		const text = `${head}\n${encode(result.headers)[0] ?? ""}\n\n${result.body}${tail}`;
		return result.ok
			? success(text, { ...data, body: result.body })
			: failure(text, { ...data, body: result.body });
	};

	const headersOf = (value: unknown): LuaTuple<[HeaderMap, undefined] | [undefined, string]> => {
		const out: HeaderMap = {};
		if (value === undefined) return $tuple(out, undefined);
		for (const [name, v] of pairs(value as object)) {
			if (!typeIs(name, "string") || !typeIs(v, "string"))
				return $tuple(undefined, "headers map names to strings");
			out[name] = v;
		}
		return $tuple(out, undefined);
	};

	const URL = { type: "string", minLength: 1, description: "http or https URL" };
	const HEADERS = { type: "object", description: "request headers, name → value" };
	const MAX_BYTES = {
		type: "integer",
		minimum: 256,
		maximum: BODY_LIMIT,
		description: `response body bytes to return (default ${BODY_DEFAULT})`,
	};
	const TIMEOUT = {
		type: "number",
		minimum: 1,
		maximum: TIMEOUT_LIMIT,
		description: `seconds (default ${TIMEOUT_DEFAULT})`,
	};
	const limits = `at most ${MAX_REDIRECTS} redirects; bodies cut at max_bytes (default ${BODY_DEFAULT}, at most ${BODY_LIMIT}) within the result budget; ${TIMEOUT_LIMIT} s at most; local addresses only through an executor HTTP function`;

	return family("net", "HTTP", "fetch web pages and call web APIs over HTTP", [
		tool<{ url: string; headers?: HeaderMap; max_bytes?: number; timeout?: number }>({
			name: "http_get",
			risk: "read",
			needs: ["http"],
			description:
				"GET a URL and return the status, the main response headers and the body (cut to max_bytes). Credentials in the URL and headers are redacted from the result.",
			parameters: {
				type: "object",
				properties: { url: URL, headers: HEADERS, max_bytes: MAX_BYTES, timeout: TIMEOUT },
				required: ["url"],
			},
			limits,
			run: (args, call: CallContext) => {
				const [headers, bad] = headersOf(args.headers);
				if (headers === undefined) return failure(bad);
				const [result, problem] = exchange(call, {
					method: "GET",
					url: args.url,
					headers,
					limit: budgetOf(args.max_bytes),
					timeout: args.timeout,
				});
				if (result === undefined) return failure(problem);
				return report(args.url, result);
			},
		}),
		tool<{
			url: string;
			method?: string;
			headers?: HeaderMap;
			body?: string;
			json?: unknown;
			max_bytes?: number;
			timeout?: number;
		}>({
			name: "http_request",
			risk: "write",
			needs: ["http"],
			description:
				"Send an HTTP request (GET, POST, PUT, PATCH, DELETE or HEAD) with headers and a body (`body` text, or `json`, sent as application/json). Not repeated after a failure unless the server says it was not processed.",
			parameters: {
				type: "object",
				properties: {
					url: URL,
					method: { type: "string", enum: METHODS },
					headers: HEADERS,
					body: { type: "string" },
					json: { description: "a JSON value to send as the body" },
					max_bytes: MAX_BYTES,
					timeout: TIMEOUT,
				},
				required: ["url"],
			},
			limits,
			run: (args, call: CallContext) => {
				const [headers, bad] = headersOf(args.headers);
				if (headers === undefined) return failure(bad);
				if (args.body !== undefined && args.json !== undefined) return failure("give body or json, not both");
				let body = args.body;
				if (args.json !== undefined) {
					const [text, why] = encode(args.json);
					if (text === undefined) return failure(`json: ${why}`);
					body = text;
					if (headerValue(headers, "content-type") === undefined)
						headers["Content-Type"] = "application/json";
				}
				const method = (args.method ?? (body !== undefined ? "POST" : "GET")).upper();
				if ((method === "GET" || method === "HEAD") && body !== undefined)
					return failure(`${method} requests carry no body`);
				const [result, problem] = exchange(call, {
					method,
					url: args.url,
					headers,
					body,
					limit: budgetOf(args.max_bytes),
					timeout: args.timeout,
				});
				if (result === undefined) return failure(problem);
				return report(args.url, result);
			},
		}),
		tool<{ url: string; path?: string; headers?: HeaderMap; max_bytes?: number; timeout?: number }>({
			name: "json_api",
			risk: "read",
			needs: ["http"],
			description:
				'GET a JSON API and return the value at a dotted `path` into the body ("data.items.0.name"; array indexes from 0), or the whole body without one.',
			parameters: {
				type: "object",
				properties: {
					url: URL,
					path: { type: "string", description: "dotted path into the JSON; array indexes from 0" },
					headers: HEADERS,
					max_bytes: MAX_BYTES,
					timeout: TIMEOUT,
				},
				required: ["url"],
			},
			limits,
			run: (args, call: CallContext) => {
				const [headers, bad] = headersOf(args.headers);
				if (headers === undefined) return failure(bad);
				if (headerValue(headers, "accept") === undefined) headers["Accept"] = "application/json";
				// the whole body is needed to parse it; the answer is cut to the budget
				const [result, problem] = exchange(call, {
					method: "GET",
					url: args.url,
					headers,
					limit: JSON_BODY_LIMIT,
					timeout: args.timeout,
				});
				if (result === undefined) return failure(problem);
				if (!result.ok)
					return report(args.url, { ...result, body: utf8Prefix(result.body, budgetOf(args.max_bytes)) });
				const [parsed, why] = decode(result.body);
				if (why !== undefined) return failure(`the response is not JSON: ${why}`);
				let value: unknown = parsed;
				let walked = "";
				for (const [segment] of string.gmatch(args.path ?? "", "[^%.]+")) {
					const key = segment as string;
					walked = walked === "" ? key : `${walked}.${key}`;
					if (!typeIs(value, "table"))
						return failure(`${walked}: the value before it is not an object or array`);
					const index = tonumber(key);
					const list = value as Record<string | number, unknown>;
					const found =
						index !== undefined && (value as unknown[])[0] !== undefined
							? (value as unknown[])[index]
							: list[key];
					if (found === undefined) return failure(`${walked} is not in the response`);
					value = found;
				}
				const [text] = encode(value);
				const limit = budgetOf(args.max_bytes);
				const shown = utf8Prefix(text ?? "null", limit);
				const cut = shown.size() < (text ?? "").size();
				return success(
					`${args.path ?? "(body)"} = ${shown}${cut ? `\n[cut at ${shown.size()} of ${(text ?? "").size()} bytes]` : ""}`,
					{
						status: result.status,
						url: redact(result.url),
						path: args.path,
						value: cut ? undefined : value,
						truncated: cut,
					},
				);
			},
		}),
	]);
}
