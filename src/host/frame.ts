// The frame door: long work on the game's main thread (encoding a large request or save, decoding
// a large reply or saved file, restoring many conversations, rendering a long Markdown message,
// building a long list) counts what it does here and pauses to the next frame once a frame's share
// is spent, so no single resumption holds a frame (docs/BUILDING.md, "Speed benchmarks").
//
// Work is counted in units (about a microsecond of Luau each: a JSON value, 64 bytes of text, a
// Markdown line), not timed: `os.clock` is processor time and `time()` only moves between frames,
// so counting keeps slicing the same on every host and in tests. The count restarts whenever the
// frame changes (`time()` moved: the thread yielded for any reason, an HTTP request included).
// A pause happens only where the thread may yield (`coroutine.isyieldable`); elsewhere the work
// simply goes on.

/** Units of work one resumption may do before it pauses (about 2 ms on a desktop). */
export const FRAME_UNITS = 2000;

let frameTime = -1;
let spent = 0;

function sameFrame(): boolean {
	const now = time();
	if (now === frameTime) return true;
	frameTime = now;
	spent = 0;
	return false;
}

/** Yields to the next frame where the thread may yield; the count restarts either way. */
export function nextFrame() {
	if (coroutine.isyieldable()) task.wait();
	frameTime = time();
	spent = 0;
}

/**
 * Counts `units` of work without pausing; true once this frame's share is spent, so work that
 * pauses its own way (a coroutine it resumes in slices) knows when to stop for this frame.
 */
export function due(units: number): boolean {
	sameFrame();
	spent += units;
	return spent >= FRAME_UNITS;
}

/** Counts `units` of work; pauses to the next frame when this frame's share is spent. */
export function spend(units: number) {
	if (due(units)) nextFrame();
}

/** What the JSON codec and other sliced work report their work to (runtime/json.ts `Slicing`). */
export interface FrameSlicing {
	/** Counts `units`; may yield; returns `stopped` once `isCancelled` says so. */
	readonly spend: (units: number) => string | undefined;
}

/** Slicing on this frame door that stops with `stopped` once `isCancelled` returns true (Stop). */
export function frameSlicing(isCancelled?: () => boolean, stopped = "Stopped."): FrameSlicing {
	return {
		spend: (units) => {
			spend(units);
			return isCancelled !== undefined && isCancelled() ? stopped : undefined;
		},
	};
}

/** `env.require("runtime/frame")`: the frame door for hosts and the application (docs/EMBEDDING.md). */
export const publicFrame = table.freeze({ FRAME_UNITS, due, spend, nextFrame });
