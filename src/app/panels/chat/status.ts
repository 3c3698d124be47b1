// The chat status line: the session's status, whether it works, its turns, then what it used —
// tokens in and out as the providers reported them, the estimated cost when the price catalog
// knows every reply's price (a lower bound otherwise), and the context estimate of the
// conversation against the window the loop assumes (`session.stats()`).
import type { PublicSession } from "../../../api";

interface Totals {
	readonly requests?: number;
	readonly inputTokens?: number;
	readonly outputTokens?: number;
	readonly cost?: number;
	readonly unpriced?: number;
}

/** 950, 12.3k, 1.2M. */
export function compactCount(value: number): string {
	if (value < 1000) return tostring(math.floor(value));
	if (value < 1_000_000) return `${string.format("%.1f", value / 1000).gsub("%.0$", "")[0]}k`;
	return `${string.format("%.1f", value / 1_000_000).gsub("%.0$", "")[0]}M`;
}

/** Dollars with four decimals below a cent, two above. */
export function dollars(value: number): string {
	return value < 0.01 ? string.format("$%.4f", value) : string.format("$%.2f", value);
}

function usageText(usage: Totals): string | undefined {
	const requests = usage.requests ?? 0;
	if (requests === 0) return undefined;
	const parts = [`${compactCount(usage.inputTokens ?? 0)} in / ${compactCount(usage.outputTokens ?? 0)} out`];
	const cost = usage.cost ?? 0;
	const unpriced = usage.unpriced ?? 0;
	if (unpriced === 0) parts.push(dollars(cost));
	else if (unpriced < requests) parts.push(`≥ ${dollars(cost)}`);
	else parts.push("cost unknown");
	return parts.join(" · ");
}

/** `showUsage` is `ui.showUsage`: false leaves the tokens, cost and context out. */
export function statusText(session: PublicSession, showUsage: boolean): string {
	const parts = [session.status !== "" ? session.status : "Ready"];
	if (session.busy) parts.push("working");
	parts.push(`${session.turns} ${session.turns === 1 ? "turn" : "turns"}`);
	if (!showUsage) return parts.join(" · ");
	const stats = session.stats() as { usage?: Totals; estimatedTokens?: number; contextTokens?: number };
	const usage = stats.usage !== undefined ? usageText(stats.usage) : undefined;
	if (usage !== undefined) parts.push(usage);
	const used = stats.estimatedTokens ?? 0;
	const window = stats.contextTokens;
	if (window !== undefined && window > 0)
		parts.push(`context ${compactCount(used)} of ${compactCount(window)} (${math.floor((used / window) * 100)}%)`);
	return parts.join(" · ");
}
