// The transcript view of one conversation at a time in UI LIB's Transcript (keyed rows, bounded
// mounting, the reader's place kept). Switching rebuilds it from `transcript.snapshot()` plus the
// live preview (in one SetRows); live events append only what the view has not seen (by
// `transcriptId`), so a replay never duplicates a row. An event may take several rows (Markdown
// code blocks are rows of their own). A tool call is one card row that its progress and outcome
// update in place. The live preview is always last, replaces itself as it grows and goes away when
// the preview ends; its repaints are coalesced (the first at once, then at most one per
// PREVIEW_INTERVAL with the latest text), so a long streamed reply is not rendered as Markdown once
// per chunk. The view mirrors the Transcript's rows (it drops the oldest beyond MaxRows, and so
// does the mirror) to find a card's row. Rows are text items (the Transcript's built-in row) or
// custom rows drawn by a builder (`putCustom`, docs/UI_LIBRARY.md "Transcript").
import type { PublicSession, PublicUtil, Release, TranscriptControl } from "../../../api";
import { type Card, type CardChange, cardItem, progressText } from "./cards";
import { argumentsText } from "./approval_text";
import { eventItems, type Item, previewItems, text } from "./items";
import { applySubagent, isSubagentEvent, subagentItem, type SubagentRow } from "./subagent_rows";
import { hasView } from "./rows/result_views";
import { toolCardBuilder } from "./rows/tool_card";
import { MARKDOWN_COLORS, markdownRenderer } from "../../markdown/render";

/** A custom row's builder (UI LIB Transcript row builder). */
export type RowBuilder = (container: Frame, data: unknown, row: unknown) => unknown;
/** What a row shows: a text item, or a builder and its data. */
export type RowContent = Item | { readonly build: RowBuilder; readonly data: unknown };

function rowOf(key: string, content: RowContent) {
	const custom = content as { build?: RowBuilder; data?: unknown };
	return custom.build !== undefined
		? { Key: key, Build: custom.build, Data: custom.data }
		: { Key: key, Data: content };
}

type Event = Readonly<Record<string, unknown>>;

/** Seconds between two repaints of the live preview (a few frames; see APP.md, Live preview). */
const PREVIEW_INTERVAL = 0.06;
/** Whether two rows show the same: the same fields, each the same value. */
function sameContent(a: RowContent, b: RowContent): boolean {
	const left = a as unknown as Record<string, unknown>;
	const right = b as unknown as Record<string, unknown>;
	for (const [field, value] of pairs(left)) if (right[field] !== value) return false;
	for (const [field] of pairs(right)) if (left[field] === undefined) return false;
	return true;
}

/** Kinds after which the session has no live preview (see EMBEDDING.md, Transcript). */
const ENDS_PREVIEW = new Set(["assistant:complete", "abort", "error", "cleared", "turn:end"]);

/** The changes a result event carries (see the agent loop), checked. */
function changesOf(value: unknown): ReadonlyArray<CardChange> | undefined {
	if (!typeIs(value, "table")) return undefined;
	const out = new Array<CardChange>();
	for (const item of value as ReadonlyArray<Record<string, unknown>>) {
		if (!typeIs(item, "table") || !typeIs(item.id, "number")) continue;
		out.push({
			id: item.id,
			path: text(item.path),
			key: text(item.key),
			before: text(item.before),
			after: text(item.after),
		});
	}
	return out.size() > 0 ? out : undefined;
}

/** Rows drawn another way than as text (interactive answers, rows_openui.ts); undefined: as usual. */
export interface RowHooks {
	readonly event: (event: Event) => ReadonlyArray<RowContent> | undefined;
	readonly preview: (event: Event) => ReadonlyArray<RowContent> | undefined;
}

export interface TranscriptView {
	readonly show: (session: PublicSession) => void;
	readonly event: (event: Event) => void;
	/** Shows a custom row under `key`: in place when it is still in the transcript, else appended. */
	readonly putCustom: (key: string, build: RowBuilder, data: unknown) => void;
	/** Takes a row out of the transcript (nothing when it is not there). */
	readonly removeRow: (key: string) => void;
	/** A row's Action was pressed (List Callback): undoes a card's changes, folds or unfolds a card, or stops a sub-agent. */
	readonly activate: (key: unknown) => void;
}

/** What the view uses of the client's frame door (`env.require("runtime/frame")`). */
export interface FrameDoor {
	readonly FRAME_UNITS: number;
	readonly due: (units: number) => boolean;
	readonly nextFrame: () => void;
}

/** Units a Transcript call is counted as before it is made (its layout: about a frame's half), besides its rows. */
const FLUSH_UNITS = 1000;
/** Units of a row a Transcript call checks, drops or updates. */
const ROW_UNITS = 1;
/** Units of a row a job made (its item and its place in the mirror: a long reply's rows, rendered or kept). */
const ITEM_UNITS = 2;
/** Rows (taken out and added) above which a Transcript call is paced: its check, change and layout counted apart. */
const PACED_ROWS = 256;
/** Units of a row a paced call checks, and of a row it takes out or adds. */
const CHECK_UNITS = 2;

/**
 * `showReasoning` reads `ui.showReasoning`: when false, reasoning rows are left out. `own` hands the
 * pending preview repaint's thread to the window (cancelled when it is destroyed) and returns its
 * early release. `frame` is the client's frame door: long Markdown is counted there and paused to
 * the next frame, and so are the Transcript calls that show the rows.
 */
export function createTranscriptView(
	log: TranscriptControl,
	util: PublicUtil,
	showReasoning: () => boolean,
	own: (job: thread) => Release,
	frame: FrameDoor,
	undo?: (ids: ReadonlyArray<number>) => string,
	hooks?: RowHooks,
): TranscriptView {
	const seen = new Set<string>();
	const cards = new Map<string, Card>();
	const agents = new Map<string, SubagentRow>();
	/** The newest card of each call id (providers may reuse ids across turns). */
	const latest = new Map<string, string>();
	let items = new Array<RowContent>();
	let keys = new Array<string>();
	let previewRows = 0;
	/** Row keys of rows that have none of their own (messages, notices, preview parts). */
	let serial = 0;
	/** While rebuilding, rows change only in the mirror; one SetRows shows them. */
	let staging = false;
	// The Transcript lags the mirror until `flush`: its rows are the mirror's first `logged` (less
	// `drops`, which it still has), with the data of `updates` still to give them.
	let logged = 0;
	let drops = new Array<string>();
	const updates = new Map<string, RowContent>();

	/** The mirror drops what the Transcript dropped beyond MaxRows (only after a flush). */
	const trim = () => {
		const excess = items.size() - log.Count();
		if (excess <= 0) return;
		items = items.filter((_, i) => i >= excess);
		keys = keys.filter((_, i) => i >= excess);
		logged = items.size();
	};
	/**
	 * Shows what changed in the mirror since the last flush: updated rows, and in one ReplaceRows
	 * the rows taken out and the new last rows (a changed preview row goes out and in again with
	 * them, so a repaint is one layout). True when the Transcript was called.
	 */
	const flush = (): boolean => {
		if (staging) return false;
		const previewStart = items.size() - previewRows;
		let from = logged;
		for (const [key] of updates) {
			const index = keys.indexOf(key);
			if (index >= previewStart && index < from) from = index;
		}
		for (let i = from; i < logged; i++) {
			drops.push(keys[i]);
			updates.delete(keys[i]);
		}
		logged = from;
		let called = false;
		for (const [key, item] of updates) {
			log.Update(key, (rowOf(key, item) as { Data: unknown }).Data);
			called = true;
		}
		updates.clear();
		if (drops.isEmpty() && logged === items.size()) return called;
		const rows = new Array<ReturnType<typeof rowOf>>();
		for (let i = logged; i < items.size(); i++) rows.push(rowOf(keys[i], items[i]));
		if (drops.size() + rows.size() > PACED_ROWS) log.ReplaceRows(drops, rows, pace);
		else log.ReplaceRows(drops, rows);
		drops = [];
		logged = items.size();
		trim();
		return true;
	};
	/** Whether the mirror holds changes the Transcript has not been given. */
	const changed = () => !staging && (!updates.isEmpty() || !drops.isEmpty() || logged !== items.size());
	/**
	 * Counts the next Transcript call before it is made: the call and each row it checks or drops,
	 * at most a frame's share; a paced call only its first part (the rest are counted by `pace`).
	 */
	const flushDue = () => {
		const rows = drops.size() + items.size() - logged;
		if (rows > PACED_ROWS) return frame.due(math.min(rows, PACED_ROWS) * CHECK_UNITS + updates.size() * ROW_UNITS);
		return frame.due(math.min(FLUSH_UNITS + (rows + updates.size()) * ROW_UNITS, frame.FRAME_UNITS - 1));
	};
	/** A paced Transcript call's pause before each part: the part is counted, in the next frame once this one's share is spent. */
	const pace = (part: "check" | "apply" | "layout", rows: number) => {
		const units = part === "layout" ? FLUSH_UNITS : rows * CHECK_UNITS;
		if (!frame.due(units)) return;
		frame.nextFrame();
		frame.due(units);
	};
	/** Shows the changes so far in a frame of their own, then the work goes on in the next. */
	const flushAlone = () => {
		if (!changed()) return;
		flushDue();
		if (flush()) frame.nextFrame();
	};
	/** Counts `units` of work; once the frame's share is spent, shows the changes so far on the next frame. */
	const spend = (units: number) => {
		if (!frame.due(units)) return;
		frame.nextFrame();
		flushAlone();
	};
	/** Rows the current job added to the mirror (counted after it), and rows counted before they were made. */
	let made = 0;
	let counted = 0;

	// a streamed reply renders only what follows its settled part at each repaint, and the final
	// text only what follows the preview's; the rows its segments become are counted before they
	// are made (the rendering's last slice and a long reply's rows are then apart)
	const render = markdownRenderer(MARKDOWN_COLORS, spend);
	const markdown = (source: string) => {
		const segments = render(source);
		spend(segments.size() * ITEM_UNITS);
		counted += segments.size();
		return segments;
	};

	// Every change runs in turn on one worker thread, after the code that reported it: a long
	// reply's Markdown is sliced across frames (the frame door), what arrives meanwhile waits in the
	// queue, so rows keep event order, and the rows one run of the queue changed reach the
	// Transcript together.
	const queue = new Array<() => void>();
	/** Queued events after which there is no preview: a preview painted before them is never seen. */
	let endingQueued = 0;
	let worker: thread | undefined;
	let releaseWorker: Release | undefined;
	let busy = false;
	/** The worker has begun (it is not only deferred). */
	let started = false;
	/** Runs `job`; an error is reported as a listener's error is, without stopping the jobs after it. */
	const attempt = (job: () => unknown) => {
		const [ok, problem] = xpcall(job, (message) => debug.traceback(tostring(message), 2));
		if (!ok) task.spawn(error, problem, 0);
	};
	const drain = () => {
		started = true;
		while (!queue.isEmpty()) {
			attempt(queue.shift()!);
			// the rows a job made are counted after it (those of Markdown segments before they were
			// made): the call that shows them may need a frame of its own
			const uncounted = math.max(0, made - counted);
			if (uncounted > 0 && frame.due(uncounted * ITEM_UNITS)) frame.nextFrame();
			made = 0;
			counted = 0;
			if (!queue.isEmpty() || !changed()) continue;
			// the Transcript call is counted before it is made: when this frame's share is spent (the
			// reply's reading, a Markdown slice, the rows just made) it waits for the next frame, and
			// what arrived meanwhile (the reply's end after its preview) joins it
			if (flushDue()) {
				frame.nextFrame();
				if (!queue.isEmpty()) continue;
				flushDue();
			}
			attempt(flush);
		}
		endWorker(false);
	};
	/** The worker is gone: with `cancel`, its thread (waiting) is cancelled too. */
	const endWorker = (cancel: boolean) => {
		busy = false;
		started = false;
		worker = undefined;
		releaseWorker?.(cancel);
		releaseWorker = undefined;
	};
	/**
	 * Queues `job`; the worker starts after the current code, or with `now` at once in this thread
	 * (a worker only deferred so far is started now instead; one that began keeps its order).
	 */
	const run = (job: () => void, now = false) => {
		queue.push(job);
		if (busy && now && !started) endWorker(true);
		if (busy) return;
		busy = true;
		const thread = now ? task.spawn(drain) : task.defer(drain);
		if (!busy) return;
		// it waits: the window ends it if it is destroyed meanwhile
		worker = thread;
		releaseWorker = own(thread);
	};
	/** Drops what is queued and a paused job (a new conversation is shown). */
	const cancelWork = () => {
		queue.clear();
		endingQueued = 0;
		if (worker === undefined || worker === coroutine.running()) return;
		endWorker(true);
	};

	/** Row `index` of the mirror leaves it: the Transcript drops it at the next flush. */
	const forget = (index: number) => {
		const key = keys[index];
		updates.delete(key);
		if (index < logged) {
			drops.push(key);
			logged -= 1;
		}
	};
	/** Takes the last `dropCount` rows out and appends `added` (under `key`, or keys of their own). */
	const splice = (dropCount: number, added: ReadonlyArray<RowContent>, key = "") => {
		for (let i = 0; i < dropCount && !keys.isEmpty(); i++) {
			forget(keys.size() - 1);
			items.pop();
			keys.pop();
		}
		made += added.size();
		for (const item of added) {
			let rowKey = key;
			if (rowKey === "") {
				serial += 1;
				rowKey = `row:${serial}`;
			}
			items.push(item);
			keys.push(rowKey);
		}
	};
	const replace = (index: number, item: RowContent) => {
		items[index] = item;
		if (index < logged) updates.set(keys[index], item);
	};
	/** The newest preview not yet painted, and the release of the repaint that will paint it. */
	let pending: Event | undefined;
	let repaint: Release | undefined;
	const cancelRepaint = () => {
		repaint?.();
		repaint = undefined;
		pending = undefined;
	};
	/** The preview (if any) gives way to `rows`, in one operation. */
	const append = (rows: ReadonlyArray<RowContent>, key = "") => {
		cancelRepaint();
		const count = previewRows;
		previewRows = 0;
		splice(count, rows, key);
	};
	const dropPreview = () => append([]);
	/** Repaints the preview: rows that did not change are left as they are (mounted rows stay built). */
	const paint = (event: Event) => {
		if (endingQueued > 0) return;
		const rows = hooks?.preview(event) ?? previewItems(event, showReasoning(), markdown);
		// the reply ended while its preview was rendered (the rendering is kept for the final text)
		if (endingQueued > 0) return;
		const start = items.size() - previewRows;
		const kept = math.min(previewRows, rows.size());
		for (let i = 0; i < kept; i++) if (!sameContent(items[start + i], rows[i])) replace(start + i, rows[i]);
		const extra = new Array<RowContent>();
		for (let i = kept; i < rows.size(); i++) extra.push(rows[i]);
		splice(previewRows - kept, extra);
		previewRows = rows.size();
	};
	/** Paints once the interval since the last paint ends, then waits another interval. */
	const schedule = () => {
		let release: Release | undefined = undefined;
		const job = task.delay(PREVIEW_INTERVAL, () => {
			release?.(false);
			// in turn with the events: one that ended or replaced this repaint meanwhile wins
			run(() => {
				if (repaint !== release) return;
				repaint = undefined;
				const latest = pending;
				pending = undefined;
				if (latest === undefined) return;
				paint(latest);
				schedule();
			});
		});
		release = own(job);
		repaint = release;
	};
	const preview = (event: Event) => {
		if (repaint !== undefined) {
			pending = event;
			return;
		}
		paint(event);
		schedule();
	};
	/** Shows a keyed row again: in place when it is still in the list, else as a new row. */
	const putRow = (key: string, item: RowContent) => {
		for (let i = keys.size() - 1; i >= 0; i--) {
			if (keys[i] === key) return replace(i, item);
		}
		append([item], key);
	};
	// a family with a view of its own (a diff, a Luau run, the task list) has a drawn card; other
	// tools a text card
	const buildCard = toolCardBuilder((key) => api.activate(key)) as RowBuilder;
	const cardRow = (card: Card): RowContent =>
		hasView(card.name) ? { build: buildCard, data: card } : cardItem(card);
	const putCard = (card: Card) => putRow(card.key, cardRow(card));
	const putAgent = (event: Event) => {
		const row = applySubagent(agents, event);
		putRow(row.key, subagentItem(row));
	};
	const outcome = (event: Event, id: string) => {
		const key = latest.get(id);
		let card = key !== undefined ? cards.get(key) : undefined;
		if (card === undefined || card.outcome !== undefined) {
			// the call's own event was evicted or never retained: a card from the outcome alone
			card = {
				key: `outcome:${text(event.transcriptId)}`,
				id,
				name: text(event.name),
				risk: text(event.risk ?? "unknown risk"),
				args: undefined,
				expanded: false,
			};
			cards.set(card.key, card);
		}
		const ok = event.kind === "tool:result";
		card.outcome = {
			ok,
			text: ok ? text(event.text) : text(event.error ?? event.text),
			ms: typeIs(event.ms, "number") ? math.floor(event.ms) : undefined,
		};
		card.changes = changesOf(event.changes);
		card.data = event.data;
		putCard(card);
	};
	const durable = (event: Event) => {
		const id = text(event.id);
		if (isSubagentEvent(event)) putAgent(event);
		else if (event.kind === "tool:call") {
			const card: Card = {
				key: `call:${text(event.transcriptId)}`,
				id,
				name: text(event.name),
				risk: text(event.risk ?? "unknown risk"),
				args: argumentsText(event.arguments, util),
				expanded: false,
			};
			cards.set(card.key, card);
			latest.set(id, card.key);
			append([cardRow(card)], card.key);
		} else if (event.kind === "tool:result" || event.kind === "tool:error") outcome(event, id);
		else if (event.kind !== "assistant:reasoning" || showReasoning())
			append(hooks?.event(event) ?? eventItems(event, markdown));
	};
	const reset = () => {
		seen.clear();
		cards.clear();
		agents.clear();
		latest.clear();
		items = [];
		keys = [];
		previewRows = 0;
		serial = 0;
		staging = false;
		logged = 0;
		drops = [];
		updates.clear();
		cancelRepaint();
	};
	const handle = (event: Event) => {
		if (event.kind === "cleared") {
			reset();
			log.Clear();
			return;
		}
		if (event.kind === "assistant:preview") return preview(event);
		if (ENDS_PREVIEW.has(event.kind as string) || (event.kind === "status" && event.text === "Ready"))
			dropPreview();
		if (event.kind === "subagent:status") return putAgent(event);
		if (event.kind === "tool:progress") {
			const key = latest.get(text(event.id));
			const card = key !== undefined ? cards.get(key) : undefined;
			if (card !== undefined && card.outcome === undefined) {
				card.progress = progressText(text(event.text));
				putCard(card);
			}
			return;
		}
		const transcriptId = event.transcriptId;
		if (!typeIs(transcriptId, "string") || seen.has(transcriptId)) return;
		seen.add(transcriptId);
		durable(event);
	};

	const activate = (key: unknown) => {
		const agent = typeIs(key, "string") && key.sub(1, 6) === "agent:" ? agents.get(key.sub(7)) : undefined;
		if (agent !== undefined) {
			agent.stop?.();
			return;
		}
		const card = typeIs(key, "string") ? cards.get(key) : undefined;
		if (card === undefined) return;
		if (card.changes !== undefined && card.undone === undefined && undo !== undefined) {
			card.undone = "…";
			putCard(card);
			card.undone = undo(card.changes.map((c) => c.id));
			putCard(card);
			return;
		}
		card.expanded = !card.expanded;
		putCard(card);
	};

	const api: TranscriptView = {
		show: (session) => {
			cancelWork();
			run(() => {
				reset();
				staging = true;
				for (const retained of session.transcript.snapshot()) handle(retained);
				if (session.livePreview !== undefined) paint(session.livePreview);
				staging = false;
				log.SetRows(items.map((item, i) => rowOf(keys[i], item)));
				logged = items.size();
				trim();
				log.ScrollToEnd();
			}, true);
		},
		// a preview paints at once (APP.md, "Live preview"); the rest after the code that reported it
		event: (event) => {
			if (!ENDS_PREVIEW.has(event.kind as string))
				return run(() => handle(event), event.kind === "assistant:preview");
			endingQueued += 1;
			run(() => {
				endingQueued -= 1;
				handle(event);
			});
		},
		putCustom: (key, build, data) => run(() => putRow(key, { build, data })),
		removeRow: (key) =>
			run(() => {
				const index = keys.indexOf(key);
				if (index < 0) return;
				forget(index);
				items.remove(index);
				keys.remove(index);
			}),
		activate: (key) => run(() => activate(key)),
	};
	return api;
}
