// Token accounting: running totals of what providers reported, per turn and per session, and the
// provider's estimate for prompts not yet counted (re-exported for the conversation's modules).
import type { Usage } from "../../provider/protocols/types";

export { estimateTokens } from "../../provider/inference";

export interface UsageTotals {
	requests: number;
	inputTokens: number;
	outputTokens: number;
	reasoningTokens: number;
	cacheReadTokens: number;
	/** Estimated USD of the replies whose price is known (the generated price catalog). */
	cost: number;
	/** Replies whose cost is unknown (no usage reported, or the route or model is not priced). */
	unpriced: number;
}

export function emptyTotals(): UsageTotals {
	return {
		requests: 0,
		inputTokens: 0,
		outputTokens: 0,
		reasoningTokens: 0,
		cacheReadTokens: 0,
		cost: 0,
		unpriced: 0,
	};
}

/** Adds one reply: its reported usage and its estimated cost (undefined when unknown). */
export function addUsage(totals: UsageTotals, usage: Usage | undefined, cost: number | undefined) {
	totals.requests += 1;
	if (cost !== undefined) totals.cost += cost;
	else totals.unpriced += 1;
	if (usage === undefined) return;
	totals.inputTokens += usage.inputTokens ?? 0;
	totals.outputTokens += usage.outputTokens ?? 0;
	totals.reasoningTokens += usage.reasoningTokens ?? 0;
	totals.cacheReadTokens += usage.cacheReadTokens ?? 0;
}

/** A frozen copy for events and stats. */
export function snapshotTotals(totals: UsageTotals): Readonly<UsageTotals> {
	return table.freeze({ ...totals });
}
