// The record of every change the world tools make (docs/TOOLS.md, "Changes and undo"): the
// instance, the property or attribute, the values before and after, the tool call and the time.
// Undo puts a "before" value back only while the current value is still the recorded "after":
// a value someone changed since is reported as a conflict and left alone. Undo is recorded too.
import { HostWorld } from "../../host/world";
import { describePath } from "./path";
import { encodeValue, TaggedValue, valueKey } from "./values";

export const CHANGE_CAPACITY = 1000;

export type ChangeKind = "property" | "attribute";

export interface Change {
	readonly id: number;
	readonly callId: string;
	readonly tool: string;
	readonly time: number;
	readonly instance: Instance;
	readonly path: string;
	readonly kind: ChangeKind;
	readonly key: string;
	readonly before: unknown;
	readonly after: unknown;
	/** The change this one undid. */
	readonly undoOf?: number;
	/** The undo that reverted this change. */
	undoneBy?: number;
}

/** A change as tools and the app show it (values tagged, no instance reference). */
export interface ChangeView {
	readonly id: number;
	readonly callId: string;
	readonly tool: string;
	readonly time: number;
	readonly path: string;
	readonly kind: ChangeKind;
	readonly key: string;
	readonly before: TaggedValue;
	readonly after: TaggedValue;
	readonly undoOf?: number;
	readonly undoneBy?: number;
}

export interface UndoOutcome {
	readonly undone: ReadonlyArray<ChangeView>;
	readonly conflicts: ReadonlyArray<{ id: number; path: string; key: string; reason: string }>;
}

/** Reads a property or attribute; nil and the error when the read fails. */
export function readMember(instance: Instance, kind: ChangeKind, key: string): LuaTuple<[boolean, unknown]> {
	if (kind === "attribute") return pcall(() => instance.GetAttribute(key));
	return pcall(() => (instance as unknown as Record<string, unknown>)[key]);
}

/** Writes a property or attribute; false and Roblox's message when the write fails. */
export function writeMember(
	instance: Instance,
	kind: ChangeKind,
	key: string,
	value: unknown,
): LuaTuple<[boolean, unknown]> {
	if (kind === "attribute") return pcall(() => instance.SetAttribute(key, value as AttributeValue));
	return pcall(() => {
		(instance as unknown as Record<string, unknown>)[key] = value;
	});
}

export interface ChangeLog {
	/** Records a change made by a tool call; returns it. */
	readonly record: (entry: Omit<Change, "id" | "time" | "path">) => Change;
	readonly view: (change: Change) => ChangeView;
	/** Newest first; `callId` keeps one call's changes. */
	readonly list: (callId?: string) => ReadonlyArray<Change>;
	readonly get: (id: number) => Change | undefined;
	/** Reverts changes (newest first), recording each undo under `callId`. */
	readonly undo: (changes: ReadonlyArray<Change>, callId: string) => UndoOutcome;
}

export function createChangeLog(world: HostWorld, now: () => number): ChangeLog {
	const entries = new Array<Change>();
	let serial = 0;

	const view = (change: Change): ChangeView => ({
		id: change.id,
		callId: change.callId,
		tool: change.tool,
		time: change.time,
		path: change.path,
		kind: change.kind,
		key: change.key,
		before: encodeValue(world, change.before),
		after: encodeValue(world, change.after),
		undoOf: change.undoOf,
		undoneBy: change.undoneBy,
	});

	const record = (entry: Omit<Change, "id" | "time" | "path">): Change => {
		serial += 1;
		const change: Change = { ...entry, id: serial, time: now(), path: describePath(world, entry.instance) };
		entries.push(change);
		if (entries.size() > CHANGE_CAPACITY) entries.shift();
		return change;
	};

	const undo = (changes: ReadonlyArray<Change>, callId: string): UndoOutcome => {
		const undone = new Array<ChangeView>();
		const conflicts = new Array<{ id: number; path: string; key: string; reason: string }>();
		const ordered = [...changes];
		ordered.sort((a, b) => a.id > b.id);
		for (const change of ordered) {
			const conflict = (reason: string) =>
				conflicts.push({ id: change.id, path: change.path, key: change.key, reason });
			if (change.undoneBy !== undefined) {
				conflict(`already undone by change ${change.undoneBy}`);
				continue;
			}
			const [readable, current] = readMember(change.instance, change.kind, change.key);
			if (!readable) {
				conflict(`cannot be read any more: ${tostring(current)}`);
				continue;
			}
			if (valueKey(world, current) !== valueKey(world, change.after)) {
				const now = encodeValue(world, current);
				conflict(
					`changed since (now ${tostring(now.value ?? "nil")}, recorded ${tostring(encodeValue(world, change.after).value ?? "nil")}); left alone`,
				);
				continue;
			}
			const [written, problem] = writeMember(change.instance, change.kind, change.key, change.before);
			if (!written) {
				conflict(`could not be restored: ${tostring(problem)}`);
				continue;
			}
			const reverted = record({
				callId,
				tool: "changes_undo",
				instance: change.instance,
				kind: change.kind,
				key: change.key,
				before: current,
				after: change.before,
				undoOf: change.id,
			});
			change.undoneBy = reverted.id;
			undone.push(view(reverted));
		}
		return { undone, conflicts };
	};

	return {
		record,
		view,
		list: (callId?: string) => {
			const out = new Array<Change>();
			for (let i = entries.size() - 1; i >= 0; i--) {
				const change = entries[i];
				if (callId === undefined || change.callId === callId) out.push(change);
			}
			return out;
		},
		get: (id: number) => entries.find((change) => change.id === id),
		undo,
	};
}
