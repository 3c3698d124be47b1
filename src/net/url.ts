// URL rules for provider connections (docs/PROVIDER_COMPATIBILITY.md, "Connection rules"): parsing
// without a URL library (Luau has none), the local-address test that decides whether an executor
// HTTP function is needed, base-URL normalisation and endpoint building with query merging.

import { trim } from "../runtime/trim";

export type Scheme = "http" | "https" | "ws" | "wss";

/** One `key=value` piece of a query, kept as written (still percent-encoded). */
export interface QueryPair {
	readonly key: string;
	/** Undefined for a bare flag such as `?debug`. */
	readonly value?: string;
}

export interface Url {
	readonly scheme: Scheme;
	/** Lowercase, without a trailing dot; an IPv6 address without its brackets. */
	readonly host: string;
	readonly port?: number;
	/** "" or a path starting with "/". */
	readonly path: string;
	readonly query: ReadonlyArray<QueryPair>;
}

export type UrlResult = { readonly ok: true; readonly url: Url } | { readonly ok: false; readonly reason: string };

const SCHEMES: ReadonlyMap<string, Scheme> = new Map<string, Scheme>([
	["http", "http"],
	["https", "https"],
	["ws", "ws"],
	["wss", "wss"],
]);

/** Path endings that name an inference or discovery endpoint rather than a base. */
const ENDPOINT_SUFFIXES = ["/chat/completions", "/messages", "/models"];

function fail(reason: string): UrlResult {
	return { ok: false, reason };
}

function isIpv4(host: string): boolean {
	const [a, b, c, d] = host.match("^(%d+)%.(%d+)%.(%d+)%.(%d+)$");
	if (a === undefined) return false;
	for (const part of [a, b, c, d]) {
		const n = tonumber(part);
		if (n === undefined || n > 255 || (part as string).size() > 3) return false;
	}
	return true;
}

function parseHostPort(authority: string): { host: string; port?: number } | string {
	let host: string;
	let portText: string | undefined;
	if (authority.sub(1, 1) === "[") {
		const [close] = authority.find("]", 1, true);
		if (close === undefined) return "the IPv6 address is missing its closing bracket";
		host = authority.sub(2, close - 1).lower();
		const rest = authority.sub(close + 1);
		if (rest !== "") {
			if (rest.sub(1, 1) !== ":") return "unexpected text after the IPv6 address";
			portText = rest.sub(2);
		}
		if (host === "" || host.match("^[%x:%.]+$")[0] === undefined || host.find(":", 1, true)[0] === undefined) {
			return "the address in brackets is not an IPv6 address";
		}
	} else {
		const pieces = authority.split(":");
		if (pieces.size() > 2) return "an IPv6 address must be written in brackets, e.g. [::1]";
		host = pieces[0].lower();
		if (pieces.size() === 2) portText = pieces[1];
		if (host.sub(-1) === ".") host = host.sub(1, -2);
		if (host === "") return "the host name is missing";
		if (host.match("^[%w%-_%.]+$")[0] === undefined)
			return `the host name "${host}" has characters a host cannot contain`;
		if (host.find("..", 1, true)[0] !== undefined || host.sub(1, 1) === ".")
			return `the host name "${host}" has an empty label`;
	}
	if (portText === undefined) return { host };
	if (portText === "") return "a colon must be followed by a port number";
	const port = portText.match("^%d+$")[0] !== undefined ? tonumber(portText) : undefined;
	if (port === undefined || port < 1 || port > 65535) return `port "${portText}" is not between 1 and 65535`;
	return { host, port };
}

function parseQuery(text: string): Array<QueryPair> {
	const list = new Array<QueryPair>();
	for (const piece of text.split("&")) {
		if (piece === "") continue;
		const [eq] = piece.find("=", 1, true);
		list.push(eq === undefined ? { key: piece } : { key: piece.sub(1, eq - 1), value: piece.sub(eq + 1) });
	}
	return list;
}

/**
 * Parses an absolute URL or a bare `host[:port][/path][?query]`. Without a scheme, `bareScheme`
 * chooses one from the host (normaliseBase picks http for local hosts, https otherwise). The
 * fragment is dropped. Whitespace, userinfo, bad ports and bad hosts are rejected with a reason.
 */
export function parseUrl(text: string, bareScheme?: (host: string) => Scheme): UrlResult {
	if (text.find("%s")[0] !== undefined) return fail("the URL contains spaces");
	const [hash] = text.find("#", 1, true);
	const unfragmented = hash === undefined ? text : text.sub(1, hash - 1);
	const [schemeText, afterScheme] = unfragmented.match("^(%a[%w+.%-]*)://(.*)$") as LuaTuple<[string?, string?]>;
	let scheme: Scheme | undefined;
	let rest = unfragmented;
	if (schemeText !== undefined) {
		scheme = SCHEMES.get(schemeText.lower());
		if (scheme === undefined) return fail(`the scheme "${schemeText}" is not supported (use http or https)`);
		rest = afterScheme ?? "";
	}
	const [boundary] = rest.find("[/?]");
	const authority = boundary === undefined ? rest : rest.sub(1, boundary - 1);
	const tail = boundary === undefined ? "" : rest.sub(boundary);
	if (authority.find("@", 1, true)[0] !== undefined) {
		return fail("the URL contains user credentials; put the key in the API key field instead");
	}
	const hostPort = parseHostPort(authority);
	if (typeIs(hostPort, "string")) return fail(hostPort);
	const [question] = tail.find("?", 1, true);
	const path = question === undefined ? tail : tail.sub(1, question - 1);
	const query = question === undefined ? [] : parseQuery(tail.sub(question + 1));
	if (scheme === undefined) scheme = bareScheme !== undefined ? bareScheme(hostPort.host) : "https";
	return { ok: true, url: { scheme, host: hostPort.host, port: hostPort.port, path, query } };
}

function formatQuery(query: ReadonlyArray<QueryPair>): string {
	if (query.size() === 0) return "";
	const parts = query.map((pair) => (pair.value === undefined ? pair.key : `${pair.key}=${pair.value}`));
	return "?" + parts.join("&");
}

/** The origin: scheme, host (IPv6 in brackets) and a port when one was given. */
export function formatOrigin(url: Url): string {
	const host = url.host.find(":", 1, true)[0] !== undefined ? `[${url.host}]` : url.host;
	return `${url.scheme}://${host}${url.port !== undefined ? `:${url.port}` : ""}`;
}

export function formatUrl(url: Url): string {
	return formatOrigin(url) + url.path + formatQuery(url.query);
}

/**
 * Whether a host is on this machine or a private network: such a URL needs an executor HTTP
 * function, because Roblox's HttpService refuses local addresses. Decided by the actual host,
 * never by a preset's label.
 */
export function isLocalHost(host: string): boolean {
	const h = host.lower();
	if (h === "localhost" || h.match("%.localhost$")[0] !== undefined || h.match("%.local$")[0] !== undefined)
		return true;
	if (isIpv4(h)) {
		const [a, b] = h.match("^(%d+)%.(%d+)%.") as LuaTuple<[string, string]>;
		const first = tonumber(a) ?? -1;
		const second = tonumber(b) ?? -1;
		return (
			first === 0 ||
			first === 10 ||
			first === 127 ||
			(first === 169 && second === 254) ||
			(first === 172 && second >= 16 && second <= 31) ||
			(first === 192 && second === 168) ||
			(first === 100 && second >= 64 && second <= 127)
		);
	}
	if (h.find(":", 1, true)[0] !== undefined) {
		if (h === "::1" || h === "::" || h.match("^::ffff:")[0] !== undefined) return true;
		const [firstGroup] = h.match("^(%x+):") as LuaTuple<[string?]>;
		const value = firstGroup !== undefined && firstGroup.size() <= 4 ? (tonumber(firstGroup, 16) ?? 0) : 0;
		// fc00::/7 unique local, fe80::/10 link-local
		return (value >= 0xfc00 && value <= 0xfdff) || (value >= 0xfe80 && value <= 0xfebf);
	}
	return h.find(".", 1, true)[0] === undefined;
}

function bareSchemeFor(host: string): Scheme {
	return isLocalHost(host) ? "http" : "https";
}

/**
 * Parses and checks a provider base URL: a bare public host gains https:// and a bare local
 * address http://; an explicit scheme (any case) and a custom path prefix are kept; trailing
 * slashes go; an empty path becomes /v1; the query stays and the fragment goes. A full
 * /chat/completions or /messages URL is accepted as it is (endpoint() replaces the suffix).
 */
export function parseBase(text: string): UrlResult {
	const trimmed = trim(text);
	if (trimmed === "") return fail("a base URL is needed");
	const parsed = parseUrl(trimmed, bareSchemeFor);
	if (!parsed.ok) return parsed;
	const url = parsed.url;
	if (url.scheme !== "http" && url.scheme !== "https") {
		return fail(`${url.scheme}:// is a WebSocket address; a provider base URL uses http or https`);
	}
	const [path] = url.path.gsub("/+$", "");
	return { ok: true, url: { ...url, path: path === "" ? "/v1" : path } };
}

/** The normalised form of a base URL, or undefined when it does not parse. */
export function normaliseBase(text: string): string | undefined {
	const parsed = parseBase(text);
	return parsed.ok ? formatUrl(parsed.url) : undefined;
}

function stripEndpointSuffix(path: string): string {
	for (const suffix of ENDPOINT_SUFFIXES) {
		if (path.size() >= suffix.size() && path.sub(-suffix.size()) === suffix) {
			return path.sub(1, path.size() - suffix.size());
		}
	}
	return path;
}

/** Percent-encodes everything outside RFC 3986's unreserved characters. */
export function encodeComponent(text: string): string {
	const [encoded] = text.gsub("[^%w%-%._~]", (c: string) => string.format("%%%02X", c.byte()[0]));
	return encoded;
}

function decodeComponent(text: string): string {
	const [decoded] = text.gsub("%%(%x%x)", (hex: string) => string.char(tonumber(hex, 16) ?? 0));
	return decoded;
}

/**
 * Merges extra query fields into a base query: a same-named base field is replaced in place
 * (keys compared after percent-decoding), later duplicates of it are dropped, and the remaining
 * extra fields follow in sorted key order.
 */
export function mergeQuery(base: ReadonlyArray<QueryPair>, extra: ReadonlyMap<string, string>): Array<QueryPair> {
	const merged = new Array<QueryPair>();
	const used = new Set<string>();
	for (const pair of base) {
		const key = decodeComponent(pair.key);
		const replacement = extra.get(key);
		if (replacement === undefined) {
			merged.push(pair);
		} else if (!used.has(key)) {
			used.add(key);
			merged.push({ key: pair.key, value: encodeComponent(replacement) });
		}
	}
	const rest = new Array<string>();
	for (const [key] of extra) if (!used.has(key)) rest.push(key);
	rest.sort();
	for (const key of rest)
		merged.push({ key: encodeComponent(key), value: encodeComponent(extra.get(key) as string) });
	return merged;
}

/**
 * The URL of `suffix` (e.g. "/chat/completions", "/models") under a base URL: a trailing
 * endpoint suffix of the base is replaced, the base query is kept and merged with `extraQuery`.
 */
export function endpoint(base: string, suffix: string, extraQuery?: ReadonlyMap<string, string>): UrlResult {
	const parsed = parseBase(base);
	if (!parsed.ok) return parsed;
	const url = parsed.url;
	const query = extraQuery !== undefined ? mergeQuery(url.query, extraQuery) : url.query;
	return { ok: true, url: { ...url, path: stripEndpointSuffix(url.path) + suffix, query } };
}
