// The client's cleanup registry: everything the client makes registers how to release it, and
// unload drains the registry newest first. A cleanup that errors is logged and the rest still run.
import { Logger } from "./log";

export interface CleanupResult {
	/** Cleanups that ran (including those that failed). */
	readonly ran: number;
	readonly failed: number;
}

/** `release()` runs the cleanup now and forgets it; `release(false)` forgets it without running. */
export type Release = (run?: boolean) => void;

export interface CleanupRegistry {
	/**
	 * Registers `cleanup` under `label` (named in error reports). After the registry has drained,
	 * the cleanup runs at once and nil is returned with the reason.
	 */
	readonly add: (cleanup: () => void, label?: string) => LuaTuple<[Release, undefined] | [undefined, string]>;
	/** Runs every registered cleanup, newest first, once; later calls find nothing to run. */
	readonly drain: () => CleanupResult;
	readonly count: () => number;
	/** Whether draining has begun: from then on `add` runs a cleanup at once. */
	readonly closed: () => boolean;
}

interface Entry {
	readonly cleanup: () => void;
	readonly label: string;
}

function traceback(err: unknown): string {
	return debug.traceback(tostring(err), 2);
}

export function createCleanupRegistry(log: Logger): CleanupRegistry {
	const entries = new Map<number, Entry>();
	let serial = 0;
	let isClosed = false;

	const run = (entry: Entry): boolean => {
		const [ok, err] = xpcall(entry.cleanup, traceback);
		if (!ok) log.error(`cleanup "${entry.label}" failed: ${err}`);
		return ok;
	};

	return table.freeze({
		add: (cleanup: () => void, label?: string) => {
			if (!typeIs(cleanup, "function")) return $tuple(undefined, "cleanup must be a function");
			const entry: Entry = { cleanup, label: typeIs(label, "string") ? label : "cleanup" };
			if (isClosed) {
				run(entry);
				return $tuple(undefined, "the client has unloaded; the cleanup ran at once");
			}
			serial += 1;
			const id = serial;
			entries.set(id, entry);
			const release: Release = (runIt?: boolean) => {
				const current = entries.get(id);
				if (current === undefined) return;
				entries.delete(id);
				if (runIt !== false) run(current);
			};
			return $tuple(release, undefined);
		},
		drain: () => {
			// closed first: a cleanup registered while draining runs at once (see add)
			isClosed = true;
			const ids = new Array<number>();
			for (const [id] of entries) ids.push(id);
			table.sort(ids, (a, b) => a > b);
			let failed = 0;
			for (const id of ids) {
				const entry = entries.get(id) as Entry;
				entries.delete(id);
				if (!run(entry)) failed += 1;
			}
			return { ran: ids.size(), failed };
		},
		count: () => entries.size(),
		closed: () => isClosed,
	});
}
