// The agent's memory across conversations: at most 60 entries of at most 600 characters, keyed
// by a trimmed key whose whitespace becomes "_", the oldest evicted first. Kept in
// `UAI/memory.json` (client state: no file tool can reach it), written through the client's
// verified storage after every change. The system prompt gets only an index of keys (≤ 2 KiB).
import { Logger } from "../runtime/log";
import { Storage } from "../runtime/storage";
import { utf8Prefix } from "../runtime/text_limit";
import { serially } from "./serial";
import { trim } from "../runtime/trim";

export const MEMORY_ENTRIES = 60;
export const MEMORY_VALUE_CHARACTERS = 600;
export const MEMORY_KEY_BYTES = 80;
export const MEMORY_INDEX_BYTES = 2048;
const FILE = "memory.json";
const VERSION = 1;

export interface MemoryEntry {
	readonly key: string;
	readonly value: string;
	/** os.time() of the last write. */
	readonly at: number;
}

export interface MemoryStore {
	/** Entries, oldest first. */
	readonly list: () => ReadonlyArray<MemoryEntry>;
	/** Stores `value` under `key` (moved to newest): the evicted key, if one was, or nil and why. */
	readonly write: (key: string, value: string) => LuaTuple<[boolean, string | undefined]>;
	readonly forget: (key: string) => boolean;
	/** "Saved memory keys: a, b, c" within MEMORY_INDEX_BYTES, or "" when empty. */
	readonly index: () => string;
}

/** The stored form of a key: trimmed, whitespace runs as "_"; nil when blank or too long. */
export function memoryKey(input: string): string | undefined {
	const trimmed = trim(input);
	const [key] = string.gsub(trimmed, "%s+", "_");
	if (key === "" || key.size() > MEMORY_KEY_BYTES) return undefined;
	return key;
}

export function createMemoryStore(storage: Storage, log: Logger): MemoryStore {
	let entries: Array<MemoryEntry> | undefined;

	const load = (): Array<MemoryEntry> => {
		if (entries !== undefined) return entries;
		entries = [];
		const stored = storage.readJson(FILE, VERSION);
		if (stored.kind === "ok") {
			const list = (stored.value as { entries?: unknown }).entries;
			if (typeIs(list, "table")) {
				for (const item of list as Array<Record<string, unknown>>) {
					if (typeIs(item, "table") && typeIs(item.key, "string") && typeIs(item.value, "string"))
						entries.push({ key: item.key, value: item.value, at: typeIs(item.at, "number") ? item.at : 0 });
				}
			}
		} else if (stored.kind !== "missing") log.warn(`memory: ${stored.reason}`);
		return entries;
	};
	const save = () => {
		const [ok, why] = serially(FILE, () => {
			const [done, reason] = storage.writeJson(FILE, { version: VERSION, entries: load() });
			return [done, reason] as const;
		});
		if (!ok) log.warn(`memory was not saved: ${why}`);
		return $tuple(ok, why);
	};

	return {
		list: () => table.freeze([...load()]),
		write: (key, value) => {
			const list = load();
			const index = list.findIndex((e) => e.key === key);
			if (index >= 0) list.remove(index);
			let evicted: string | undefined;
			if (list.size() >= MEMORY_ENTRIES) evicted = list.remove(0)?.key;
			list.push({ key, value, at: os.time() });
			const [ok, why] = save();
			if (!ok) return $tuple(false, `the memory could not be saved: ${why}`);
			return $tuple(true, evicted);
		},
		forget: (key) => {
			const list = load();
			const index = list.findIndex((e) => e.key === key);
			if (index < 0) return false;
			list.remove(index);
			save();
			return true;
		},
		index: () => {
			const list = load();
			if (list.isEmpty()) return "";
			const head = "Saved memory keys (read values with memory_read): ";
			let text = head;
			let shown = 0;
			// newest first: what was saved last is most likely to matter
			for (let index = list.size() - 1; index >= 0; index--) {
				const piece = (shown === 0 ? "" : ", ") + list[index].key;
				if (text.size() + piece.size() > MEMORY_INDEX_BYTES - 40) break;
				text += piece;
				shown += 1;
			}
			if (shown < list.size()) text += ` (${list.size() - shown} more not shown)`;
			return utf8Prefix(text, MEMORY_INDEX_BYTES);
		},
	};
}
