// Sub-agents (docs/TOOLS.md, "Sub-agents"): delegated work in child sessions. A child is an
// untracked, headless session one level deeper than its parent, with its preset's tools and a
// system prompt that keeps it in scope. Children wait for a slot (the concurrency setting and the
// client's eight workers) at most QUEUE_CEILING seconds, charged to their budget. Their activity
// reaches the parent as `subagent:*` events; their approval asks reach the user through the
// parent, labelled with the sub-agent. Stop of the parent's turn (any epoch change), removal of
// the parent and unload stop every child; each record settles once.
import { PublicConfig } from "../../runtime/config";
import { Logger } from "../../runtime/log";
import { utf8Prefix } from "../../runtime/text_limit";
import { SessionEvent } from "../conversation/events";
import { PublicSession, Session, TurnOutcome } from "../conversation/session";
import { Sessions } from "../conversation/sessions";
import { DispatchContext } from "../dispatch/tool";
import { canWait, createWaiter } from "../dispatch/waiter";
import { childInstructions, Preset, presetFilter } from "./presets";

/** Who asks: the conversation a tool call runs in, and whether that call was stopped. */
export type Caller = Pick<DispatchContext, "session" | "aborted">;

export type AgentStatus = "queued" | "running" | "done" | "stopped" | "failed";

/** Finished records kept per client, and how many of the newest keep their context for follow-ups. */
export const FINISHED_KEPT = 24;
export const RESUMABLE = 6;
/** The longest wait for a slot, in seconds (a quarter of the budget when that is shorter). */
export const QUEUE_CEILING = 45;
/** What a child's budget keeps at least after its queue wait. */
const MIN_BUDGET = 15;
const ACTIVITY_KEPT = 24;
const TASK_FIELD = 400;
const TEXT_FIELD = 400;
const DONE_TEXT = 600;
const SUMMARY_FIELD = 140;
const ARGUMENTS_FIELD = 400;
const STATUS_INTERVAL = 0.1;
const SLOT_POLL = 0.25;

/** One delegated task (and its follow-ups). */
export interface AgentRecord {
	readonly id: string;
	readonly parent: PublicSession;
	readonly task: string;
	readonly preset: Preset;
	readonly depth: number;
	status: AgentStatus;
	/** The last finished run's reply (or why it failed); "" while it runs. */
	report: string;
	collected: boolean;
	resumable: boolean;
	calls: number;
	runs: number;
	startedAt: number;
	finishedAt?: number;
	latest: string;
	readonly activity: Array<string>;
}

interface Entry {
	readonly record: AgentRecord;
	child: Session | undefined;
	emit: (kind: string, payload: object) => void;
	/** Set while a run is queued or running: asks it to stop. */
	stop?: () => void;
	readonly wake: Set<() => void>;
	lastStatus: number;
	toolStarts: Map<string, number>;
	/** Dispatched in an earlier turn of the parent: no longer something its turn waits for. */
	detached: boolean;
}

export interface Subagents {
	/** Starts a new child for `ctx`'s conversation; the record, or nil and why. */
	readonly dispatch: (
		ctx: Caller,
		task: string,
		preset: Preset,
		turns: number,
	) => LuaTuple<[AgentRecord, undefined] | [undefined, string]>;
	/** Sends `message` to a finished, resumable child of `ctx`'s conversation. */
	readonly followUp: (
		ctx: Caller,
		id: string,
		message: string,
		turns: number,
	) => LuaTuple<[AgentRecord, undefined] | [undefined, string]>;
	/** The records of `ctx`'s conversation, oldest first. */
	readonly records: (ctx: Caller) => ReadonlyArray<AgentRecord>;
	readonly find: (ctx: Caller, id: string) => AgentRecord | undefined;
	/** Yields until `record` settles, `seconds` pass or `ctx` is aborted; true when it settled. */
	readonly wait: (ctx: Caller, records: ReadonlyArray<AgentRecord>, seconds: number) => boolean;
	/** Stops one running or queued child; false when it was not running. */
	readonly stop: (record: AgentRecord) => boolean;
	/**
	 * Ids of `session`'s children of its current turn still running or with reports not yet read to
	 * the end (at most 24).
	 */
	readonly pending: (session: object) => ReadonlyArray<string>;
	readonly running: () => number;
	readonly destroy: () => void;
}

export interface SubagentDeps {
	readonly sessions: Sessions;
	readonly config: PublicConfig;
	readonly log: Logger;
}

/** A numeric setting, or `fallback` when it is not a number. */
export function setting(config: PublicConfig, path: string, fallback: number): number {
	const value = config.get(path);
	return typeIs(value, "number") ? value : fallback;
}

function cut(text: unknown, limit: number): string {
	return utf8Prefix(tostring(text ?? ""), limit);
}

export function createSubagents(deps: SubagentDeps): Subagents {
	const { sessions, config, log } = deps;
	const entries = new Map<string, Entry>();
	const order = new Array<Entry>();
	const watched = new Map<PublicSession, Array<() => void>>();
	let serial = 0;
	let destroyed = false;

	const concurrency = () => math.clamp(setting(config, "agent.subagentConcurrency", 12), 1, 12);
	const capacity = () => math.min(24, 2 * concurrency());
	const active = () => order.filter((e) => e.record.status === "queued" || e.record.status === "running");
	const runningCount = () => order.filter((e) => e.record.status === "running").size();

	const wakeAll = (entry: Entry) => {
		for (const fn of [...entry.wake]) fn();
	};

	/** Keeps the newest RESUMABLE finished children resumable and FINISHED_KEPT records in all. */
	const retain = () => {
		const finished = order.filter((e) => e.record.finishedAt !== undefined && e.stop === undefined);
		table.sort(finished, (a, b) => (a.record.finishedAt as number) > (b.record.finishedAt as number));
		finished.forEach((entry, index) => {
			if (index >= RESUMABLE && entry.child !== undefined) {
				sessions.forget(entry.child);
				entry.child = undefined;
				entry.record.resumable = false;
			}
			if (index >= FINISHED_KEPT) {
				entries.delete(entry.record.id);
				order.remove(order.indexOf(entry));
			}
		});
	};

	const note = (entry: Entry, line: string) => {
		const activity = entry.record.activity;
		activity.push(cut(line, 4096));
		while (activity.size() > ACTIVITY_KEPT) activity.remove(0);
		entry.record.latest = cut(line, TEXT_FIELD);
	};

	// The child's events, relayed to the parent: approvals keep their resolve and name the sub-agent.
	const relay = (entry: Entry) => (_child: PublicSession, event: SessionEvent) => {
		const record = entry.record;
		const agent = record.id;
		const kind = event.kind;
		if (kind === "permission:ask") {
			const forwarded: Record<string, unknown> = {};
			for (const [key, value] of pairs(event)) forwarded[key as string] = value;
			forwarded.kind = undefined;
			forwarded.at = undefined;
			forwarded.subagent = table.freeze({ id: agent, task: cut(record.task, TASK_FIELD), preset: record.preset });
			entry.emit("permission:ask", forwarded);
		} else if (kind === "tool:call") {
			record.calls += 1;
			entry.toolStarts.set(tostring(event.id), os.clock());
			note(entry, `calls ${tostring(event.name)}`);
			entry.emit("subagent:tool", {
				agent,
				callId: event.id,
				name: event.name,
				risk: event.risk,
				arguments: cut(event.arguments, ARGUMENTS_FIELD),
				index: record.calls,
			});
		} else if (kind === "tool:result" || kind === "tool:error") {
			const started = entry.toolStarts.get(tostring(event.id));
			entry.toolStarts.delete(tostring(event.id));
			const ok = kind === "tool:result" && event.ok !== false;
			const summary = cut(event.text ?? event.message ?? event.error, SUMMARY_FIELD);
			note(entry, `${tostring(event.name)} ${ok ? "done" : "failed"}: ${summary}`);
			entry.emit("subagent:tool:done", {
				agent,
				id: event.id,
				callId: event.id,
				name: event.name,
				ok,
				error: event.error,
				reason: event.reason,
				ms: started !== undefined ? math.floor((os.clock() - started) * 1000) : undefined,
				summary,
				text: summary,
			});
		} else if (kind === "assistant:text") {
			note(entry, tostring(event.text));
			entry.emit("subagent:text", { agent, text: cut(event.text, TEXT_FIELD) });
		} else if (kind === "status") {
			const now = os.clock();
			if (now - entry.lastStatus < STATUS_INTERVAL && event.text !== "Ready") return;
			entry.lastStatus = now;
			entry.emit("subagent:status", { agent, text: event.text, status: record.status });
		}
	};

	const settle = (entry: Entry, status: AgentStatus, report: string) => {
		const record = entry.record;
		if (record.finishedAt !== undefined && entry.stop === undefined) return;
		entry.stop = undefined;
		record.status = status;
		record.report = report;
		record.collected = false;
		record.finishedAt = os.clock();
		const messages = entry.child !== undefined ? entry.child.messages.size() : 0;
		entry.emit("subagent:done", {
			agent: record.id,
			ms: math.floor((record.finishedAt - record.startedAt) * 1000),
			calls: record.calls,
			ok: status === "done",
			aborted: status === "stopped",
			status,
			messages,
			turns: record.runs,
			resumable: entry.child !== undefined && !destroyed,
			text: cut(report, DONE_TEXT),
		});
		wakeAll(entry);
		retain();
	};

	/** Queues one run of `entry`'s child: waits for a slot, then runs `text` within the budget. */
	const run = (entry: Entry, text: string, turns: number, followUp: boolean) => {
		const record = entry.record;
		const child = entry.child as Session;
		const budget = math.max(MIN_BUDGET, setting(config, "agent.subagentBudget", 900));
		record.status = "queued";
		record.report = "";
		record.finishedAt = undefined;
		record.startedAt = os.clock();
		record.runs += 1;
		let stopped = false;
		entry.stop = () => {
			stopped = true;
			child.public.abort();
		};
		entry.emit("subagent:start", {
			agent: record.id,
			task: cut(followUp ? text : record.task, TASK_FIELD),
			preset: record.preset,
			turns,
			budget,
			depth: record.depth,
			followUp: followUp || undefined,
			stop: () => stopEntry(entry),
		});
		task.spawn(() => {
			const ceiling = math.min(QUEUE_CEILING, budget / 4);
			const queuedAt = os.clock();
			let accepted = false;
			let refusal = "";
			for (;;) {
				if (stopped || destroyed) break;
				if (runningCount() < concurrency()) {
					const waited = os.clock() - queuedAt;
					child.limit(turns, math.max(MIN_BUDGET, budget - waited));
					record.status = "running";
					const [ok, why] = child.run(text, undefined, undefined, (outcome: TurnOutcome) =>
						settle(
							entry,
							outcome.aborted || stopped ? "stopped" : outcome.failed ? "failed" : "done",
							outcome.text,
						),
					);
					if (ok) {
						accepted = true;
						break;
					}
					record.status = "queued";
					refusal = why ?? "";
				}
				if (os.clock() - queuedAt >= ceiling) break;
				task.wait(SLOT_POLL);
			}
			if (accepted) return;
			if (stopped || destroyed) settle(entry, "stopped", "Stopped before it started.");
			else
				settle(
					entry,
					"failed",
					`No worker became free within ${math.floor(ceiling)} s${refusal !== "" ? ` (${refusal})` : ""}; nothing ran.`,
				);
		});
	};

	const stopEntry = (entry: Entry) => {
		const stop = entry.stop;
		if (stop === undefined) return false;
		stop();
		return true;
	};

	/** Stops a parent's children when its turn epoch changes, and releases them when it goes. */
	const watch = (parent: Session) => {
		const owner = parent.public;
		if (watched.has(owner)) return;
		const stopChildren = () => {
			for (const entry of order)
				if (entry.record.parent === owner) {
					entry.detached = true;
					stopEntry(entry);
				}
		};
		const releaseChildren = () => {
			stopChildren();
			for (const entry of [...order])
				if (entry.record.parent === owner && entry.child !== undefined) {
					sessions.forget(entry.child);
					entry.child = undefined;
					entry.record.resumable = false;
				}
			watched.delete(owner);
		};
		watched.set(owner, [parent.onEpoch(stopChildren), sessions.onGone(owner, releaseChildren)]);
	};

	const parentOf = (ctx: Caller): LuaTuple<[Session, undefined] | [undefined, string]> => {
		if (destroyed) return $tuple(undefined, "this UAI client has been unloaded");
		const parent = sessions.known(ctx.session);
		if (parent === undefined || parent.killed())
			return $tuple(undefined, "sub-agents can only be dispatched from a conversation's turn");
		return $tuple(parent, undefined);
	};

	// the parent's own events: they outlive the tool call and its turn (a report after Stop)
	const parentEmit = (parent: Session) => (kind: string, payload: object) =>
		parent.emit(kind, payload as Readonly<Record<string, unknown>>);

	const owned = (ctx: Caller, id: string) => {
		const entry = entries.get(id);
		return entry !== undefined && entry.record.parent === ctx.session ? entry : undefined;
	};

	return {
		dispatch: (ctx, taskText, preset, turns) => {
			const [parent, problem] = parentOf(ctx);
			if (parent === undefined) return $tuple(undefined, problem);
			const depth = parent.public.depth + 1;
			const limit = setting(config, "agent.subagentDepth", 4);
			if (depth > limit)
				return $tuple(undefined, `the sub-agent depth limit (${limit}) is reached; do the work yourself`);
			if (active().size() >= capacity())
				return $tuple(
					undefined,
					`${capacity()} sub-agents are already queued or running; collect reports with agent_status first`,
				);
			serial += 1;
			const id = `agent-${serial}`;
			const record: AgentRecord = {
				id,
				parent: parent.public,
				task: taskText,
				preset,
				depth,
				status: "queued",
				report: "",
				collected: false,
				resumable: true,
				calls: 0,
				runs: 0,
				startedAt: os.clock(),
				latest: "",
				activity: [],
			};
			const entry: Entry = {
				record,
				child: undefined,
				emit: parentEmit(parent),
				wake: new Set(),
				lastStatus: 0,
				toolStarts: new Map(),
				detached: false,
			};
			const child = sessions.spawn(
				{
					title: `${id}: ${cut(taskText, 40)}`,
					depth,
					maxTurns: turns,
					filter: presetFilter(preset, depth >= limit),
				},
				{ instructions: childInstructions(id, preset, depth) },
				relay(entry),
			);
			if (child === undefined) return $tuple(undefined, "this UAI client has been unloaded");
			entry.child = child;
			entries.set(id, entry);
			order.push(entry);
			watch(parent);
			run(entry, taskText, turns, false);
			return $tuple(record, undefined);
		},
		followUp: (ctx, id, message, turns) => {
			const [parent, problem] = parentOf(ctx);
			if (parent === undefined) return $tuple(undefined, problem);
			const entry = owned(ctx, id);
			if (entry === undefined) return $tuple(undefined, `no sub-agent ${id} belongs to this conversation`);
			if (entry.stop !== undefined) return $tuple(undefined, `${id} is still working; wait with agent_status`);
			if (entry.child === undefined)
				return $tuple(
					undefined,
					`${id} is no longer resumable (only the newest ${RESUMABLE} keep their context)`,
				);
			entry.emit = parentEmit(parent);
			entry.detached = false;
			watch(parent);
			run(entry, message, turns, true);
			return $tuple(entry.record, undefined);
		},
		records: (ctx) => order.filter((e) => e.record.parent === ctx.session).map((e) => e.record),
		find: (ctx, id) => owned(ctx, id)?.record,
		wait: (ctx, records, seconds) => {
			const settled = () =>
				records.every((r) => r.finishedAt !== undefined && entries.get(r.id)?.stop === undefined);
			if (settled() || seconds <= 0 || !canWait()) return settled();
			const deadline = os.clock() + seconds;
			const waiter = createWaiter();
			const mine = new Array<Entry>();
			for (const record of records) {
				const entry = entries.get(record.id);
				if (entry !== undefined) mine.push(entry);
			}
			for (const entry of mine) entry.wake.add(waiter.wake);
			const outcome = waiter.until(() => {
				if (settled()) return true;
				return os.clock() >= deadline || ctx.aborted?.() === true ? false : undefined;
			}, deadline);
			for (const entry of mine) entry.wake.delete(waiter.wake);
			return outcome;
		},
		stop: (record) => {
			const entry = entries.get(record.id);
			return entry !== undefined && stopEntry(entry);
		},
		pending: (session) => {
			const ids = new Array<string>();
			for (const entry of order)
				if (
					entry.record.parent === session &&
					!entry.detached &&
					(entry.stop !== undefined || !entry.record.collected)
				)
					ids.push(entry.record.id);
			return ids.filter((_, index) => index < 24);
		},
		running: runningCount,
		destroy: () => {
			if (destroyed) return;
			destroyed = true;
			for (const entry of order) stopEntry(entry);
			for (const [, releases] of watched) for (const release of releases) release();
			watched.clear();
			for (const entry of order) if (entry.child !== undefined) sessions.forget(entry.child);
			log.info(`sub-agents released (${order.size()} records)`);
		},
	};
}
