// Bounded request repairs learned from clear parameter refusals (HTTP 400/422): the refusal names a
// body field, the adapter changes that field and sends once more, at most four repairs per request
// (docs/PROVIDER_COMPATIBILITY.md, "Errors and repairs"). Lessons are scoped to the protocol,
// endpoint and model that refused; a lesson saved before scopes existed adopts the current scope on
// first use. Context-window refusals are never parameter refusals.
import type { JsonObject, ProtocolId } from "../protocols/types";
import { isContextOverflow, plainNumbers } from "./overflow";

export const REPAIR_IDS = [
	"use_max_completion_tokens",
	"lower_max_tokens",
	"drop_temperature",
	"drop_parallel_tool_calls",
	"drop_stream_options",
	"drop_reasoning_effort",
	"drop_tool_choice",
	"developer_role",
	"thinking_blocks",
	"flatten_content",
	"drop_reasoning_content",
	"empty_reasoning_content",
] as const;

export type RepairId = (typeof REPAIR_IDS)[number];

export const MAX_REPAIRS_PER_REQUEST = 4;

/** Repairs that fit one exchange only and are not remembered for later requests. */
const ONE_OFF = new Set<RepairId>(["thinking_blocks", "flatten_content", "lower_max_tokens"]);

export interface RepairScope {
	readonly protocol: ProtocolId;
	readonly endpoint: string;
	readonly model: string;
}

export interface MaxTokensCap {
	readonly model: string;
	readonly tokens: number;
	readonly scope?: RepairScope;
}

/** What a provider record remembers between requests. */
export interface RepairLessons {
	readonly repairs: ReadonlyArray<RepairId>;
	readonly scope?: RepairScope;
	readonly maxTokensCap?: MaxTokensCap;
}

export interface Diagnosis {
	readonly repairs: ReadonlyArray<RepairId>;
	/** The lowered output limit, when the refusal was about it. */
	readonly maxTokens?: number;
}

type Body = JsonObject;

function sameScope(a: RepairScope, b: RepairScope): boolean {
	return a.protocol === b.protocol && a.endpoint === b.endpoint && a.model === b.model;
}

/**
 * The lessons that apply to `scope`, and the lessons to store back: an unscoped lesson adopts
 * `scope`; a lesson of another scope does not apply and is replaced when a new one is learned.
 */
export function lessonsFor(lessons: RepairLessons | undefined, scope: RepairScope): RepairLessons {
	if (lessons === undefined) return { repairs: [], scope };
	const repairs = lessons.scope === undefined || sameScope(lessons.scope, scope) ? lessons.repairs : [];
	const cap = lessons.maxTokensCap;
	const capApplies =
		cap !== undefined && cap.model === scope.model && (cap.scope === undefined || sameScope(cap.scope, scope));
	return { repairs, scope, maxTokensCap: capApplies ? { ...cap, scope } : undefined };
}

/** Adds what a refusal taught to the scope's lessons; a cap only ever lowers. */
export function learn(current: RepairLessons, scope: RepairScope, diagnosis: Diagnosis): RepairLessons {
	const repairs = [...current.repairs];
	for (const id of diagnosis.repairs) if (!ONE_OFF.has(id) && !repairs.includes(id)) repairs.push(id);
	let cap = current.maxTokensCap;
	if (diagnosis.maxTokens !== undefined && (cap === undefined || diagnosis.maxTokens < cap.tokens)) {
		cap = { model: scope.model, tokens: diagnosis.maxTokens, scope };
	}
	return { repairs, scope, maxTokensCap: cap };
}

const PROTOCOL_IDS = new Set<string>(["openai", "anthropic", "gemini", "responses"]);

type Stored = Record<string, unknown>;

function restoreScope(value: unknown): RepairScope | undefined {
	if (!typeIs(value, "table")) return undefined;
	const { protocol, endpoint, model } = value as Stored;
	if (!typeIs(protocol, "string") || !PROTOCOL_IDS.has(protocol)) return undefined;
	if (!typeIs(endpoint, "string") || !typeIs(model, "string")) return undefined;
	return { protocol: protocol as ProtocolId, endpoint, model };
}

function restoreCap(value: unknown): MaxTokensCap | undefined {
	if (!typeIs(value, "table")) return undefined;
	const { model, tokens, scope } = value as Stored;
	if (!typeIs(model, "string") || !typeIs(tokens, "number") || tokens < 1 || tokens % 1 !== 0) return undefined;
	const restored = restoreScope(scope);
	if (scope !== undefined && restored === undefined) return undefined;
	return { model, tokens, scope: restored };
}

/**
 * Lessons read back from a stored record: known, remembered repairs only, at most
 * MAX_REPAIRS_PER_REQUEST of them; undefined when the stored value is not lessons.
 */
export function restoreLessons(value: unknown): RepairLessons | undefined {
	if (!typeIs(value, "table")) return undefined;
	const data = value as Stored;
	const scope = restoreScope(data.scope);
	if (data.scope !== undefined && scope === undefined) return undefined;
	const repairs = new Array<RepairId>();
	if (typeIs(data.repairs, "table")) {
		for (const id of data.repairs as Array<unknown>) {
			const known = REPAIR_IDS.find((candidate) => candidate === id);
			if (known !== undefined && !ONE_OFF.has(known) && !repairs.includes(known)) repairs.push(known);
		}
	}
	return {
		repairs: repairs.filter((_, i) => i < MAX_REPAIRS_PER_REQUEST),
		scope,
		maxTokensCap: restoreCap(data.maxTokensCap),
	};
}

function snakeCase(text: string): string {
	return text.gsub("(%l)(%u)", "%1_%2")[0].lower();
}

function mentions(text: string, word: string): boolean {
	return text.find(word, 1, true)[0] !== undefined;
}

/** The output-limit field of each protocol's body. */
function maxTokensOf(body: Body, protocol: ProtocolId): number | undefined {
	if (protocol === "gemini") {
		const config = body.generationConfig;
		return typeIs(config, "table") ? ((config as Body).maxOutputTokens as number | undefined) : undefined;
	}
	const field = protocol === "responses" ? "max_output_tokens" : "max_tokens";
	const value = body[field] ?? body.max_completion_tokens;
	return typeIs(value, "number") ? value : undefined;
}

const CEILING_PATTERNS = [
	"less than or equal to (%d+)",
	"must be <= (%d+)",
	"must be at most (%d+)",
	"at most (%d+) completion tokens",
	"at most (%d+) output tokens",
	"> (%d+), which is the maximum",
	"maximum value for [%w_]+ is (%d+)",
	"supports at most (%d+)",
	"maximum allowed is (%d+)",
];

/**
 * The output limit a refusal allows: an explicit phrasing, else the largest number of at least
 * 1000 below the current value, else half the current value when that was at least 1000.
 */
export function ceilingFrom(text: string, current: number): number | undefined {
	const lower = plainNumbers(text.lower());
	for (const pattern of CEILING_PATTERNS) {
		const [capture] = lower.match(pattern);
		const value = capture !== undefined ? tonumber(capture) : undefined;
		if (value !== undefined && value > 0 && value < current) return value;
	}
	let best: number | undefined;
	for (const [digits] of lower.gmatch("(%d+)")) {
		const value = tonumber(digits);
		if (value !== undefined && value >= 1000 && value < current && (best === undefined || value > best))
			best = value;
	}
	if (best !== undefined) return best;
	return current >= 1000 ? math.floor(current / 2) : undefined;
}

function hasAssistantField(body: Body, field: string): boolean {
	const messages = body.messages;
	if (!typeIs(messages, "table")) return false;
	for (const m of messages as Array<Body>) if (m.role === "assistant" && m[field] !== undefined) return true;
	return false;
}

function hasRole(body: Body, role: string): boolean {
	const messages = body.messages;
	if (!typeIs(messages, "table")) return false;
	for (const m of messages as Array<Body>) if (m.role === role) return true;
	return false;
}

/**
 * The repairs a 400/422 refusal calls for, given the body that was refused and the repairs
 * already made for this request; undefined when the refusal is not a repairable parameter error.
 */
export function diagnose(
	status: number,
	text: string,
	body: Body,
	protocol: ProtocolId,
	applied: ReadonlyArray<RepairId>,
): Diagnosis | undefined {
	if ((status !== 400 && status !== 422) || isContextOverflow(text, status)) return undefined;
	if (applied.size() >= MAX_REPAIRS_PER_REQUEST) return undefined;
	const t = snakeCase(text);
	const found = new Array<RepairId>();
	let maxTokens: number | undefined;
	const add = (id: RepairId, when: boolean) => {
		if (when && !applied.includes(id) && !found.includes(id)) found.push(id);
	};
	const chat = protocol === "openai";
	add("use_max_completion_tokens", chat && mentions(t, "max_completion_tokens") && body.max_tokens !== undefined);
	const limitWord =
		protocol === "gemini" ? "max_output_tokens" : protocol === "responses" ? "max_output_tokens" : "max_tokens";
	if (!found.includes("use_max_completion_tokens") && mentions(t, limitWord)) {
		const current = maxTokensOf(body, protocol);
		const ceiling = current !== undefined ? ceilingFrom(text, current) : undefined;
		if (ceiling !== undefined) {
			maxTokens = ceiling;
			add("lower_max_tokens", true);
		}
	}
	const temperature =
		protocol === "gemini" ? (body.generationConfig as Body | undefined)?.temperature : body.temperature;
	add("drop_temperature", mentions(t, "temperature") && temperature !== undefined);
	add("drop_parallel_tool_calls", mentions(t, "parallel_tool_calls") && body.parallel_tool_calls !== undefined);
	add("drop_stream_options", mentions(t, "stream_options") && body.stream_options !== undefined);
	add("drop_reasoning_effort", mentions(t, "reasoning_effort") && body.reasoning_effort !== undefined);
	add("drop_tool_choice", mentions(t, "tool_choice") && body.tool_choice !== undefined);
	add("developer_role", chat && mentions(t, "developer") && hasRole(body, "system"));
	add("thinking_blocks", chat && mentions(t, "content[].thinking") && hasAssistantField(body, "reasoning_content"));
	add("flatten_content", chat && mentions(t, "unknown variant `thinking`"));
	if (chat && mentions(t, "reasoning_content")) {
		const refusesField =
			mentions(t, "unknown") ||
			mentions(t, "extra") ||
			mentions(t, "not permitted") ||
			mentions(t, "unrecognized") ||
			mentions(t, "not allowed");
		add("drop_reasoning_content", refusesField && hasAssistantField(body, "reasoning_content"));
		add("empty_reasoning_content", !refusesField);
	}
	const room = MAX_REPAIRS_PER_REQUEST - applied.size();
	const repairs = found.filter((_, i) => i < room);
	if (repairs.size() === 0) return undefined;
	return { repairs, maxTokens: repairs.includes("lower_max_tokens") ? maxTokens : undefined };
}

function mapMessages(body: Body, fn: (message: Body) => Body): Body {
	const messages = body.messages;
	if (!typeIs(messages, "table")) return body;
	return { ...body, messages: (messages as Array<Body>).map(fn) };
}

// Anthropic-style content blocks for a reply that carried reasoning_content (for gateways that
// accept `content[].thinking` but not the reasoning_content field).
function thinkingBlocks(message: Body): Body {
	const reasoning = message.reasoning_content;
	if (message.role !== "assistant" || !typeIs(reasoning, "string")) return message;
	const blocks = new Array<Body>();
	if (reasoning !== "") blocks.push({ type: "thinking", thinking: reasoning });
	if (typeIs(message.content, "string") && message.content !== "")
		blocks.push({ type: "text", text: message.content });
	const out: Body = { ...message, content: blocks };
	out.reasoning_content = undefined;
	return out;
}

function flattenContent(message: Body): Body {
	const content = message.content;
	if (!typeIs(content, "table")) return message;
	const texts = new Array<string>();
	for (const part of content as Array<Body>) if (typeIs(part.text, "string")) texts.push(part.text);
	return { ...message, content: texts.join("\n\n") };
}

function withoutField(body: Body, field: string): Body {
	const out = { ...body };
	out[field] = undefined;
	return out;
}

function applyOne(body: Body, id: RepairId, protocol: ProtocolId, maxTokens: number | undefined): Body {
	switch (id) {
		case "use_max_completion_tokens": {
			const out = withoutField(body, "max_tokens");
			out.max_completion_tokens = body.max_tokens;
			return out;
		}
		case "lower_max_tokens": {
			if (maxTokens === undefined) return body;
			if (protocol === "gemini") {
				const config = { ...((body.generationConfig as Body | undefined) ?? {}), maxOutputTokens: maxTokens };
				return { ...body, generationConfig: config };
			}
			const field =
				protocol === "responses"
					? "max_output_tokens"
					: body.max_completion_tokens !== undefined
						? "max_completion_tokens"
						: "max_tokens";
			return { ...body, [field]: maxTokens };
		}
		case "drop_temperature": {
			if (protocol !== "gemini") return withoutField(body, "temperature");
			const config = body.generationConfig as Body | undefined;
			return config === undefined ? body : { ...body, generationConfig: withoutField(config, "temperature") };
		}
		case "drop_parallel_tool_calls":
			return withoutField(body, "parallel_tool_calls");
		case "drop_stream_options":
			return withoutField(body, "stream_options");
		case "drop_reasoning_effort":
			return withoutField(body, "reasoning_effort");
		case "drop_tool_choice":
			return withoutField(body, "tool_choice");
		case "developer_role":
			return mapMessages(body, (m) => (m.role === "system" ? { ...m, role: "developer" } : m));
		case "thinking_blocks":
			return mapMessages(body, thinkingBlocks);
		case "flatten_content":
			return mapMessages(body, flattenContent);
		case "drop_reasoning_content":
			return mapMessages(body, (m) =>
				m.reasoning_content !== undefined ? withoutField(m, "reasoning_content") : m,
			);
		case "empty_reasoning_content":
			return mapMessages(body, (m) =>
				m.role === "assistant" && m.reasoning_content === undefined ? { ...m, reasoning_content: "" } : m,
			);
	}
}

/** A copy of `body` with the repairs made, in order; `maxTokens` is the lowered output limit. */
export function applyRepairs(
	body: Body,
	repairs: ReadonlyArray<RepairId>,
	protocol: ProtocolId,
	maxTokens?: number,
): Body {
	let out = body;
	for (const id of repairs) out = applyOne(out, id, protocol, maxTokens);
	return out;
}
