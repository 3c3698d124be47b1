// What a client's first turn loads, compiled ahead. A first turn requires about 56 modules on first
// use (docs/BUILDING.md, "Lazy modules"): the built-in tools at the registry's first read, the
// provider attempt with free routing and its protocol's request and reply modules at the first
// request, the price catalogue after the reply. Compiled at those requires, each group would be one
// long resumption inside the turn. So when a turn starts, a thread of its own compiles them with the
// bundle runtime's `prepare` (docs/BUILDING.md, "The frame door"), a frame's share a frame, one
// group after another, while the turn goes on with its own sliced work (saving, encoding); at a
// group's first use the turn waits for that group's compile, where its thread may yield. No module
// body runs here: each still runs at its first require, in the order it always does.
import { due, FRAME_UNITS, nextFrame } from "../host/frame";
import type { CleanupRegistry } from "../runtime/cleanup";
import type { ProtocolId } from "../provider/protocols/types";

/** The bundle runtime's paced compile (loadstring form only; undefined from the Rojo model). */
export type Prepare = (modules: ReadonlyArray<Instance>, wait: () => void) => { readonly modules: number };

export type WarmGroup = "tools" | "inference" | "pricing";

export interface Warm {
	/** A turn starts: begins compiling the groups ahead (once per client; later calls do nothing). */
	readonly start: () => void;
	/** Before a group's first use: where this thread may yield, waits until the group is compiled. */
	readonly ready: (group: WarmGroup) => void;
	/**
	 * `ready`, then `fn`; the first `fn` after the group was compiled here (which runs its bodies and
	 * what is built from them) starts in a frame of its own where this thread may yield, with the
	 * bodies' units counted in it; `before`, a first part of that use, then gets a frame of its own.
	 */
	readonly use: <T>(group: WarmGroup, fn: () => T, before?: () => unknown) => T;
}

export interface WarmDeps {
	readonly prepare: Prepare | undefined;
	/** The protocol the active provider's next request speaks, when there is a usable provider. */
	readonly protocol: () => ProtocolId | undefined;
	readonly cleanup: CleanupRegistry;
}

/** The client's root folder (this module is root/client/warm). */
const ROOT = script.Parent!.Parent!;

/** The module at `path` under the client's root, if the bundle carries it. */
function moduleAt(...path: string[]): Instance | undefined {
	let node: Instance | undefined = ROOT;
	for (const name of path) node = node?.FindFirstChild(name);
	return node;
}

/** Each group's modules, in the order the first turn requires them (its imports come with it). */
function groupModules(group: WarmGroup, protocol: ProtocolId | undefined): Array<Instance> {
	const found = new Array<Instance>();
	const add = (...path: string[]) => {
		const module = moduleAt(...path);
		if (module !== undefined) found.push(module);
	};
	if (group === "tools") add("tools");
	else if (group === "inference") {
		add("provider", "routing", "free_route");
		add("provider", "inference", "attempt");
		if (protocol !== undefined) {
			add("provider", "protocols", protocol, "request");
			add("provider", "protocols", protocol, "assembler");
		}
	} else add("provider", "pricing", "catalog");
	return found;
}

const GROUPS: ReadonlyArray<WarmGroup> = ["tools", "inference", "pricing"];

/**
 * What a group's first use costs beyond its sliced work, in frame-door units: the 32 tool modules'
 * bodies with their families, and then their registration with the first declarations, fill a
 * frame's share each (1.6–1.8 ms each in the host at load 8); the attempt's 24 bodies and free
 * routing take half of one. After the tools' first use the caller goes on in the next frame.
 */
const FIRST_USE_UNITS: Record<WarmGroup, number> = { tools: FRAME_UNITS, inference: FRAME_UNITS / 2, pricing: 0 };

export function createWarm(deps: WarmDeps): Warm {
	const prepare = deps.prepare;
	const compiled = new Set<WarmGroup>();
	// groups this compiled ahead whose first use has not come yet
	const unused = new Set<WarmGroup>();
	// true once every group is compiled, or when there is nothing to do (no `prepare`, unloaded)
	let over = prepare === undefined;
	let thread: thread | undefined;

	const run = (compile: Prepare) => {
		// the turn that started this goes on in this resumption: the compile starts in the next frame
		task.wait();
		for (const group of GROUPS) {
			const [ok, result] = pcall(() => compile(groupModules(group, deps.protocol()), () => task.wait()));
			compiled.add(group);
			// each prepare counts a frame's share of its own: the next group starts in a frame of its own
			if (ok && result.modules > 0) {
				unused.add(group);
				task.wait();
			}
		}
		over = true;
	};

	const start = () => {
		if (over || thread !== undefined || prepare === undefined) return;
		thread = task.spawn(run, prepare);
	};

	deps.cleanup.add(() => {
		over = true;
		if (thread !== undefined && thread !== coroutine.running() && coroutine.status(thread) !== "dead")
			task.cancel(thread);
	}, "first-turn modules compiled ahead");

	const ready = (group: WarmGroup) => {
		if (compiled.has(group) || over || !coroutine.isyieldable()) return;
		start();
		while (!compiled.has(group) && !over) task.wait();
	};

	return {
		start,
		ready,
		use: (group, fn, before) => {
			ready(group);
			if (!unused.has(group) || !coroutine.isyieldable()) return fn();
			unused.delete(group);
			// the bodies run in a frame of their own, counted up front: the door counts only what
			// reports to it, and sliced work that follows them goes on in a later frame once it is spent
			nextFrame();
			due(FIRST_USE_UNITS[group]);
			if (before !== undefined) {
				before();
				nextFrame();
				due(FIRST_USE_UNITS[group]);
			}
			const result = fn();
			// what the caller does next (the loop's prompt and history walk after the declarations)
			// is not counted before it runs: it starts in the next frame
			if (group === "tools") nextFrame();
			return result;
		},
	};
}
