// Session events as the bridge forwards them: plain JSON copies (functions, Instances and cycles
// dropped, strings bounded), numbered, with the conversation's id. Pending approvals are kept
// here with their answer function so the browser's `permission` command can settle them.
import { utf8Prefix } from "../../runtime/text_limit";

export const EVENT_TEXT_LIMIT = 24000;
const DEPTH = 8;
const FORWARDED = new Set([
	"user",
	"assistant:text",
	"answer:state",
	"assistant:reasoning",
	"assistant:preview",
	"assistant:complete",
	"tool:call",
	"tool:result",
	"tool:error",
	"tool:progress",
	"status",
	"error",
	"abort",
	"cleared",
	"provider:switch",
	"permission:ask",
	"request:start",
	"request:retry",
	"request:done",
	"usage",
	"turn:start",
	"turn:end",
	"compact",
	"ask:user",
	"notice",
]);

export function isForwarded(kind: string): boolean {
	return FORWARDED.has(kind) || kind.sub(1, 9) === "subagent:";
}

/** A JSON-safe copy of `value`. */
export function plain(value: unknown, depth = 0): unknown {
	if (typeIs(value, "string"))
		return value.size() > EVENT_TEXT_LIMIT ? `${utf8Prefix(value, EVENT_TEXT_LIMIT)}…` : value;
	if (typeIs(value, "number") || typeIs(value, "boolean")) return value;
	if (!typeIs(value, "table") || depth >= DEPTH) return undefined;
	const out: Record<string, unknown> = {};
	for (const [key, entry] of pairs(value as Record<string, unknown>)) {
		if (!typeIs(key, "string") && !typeIs(key, "number")) continue;
		const copy = plain(entry, depth + 1);
		if (copy !== undefined) (out as Record<string | number, unknown>)[key] = copy;
	}
	return out;
}

export interface PendingApproval {
	readonly id: string;
	readonly sessionId: string;
	readonly name: string;
	readonly risk?: string;
	readonly args: unknown;
	/** When the approval times out, on the os.clock() clock. */
	readonly deadline: number;
	readonly resolve: (decision: unknown, remember?: unknown) => unknown;
}

export function approvalOf(sessionId: string, event: Record<string, unknown>): PendingApproval | undefined {
	const resolve = event.resolve;
	if (!typeIs(event.id, "string") || !typeIs(resolve, "function")) return undefined;
	const deadline = typeIs(event.deadline, "number") ? event.deadline : os.clock() + 180;
	return {
		id: event.id,
		sessionId,
		name: typeIs(event.name, "string") ? event.name : "tool",
		risk: typeIs(event.risk, "string") ? event.risk : undefined,
		args: plain(event.args),
		deadline,
		resolve: resolve as PendingApproval["resolve"],
	};
}
