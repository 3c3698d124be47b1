// What keeps a running client from being replaced by a newer build. Subsystems (and hosts, through
// `uai.env.require("runtime/blockers")`) add checks; a loader with a different build asks the
// running client, which reports every check that blocks. Checks run in `order` (lower first; ties
// in the order they were added); a check that errors blocks too, since it could not prove the
// client idle.
import { Logger } from "./log";

/** Returns a reason string when replacement must wait; nil (or false) when it need not. */
export type BlockerCheck = () => string | false | undefined;

export interface Blocker {
	readonly id: string;
	readonly reason: string;
}

export interface BlockerOptions {
	/** Lower runs first (default 50). Saving state runs last (100): it should see the final state. */
	readonly order?: number;
}

export const DEFAULT_BLOCKER_ORDER = 50;
const ID_PATTERN = "^[%w_%-%.:/]+$";

export interface BlockerRegistry {
	/** `add(id, check, options?)` → a function that removes the check, or nil and a reason. */
	readonly add: (
		id: unknown,
		check: unknown,
		options?: unknown,
	) => LuaTuple<[() => void, undefined] | [undefined, string]>;
	/** Runs every check; the blockers found, in check order (empty when replacement may go on). */
	readonly check: () => ReadonlyArray<Blocker>;
	/** Ids of the registered checks, in check order. */
	readonly list: () => ReadonlyArray<string>;
}

interface Entry {
	readonly id: string;
	readonly check: BlockerCheck;
	readonly order: number;
	readonly serial: number;
}

function traceback(err: unknown): string {
	return debug.traceback(tostring(err), 2);
}

export function createBlockerRegistry(log: Logger): BlockerRegistry {
	let entries = new Array<Entry>();
	let serial = 0;

	const sorted = () => {
		const list = [...entries];
		table.sort(list, (a, b) => (a.order !== b.order ? a.order < b.order : a.serial < b.serial));
		return list;
	};

	return table.freeze({
		add: (id: unknown, check: unknown, options?: unknown) => {
			if (!typeIs(id, "string") || id.size() > 64 || string.find(id, ID_PATTERN)[0] === undefined) {
				return $tuple(undefined, "blocker id must be 1-64 letters, digits or _-.:/");
			}
			if (!typeIs(check, "function")) return $tuple(undefined, "blocker check must be a function");
			if (options !== undefined && !typeIs(options, "table"))
				return $tuple(undefined, "blocker options must be a table");
			const order = options !== undefined ? (options as BlockerOptions).order : undefined;
			if (order !== undefined && (!typeIs(order, "number") || order !== order)) {
				return $tuple(undefined, "blocker order must be a number");
			}
			if (entries.some((entry) => entry.id === id))
				return $tuple(undefined, `a blocker named "${id}" is already registered`);
			serial += 1;
			const entry: Entry = { id, check: check as BlockerCheck, order: order ?? DEFAULT_BLOCKER_ORDER, serial };
			entries.push(entry);
			return $tuple(() => {
				entries = entries.filter((other) => other !== entry);
			}, undefined);
		},
		check: () => {
			const found = new Array<Blocker>();
			for (const entry of sorted()) {
				const [ok, result] = xpcall(entry.check, traceback);
				if (!ok) {
					log.warn(`blocker "${entry.id}" failed: ${result}`);
					const firstLine = string.match(tostring(result), "^[^\n]*")[0] as string;
					found.push({ id: entry.id, reason: `the ${entry.id} check failed: ${firstLine}` });
				} else if (typeIs(result, "string")) {
					found.push({ id: entry.id, reason: result });
				}
			}
			return found;
		},
		list: () => sorted().map((entry) => entry.id),
	});
}
