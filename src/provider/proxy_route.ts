// Unauthorized-client recovery (docs/PROVIDER_COMPATIBILITY.md, "AgentRouter unauthorized-client
// recovery"): when AgentRouter's official /v1 route explicitly refuses the client, the request is
// retried once through the Project UAI proxy on its own domain. Only an explicit structured refusal
// or a short plain-text one qualifies; credential and account refusals, ordinary 401/403s, HTML
// challenges, stream errors and successful content never do. Also: the retired OpenCode proxy,
// whose saved URLs move to the official Zen URL.
import { formatUrl, parseBase, Url } from "../net/url";

const PROXY_ORIGIN = "https://puai-proxy.davidzk.tech";
export const AGENTROUTER_PROXY_BASE = `${PROXY_ORIGIN}/agentrouter/v1`;
const OPENCODE_ZEN_BASE = "https://opencode.ai/zen/v1";
const MAX_JSON_REFUSAL = 64 * 1024;
const MAX_TEXT_REFUSAL = 512;

function isAgentRouterHost(host: string): boolean {
	return host === "agentrouter.org" || host.match("%.agentrouter%.org$")[0] !== undefined;
}

function defaultPort(url: Url): boolean {
	return (
		url.port === undefined ||
		(url.scheme === "https" && url.port === 443) ||
		(url.scheme === "http" && url.port === 80)
	);
}

/** The path below /v1 when `url` is AgentRouter's official route ("" for the base itself). */
function officialRemainder(url: Url): string | undefined {
	if (!isAgentRouterHost(url.host) || !defaultPort(url)) return undefined;
	if (url.path === "/v1") return "";
	if (url.path.sub(1, 4) === "/v1/") return url.path.sub(4);
	return undefined;
}

/**
 * The proxy base URL replacing an official AgentRouter base (or full inference URL), with the
 * path below /v1 and the query kept; undefined for any other host, path or port.
 */
export function proxiedBase(baseUrl: string): string | undefined {
	const parsed = parseBase(baseUrl);
	if (!parsed.ok) return undefined;
	const remainder = officialRemainder(parsed.url);
	if (remainder === undefined) return undefined;
	const proxy = parseBase(AGENTROUTER_PROXY_BASE);
	if (!proxy.ok) return undefined;
	return formatUrl({ ...proxy.url, path: proxy.url.path + remainder, query: parsed.url.query });
}

const REFUSAL_PHRASES = [
	"unauthorized client",
	"unauthorised client",
	"unauthorizedclient",
	"client is not authorized",
];
/** Credential and account refusals that a proxy cannot fix. */
const ACCOUNT_PHRASES = ["invalid", "incorrect", "expired", "freetiererror", "insufficient permission"];

function normalised(text: string): string {
	return text.lower().gsub("[_%-]", " ")[0].gsub("%s+", " ")[0];
}

function mentionsRefusal(text: string): boolean {
	const plain = normalised(text);
	const squashed = plain.gsub(" ", "")[0];
	for (const phrase of ACCOUNT_PHRASES)
		if (squashed.find(phrase.gsub(" ", "")[0], 1, true)[0] !== undefined) return false;
	for (const phrase of REFUSAL_PHRASES) {
		if (
			plain.find(phrase, 1, true)[0] !== undefined ||
			squashed.find(phrase.gsub(" ", "")[0], 1, true)[0] !== undefined
		) {
			return true;
		}
	}
	return false;
}

/** The texts of an error document's refusal fields: an error string, or error/top-level fields. */
function refusalTexts(document: unknown): Array<string> {
	const texts = new Array<string>();
	if (!typeIs(document, "table")) return texts;
	const doc = document as Record<string, unknown>;
	const add = (value: unknown) => {
		if (typeIs(value, "string")) texts.push(value);
	};
	add(doc.error);
	const inner = typeIs(doc.error, "table") ? (doc.error as Record<string, unknown>) : undefined;
	for (const key of ["type", "code", "message", "name", "detail"]) {
		add(doc[key]);
		if (inner !== undefined) add(inner[key]);
	}
	return texts;
}

/**
 * Whether a response is an explicit unauthorized-client refusal: status 400/401/403 (or 200 with
 * `type: "error"`) and either a JSON error document of at most 64 KiB whose error fields say so,
 * or a short plain-text refusal (not on 200, no markup, no stream framing). `document` is the
 * decoded body, or undefined when it is not JSON.
 */
export function isClientRefusal(status: number, body: string, document: unknown): boolean {
	const isErrorType = typeIs(document, "table") && (document as Record<string, unknown>).type === "error";
	if (!(status === 400 || status === 401 || status === 403 || (status === 200 && isErrorType))) return false;
	if (document !== undefined) {
		if (body.size() > MAX_JSON_REFUSAL) return false;
		return mentionsRefusal(refusalTexts(document).join(" "));
	}
	if (status === 200 || body.size() > MAX_TEXT_REFUSAL) return false;
	if (body.find("<", 1, true)[0] !== undefined || body.find("data:", 1, true)[0] !== undefined) return false;
	return mentionsRefusal(body);
}

/**
 * The retired OpenCode proxy's URLs become the official Zen URL (path below /v1 and query kept);
 * every other URL is returned unchanged. The legacy opencode.ai/zen/go/v1 alias is left alone:
 * it keeps Go routing.
 */
export function migrateBaseUrl(baseUrl: string): string {
	const parsed = parseBase(baseUrl);
	if (!parsed.ok || parsed.url.host !== "puai-proxy.davidzk.tech") return baseUrl;
	const [rest] = parsed.url.path.match("^/opencode/v1(.*)$");
	if (rest === undefined) return baseUrl;
	const zen = parseBase(OPENCODE_ZEN_BASE);
	if (!zen.ok) return baseUrl;
	return formatUrl({ ...zen.url, path: zen.url.path + (rest as string), query: parsed.url.query });
}
