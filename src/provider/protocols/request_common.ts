// Body-building steps every protocol shares: system text, raw parameter merging, the output
// ceiling, JSON Schema objects that must stay objects, tool-call arguments as objects, images.
import { frameSlicing } from "../../host/frame";
import { encodeOnce, SLICE_UNITS } from "../../runtime/json";
import { decodeJson, emptyObject } from "./json";
import type { ImagePart, JsonObject, Message, ProtocolRequest, ReplayScope, TemperatureMode, ToolCall } from "./types";
import { asObject, isEmptyTable } from "./view";

// Wire forms of history messages and tool schemas, kept per source table (weakly) with the variant
// they were built for: a long conversation builds and encodes each message's wire form once, and
// every later request reuses it (its JSON text too: encodeOnce). History messages and tool
// schemas never change in place (a changed message is a new table), and wire forms are never
// changed after they are built (repairs copy what they change), so identity is the cache key.
interface WireEntry {
	readonly variant: string;
	readonly wire: unknown;
}
const WIRE_FORMS = setmetatable(new Map<object, WireEntry>(), { __mode: "k" }) as Map<object, WireEntry>;
// the first request of a long restored conversation encodes every message: over several frames
const SLICING = frameSlicing();

// Assembling a body visits every history message: reusing a kept form is about a unit of work,
// building one a few (its encode counts its own units). Counted in batches, so the work between
// two pauses stays near the frame's share even for a long history of kept forms.
const KEPT_UNITS = 1;
const BUILD_UNITS = 4;
let uncounted = 0;
function countWork(units: number) {
	uncounted += units;
	if (uncounted < SLICE_UNITS) return;
	const spent = uncounted;
	uncounted = 0;
	SLICING.spend(spent);
}

/**
 * The wire form `build` makes of `source` for `variant` (protocol and whatever else the form
 * depends on), built once while the variant stays the same. It (and, for a list, each item) is
 * encoded once, so a request body holding them is assembled from their kept text.
 */
export function wireForm<T extends defined>(source: object, variant: string, build: () => T): T {
	const kept = WIRE_FORMS.get(source);
	if (kept !== undefined && kept.variant === variant) {
		countWork(KEPT_UNITS);
		return kept.wire as T;
	}
	countWork(BUILD_UNITS);
	const wire = build();
	if (typeIs(wire, "table")) {
		// a list's items are kept one by one too: requests that regroup them (merged turns) reuse them
		for (const item of wire as unknown as Array<unknown>) if (typeIs(item, "table")) encodeOnce(item, SLICING);
		encodeOnce(wire, SLICING);
	}
	WIRE_FORMS.set(source, { variant, wire });
	return wire;
}

// Runs of wire forms: a request's message list holds the same history messages, in the same order,
// as the one before it, so the wire forms of every WIRE_RUN consecutive messages (counted from the
// list's start) are kept together by their first message, with the others to compare against.
const WIRE_RUN = 64;
// Reusing a run: a lookup, the comparisons and the copy.
const RUN_UNITS = 2;
interface WireRun {
	readonly variant: string;
	/** Sources 2..WIRE_RUN of the run (the first is the key, held weakly). */
	readonly rest: Array<object>;
	readonly wires: Array<unknown>;
}
const WIRE_RUNS = setmetatable(new Map<object, WireRun>(), { __mode: "k" }) as Map<object, WireRun>;

function keptWireRun(sources: ReadonlyArray<object>, from: number, variant: string): WireRun | undefined {
	const run = WIRE_RUNS.get(sources[from]);
	if (run === undefined || run.variant !== variant) return undefined;
	const rest = run.rest;
	for (let j = 1; j < WIRE_RUN; j++) if (sources[from + j] !== rest[j - 1]) return undefined;
	return run;
}

/**
 * `wireForm(source, variant, () => build(source))` for every source, in order. Whole runs of
 * sources met before in the same order reuse their kept forms at once, so a growing history costs
 * only its new messages.
 */
export function wireForms<T extends defined>(
	sources: ReadonlyArray<object>,
	variant: string,
	build: (source: object) => T,
): Array<T> {
	const length = sources.size();
	const out = new Array<T>();
	let i = 0;
	for (; i + WIRE_RUN <= length; i += WIRE_RUN) {
		const kept = keptWireRun(sources, i, variant);
		if (kept !== undefined) {
			countWork(RUN_UNITS);
			const wires = kept.wires as Array<T>;
			for (let j = 0; j < WIRE_RUN; j++) out[i + j] = wires[j];
			continue;
		}
		const first = sources[i];
		const rest = new Array<object>();
		const wires = new Array<unknown>();
		let own = false;
		for (let j = 0; j < WIRE_RUN; j++) {
			const source = sources[i + j];
			const wire = wireForm(source, variant, () => build(source));
			out[i + j] = wire;
			wires[j] = wire;
			if (j > 0) rest[j - 1] = source;
			// a run holding its own first source would keep it (and itself) alive
			if (j > 0 && source === first) own = true;
		}
		if (!own) WIRE_RUNS.set(first, { variant, rest, wires });
	}
	for (; i < length; i++) {
		const source = sources[i];
		out[i] = wireForm(source, variant, () => build(source));
	}
	return out;
}

/** What the caller knows about the route beyond the request itself. */
export interface BuildOptions {
	/** The endpoint and model of this request: replay data from elsewhere is not sent. */
	readonly scope: ReplayScope;
	/** The model option "Temperature handling" (default Auto). */
	readonly temperatureMode?: TemperatureMode;
	/** Options → Reasoning support: an undocumented model receives the effort setting unclamped. */
	readonly reasoningEnabled?: boolean;
	/** The final output ceiling (model maximum, learned cap, live reply ceiling), applied last. */
	readonly maxTokensCeiling?: number;
	/** Chat Completions: no model in the body (Azure deployment paths). */
	readonly omitModel?: boolean;
	/** Chat Completions: no default tool_choice / parallel_tool_calls (Ollama). */
	readonly omitToolDefaults?: boolean;
	/** False when the user hides reasoning: thought summaries are not requested. */
	readonly showReasoning?: boolean;
}

/** The system messages joined with blank lines (empty when there are none). */
export function systemText(messages: ReadonlyArray<Message>): string {
	const parts = new Array<string>();
	for (const m of messages) if (m.role === "system" && m.content !== "") parts.push(m.content);
	return parts.join("\n\n");
}

/** The output limit to send: the request's, bounded by the ceiling; `fallback` when neither says. */
export function outputLimit(request: ProtocolRequest, options: BuildOptions, fallback?: number): number | undefined {
	const wanted = request.maxTokens ?? fallback;
	const ceiling = options.maxTokensCeiling;
	if (wanted === undefined) return ceiling;
	return ceiling !== undefined ? math.min(wanted, ceiling) : wanted;
}

/** Lowers `body[field]` to the ceiling when it is a larger number (the final output ceiling). */
export function capOutput(body: JsonObject, field: string, ceiling: number | undefined) {
	const value = body[field];
	if (ceiling !== undefined && typeIs(value, "number") && value > ceiling) body[field] = ceiling;
}

/** `target` with `source` merged in: objects merge key by key, anything else replaces. */
function deepMerge(target: JsonObject, source: JsonObject): JsonObject {
	const out: JsonObject = { ...target };
	for (const [key, value] of pairs(source)) {
		const k = key as string;
		const into = asObject(out[k]);
		const from = asObject(value);
		const isMap = from !== undefined && (from as unknown as Array<unknown>)[0] === undefined && !isEmptyTable(from);
		out[k] = into !== undefined && isMap ? deepMerge(into, from) : value;
	}
	return out;
}

/** The record's raw `params`, then the request's `extra`, merged over the adapter's body. */
export function withRawFields(body: JsonObject, request: ProtocolRequest): JsonObject {
	let out = body;
	if (request.params !== undefined) out = deepMerge(out, request.params);
	if (request.extra !== undefined) out = deepMerge(out, request.extra);
	return out;
}

// JSON Schema keywords whose value is a list; every other empty table in a schema is an object.
const LIST_KEYWORDS = new Set(["required", "enum", "anyOf", "oneOf", "allOf", "type", "examples", "prefixItems"]);

/**
 * A copy of a JSON Schema in which every empty table that means an object (`{}` parameters,
 * `properties: {}`, `items: {}`) carries the codec's empty-object marker, so it is sent as `{}`.
 */
export function schemaObject(schema: JsonObject): JsonObject {
	if (isEmptyTable(schema)) return emptyObject();
	const out: JsonObject = {};
	for (const [key, value] of pairs(schema)) {
		const k = key as string;
		const child = asObject(value);
		if (child === undefined) out[k] = value;
		else if (isEmptyTable(child)) out[k] = LIST_KEYWORDS.has(k) ? [] : emptyObject();
		else if ((child as unknown as Array<unknown>)[0] !== undefined) {
			out[k] = (child as unknown as Array<defined>).map((item) => {
				const entry = asObject(item);
				return entry !== undefined ? schemaObject(entry) : item;
			});
		} else out[k] = schemaObject(child);
	}
	return out;
}

/** A tool call's arguments as an object (Messages `input`, Gemini `args`); `{}` stays an object. */
export function argumentsObject(call: ToolCall): JsonObject {
	const decoded = decodeJson(call.arguments);
	const value = decoded.ok ? asObject(decoded.value) : undefined;
	return value === undefined || isEmptyTable(value) ? emptyObject() : value;
}

/** An image as a data URL (Chat Completions image_url, Responses input_image). */
export function dataUrl(image: ImagePart): string {
	return `data:${image.mediaType};base64,${image.data}`;
}

/** True when an assistant message's replay data belongs to this protocol and scope. */
export function replayFits(message: Message, protocol: string, scope: ReplayScope): boolean {
	if (message.role !== "assistant" || message.replay === undefined) return false;
	const replay = message.replay;
	return replay.protocol === protocol && replay.endpoint === scope.endpoint && replay.model === scope.model;
}
