// Saved conversations (`UAI/sessions/<id>.json`) with a versioned policy. Restore loads the newest
// 64 valid files; a file with an invalid or future-version policy, a future file version or a
// malformed message is skipped and kept, and every saved id stays reserved so a new thread never overwrites it. Files
// without a policy restore with legacy defaults. Headless, ephemeral, nested and removed sessions
// are never written.
import type { Message } from "../../provider/protocols/types";
import { frameSlicing, nextFrame, spend } from "../../host/frame";
import { encodeOnce, keepItems } from "../../runtime/json";
import { Logger } from "../../runtime/log";
import { Storage } from "../../runtime/storage";
import { deepCopy } from "../../runtime/util";
import { Session } from "./session";
import { checkOptions, isSessionId, SessionOptions } from "./session_options";

export const FILE_VERSION = 1;
export const POLICY_VERSION = 1;
export const RESTORE_LIMIT = 64;
const FOLDER = "sessions";
/**
 * `UAI/sessions-index.json`: per saved id its title, folder, activity and policy version, so boot
 * reads and decodes only the conversations it restores. Rebuilt from the files when missing or
 * unreadable; entries whose file is gone are dropped and files it lacks are read and added.
 */
const INDEX = "sessions-index.json";
export const INDEX_VERSION = 1;

interface IndexEntry {
	readonly updatedAt: number;
	readonly title?: string;
	readonly folderId?: string;
	readonly policyVersion?: number;
}

export interface SavedConversation {
	readonly id: string;
	readonly options: SessionOptions;
	readonly named: boolean;
	readonly turns: number;
	readonly createdAt: number;
	readonly updatedAt: number;
	readonly messages: ReadonlyArray<Message>;
	readonly summary: string;
	readonly transcript: ReadonlyArray<unknown>;
	readonly omitted: unknown;
	/** The agent's notes of this conversation (its todos). */
	readonly notes: Readonly<Record<string, unknown>>;
}

export interface Persistence {
	readonly save: (session: Session) => LuaTuple<[boolean, string | undefined]>;
	readonly remove: (id: string) => void;
	/** Valid conversations, newest first (at most 64); every saved id is added to `reserved`. */
	readonly restore: (reserved: Set<string>) => ReadonlyArray<SavedConversation>;
}

export function savable(session: Session): boolean {
	const p = session.public;
	return !p.headless && !p.ephemeral && p.depth === 0 && !session.killed();
}

type Table = Record<string, unknown>;

// The session options a saved conversation keeps (its policy); one list for writing and reading.
const POLICY_FIELDS = [
	"toolFilter",
	"toolGroups",
	"toolExclude",
	"maxTurns",
	"budgetSeconds",
	"unlimited",
	"stream",
] as const;

function encodePolicy(session: Session): Table {
	const p = session.public;
	const policy: Table = { version: POLICY_VERSION };
	for (const field of POLICY_FIELDS) policy[field] = p[field];
	return policy;
}

const ROLES = new Set(["system", "user", "assistant", "tool"]);

/** The elements of a table that is a list 1..n (an empty table is an empty list), or undefined. */
function listOf(value: unknown): ReadonlyArray<defined> | undefined {
	if (!typeIs(value, "table")) return undefined;
	let count = 0;
	for (const [key] of pairs(value as Table)) {
		if (!typeIs(key, "number")) return undefined;
		count += 1;
	}
	const list = value as Array<defined>;
	for (let i = 0; i < count; i++) if (list[i] === undefined) return undefined;
	return list;
}

function isUserPart(value: defined): boolean {
	if (!typeIs(value, "table")) return false;
	const part = value as Table;
	if (part.type === "text") return typeIs(part.text, "string");
	return part.type === "image" && typeIs(part.mediaType, "string") && typeIs(part.data, "string");
}

function isToolCall(value: defined): boolean {
	if (!typeIs(value, "table")) return false;
	const call = value as Table;
	return typeIs(call.id, "string") && typeIs(call.name, "string") && typeIs(call.arguments, "string");
}

/**
 * Whether a saved message has exactly the shape the adapters read: a known role; string content
 * (or, for a user, a list of text and image parts); tool calls a list of {id, name, arguments}
 * strings; tool results with their call id and name.
 */
function isMessage(value: unknown): value is Message {
	if (!typeIs(value, "table")) return false;
	const m = value as Table;
	if (!typeIs(m.role, "string") || !ROLES.has(m.role)) return false;
	if (m.role === "user" && typeIs(m.content, "table")) {
		const parts = listOf(m.content);
		return parts !== undefined && parts.every(isUserPart);
	}
	if (!typeIs(m.content, "string")) return false;
	if (m.role === "tool") return typeIs(m.toolCallId, "string") && typeIs(m.name, "string");
	if (m.role !== "assistant") return true;
	if (m.reasoning !== undefined && !typeIs(m.reasoning, "string")) return false;
	if (m.replay !== undefined && !typeIs(m.replay, "table")) return false;
	if (m.toolCalls === undefined) return true;
	const calls = listOf(m.toolCalls);
	return calls !== undefined && calls.every(isToolCall);
}

/** The options a saved file restores with, or why the file is skipped. */
function decodeFile(id: string, value: Table): LuaTuple<[SavedConversation, undefined] | [undefined, string]> {
	const policy = value.policy;
	const options: Table = {};
	if (policy !== undefined) {
		if (!typeIs(policy, "table")) return $tuple(undefined, "its policy is not a table");
		const p = policy as Table;
		if (p.version !== POLICY_VERSION)
			return $tuple(undefined, `its policy version ${tostring(p.version)} is not supported`);
		for (const field of POLICY_FIELDS) options[field] = p[field];
	}
	if (typeIs(value.title, "string")) options.title = value.title;
	if (typeIs(value.folderId, "string")) options.folderId = value.folderId;
	if (typeIs(value.placeId, "number")) options.placeId = value.placeId;
	if (typeIs(value.placeName, "string")) options.placeName = value.placeName;
	const [checked, problem] = checkOptions(options);
	if (checked === undefined) return $tuple(undefined, `its policy is invalid: ${problem}`);
	const context = typeIs(value.context, "table") ? (value.context as Table) : {};
	if (context.messages !== undefined && listOf(context.messages) === undefined)
		return $tuple(undefined, "its messages are not a list");
	const list = listOf(context.messages) ?? [];
	for (let index = 0; index < list.size(); index++) {
		if (!isMessage(list[index])) return $tuple(undefined, `its message ${index + 1} is malformed`);
		if (index % CHECK_RUN === CHECK_RUN - 1) spend(CHECK_RUN * CHECK_UNITS);
	}
	const messages = list as unknown as Array<Message>;
	const state = typeIs(value.transcriptState, "table") ? (value.transcriptState as Table) : {};
	return $tuple(
		{
			id,
			options: checked,
			named: value.named === true,
			turns: typeIs(value.turns, "number") ? value.turns : 0,
			createdAt: typeIs(value.createdAt, "number") ? value.createdAt : 0,
			updatedAt: typeIs(value.updatedAt, "number") ? value.updatedAt : 0,
			messages,
			summary: typeIs(context.summary, "string") ? context.summary : "",
			transcript: typeIs(value.transcript, "table") ? (value.transcript as Array<unknown>) : [],
			omitted: state.omitted,
			notes: typeIs(value.notes, "table") ? (value.notes as Table) : {},
		},
		undefined,
	);
}

// Saving and reading slice their JSON work across frames (host/frame.ts); a save is never cancelled.
const SLICING = frameSlicing();
/** Reading a saved file and checking what it holds, beyond decoding it (counted as it decodes). */
const LOAD_UNITS = 150;
// Looking at one saved file's name, index entry or place in the newest-first order.
const ENTRY_UNITS = 2;
// Listing one file of the sessions folder (the executor's listing and the name it returns).
const LIST_UNITS = 1;
// Checking one saved message's shape, counted every CHECK_RUN messages.
const CHECK_UNITS = 0.5;
const CHECK_RUN = 64;

/** The index as stored, and whether it came from its spare copy (the file itself needs writing). */
function readIndex(storage: Storage, log: Logger): LuaTuple<[Map<string, IndexEntry> | undefined, boolean]> {
	// a thousand conversations make an index of about 90 KB: its decode is sliced like a file's
	const stored = storage.readJson(INDEX, INDEX_VERSION, SLICING);
	if (stored.kind !== "ok") {
		if (stored.kind !== "missing")
			log.warn(`the saved-conversation index is rebuilt from the files: ${stored.reason}`);
		return $tuple(undefined, false);
	}
	const entries = (stored.value as Table).conversations;
	if (!typeIs(entries, "table")) {
		log.warn("the saved-conversation index is rebuilt from the files: it has no conversation list");
		return $tuple(undefined, false);
	}
	const index = new Map<string, IndexEntry>();
	for (const [id, entry] of pairs(entries as Table)) {
		spend(ENTRY_UNITS);
		if (!isSessionId(id) || !typeIs(entry, "table") || !typeIs((entry as Table).updatedAt, "number")) {
			log.warn(`the saved-conversation index is rebuilt from the files: its entry ${tostring(id)} is malformed`);
			return $tuple(undefined, false);
		}
		index.set(id, entry as IndexEntry);
	}
	return $tuple(index, stored.recovered);
}

/** An index entry; entries never change (a save makes a new one), so each is encoded once. */
function indexEntry(updatedAt: number, title: string | undefined, folderId: string | undefined): IndexEntry {
	const entry: IndexEntry = { updatedAt, title, folderId, policyVersion: POLICY_VERSION };
	encodeOnce(entry);
	return entry;
}

/** Whether `entry` is what `indexEntry` makes of these fields (a save that changed nothing in it). */
function entryHolds(
	entry: IndexEntry | undefined,
	updatedAt: number,
	title: string | undefined,
	folderId: string | undefined,
): boolean {
	return (
		entry !== undefined &&
		entry.updatedAt === updatedAt &&
		entry.title === title &&
		entry.folderId === folderId &&
		entry.policyVersion === POLICY_VERSION
	);
}

function entryOf(saved: SavedConversation): IndexEntry {
	return indexEntry(saved.updatedAt, saved.options.title, saved.options.folderId);
}

export function createPersistence(storage: Storage, log: Logger): Persistence {
	const nameOf = (id: string) => `${FOLDER}/${id}.json`;
	// without file storage every checkpoint would fail the same way: say so once
	let toldUnavailable = false;
	// the index as last read or written; undefined until restore has read (or rebuilt) it
	let index: Map<string, IndexEntry> | undefined;
	// per conversation, the number of its latest save: a save whose sliced encode was overtaken by
	// a newer one writes nothing (the newer one writes)
	const saves = new Map<string, number>();
	// whether the index file holds what `index` does: a save that leaves its entry as it was (the
	// checkpoint at a turn's start: same activity, title and folder) then writes no index
	let indexCurrent = false;
	const writeIndex = () => {
		if (index === undefined) return;
		const conversations: Table = {};
		// entries never change (a save makes a new one): each is encoded once, also those read
		// from the index file at boot, so a write walks only new entries
		for (const [id, entry] of index) {
			encodeOnce(entry, SLICING);
			conversations[id] = entry;
		}
		const [ok, reason] = storage.writeJson(INDEX, { version: INDEX_VERSION, conversations }, { slicing: SLICING });
		indexCurrent = ok;
		if (!ok) log.warn(`the saved-conversation index was not written: ${reason}`);
	};

	/** Reads and decodes one saved file, or warns why it is skipped (the file is kept). */
	const load = (id: string): SavedConversation | undefined => {
		const stored = storage.readJson(nameOf(id), FILE_VERSION, SLICING);
		if (stored.kind !== "ok") {
			if (stored.kind !== "missing") log.warn(`conversation ${id} skipped: ${stored.reason}; the file is kept`);
			return undefined;
		}
		const value = stored.value as Table;
		if (value.id !== id) {
			log.warn(`conversation ${id} skipped: the file names another id; the file is kept`);
			return undefined;
		}
		const [saved, problem] = decodeFile(id, value);
		if (saved === undefined) log.warn(`conversation ${id} skipped: ${problem}; the file is kept`);
		return saved;
	};

	return {
		save: (session) => {
			if (!savable(session))
				return $tuple(false, "this conversation is not saved (headless, ephemeral or removed)");
			const [available, unavailable] = storage.available();
			if (!available) {
				if (!toldUnavailable) log.warn(`conversations are not saved: ${unavailable}`);
				toldUnavailable = true;
				return $tuple(false, unavailable);
			}
			const p = session.public;
			// history messages and retained events never change in place: each is encoded once, and
			// every later save of the conversation reuses its text, in runs of items already saved in
			// the same order (runtime/json.ts, encodeOnce and keepItems). The lists are copied: the
			// encode may pause for a frame while the conversation goes on.
			const messages = [...session.messages];
			keepItems(messages, SLICING);
			const transcript = p.transcript.snapshot();
			keepItems(transcript, SLICING);
			const id = p.id;
			const serial = (saves.get(id) ?? 0) + 1;
			saves.set(id, serial);
			const [ok, reason] = storage.writeJson(
				nameOf(p.id),
				{
					version: FILE_VERSION,
					id: p.id,
					title: p.title,
					named: session.named(),
					placeId: p.placeId,
					placeName: p.placeName,
					folderId: p.folderId,
					createdAt: session.createdAt,
					updatedAt: session.updatedAt,
					turns: p.turns,
					policy: encodePolicy(session),
					context: { messages, summary: session.summary() },
					transcript,
					transcriptState: p.transcript.metadata(),
					notes: deepCopy(session.notes),
				},
				{ slicing: SLICING, current: () => saves.get(id) === serial },
			);
			if (!ok) log.warn(`conversation ${p.id} was not saved: ${reason}`);
			else if (index !== undefined && saves.get(id) === serial) {
				if (!entryHolds(index.get(p.id), session.updatedAt, p.title, p.folderId) || !indexCurrent) {
					index.set(p.id, indexEntry(session.updatedAt, p.title, p.folderId));
					writeIndex();
				}
			}
			return $tuple(ok, reason);
		},
		remove: (id) => {
			// a save paused in its encode must not write the file back
			saves.set(id, (saves.get(id) ?? 0) + 1);
			const [ok, reason] = storage.remove(nameOf(id));
			if (!ok) log.warn(`saved conversation ${id} was not deleted: ${reason}`);
			else if (index?.delete(id)) writeIndex();
		},
		restore: (reserved) => {
			// the restore starts a frame of its own: boot reaches it in the frame its last modules
			// loaded in, whose work the bundle runtime counts on a door of its own
			// (scripts/bundle/runtime.luau), so this door's count could not see it
			nextFrame();
			// a conversation whose only copy is its verified `.tmp` (a save cut between its steps) counts
			const ids = new Set<string>();
			// the listing is one executor call that cannot pause: counted in the frame it ran in
			const files = storage.list(FOLDER);
			spend(files.size() * LIST_UNITS);
			for (const file of files) {
				spend(ENTRY_UNITS);
				const [id] = string.match(file, "^([%w_%-]+)%.json$");
				const [spare] = string.match(file, "^([%w_%-]+)%.json%.tmp$");
				const named = id ?? spare;
				if (isSessionId(named)) ids.add(named);
			}
			for (const id of ids) reserved.add(id);
			const [read, recovered] = readIndex(storage, log);
			let changed = read === undefined;
			const current = read ?? new Map<string, IndexEntry>();
			// entries whose file is gone are dropped; files the index lacks are read and added
			for (const [id] of current) {
				spend(ENTRY_UNITS);
				if (!ids.has(id)) {
					current.delete(id);
					changed = true;
				}
			}
			const decoded = new Map<string, SavedConversation>();
			for (const id of ids) {
				if (current.has(id)) continue;
				spend(LOAD_UNITS);
				const saved = load(id);
				if (saved === undefined) continue;
				decoded.set(id, saved);
				current.set(id, entryOf(saved));
				changed = true;
			}
			index = current;
			// newest first by the index; only those restored are read and decoded
			const order = new Array<[string, number]>();
			for (const [id, entry] of current) order.push([id, entry.updatedAt]);
			// the sort is one call that cannot pause: its share is counted before it (it waits for
			// the next frame when this one has no room for it) and after it, in the frame it ran in
			const sortUnits = order.size() * ENTRY_UNITS;
			spend(sortUnits);
			table.sort(order, (a, b) => (a[1] !== b[1] ? a[1] > b[1] : a[0] < b[0]));
			spend(sortUnits);
			const kept = new Array<SavedConversation>();
			for (const [id] of order) {
				if (kept.size() >= RESTORE_LIMIT) break;
				// restoring many conversations goes over several frames (their sessions are built
				// by the caller, which counts that too)
				spend(LOAD_UNITS);
				const saved = decoded.get(id) ?? load(id);
				if (saved === undefined) {
					// unreadable now (changed since it was indexed): kept on disk, left out of the index
					current.delete(id);
					changed = true;
					continue;
				}
				kept.push(saved);
			}
			table.sort(kept, (a, b) => a.updatedAt > b.updatedAt);
			// an index read whole from its file and unchanged is what the file holds
			indexCurrent = !changed && !recovered;
			if (changed && storage.available()[0]) writeIndex();
			return kept;
		},
	};
}
