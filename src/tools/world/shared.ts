// What the world tool families share: the host's world, the change log, JSON text for results,
// bounded scans that yield to the game between slices, and the reading of members by name.
import { HostWorld } from "../../host/world";
import { encode } from "../../runtime/json";
import { ChangeLog, readMember } from "./changes";
import { catalogProperties } from "./catalog";
import { resolvePath } from "./path";
import { encodeValue, TaggedValue } from "./values";

export interface WorldContext {
	readonly world: HostWorld;
	readonly changes: ChangeLog;
	readonly budget: () => number;
}

/** Nodes visited between two yields of a long scan (the client runs on the game's thread). */
export const SCAN_SLICE = 2000;

/** JSON text of a result for the model; falls back to tostring for values JSON cannot hold. */
export function jsonText(value: unknown): string {
	const [text] = encode(value);
	return text ?? tostring(value);
}

/** Resolves a path argument, or a failure reason. */
export function target(ctx: WorldContext, path: string): LuaTuple<[Instance, undefined] | [undefined, string]> {
	return resolvePath(ctx.world, path);
}

/**
 * Visits `root`'s descendants breadth-first (root included when `withRoot`), at most `limit`
 * nodes, yielding every SCAN_SLICE nodes; `visit` returns true to stop. Returns how many nodes
 * were visited and whether the limit cut the scan short.
 */
export function scan(
	root: Instance,
	limit: number,
	aborted: () => boolean,
	visit: (instance: Instance, depth: number) => boolean | void,
	withRoot = false,
): LuaTuple<[number, boolean]> {
	return withRoot
		? scanFrom([root], 0, limit, aborted, visit)
		: scanFrom(root.GetChildren(), 1, limit, aborted, visit);
}

/** `scan` from several starting instances (at `startDepth`), each visited before its descendants. */
export function scanFrom(
	starts: ReadonlyArray<Instance>,
	startDepth: number,
	limit: number,
	aborted: () => boolean,
	visit: (instance: Instance, depth: number) => boolean | void,
): LuaTuple<[number, boolean]> {
	const queue: Array<[Instance, number]> = starts.map((start) => [start, startDepth]);
	let head = 0;
	let visited = 0;
	while (head < queue.size()) {
		if (visited >= limit) return $tuple(visited, true);
		const [instance, depth] = queue[head];
		head += 1;
		visited += 1;
		if (visited % SCAN_SLICE === 0) {
			task.wait();
			if (aborted()) return $tuple(visited, false);
		}
		if (visit(instance, depth) === true) return $tuple(visited, false);
		for (const child of instance.GetChildren()) queue.push([child, depth + 1]);
	}
	return $tuple(visited, false);
}

/** A member by name: `@Name` is an attribute, anything else a property. */
export function memberOf(name: string): LuaTuple<["attribute" | "property", string]> {
	if (name.sub(1, 1) === "@") return $tuple("attribute", name.sub(2));
	return $tuple("property", name);
}

/** Reads named members (or the catalogued properties) as tagged values; unreadable ones are listed. */
export function readMembers(
	ctx: WorldContext,
	instance: Instance,
	names: ReadonlyArray<string> | undefined,
): LuaTuple<[Record<string, TaggedValue>, Array<string>]> {
	const values: Record<string, TaggedValue> = {};
	const missing = new Array<string>();
	for (const name of names ?? catalogProperties(instance)) {
		const [kind, key] = memberOf(name);
		const [ok, value] = readMember(instance, kind, key);
		if (ok) values[name] = encodeValue(ctx.world, value);
		else missing.push(name);
	}
	return $tuple(values, missing);
}

/** Every attribute of an instance as tagged values. */
export function attributesOf(ctx: WorldContext, instance: Instance): Record<string, TaggedValue> {
	const out: Record<string, TaggedValue> = {};
	for (const [name, value] of instance.GetAttributes()) out[name] = encodeValue(ctx.world, value);
	return out;
}
