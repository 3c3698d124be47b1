// SDK integration scopes (`uai.sdk.createScope(id)`): one owner for a host integration's cleanups,
// connections, hooks and tools. `destroy()` releases everything it owns once, newest first; a
// failing cleanup is logged and the rest still run. A closed scope installs nothing: a cleanup
// given to it runs at once, other registrations fail.
import { Hooks } from "../agent/dispatch/hooks";
import { Registry } from "../agent/dispatch/registry";
import { createCleanupRegistry, Release } from "../runtime/cleanup";
import { Logger } from "../runtime/log";
import { connectSignal } from "./connect";

type Released = LuaTuple<[Release, undefined] | [undefined, string]>;

/** A scope (dot calls); `id` and `alive` are read-only fields. */
export interface Scope {
	readonly id: string;
	readonly alive: boolean;
	readonly give: (cleanup: unknown) => Released;
	readonly connect: (signal: unknown, callback: unknown) => Released;
	readonly hook: (kind: unknown, callback: unknown, options?: unknown) => Released;
	/** `true, unregister`, or `false, reason`. */
	readonly registerTool: (definition: unknown) => LuaTuple<[boolean, Release | string]>;
	readonly destroy: () => number;
}

export interface ScopeDeps {
	readonly id: string;
	readonly log: Logger;
	readonly hooks: Hooks;
	readonly registry: Registry;
	/** Called once, when the scope is destroyed. */
	readonly onDestroy: () => void;
}

function traceback(err: unknown): string {
	return debug.traceback(tostring(err), 2);
}

export function createScope(deps: ScopeDeps): Scope {
	const { id, log } = deps;
	const resources = createCleanupRegistry(log);
	const closedReason = `scope "${id}" is destroyed`;
	const own = (release: () => void, label: string): Released => resources.add(release, `${id}: ${label}`);

	const methods = {
		id,
		give: (cleanup: unknown): Released => {
			if (!typeIs(cleanup, "function")) return $tuple(undefined, "give expects a cleanup function");
			if (resources.closed()) {
				const [ok, err] = xpcall(cleanup as () => void, traceback);
				if (!ok) log.error(`${id}: a cleanup given after destruction failed: ${err}`);
				return $tuple(undefined, `${closedReason}; the cleanup ran at once`);
			}
			return own(cleanup as () => void, "cleanup");
		},
		connect: (signal: unknown, callback: unknown): Released => {
			if (resources.closed()) return $tuple(undefined, closedReason);
			if (!typeIs(callback, "function")) return $tuple(undefined, "connect expects a callback function");
			const handler = (...args: Array<unknown>) => {
				const [ok, err] = xpcall(callback as (...a: Array<unknown>) => void, traceback, ...args);
				if (!ok) log.error(`${id}: a connected callback failed: ${err}`);
			};
			const [disconnect, problem] = connectSignal(signal, handler);
			if (disconnect === undefined) return $tuple(undefined, problem);
			return own(disconnect, "connection");
		},
		hook: (kind: unknown, callback: unknown, options?: unknown): Released => {
			if (resources.closed()) return $tuple(undefined, closedReason);
			const [unsubscribe, problem] = deps.hooks.add(kind, callback, options);
			if (unsubscribe === undefined) return $tuple(undefined, problem);
			return own(unsubscribe, `${tostring(kind)} hook`);
		},
		registerTool: (definition: unknown): LuaTuple<[boolean, Release | string]> => {
			if (resources.closed()) return $tuple(false, closedReason);
			const [entry, problem] = deps.registry.add(definition, { requireDescription: true });
			if (entry === undefined) return $tuple(false, problem);
			const [release] = own(() => deps.registry.remove(entry.tool.name, entry.tool), `tool ${entry.tool.name}`);
			return $tuple(true, release as Release);
		},
		destroy: (): number => {
			if (resources.closed()) return 0;
			const { ran, failed } = resources.drain();
			deps.onDestroy();
			log.info(`scope "${id}" destroyed: ${ran} released${failed > 0 ? `, ${failed} failed` : ""}`);
			return ran;
		},
	};

	return setmetatable({} as Scope, {
		__index: (_, key) => (key === "alive" ? !resources.closed() : methods[key as keyof typeof methods]),
		__newindex: (_, key) => error(`scope fields are read-only (cannot set ${tostring(key)})`, 2),
		__metatable: "uai sdk scope",
	});
}
