// Ownership: a Scope holds every resource a window (or one of its parts) made, and releases them
// all exactly once. Child scopes (tabs, sections, controls, panels, toasts) are resources of their
// parent, so destroying a window releases everything below it.
import { warnLib } from "./errors";

/** What `Give` accepts: the kinds of resource a script holds in Roblox. */
export type Resource =
	RBXScriptConnection | Instance | thread | Callback | { Disconnect(): void } | { Destroy(): void };

/** Early release returned by `give`: disposes now (default) or, with `false`, only forgets. */
export type Release = (clean?: boolean) => void;

function dispose(resource: Resource) {
	const kind = typeOf(resource);
	if (kind === "function") {
		(resource as Callback)();
	} else if (kind === "thread") {
		const thread = resource as thread;
		if (coroutine.status(thread) !== "dead" && thread !== coroutine.running()) task.cancel(thread);
	} else if (kind === "RBXScriptConnection") {
		(resource as RBXScriptConnection).Disconnect();
	} else if (kind === "Instance") {
		(resource as Instance).Destroy();
	} else {
		const record = resource as { Disconnect?: unknown; Destroy?: unknown };
		if (typeIs(record.Disconnect, "function")) (resource as { Disconnect(): void }).Disconnect();
		else (resource as { Destroy(): void }).Destroy();
	}
}

/** True when `value` is something `give` can own. */
export function isResource(value: unknown): value is Resource {
	const kind = typeOf(value);
	if (kind === "function" || kind === "thread" || kind === "RBXScriptConnection" || kind === "Instance") return true;
	if (type(value) === "table" || type(value) === "userdata") {
		const [ok, result] = pcall(() => {
			const record = value as { Disconnect?: unknown; Destroy?: unknown };
			return typeIs(record.Disconnect, "function") || typeIs(record.Destroy, "function");
		});
		return ok && result === true;
	}
	return false;
}

export class Scope {
	alive = true;
	private readonly resources = new Map<number, Resource>();
	private readonly enders: Array<() => void> = [];
	private nextKey = 0;

	/** Runs `fn` when this scope ends, before any resource is released (owners flip Alive here). */
	onEnd(fn: () => void) {
		if (this.alive) this.enders.push(fn);
	}

	/** Owns `resource` until this scope ends; the returned function releases it early. */
	give(resource: Resource): Release {
		if (!this.alive) {
			safeDispose(resource);
			return () => {};
		}
		this.nextKey += 1;
		const key = this.nextKey;
		this.resources.set(key, resource);
		return (clean?: boolean) => {
			const held = this.resources.get(key);
			if (held === undefined) return;
			this.resources.delete(key);
			if (clean !== false) dispose(held);
		};
	}

	/** A scope that ends with this one (or earlier, by its own destroy). */
	child(): Scope {
		const scope = new Scope();
		const release = this.give(() => scope.destroy());
		scope.give(() => release(false));
		return scope;
	}

	/** Number of resources held (tests prove teardown leaves nothing). */
	count(): number {
		return this.resources.size();
	}

	/** Releases every resource once; errors are warned and do not stop the others. */
	destroy() {
		if (!this.alive) return;
		this.alive = false;
		for (const fn of this.enders) fn();
		// newest first, so children made later go before what they were built on
		const keys: number[] = [];
		for (const [key] of this.resources) keys.push(key);
		keys.sort((a, b) => a > b);
		for (const key of keys) {
			const resource = this.resources.get(key);
			if (resource === undefined) continue;
			this.resources.delete(key);
			safeDispose(resource);
		}
	}
}

function safeDispose(resource: Resource) {
	const [ok, err] = pcall(dispose, resource);
	if (!ok) warnLib(`cleanup failed: ${tostring(err)}`);
}
