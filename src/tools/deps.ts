// What the built-in tool families are given at boot (they are registered once the session
// manager and the notices exist).
import type { Sessions } from "../agent/conversation/sessions";
import type { Subagents } from "../agent/delegation/subagents";
import { Host } from "../host";
import { PublicConfig } from "../runtime/config";
import { Logger } from "../runtime/log";
import { RequestRecorder } from "../runtime/request_log";
import { MemoryStore } from "./memory_store";

export interface ToolDeps {
	readonly host: Host;
	readonly config: PublicConfig;
	readonly log: Logger;
	/** A notification for the user: shown by the app when it is open, always logged. */
	readonly notify: (text: string) => void;
	/** The request log (`uai.log.requests`), where the HTTP tools' attempts are recorded. */
	readonly recordRequest?: RequestRecorder;
	/** The session manager (the conversation a call belongs to, the user's other conversations). */
	readonly sessions: Sessions;
	readonly memory: MemoryStore;
	/** The client's sub-agents (the delegation tools). */
	readonly subagents: Subagents;
}

/** The byte budget of one tool result (`agent.resultCap`). */
export function resultBudget(config: PublicConfig): number {
	const cap = config.get("agent.resultCap");
	return typeIs(cap, "number") ? cap : 128000;
}
