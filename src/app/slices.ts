// Builds in slices: the app's long builds (the window at mount, a page in the background or on its
// first show) run in a coroutine that pauses once its frame share is spent (`runtime/frame`, the
// client's frame door, docs/BUILDING.md "Speed benchmarks"), so no resumption of the game's thread
// holds a frame. Whoever needs a build done resumes it: a slice a frame where that thread may yield,
// straight to its end where it may not (or from inside another build), so a build is always whole
// when a caller returns. Work inside a build that waits on its own (an HTTP request, a sliced save)
// is left to the scheduler that resumes it; the build goes on from its next pause.
import type { Handle } from "../api";

/** Counts `units` of work; the build pauses here once this frame's share is spent. */
export type Pause = (units: number) => void;

/** Work units of drawing one control (a field, a toggle, a button row): about what it costs in the host, three a frame. */
export const CONTROL_UNITS = 700;

/** The bundle runtime's paced compile (docs/BUILDING.md, "The frame door"); undefined from the Rojo model. */
declare const __bundle:
	{ readonly prepare?: (module: Instance, wait: () => void) => { readonly modules: number } } | undefined;

/**
 * Loads a module group on its first require without one long resumption: the bundle runtime
 * compiles `module` and what it imports, a frame's share at a time, the build pausing between
 * two modules; then, in a slice of its own, `load` (the module's literal require, which the bundler
 * follows) runs their bodies. The build goes on in the next frame. Where the build runs at once, so
 * does this.
 */
export function loadPaced<T>(uai: Handle, pause: Pause, module: Instance, load: () => T): T {
	const { FRAME_UNITS } = uai.env.require("runtime/frame");
	// the compile counts a frame's share of its own (the runtime cannot see this build's count), so
	// it starts in a frame of its own: this pauses unless nothing was counted in this frame yet
	pause(FRAME_UNITS - 1);
	const prepared = __bundle?.prepare?.(module, () => pause(FRAME_UNITS));
	// the bodies (and what `load` builds from them) do not follow the last compile in its slice
	if (prepared !== undefined && prepared.modules > 0) pause(FRAME_UNITS);
	const value = load();
	pause(FRAME_UNITS);
	return value;
}

export interface Build {
	readonly done: () => boolean;
	/** Runs one slice if the build is waiting at a pause (the background). */
	readonly slice: () => void;
	/** Runs the build to its end: a slice a frame where this thread may yield (unless `atOnce`). */
	readonly finish: (atOnce?: boolean) => void;
}

const PAUSED = "uai-app-paused";
/** Builds running right now (one may finish another): inside one, a thread must never wait. */
let running = 0;

export function createBuild(uai: Handle, body: (pause: Pause) => void): Build {
	const frame = uai.env.require("runtime/frame");
	let atPause = false;
	const thread = coroutine.create(() => {
		body((units) => {
			if (!frame.due(units) || coroutine.running() !== thread) return;
			atPause = true;
			coroutine.yield(PAUSED);
			atPause = false;
		});
	});
	const done = () => coroutine.status(thread) === "dead";
	const slice = () => {
		if (!atPause || coroutine.status(thread) !== "suspended") return;
		atPause = false;
		running += 1;
		const [ok, reason] = coroutine.resume(thread);
		running -= 1;
		if (!ok) error(reason, 0);
	};
	// the first slice starts the body, which has not reached a pause yet
	atPause = true;
	return {
		done,
		slice,
		finish: (atOnce = false) => {
			while (!done()) {
				const waitable = !atOnce && running === 0 && coroutine.isyieldable();
				if (atPause) slice();
				else if (!waitable) return; // waiting on its own: the scheduler resumes it
				if (!done() && waitable) frame.nextFrame();
			}
		},
	};
}
