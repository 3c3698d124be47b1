// What the browser can act on besides approvals: questions the agent asked the user (`ask:user`,
// answered by the `ask:answer` command through the event's resolve) and running sub-agents
// (`subagent:start` until `subagent:done`, stopped by `subagent:stop` through the event's stop).
// Both are read from the public session events (docs/EMBEDDING.md, "Events" and "Sub-agents").
import { plain } from "./events";

export interface PendingQuestion {
	readonly id: string;
	readonly sessionId: string;
	readonly question: string;
	readonly choices?: ReadonlyArray<string>;
	/** When the question times out, on the os.clock() clock. */
	readonly deadline: number;
	readonly resolve: (answer: unknown) => unknown;
}

export interface RunningAgent {
	readonly id: string;
	readonly sessionId: string;
	readonly task: string;
	readonly preset?: string;
	readonly stop: () => unknown;
}

const DEFAULT_ASK_SECONDS = 600;

function stringList(value: unknown): ReadonlyArray<string> | undefined {
	if (!typeIs(value, "table")) return undefined;
	const out = new Array<string>();
	for (const entry of value as Array<unknown>) if (typeIs(entry, "string")) out.push(entry);
	return out.isEmpty() ? undefined : out;
}

export function createWaiting() {
	const questions = new Map<string, PendingQuestion>();
	const agents = new Map<string, RunningAgent>();

	const forgetSession = (sessionId: string) => {
		for (const [id, q] of questions) if (q.sessionId === sessionId) questions.delete(id);
	};

	/** Follows one session event. */
	const observe = (sessionId: string, event: Record<string, unknown>) => {
		const kind = event.kind;
		if (kind === "ask:user") {
			const { id, question, resolve } = event;
			if (!typeIs(id, "string") || !typeIs(resolve, "function")) return;
			const timeout = typeIs(event.timeout, "number") ? event.timeout : DEFAULT_ASK_SECONDS;
			questions.set(id, {
				id,
				sessionId,
				question: typeIs(question, "string") ? question : "",
				choices: stringList(event.choices),
				deadline: os.clock() + timeout,
				resolve: resolve as PendingQuestion["resolve"],
			});
		} else if (kind === "subagent:start") {
			const { agent, stop } = event;
			if (!typeIs(agent, "string") || !typeIs(stop, "function")) return;
			agents.set(agent, {
				id: agent,
				sessionId,
				task: typeIs(event.task, "string") ? event.task : "",
				preset: typeIs(event.preset, "string") ? event.preset : undefined,
				stop: stop as RunningAgent["stop"],
			});
		} else if (kind === "subagent:done") {
			if (typeIs(event.agent, "string")) agents.delete(event.agent);
		} else if (kind === "tool:result" || kind === "tool:error") {
			// the ask_user call ended (answered, timed out or stopped)
			if (typeIs(event.id, "string")) questions.delete(event.id);
		} else if (kind === "turn:end" || kind === "abort" || kind === "cleared") forgetSession(sessionId);
	};

	/** The snapshot's `questions` and `subagents` (plain JSON). */
	const snapshot = () => {
		const now = os.clock();
		const asked = new Array<Record<string, unknown>>();
		for (const [, q] of questions)
			asked.push({
				id: q.id,
				sessionId: q.sessionId,
				question: q.question,
				choices: plain(q.choices),
				expiresIn: math.max(0, math.floor(q.deadline - now)),
			});
		const running = new Array<Record<string, unknown>>();
		for (const [, a] of agents) running.push({ id: a.id, sessionId: a.sessionId, task: a.task, preset: a.preset });
		return { questions: asked, subagents: running };
	};

	const clear = () => {
		questions.clear();
		agents.clear();
	};
	return { questions, agents, observe, snapshot, clear };
}

export type Waiting = ReturnType<typeof createWaiting>;
