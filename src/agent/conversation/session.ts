// One conversation: its messages, policy, events and retained transcript, and the turn it runs.
// A session runs one turn or compaction at a time, on one of the client's eight workers. The turn
// ends with `turn:end` and the Ready status, then busy is released, then the worker, then the
// conversation is saved and callbacks run — so a callback may start the next turn at once.
import type { Message } from "../../provider/protocols/types";
import type { Attachments } from "../../runtime/attachments";
import { Logger } from "../../runtime/log";
import { createSignal, Signal } from "../../runtime/signal";
import { readOnlyCopy } from "../../runtime/util";
import { ERROR_TEXT_LIMIT } from "../dispatch/protected_run";
import { cutBytes } from "../dispatch/text";
import { createEmitter, Emit, LiveState, SessionEvent } from "./events";
import { userContent } from "./image_history";
import { compactNow, contextWindow, LoopDeps, LoopPolicy, LoopSession, runLoop } from "./loop";
import { Availability } from "../dispatch/availability";
import { Permissions } from "../dispatch/permissions";
import { SessionOptions } from "./session_options";
import { DispatchContext, ToolFilter } from "../dispatch/tool";
import { createTranscript, Retained, Transcript, TranscriptMetadata } from "./transcript";
import { emptyTotals, estimateTokens, snapshotTotals } from "./usage";
import { Workers } from "./workers";
import { trim } from "../../runtime/trim";

type Outcome = LuaTuple<[boolean, string | undefined]>;

export const TITLE_LIMIT = 60;
const AUTO_TITLE_LIMIT = 42;
export const DEFAULT_TITLE = "New chat";

/** How a turn ended, for requests and callbacks. */
export interface TurnOutcome {
	readonly text: string;
	readonly failed: boolean;
	readonly aborted: boolean;
	readonly error?: string;
}

/** `session` as hosts see it (dot calls; fields are live). */
export interface PublicSession {
	readonly id: string;
	title: string;
	busy: boolean;
	preparing: boolean;
	status: string;
	turns: number;
	ephemeral: boolean;
	readonly headless: boolean;
	readonly depth: number;
	folderId: string;
	readonly placeId?: number;
	readonly placeName?: string;
	readonly toolFilter?: Readonly<Record<string, boolean>>;
	readonly toolGroups?: Readonly<Record<string, boolean>>;
	readonly toolExclude?: Readonly<Record<string, boolean>>;
	readonly maxTurns?: number;
	readonly budgetSeconds?: number;
	readonly unlimited?: boolean;
	readonly stream?: boolean;
	livePreview?: Readonly<Record<string, unknown>>;
	liveRequest?: Readonly<Record<string, unknown>>;
	readonly events: Signal<[SessionEvent]>;
	readonly transcript: {
		readonly snapshot: () => ReadonlyArray<Retained>;
		readonly metadata: () => TranscriptMetadata;
	};
	readonly send: (text: unknown, onDone?: unknown, files?: unknown, images?: unknown) => Outcome;
	readonly abort: () => boolean;
	readonly aborted: () => boolean;
	readonly clear: () => Outcome;
	readonly rename: (title: unknown) => Outcome;
	readonly compact: (onDone?: unknown) => Outcome;
	readonly setEphemeral: (value: unknown) => boolean;
	readonly stats: () => Readonly<Record<string, unknown>>;
	readonly toolContext: () => DispatchContext;
	/** The agent's task list for this conversation (todo_write), a frozen copy. */
	readonly todos: () => ReadonlyArray<Readonly<Record<string, unknown>>>;
	/** Writes a stored interactive answer's new page state back (docs/OPENUI.md, "Rendering an answer"). */
	readonly updateAnswer: (transcriptId: unknown, stored: unknown) => Outcome;
}

/** The manager's side of a session. */
export interface Session {
	readonly public: PublicSession;
	/** Starts a turn; `onFinish` runs once after the worker is released. */
	readonly run: (text: unknown, files: unknown, images: unknown, onFinish: (outcome: TurnOutcome) => void) => Outcome;
	/** Stops and detaches the session for good (removal or unload). */
	readonly kill: (reason: string) => void;
	readonly killed: () => boolean;
	readonly named: () => boolean;
	/** The agent's title for the conversation: set without marking it named by the user. */
	readonly retitle: (title: string) => Outcome;
	readonly createdAt: number;
	/** Epoch seconds of the last turn (saved); `activity` orders turns within one second. */
	updatedAt: number;
	activity: number;
	readonly messages: Array<Message>;
	readonly summary: () => string;
	/** What the agent's own tools keep with this conversation (its todos), saved with it. */
	readonly notes: Record<string, unknown>;
	readonly restore: (
		messages: ReadonlyArray<Message>,
		summary: string,
		events: ReadonlyArray<unknown>,
		omitted: unknown,
		named: boolean,
		notes?: Readonly<Record<string, unknown>>,
	) => void;
	readonly transcript: Transcript | undefined;
	/** Emits an event of this session outside any turn epoch (a sub-agent's report after Stop). */
	readonly emit: Emit;
	/** Runs `fn` whenever the turn epoch changes (a new turn, Stop, removal); returns the unsubscribe. */
	readonly onEpoch: (fn: () => void) => () => void;
	/** Changes the step limit and time budget of later turns (a sub-agent's follow-up). */
	readonly limit: (maxTurns: number | undefined, budgetSeconds: number | undefined) => void;
}

/** Options only the client itself gives a session (a sub-agent's). */
export interface InternalOptions {
	/** Extra system-prompt instructions for every request of this session. */
	readonly instructions?: string;
}

export interface SessionDeps {
	readonly loop: LoopDeps;
	readonly permissions: Permissions;
	readonly workers: Workers;
	readonly log: Logger;
	readonly env: unknown;
	readonly alive: () => boolean;
	/** Turns a send's text, files and images into the message the model receives. */
	readonly attachments: Pick<Attachments, "prepare">;
	/** What the model may be offered: file references need the file-reading tool. */
	readonly availability: Pick<Availability, "callable">;
	/** Every event of every session (`sessions.anyEvent`). */
	readonly anyEvent: (session: PublicSession, event: SessionEvent) => void;
	/** busy, title or list state changed (`sessions.listChanged`). */
	readonly changed: () => void;
	/** Saves the conversation when it is saved at all; `setEphemeral(true)` deletes instead. */
	readonly persist: (session: Session) => void;
	readonly unpersist: (session: Session) => void;
	/** Rewrites bundle positions in error text (the bundle's mapError). */
	readonly mapError: (text: string) => string;
}

// the order of creations and finished turns in this client run (finer than updatedAt's seconds)
let activitySerial = 0;
function nextActivity(): number {
	activitySerial += 1;
	return activitySerial;
}

function protectedCall(log: Logger, what: string, fn: unknown, ...args: Array<unknown>) {
	if (!typeIs(fn, "function")) return;
	const [ok, err] = xpcall(fn as (...a: Array<unknown>) => unknown, (e) => debug.traceback(tostring(e), 2), ...args);
	if (!ok) log.warn(`${what} failed: ${tostring(err)}`);
}

function trimTitle(text: string, limit: number): string {
	const trimmed = trim(string.gsub(text, "%s+", " ")[0]);
	return utf8.len(trimmed)[0] !== undefined && trimmed.size() > limit
		? trimmed.sub(1, utf8.offset(trimmed, limit + 1)! - 1)
		: trimmed;
}

export function createSession(
	deps: SessionDeps,
	id: string,
	options: SessionOptions,
	internal: InternalOptions = {},
): Session {
	const { log, workers } = deps;
	const headless = options.headless === true;
	const transcript = headless ? undefined : createTranscript();
	const eventsSource = createSignal<[SessionEvent]>(`session ${id} events`, (message) => log.warn(message));
	const live: LiveState = {};
	const messages = new Array<Message>();
	const usage = emptyTotals();
	const filter: ToolFilter = options.filter;
	const policy: { -readonly [K in keyof LoopPolicy]: LoopPolicy[K] } = {
		maxTurns: options.maxTurns,
		budgetSeconds: options.budgetSeconds,
		unlimited: options.unlimited,
		stream: options.stream,
	};
	const epochListeners = new Set<() => void>();
	const notes: Record<string, unknown> = {};
	const todos = () => readOnlyCopy((notes.todos as ReadonlyArray<Record<string, unknown>> | undefined) ?? []);
	let summary = "";
	let named = options.title !== undefined;
	let abortFlag = false;
	let epoch = 0;
	const nextEpoch = () => {
		epoch += 1;
		for (const fn of [...epochListeners]) protectedCall(log, "an epoch listener", fn);
	};
	let dead = false;
	let turn = 0;

	// eslint-disable-next-line prefer-const
	let session: Session;
	// eslint-disable-next-line prefer-const
	let publicSession: PublicSession;

	const emit: Emit = createEmitter({
		transcript,
		live,
		deliver: (event) => {
			publicSession.livePreview = live.livePreview;
			publicSession.liveRequest = live.liveRequest;
			if (event.kind === "status") publicSession.status = event.text as string;
			eventsSource.fire(event);
			deps.anyEvent(publicSession, event);
			deps.loop.hooks.run("onEvent", { session: publicSession, event });
		},
	});

	const aborted = () => abortFlag || dead || !deps.alive();

	const toolContext = (): DispatchContext => {
		const mine = epoch;
		return table.freeze({
			env: deps.env,
			session: publicSession,
			depth: publicSession.depth,
			// cancellation belongs to the turn epoch: Stop ends the contexts of the stopped turn, and
			// a context made afterwards is live
			aborted: () => mine !== epoch || dead || !deps.alive(),
			emit: (kind: string, payload: object) => {
				if (mine === epoch && !dead) emit(kind, payload as Record<string, unknown>);
			},
			filter,
		});
	};

	const loopSession: LoopSession = {
		id,
		emit,
		aborted,
		messages,
		summary: "",
		policy,
		instructions: internal.instructions,
		toolContext,
		owner: () => publicSession,
		usage,
		checkpoint: () => deps.persist(session),
	};

	/** Runs `work` on a worker; releases busy, the worker, then saves and calls `finish`. */
	const occupy = (work: () => TurnOutcome, finish: (outcome: TurnOutcome) => void): Outcome => {
		if (!workers.acquire()) return $tuple(false, "eight session workers are already active; try again shortly");
		publicSession.busy = true;
		abortFlag = false;
		nextEpoch();
		deps.changed();
		task.spawn(() => {
			loopSession.summary = summary;
			let raised = "";
			const [ok, result] = xpcall(work, (e) => {
				raised = tostring(e);
				return debug.traceback(raised, 2);
			});
			summary = loopSession.summary;
			let outcome: TurnOutcome;
			if (ok) outcome = result;
			else {
				log.error(`session ${id}: the turn failed: ${deps.mapError(tostring(result))}`);
				// the raised message begins with the module:line that raised it (docs/EMBEDDING.md, "Events")
				const [detail] = cutBytes(deps.mapError(raised), ERROR_TEXT_LIMIT);
				emit("error", { message: `the turn stopped after an internal error: ${detail}`, fatal: true });
				const text = `The turn stopped after an internal error: ${detail}`;
				outcome = { text, failed: true, aborted: false, error: text };
			}
			publicSession.busy = false;
			workers.release();
			deps.permissions.public.denyAll("the turn ended", publicSession);
			session.updatedAt = os.time();
			session.activity = nextActivity();
			if (!dead) deps.persist(session);
			deps.changed();
			finish(outcome);
		});
		return $tuple(true, undefined);
	};

	// file references are sent only when the model is offered the built-in file_read tool (its
	// capabilities, disabled groups, this session's filters and permissions allow it)
	const canReadFiles = () =>
		deps.availability
			.callable({
				only: publicSession.toolFilter,
				groups: publicSession.toolGroups,
				exclude: publicSession.toolExclude,
			})
			.some((tool) => tool.name === "file_read");

	const run = (text: unknown, files: unknown, images: unknown, onFinish: (outcome: TurnOutcome) => void): Outcome => {
		if (!deps.alive()) return $tuple(false, "this UAI client has been unloaded");
		if (dead) return $tuple(false, "this conversation was removed");
		if (publicSession.busy) return $tuple(false, "this conversation is busy");
		if (publicSession.preparing) return $tuple(false, "this conversation is preparing attachments");
		publicSession.preparing = true;
		const [prepared, why] = deps.attachments.prepare(text, files, images, canReadFiles);
		publicSession.preparing = false;
		if (prepared === undefined) return $tuple(false, why);
		if (dead) return $tuple(false, "this conversation was removed");
		return occupy(() => {
			turn += 1;
			publicSession.turns += 1;
			if (!named && publicSession.turns === 1 && typeIs(text, "string") && text !== "")
				publicSession.title = trimTitle(text, AUTO_TITLE_LIMIT);
			messages.push({ role: "user", content: userContent(prepared) });
			emit("user", { text: prepared.text, paste: prepared.paste, images: prepared.images });
			const result = runLoop(deps.loop, loopSession);
			if (!dead) {
				emit("turn:end", { text: result.text, failed: result.failed || undefined });
				emit("status", { text: "Ready" });
			}
			return {
				text: result.text,
				failed: result.failed,
				aborted: result.aborted || dead,
				error: result.failed ? result.text : undefined,
			};
		}, onFinish);
	};

	/** Sets the title; `byUser` marks the conversation named (the agent's own title does not). */
	const retitle = (title: unknown, byUser: boolean): Outcome => {
		if (!typeIs(title, "string")) return $tuple(false, "a title must be a string");
		const trimmed = trimTitle(title, TITLE_LIMIT);
		if (trimmed === "") return $tuple(false, "a title must not be blank");
		publicSession.title = trimmed;
		if (byUser) named = true;
		deps.persist(session);
		deps.changed();
		return $tuple(true, undefined);
	};

	/** Replaces a retained answer's text and its history message when only its page state changed. */
	const updateAnswer = (transcriptId: unknown, stored: unknown): Outcome => {
		if (!typeIs(transcriptId, "string") || !typeIs(stored, "string"))
			return $tuple(false, "updateAnswer expects a transcript id and the stored answer text");
		const policy = deps.loop.answers;
		const event = transcript?.snapshot().find((retained) => retained.transcriptId === transcriptId);
		if (event === undefined || event.kind !== "assistant:text")
			return $tuple(false, `no retained answer has the transcript id ${transcriptId}`);
		const old = event.text;
		if (!typeIs(old, "string") || policy === undefined || !policy.sameAnswer(old, stored))
			return $tuple(false, "only the page state (the context section) of a stored answer may change");
		if (old === stored) return $tuple(true, undefined);
		transcript!.update(transcriptId, "text", stored);
		for (let i = messages.size() - 1; i >= 0; i--) {
			const message = messages[i];
			if (message.role === "assistant" && message.content === old) {
				messages[i] = { ...message, content: stored };
				break;
			}
		}
		deps.persist(session);
		// transient: other views of the conversation (the bridge's browser) redraw the answer
		emit("answer:state", { answerId: transcriptId, text: stored });
		return $tuple(true, undefined);
	};

	publicSession = {
		id,
		title: trimTitle(options.title ?? DEFAULT_TITLE, TITLE_LIMIT),
		busy: false,
		preparing: false,
		status: "Ready",
		turns: 0,
		ephemeral: options.ephemeral === true,
		headless,
		depth: options.depth ?? 0,
		folderId: options.folderId ?? "",
		placeId: options.placeId,
		placeName: options.placeName,
		toolFilter: filter.only,
		toolGroups: filter.groups,
		toolExclude: filter.exclude,
		maxTurns: options.maxTurns,
		budgetSeconds: options.budgetSeconds,
		unlimited: options.unlimited,
		stream: options.stream,
		events: eventsSource.signal,
		transcript: table.freeze({
			snapshot: () => transcript?.snapshot() ?? table.freeze([]),
			metadata: () =>
				transcript?.metadata() ??
				table.freeze({
					version: 2,
					retained: 0,
					omitted: table.freeze({ conversation: 0, lifecycle: 0, activity: 0 }),
					truncatedFields: 0,
					recovered: false,
				}),
		}),
		send: (text, onDone, files, images) => {
			if (onDone !== undefined && !typeIs(onDone, "function")) return $tuple(false, "onDone must be a function");
			return run(text, files, images, (outcome) => {
				if (!dead) protectedCall(log, "session.send callback", onDone, outcome.text);
			});
		},
		abort: () => {
			nextEpoch();
			if (!publicSession.busy) return false;
			if (!abortFlag) {
				abortFlag = true;
				emit("status", { text: "Stopping" });
				deps.permissions.public.denyAll("the turn was stopped", publicSession);
			}
			return true;
		},
		aborted,
		clear: () => {
			if (publicSession.busy) return $tuple(false, "this conversation is busy");
			messages.clear();
			summary = "";
			transcript?.clear();
			emit("cleared", {});
			deps.persist(session);
			deps.changed();
			return $tuple(undefined as unknown as boolean, undefined);
		},
		rename: (title) => retitle(title, true),
		compact: (onDone) => {
			if (onDone !== undefined && !typeIs(onDone, "function")) return $tuple(false, "onDone must be a function");
			if (!deps.alive() || dead) return $tuple(false, "this conversation is no longer available");
			if (publicSession.busy) return $tuple(false, "this conversation is busy");
			let result = {
				ok: false,
				summary: undefined as string | undefined,
				reason: undefined as string | undefined,
			};
			return occupy(
				() => {
					const outcome = compactNow(deps.loop, loopSession, true, () => math.huge);
					result = { ok: outcome.ok, summary: outcome.summary, reason: outcome.reason };
					emit("status", { text: "Ready" });
					return { text: outcome.summary ?? outcome.reason ?? "", failed: !outcome.ok, aborted: false };
				},
				() => protectedCall(log, "session.compact callback", onDone, result.ok, result.summary, result.reason),
			);
		},
		setEphemeral: (value) => {
			if (!typeIs(value, "boolean")) return publicSession.ephemeral;
			const was = publicSession.ephemeral;
			publicSession.ephemeral = value;
			if (value && !was) deps.unpersist(session);
			else if (!value && was) deps.persist(session);
			return value;
		},
		stats: () =>
			table.freeze({
				messages: messages.size(),
				estimatedTokens: estimateTokens(messages),
				summaryBytes: summary.size(),
				busy: publicSession.busy,
				turns: publicSession.turns,
				turn,
				usage: snapshotTotals(usage),
				contextTokens: contextWindow(deps.loop.config, deps.loop.inference.activeModel()),
				todos: todos(),
			}),
		toolContext,
		todos,
		updateAnswer,
	};

	session = {
		public: publicSession,
		run,
		kill: (reason) => {
			if (dead) return;
			dead = true;
			abortFlag = true;
			nextEpoch();
			epochListeners.clear();
			deps.permissions.public.denyAll(reason, publicSession);
			eventsSource.clear();
		},
		killed: () => dead,
		named: () => named,
		retitle: (title) => retitle(title, false),
		createdAt: os.time(),
		updatedAt: os.time(),
		activity: nextActivity(),
		messages,
		summary: () => summary,
		notes,
		restore: (saved, savedSummary, events, omitted, wasNamed, savedNotes) => {
			for (const [key, value] of pairs(savedNotes ?? {})) notes[key as string] = value;
			for (const message of saved) messages.push(message);
			summary = savedSummary;
			named = wasNamed;
			transcript?.load(events, omitted);
		},
		transcript,
		emit: (kind, fields) => {
			if (dead) return table.freeze({ kind, at: 0 }) as SessionEvent;
			return emit(kind, fields);
		},
		onEpoch: (fn) => {
			if (dead) return () => undefined;
			epochListeners.add(fn);
			return () => epochListeners.delete(fn);
		},
		limit: (maxTurns, budgetSeconds) => {
			policy.maxTurns = maxTurns;
			policy.budgetSeconds = budgetSeconds;
		},
	};
	return session;
}
