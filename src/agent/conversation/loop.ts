// The agent loop of one turn: model requests and tool rounds until a reply without tool calls,
// the step limit, the time budget, Stop, or a failure. It never touches a GUI: every stage emits
// a session event. Tool calls of one reply run in parallel through the registry's dispatcher
// under the session's filters; their results return to the model in the original order.
import type { Message, Reply, ToolSpec } from "../../provider/protocols/types";
import { PublicConfig } from "../../runtime/config";
import { frameSlicing, spend } from "../../host/frame";
import { decode, markObject, Slicing } from "../../runtime/json";
import { boundedSummary, fallbackSummary, plan, SUMMARY_PROMPT } from "./compaction";
import { Emit } from "./events";
import { withoutUnavailableImages } from "./image_history";
import { outputCeiling, promptPressure, requestedMaxTokens } from "./output_ceiling";
import { ModelText, withModelText } from "./model_text";
import { AnswerPolicy } from "./answer_policy";
import { systemPrompt } from "./prompt";
import { eventData } from "./result_data";
import { PublicTools } from "../dispatch/services";
import { DispatchContext, ToolResult } from "../dispatch/tool";
import { complete, ModelOutcome, TurnDeps } from "./model_request";
import { addUsage, estimateTokens, snapshotTotals, UsageTotals } from "./usage";

const CANONICAL_DEPTH = 24;
// A batch signature counts a call's part as 8 units and a unit per 64 bytes of its canonical text
// (built, sorted with its siblings' and copied into its parent's: 0.28 ms for 23 KB of arguments).
const SIGNATURE_UNITS = 8;
const CANONICAL_BYTES_A_UNIT = 64;
// A dispatch's fixed share of work on the frame door: the dispatcher's stages and the call's two
// events measured 0.15-0.2 ms a call (its arguments are counted as they are read).
const DISPATCH_UNITS = 200;
const SUMMARY_MAX_TOKENS = 512;

/** Changes shown on a write's card, at most; the rest are counted (`changes_list` has them all). */
const CARD_CHANGES = 20;

/**
 * The changes a world write recorded (`data.changes`, docs/TOOLS.md "Changes and undo") as short
 * texts, so the Chat card of the call can list them and offer Undo; nil for other results.
 */
function recordedChanges(data: unknown): ReadonlyArray<Readonly<Record<string, unknown>>> | undefined {
	if (!typeIs(data, "table")) return undefined;
	const list = (data as { changes?: unknown }).changes;
	if (!typeIs(list, "table") || (list as unknown[])[0] === undefined) return undefined;
	const shown = (v: unknown) => {
		const value = typeIs(v, "table") ? (v as { value?: unknown }).value : undefined;
		return typeIs(value, "table") ? "[…]" : tostring(value ?? "nil");
	};
	const out = new Array<Readonly<Record<string, unknown>>>();
	for (const item of list as ReadonlyArray<Record<string, unknown>>) {
		if (out.size() >= CARD_CHANGES) break;
		if (!typeIs(item.id, "number")) continue;
		out.push({
			id: item.id,
			path: tostring(item.path),
			key: item.kind === "attribute" ? `@${tostring(item.key)}` : tostring(item.key),
			before: shown(item.before),
			after: shown(item.after),
		});
	}
	return out.size() > 0 ? out : undefined;
}

export interface LoopPolicy {
	readonly maxTurns?: number;
	readonly budgetSeconds?: number;
	readonly unlimited?: boolean;
	readonly stream?: boolean;
}

/** What the loop reads and changes on its session. */
export interface LoopSession {
	readonly id: string;
	readonly emit: Emit;
	readonly aborted: () => boolean;
	readonly messages: Array<Message>;
	summary: string;
	readonly policy: LoopPolicy;
	/** Extra system-prompt instructions of this session (a sub-agent's scope). */
	readonly instructions?: string;
	readonly toolContext: () => DispatchContext;
	/** The public session, for hooks. */
	readonly owner: () => object;
	readonly usage: UsageTotals;
	/** Persists the conversation (no-op for sessions that are never saved). */
	readonly checkpoint: () => void;
}

export interface LoopDeps extends TurnDeps {
	readonly tools: PublicTools;
	/** Ids of this session's background sub-agents still running or with reports not yet collected. */
	readonly pendingSubagents?: (session: object) => ReadonlyArray<string>;
	/** The host's prompt text (the boot context's `prompt`), read at each attempt. */
	readonly hostPrompt?: () => unknown;
	/** System-prompt notes for a request offering the tools named (tool families offered, memory index). */
	readonly promptNotes?: (declared: ReadonlyArray<string>) => string;
	/** What the model sees of a stored message (openui's Message.modelText). */
	readonly modelText?: ModelText;
	/** Interactive answers: prompt notes per conversation and how a final reply is stored. */
	readonly answers?: AnswerPolicy;
	/** A turn starts: the client compiles ahead what a first turn loads (src/client/warm.ts). */
	readonly warm?: () => void;
}

function joinNotes(a: string | undefined, b: string | undefined): string | undefined {
	if (a === undefined || a === "") return b === "" ? undefined : b;
	return b === undefined || b === "" ? a : `${a}\n\n${b}`;
}

/** How often one turn is reminded of pending sub-agents before its reply is accepted as final. */
const COORDINATION_REMINDERS = 8;
// Walking the history once before a request (an estimate, the model's view), per message.
const WALK_UNITS = 0.25;

/** The internal user message that keeps a turn going while background sub-agents are pending. */
export function coordinationReminder(ids: ReadonlyArray<string>): string {
	return (
		"[UAI] These background sub-agents are still running or have reports you have not read: " +
		`${ids.join(", ")}. Call agent_status (with wait_seconds to wait) to collect their reports, ` +
		"then answer the user."
	);
}

/** A batch made only of agent_status waits of 1-30 s (polling sub-agents is not a repeat loop). */
function onlyStatusWaits(calls: Reply["toolCalls"]): boolean {
	return calls.every((call) => {
		if (call.name !== "agent_status") return false;
		const [args] = decode(call.arguments);
		const wait = typeIs(args, "table") ? (args as { wait_seconds?: unknown }).wait_seconds : undefined;
		return typeIs(wait, "number") && wait >= 1 && wait <= 30;
	});
}

export interface LoopResult {
	readonly text: string;
	readonly failed: boolean;
	readonly aborted: boolean;
}

function canonical(value: unknown, depth: number): string {
	if (depth > CANONICAL_DEPTH) return "…";
	if (!typeIs(value, "table")) return tostring(value);
	const parts = new Array<string>();
	for (const [key, entry] of pairs(value as Record<string, unknown>))
		parts.push(`${tostring(key)}:${canonical(entry, depth + 1)}`);
	table.sort(parts);
	return `{${parts.join(",")}}`;
}

/**
 * The repeat breaker's signature of a tool batch: each call's name and canonical arguments, and how
 * often that call occurs (order does not count). Kept as a count per text, not one sorted and
 * joined text: sorting megabytes of arguments that share long prefixes and joining them took tens
 * of milliseconds in one go. With `slicing`, long arguments are read and their canonical text
 * counted on it (a stop leaves the rest as written; the caller checks Stop).
 */
export function batchSignature(calls: Reply["toolCalls"], slicing?: Slicing): Map<string, number> {
	const counts = new Map<string, number>();
	for (const call of calls) {
		const [decoded] = decode(call.arguments, slicing);
		const text = decoded !== undefined ? canonical(decoded, 0) : call.arguments;
		slicing?.spend(SIGNATURE_UNITS + text.size() / CANONICAL_BYTES_A_UNIT);
		const part = `${call.name}(${text})`;
		counts.set(part, (counts.get(part) ?? 0) + 1);
	}
	return counts;
}

/** Whether two batch signatures hold the same calls, each as often. */
export function sameBatch(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number> | undefined): boolean {
	if (b === undefined || a.size() !== b.size()) return false;
	for (const [part, count] of a) if (b.get(part) !== count) return false;
	return true;
}

export interface CompactionOutcome {
	readonly ok: boolean;
	readonly summary?: string;
	readonly reason?: string;
}

/**
 * Replaces older history by a summary. `manual` requires a model summary; an automatic run keeps
 * the earlier summary and excerpts when the summary fails.
 */
export function compactNow(
	deps: TurnDeps,
	session: LoopSession,
	manual: boolean,
	remaining: () => number,
): CompactionOutcome {
	const proposal = plan(session.messages, session.summary);
	if (proposal === undefined) return { ok: false, reason: "there is nothing old enough to compact" };
	session.emit("status", { text: "Compacting context" });
	const before = estimateTokens(session.messages);
	const outcome = complete(
		deps,
		{
			system: () => SUMMARY_PROMPT,
			messages: [{ role: "user", content: proposal.input }],
			maxTokens: SUMMARY_MAX_TOKENS,
			temperature: 0,
			attempts: 1,
			stream: false,
		},
		{ emit: session.emit, aborted: session.aborted, remaining, sessionId: session.id, session: session.owner() },
	);
	if (session.aborted()) return { ok: false, reason: "compaction was stopped" };
	const made = outcome.ok && outcome.reply.finish !== "length" && outcome.reply.content !== "";
	if (!made && manual) return { ok: false, reason: outcome.ok ? "the summary was empty or cut off" : outcome.error };
	const summary =
		made && outcome.ok ? boundedSummary(outcome.reply.content) : fallbackSummary(session.summary, proposal.removed);
	session.messages.clear();
	for (const message of proposal.head) session.messages.push(message);
	for (const message of proposal.kept) session.messages.push(message);
	session.summary = summary;
	session.emit("compact", { summary, before, after: estimateTokens(session.messages), manual: manual || undefined });
	return { ok: true, summary };
}

function toolSpecs(deps: LoopDeps, context: DispatchContext): Array<ToolSpec> {
	const [declarations] = deps.tools.definitions(context.filter);
	const specs = new Array<ToolSpec>();
	for (const declaration of declarations ?? []) {
		const fn = (declaration as unknown as { function: ToolSpec }).function;
		specs.push({ name: fn.name, description: fn.description, parameters: fn.parameters });
	}
	return specs;
}

/** Dispatches one batch in parallel (at most `agent.toolConcurrency` at a time), in call order. */
function runBatch(deps: LoopDeps, session: LoopSession, calls: Reply["toolCalls"]): Array<ToolResult> {
	const context = session.toolContext();
	const results = new Array<ToolResult>();
	const width = deps.config.get("agent.toolConcurrency") as number;
	session.emit("status", { text: calls.size() === 1 ? `Running ${calls[0].name}` : `Running ${calls.size()} tools` });
	for (let start = 0; start < calls.size(); start += width) {
		const thread = coroutine.running();
		let pending = 0;
		let waiting = false;
		for (let index = start; index < math.min(start + width, calls.size()); index++) {
			// a batch of many calls starts them over several frames (their arguments are read on the
			// frame door inside dispatch)
			spend(DISPATCH_UNITS);
			const call = calls[index];
			const tool = deps.tools.get(call.name);
			session.emit("tool:call", {
				id: call.id,
				name: call.name,
				group: tool?.group,
				risk: tool?.risk,
				arguments: call.arguments,
			});
			pending += 1;
			task.spawn(() => {
				const result = deps.tools.dispatch(
					{ id: call.id, name: call.name, arguments: call.arguments },
					context,
				);
				results[index] = result;
				const [data, dataCut] = eventData(result.data);
				session.emit(result.ok ? "tool:result" : "tool:error", {
					id: result.id,
					name: result.name,
					ok: result.ok,
					changes: recordedChanges(result.data),
					text: result.text,
					data,
					dataCut: dataCut || undefined,
					error: result.error,
					ms: result.ms,
					truncated: result.truncated,
					group: tool?.group,
					risk: tool?.risk,
				});
				pending -= 1;
				if (pending === 0 && waiting) task.spawn(thread);
			});
		}
		if (pending > 0) {
			waiting = true;
			coroutine.yield();
		}
	}
	return results;
}

function refuse(calls: Reply["toolCalls"], text: string): Array<Message> {
	return calls.map((call) => ({ role: "tool", toolCallId: call.id, name: call.name, content: text, isError: true }));
}

/** A batch the output limit cut: none of it runs; each call is refused so the model sends smaller ones. */
function refuseCutBatch(session: LoopSession, calls: Reply["toolCalls"]) {
	session.emit("status", { text: "Requesting smaller tool calls" });
	const text =
		"Not run: truncated arguments (the reply hit the output limit). Send smaller calls or split large writes.";
	for (const message of refuse(calls, text)) session.messages.push(message);
}

/** Lowers the learned window of `model` (never raises it) after a context-length refusal. */
function learnWindow(config: PublicConfig, model: string, window: number) {
	const current = config.get("agent.forceContext");
	const map = markObject({} as Record<string, number>);
	if (typeIs(current, "table")) for (const [key, value] of pairs(current as Record<string, number>)) map[key] = value;
	const key = model.lower();
	if (map[key] === undefined || window < map[key]) {
		map[key] = window;
		config.set("agent.forceContext", map);
	}
}

/** The context window the loop assumes for `model`: the learned one, else `agent.contextTokens`. */
export function contextWindow(config: PublicConfig, model: string | undefined): number {
	const forced = config.get("agent.forceContext") as Record<string, unknown> | undefined;
	const learned = model !== undefined && forced !== undefined ? forced[model.lower()] : undefined;
	return typeIs(learned, "number") ? learned : (config.get("agent.contextTokens") as number);
}

export function runLoop(deps: LoopDeps, session: LoopSession): LoopResult {
	const { config, inference } = deps;
	const policy = session.policy;
	const unlimited =
		policy.unlimited === true || (policy.maxTurns === undefined && config.get("agent.unlimitedTurns") === true);
	const steps = unlimited ? math.huge : (policy.maxTurns ?? (config.get("agent.maxTurns") as number));
	const deadline = unlimited
		? math.huge
		: os.clock() + (policy.budgetSeconds ?? (config.get("agent.budgetSeconds") as number));
	const remaining = () => deadline - os.clock();
	const repeatLimit = config.get("agent.repeatLimit") as number;
	const stream = policy.stream ?? (config.get("agent.stream") as boolean);
	const stopped = (): LoopResult => {
		session.emit("abort", {});
		return { text: "Stopped.", failed: false, aborted: true };
	};
	deps.warm?.();
	session.emit("turn:start", { turns: unlimited ? undefined : steps, unlimited });
	session.checkpoint();
	let lastSignature: Map<string, number> | undefined;
	let streak = 0;
	let overflowRetried = false;
	let reminders = 0;
	let step = 0;
	while (step < steps) {
		if (session.aborted()) return stopped();
		if (remaining() <= 0) {
			const text =
				'I ran out of time for this turn before finishing. Say "continue" to pick up where I left off.';
			session.emit("error", { message: "the turn's time budget ran out", fatal: false });
			return { text, failed: true, aborted: false };
		}
		step += 1;
		session.emit("status", { text: step === 1 ? "Thinking" : `Working (step ${step})` });
		const model = inference.activeModel();
		const window = contextWindow(config, model);
		const fraction = config.get("agent.contextFraction") as number;
		if (config.get("agent.compaction") === true && estimateTokens(session.messages) > window * fraction)
			compactNow(deps, session, false, remaining);
		// the history's walks before a request (estimates, the model's view of it) are counted at
		// the frame door, so a long history's request starts over several frames
		spend(session.messages.size() * WALK_UNITS);
		const context = session.toolContext();
		const tools = toolSpecs(deps, context);
		const notes = joinNotes(
			deps.promptNotes?.(tools.map((tool) => tool.name)),
			deps.answers?.notes(session.messages),
		);
		const ceiling = () =>
			outputCeiling(
				window,
				promptPressure(
					systemPrompt(session.summary, "", model ?? "", session.instructions, deps.hostPrompt?.(), notes),
					session.messages,
					tools,
				),
			);
		let room = ceiling();
		spend(session.messages.size() * WALK_UNITS);
		if (room === undefined) {
			compactNow(deps, session, false, remaining);
			room = ceiling();
		}
		if (room === undefined) {
			const message = `the prompt exceeds this model's window (${window} tokens) even after compaction`;
			session.emit("error", { message, fatal: false });
			return { text: `The request failed: ${message}`, failed: true, aborted: false };
		}
		// with a bridge connected the references go as they are (the bridge swaps in the bytes, or
		// the unavailable-image text for pictures it no longer holds)
		const history = withModelText(
			deps.inference.imagesAvailable() ? session.messages : withoutUnavailableImages(session.messages),
			deps.modelText,
		);
		spend(history.size() * 2 * WALK_UNITS);
		const outcome: ModelOutcome = complete(
			deps,
			{
				system: (provider, model) =>
					systemPrompt(session.summary, provider, model, session.instructions, deps.hostPrompt?.(), notes),
				messages: history,
				tools,
				temperature: config.get("agent.temperature") as number,
				maxTokens: math.min(requestedMaxTokens(config), room),
				effort: config.get("agent.effort") as string,
				stream,
			},
			{
				emit: session.emit,
				aborted: session.aborted,
				remaining,
				sessionId: session.id,
				session: session.owner(),
			},
		);
		if (session.aborted()) return stopped();
		if (!outcome.ok) {
			if (outcome.overflow && !overflowRetried) {
				overflowRetried = true;
				if (outcome.window !== undefined && outcome.model !== undefined)
					learnWindow(config, outcome.model, outcome.window);
				const compacted = compactNow(deps, session, false, remaining);
				if (compacted.ok) {
					step -= 1;
					continue;
				}
			}
			if (outcome.cutCalls !== undefined) {
				session.emit("assistant:complete", {});
				session.messages.push({ role: "assistant", content: "", toolCalls: outcome.cutCalls });
				refuseCutBatch(session, outcome.cutCalls);
				continue;
			}
			session.emit("error", { message: outcome.error, fatal: false });
			return { text: `The request failed: ${outcome.error}`, failed: true, aborted: false };
		}
		const reply = outcome.reply;
		addUsage(session.usage, reply.usage, outcome.cost);
		session.emit("usage", {
			session: snapshotTotals(session.usage),
			turn: reply.usage !== undefined ? table.freeze({ ...reply.usage }) : undefined,
			cost: outcome.cost,
		});
		const calls = reply.toolCalls;
		// a final interactive answer is kept in its stored form (a cut one without its end line)
		const stored = calls.isEmpty()
			? deps.answers?.store(reply.content, reply.finish === "length", session.messages)
			: undefined;
		let text = stored ?? reply.content;
		if (stored === undefined && calls.isEmpty() && reply.finish === "length")
			text += "\n\n(The reply reached the output limit.)";
		if (stored === undefined && reply.finish === "content_filter")
			text += "\n\n(Part of the reply was filtered by the provider.)";
		if (reply.reasoning !== "")
			session.emit("assistant:reasoning", { text: reply.reasoning, model: outcome.model });
		if (text !== "" || calls.isEmpty())
			session.emit("assistant:text", { text, final: calls.isEmpty(), requestId: reply.id, model: outcome.model });
		session.emit("assistant:complete", {});
		session.messages.push({
			role: "assistant",
			content: stored ?? reply.content,
			reasoning: reply.reasoning !== "" ? reply.reasoning : undefined,
			toolCalls: calls.isEmpty() ? undefined : calls,
			replay: reply.replay,
		});
		if (calls.isEmpty()) {
			const pending = deps.pendingSubagents?.(session.owner()) ?? [];
			if (pending.isEmpty() || reminders >= COORDINATION_REMINDERS)
				return { text, failed: false, aborted: false };
			reminders += 1;
			session.emit("status", { text: "Coordinating subagents" });
			session.messages.push({ role: "user", content: coordinationReminder(pending) });
			continue;
		}
		if (reply.finish === "length") {
			refuseCutBatch(session, calls);
			continue;
		}
		// after Stop the rest is compared as written: the batch's calls then end as stopped
		const signature = batchSignature(calls, frameSlicing(session.aborted));
		streak = onlyStatusWaits(calls) ? 0 : sameBatch(signature, lastSignature) ? streak + 1 : 1;
		lastSignature = signature;
		if (streak >= repeatLimit) {
			session.emit("status", { text: "Breaking a repeat loop" });
			for (const message of refuse(
				calls,
				"Not run: this exact batch was repeated several times in a row. Change approach.",
			))
				session.messages.push(message);
			continue;
		}
		const results = runBatch(deps, session, calls);
		for (const result of results)
			session.messages.push({
				role: "tool",
				toolCallId: result.id,
				name: result.name,
				content: result.text,
				isError: !result.ok,
			});
		session.checkpoint();
	}
	const text =
		'I reached this session\'s step limit before finishing. Say "continue" to keep going, or raise maxTurns.';
	session.emit("error", { message: "the turn reached its step limit", fatal: false });
	return { text, failed: true, aborted: false };
}
