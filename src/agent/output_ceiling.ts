// The output ceiling of each request: the reply may use `agent.maxTokens` (4096 when that is not a
// positive integer), but never more than the model's window minus the prompt's pressure and a
// margin of min(1024, 2% of the window). The cap is per request and never learned. A prompt that
// leaves no room at all has no ceiling (undefined): the loop compacts once, then gives up.
import type { Message, ToolSpec } from "../provider/protocols/types";
import type { PublicConfig } from "../runtime/config";
import { estimateTokens } from "./usage";

export const FALLBACK_MAX_TOKENS = 4096;
const MARGIN_CAP = 1024;
const MARGIN_SHARE = 0.02;
const SCHEMA_DEPTH = 24;

export function requestedMaxTokens(config: PublicConfig): number {
	const value = config.get("agent.maxTokens");
	return typeIs(value, "number") && value >= 1 && value % 1 === 0 ? value : FALLBACK_MAX_TOKENS;
}

/** Bytes of a declaration's JSON, approximately (keys, strings and punctuation). */
function schemaBytes(value: unknown, depth: number): number {
	if (typeIs(value, "string")) return value.size() + 2;
	if (!typeIs(value, "table") || depth > SCHEMA_DEPTH) return 6;
	let total = 2;
	for (const [key, entry] of pairs(value as Record<string, unknown>))
		total += tostring(key).size() + 4 + schemaBytes(entry, depth + 1);
	return total;
}

/** Estimated prompt tokens: the system prompt, the messages and the tool declarations. */
export function promptPressure(system: string, messages: ReadonlyArray<Message>, tools: ReadonlyArray<ToolSpec>) {
	let bytes = system.size();
	for (const tool of tools) bytes += tool.name.size() + tool.description.size() + schemaBytes(tool.parameters, 0);
	return estimateTokens(messages) + math.ceil(bytes / 4);
}

/** The most output tokens a request may ask for, or undefined when the prompt fills the window. */
export function outputCeiling(window: number, pressure: number): number | undefined {
	const available = window - pressure;
	if (available < 1) return undefined;
	const margin = math.min(MARGIN_CAP, math.floor(window * MARGIN_SHARE));
	return math.max(1, available - margin);
}
