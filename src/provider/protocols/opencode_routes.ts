// OpenCode routes as data: which wire protocol serves a model on OpenCode Zen and OpenCode Go,
// chosen per request without changing the saved API choice (docs/PROVIDER_COMPATIBILITY.md, "Preset
// catalog" and "Wire protocols and request bodies"), and the single Responses fallback.
//
// Go (https://opencode.ai/inference/go/v1, legacy alias /zen/go/v1):
//   DeepSeek → /chat/completions; GPT, Grok, Muse → /responses; Claude, Minimax, Qwen → /messages;
//   Gemini → /models/<model>:generateContent or :streamGenerateContent?alt=sse; anything else
//   (GLM, Kimi, ...) → /chat/completions, as OpenCode's Go page lists them.
// Zen (https://opencode.ai/zen/v1): Chat Completions with a dedicated Responses lane for the GPT
//   models, which OpenCode's Zen page serves only at /zen/v1/responses.
// Requests keep the Go or Zen base, key, query and User-Agent; `x-opencode-session` stays stable
// for a conversation (Go refuses requests without one).
import { parseUrl } from "../../net/url";
import type { ProtocolId } from "./types";

export type OpencodeLane = "zen" | "go";

interface Family {
	readonly prefix: string;
	readonly protocol: ProtocolId;
}

const GO_FAMILIES: ReadonlyArray<Family> = [
	{ prefix: "deepseek", protocol: "openai" },
	{ prefix: "gpt", protocol: "responses" },
	{ prefix: "grok", protocol: "responses" },
	{ prefix: "muse", protocol: "responses" },
	{ prefix: "claude", protocol: "anthropic" },
	{ prefix: "minimax", protocol: "anthropic" },
	{ prefix: "qwen", protocol: "anthropic" },
	{ prefix: "gemini", protocol: "gemini" },
];

const ZEN_FAMILIES: ReadonlyArray<Family> = [{ prefix: "gpt", protocol: "responses" }];

/** Which OpenCode lane a base URL is (host opencode.ai on any port), or undefined. */
export function opencodeLane(host: string, path: string): OpencodeLane | undefined {
	if (host.lower() !== "opencode.ai") return undefined;
	const lower = path.lower();
	const under = (prefix: string) => {
		const start = lower.sub(1, prefix.size());
		const rest = lower.sub(prefix.size() + 1, prefix.size() + 1);
		return start === prefix && (rest === "" || rest === "/");
	};
	if (under("/inference/go/v1") || under("/zen/go/v1")) return "go";
	if (under("/zen/v1")) return "zen";
	return undefined;
}

/** The protocol that serves `model` on an OpenCode lane. */
export function opencodeProtocol(lane: OpencodeLane, model: string): ProtocolId {
	const lower = model.lower();
	const slash = lower.find("/", 1, true)[0];
	const id = slash !== undefined ? lower.sub(slash + 1) : lower;
	for (const family of lane === "go" ? GO_FAMILIES : ZEN_FAMILIES) {
		if (id.sub(1, family.prefix.size()) === family.prefix) return family.protocol;
	}
	return "openai";
}

/**
 * The protocol a request uses: the saved one, except on OpenCode routes, where the model's family
 * decides (the saved API choice itself does not change).
 */
export function routeProtocol(baseUrl: string, saved: ProtocolId, model: string): ProtocolId {
	const lane = opencodeRoute(baseUrl);
	return lane !== undefined ? opencodeProtocol(lane, model) : saved;
}

/** The OpenCode lane of a base URL, or undefined for every other provider. */
export function opencodeRoute(baseUrl: string): OpencodeLane | undefined {
	const parsed = parseUrl(baseUrl);
	return parsed.ok ? opencodeLane(parsed.url.host, parsed.url.path) : undefined;
}

/**
 * True when a Chat Completions refusal explicitly says the model is served by the Responses API
 * (for example "only supported in v1/responses and not in v1/chat/completions"): an OpenCode route
 * then tries Responses once.
 */
export function isResponsesOnlyRefusal(status: number, text: string): boolean {
	if (status !== 400 && status !== 404 && status !== 422) return false;
	const lower = text.lower();
	const namesResponses =
		lower.find("/responses", 1, true)[0] !== undefined || lower.find("responses api", 1, true)[0] !== undefined;
	const refuses =
		lower.find("only supported", 1, true)[0] !== undefined ||
		lower.find("not supported", 1, true)[0] !== undefined ||
		lower.find("unsupported", 1, true)[0] !== undefined ||
		lower.find("use the", 1, true)[0] !== undefined;
	return namesResponses && refuses;
}

const HEX = "0123456789abcdef";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function pick(alphabet: string, count: number, random: (n: number) => number): string {
	const out = new Array<string>();
	for (let i = 0; i < count; i++) {
		const index = random(alphabet.size());
		out.push(alphabet.sub(index, index));
	}
	return out.join("");
}

/**
 * A new conversation's `x-opencode-session` value, shaped `ses_` + 12 hex + 14 base62 (as
 * OpenCode's own client shapes it); `random(n)` returns an integer in 1..n. Stored with the
 * conversation and reused.
 */
export function newOpencodeSession(random: (n: number) => number = (n) => math.random(1, n)): string {
	return `ses_${pick(HEX, 12, random)}${pick(BASE62, 14, random)}`;
}
