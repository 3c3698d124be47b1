// Asking the user: a pending approval is announced as a `permission:ask` event carrying
// `resolve(decision, remember)`, its `timeout` in seconds and its `deadline` on the `os.clock()`
// clock, and the dispatching thread waits for the answer. No answer within APPROVAL_TIMEOUT denies
// the call as a timeout; `denyAll` and the tool's removal cancel it. Both are reported apart from a
// user's denial and never store a remembered rule. An answer that comes after the wait ended
// changes nothing.
import { Logger } from "../../runtime/log";
import { readOnlyCopy } from "../../runtime/util";
import { JsonTable, Tool } from "./tool";
import { canWait, createWaiter, NOT_YIELDABLE } from "./waiter";

/** Seconds an approval waits for an answer. */
export const APPROVAL_TIMEOUT = 180;

/** Why a wait ended early, as the dispatcher describes it (its error code and text). */
export interface Interruption {
	readonly code: string;
	readonly text: string;
}

export type ApprovalOutcome =
	| { readonly kind: "allow" | "deny"; readonly remember: boolean }
	| { readonly kind: "timeout" }
	| { readonly kind: "cancelled"; readonly reason: string }
	| { readonly kind: "interrupted"; readonly interruption: Interruption };

export interface ApprovalRequest {
	readonly tool: Tool;
	readonly args: JsonTable;
	readonly callId: string;
	readonly session: unknown;
	readonly emit: ((kind: string, payload: object) => void) | undefined;
	/** Polled while waiting: a reason to stop waiting (Stop, removal, revocation), or nil. */
	readonly interrupted: () => Interruption | undefined;
}

export interface Approvals {
	/** Announces the request and yields until it is answered, times out, is cancelled or interrupted. */
	readonly request: (request: ApprovalRequest) => ApprovalOutcome;
	readonly pendingCount: (session?: unknown) => number;
	/** Cancels pending approvals (of one session when given); returns how many. */
	readonly denyAll: (reason?: string, session?: unknown) => number;
	/** Cancels the pending approvals of a tool that was unregistered. */
	readonly cancelTool: (tool: Tool) => void;
}

interface Pending {
	readonly tool: Tool;
	readonly session: unknown;
	outcome?: ApprovalOutcome;
	readonly wake: () => void;
}

export const DENY_ALL_REASON = "pending approvals were cancelled";

export function createApprovals(log: Logger): Approvals {
	const pending = new Set<Pending>();

	const settle = (entry: Pending, outcome: ApprovalOutcome): boolean => {
		if (entry.outcome !== undefined) return false;
		entry.outcome = outcome;
		pending.delete(entry);
		entry.wake();
		return true;
	};

	const matching = (session: unknown) => {
		const list = new Array<Pending>();
		for (const entry of pending) if (session === undefined || entry.session === session) list.push(entry);
		return list;
	};

	return {
		request: (request) => {
			if (!canWait()) return { kind: "interrupted", interruption: NOT_YIELDABLE };
			const waiter = createWaiter();
			const entry: Pending = { tool: request.tool, session: request.session, wake: waiter.wake };
			pending.add(entry);
			const { tool } = request;
			const deadline = os.clock() + APPROVAL_TIMEOUT;
			const payload = table.freeze({
				id: request.callId,
				name: tool.name,
				risk: tool.risk,
				description: tool.description,
				args: readOnlyCopy(request.args),
				timeout: APPROVAL_TIMEOUT,
				deadline,
				resolve: (decision: unknown, remember?: unknown) =>
					settle(entry, { kind: decision === true ? "allow" : "deny", remember: remember === true }),
			});
			if (request.emit === undefined) {
				log.info(`${tool.name} waits for approval, but this call has no event channel to ask through`);
			} else {
				const [ok, err] = pcall(request.emit, "permission:ask", payload);
				if (!ok) log.error(`announcing the approval for ${tool.name} failed: ${tostring(err)}`);
			}
			const outcome = waiter.until(() => {
				if (entry.outcome !== undefined) return entry.outcome;
				const interruption = request.interrupted();
				if (interruption !== undefined) return { kind: "interrupted", interruption } as ApprovalOutcome;
				if (os.clock() >= deadline) return { kind: "timeout" } as ApprovalOutcome;
				return undefined;
			}, deadline);
			settle(entry, outcome);
			if (outcome.kind === "timeout")
				log.warn(`the approval for ${tool.name} (${request.callId}) timed out after ${APPROVAL_TIMEOUT} s`);
			return outcome;
		},
		pendingCount: (session) => matching(session).size(),
		denyAll: (reason, session) => {
			let count = 0;
			for (const entry of matching(session)) {
				if (settle(entry, { kind: "cancelled", reason: reason ?? DENY_ALL_REASON })) count += 1;
			}
			return count;
		},
		cancelTool: (tool) => {
			for (const entry of matching(undefined)) {
				if (entry.tool === tool) settle(entry, { kind: "cancelled", reason: `${tool.name} was unregistered` });
			}
		},
	};
}
