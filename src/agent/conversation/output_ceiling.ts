// The output ceiling of each request: the reply may use `agent.maxTokens` (4096 when that is not a
// positive integer), but never more than the model's window minus the prompt's pressure and a
// margin of min(1024, 2% of the window). The cap is per request and never learned. A prompt that
// leaves no room at all has no ceiling (undefined): the loop compacts once, then gives up.
import type { Message, ToolSpec } from "../../provider/protocols/types";
import type { PublicConfig } from "../../runtime/config";
import { encodeOnce } from "../../runtime/json";
import { estimateTokens } from "./usage";

export const FALLBACK_MAX_TOKENS = 4096;
const MARGIN_CAP = 1024;
const MARGIN_SHARE = 0.02;

export function requestedMaxTokens(config: PublicConfig): number {
	const value = config.get("agent.maxTokens");
	return typeIs(value, "number") && value >= 1 && value % 1 === 0 ? value : FALLBACK_MAX_TOKENS;
}

/**
 * Estimated prompt tokens: the system prompt, the messages and the tool declarations. A tool's
 * schema never changes in place (as for its wire form, protocols/request_common.ts), so its JSON
 * is encoded once, not on every request.
 */
export function promptPressure(system: string, messages: ReadonlyArray<Message>, tools: ReadonlyArray<ToolSpec>) {
	let bytes = system.size();
	for (const tool of tools)
		bytes += tool.name.size() + tool.description.size() + (encodeOnce(tool.parameters)[0] ?? "").size();
	return estimateTokens(messages) + math.ceil(bytes / 4);
}

/** The most output tokens a request may ask for, or undefined when the prompt fills the window. */
export function outputCeiling(window: number, pressure: number): number | undefined {
	const available = window - pressure;
	if (available < 1) return undefined;
	const margin = math.min(MARGIN_CAP, math.floor(window * MARGIN_SHARE));
	return math.max(1, available - margin);
}
