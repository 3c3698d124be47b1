// Waiting in the dispatching thread for something another thread settles (a handler's result, a
// user's approval) while watching conditions nobody announces (Stop, a deadline, a revoked
// permission). The waiting thread is resumed by `wake()` at once, and otherwise re-checks every
// POLL_INTERVAL seconds, or sooner when a deadline falls earlier.

/** Seconds between checks of unannounced conditions. */
export const POLL_INTERVAL = 0.1;

export interface Waiter {
	/** Yields until `poll` returns a value; `wakeAt` (an os.clock time) shortens the check interval. */
	readonly until: <T extends defined>(poll: () => T | undefined, wakeAt?: number) => T;
	/** Resumes the waiting thread now, if one is waiting. */
	readonly wake: () => void;
}

export function createWaiter(): Waiter {
	let parked: thread | undefined;
	let timer: thread | undefined;

	const resume = () => {
		const waiting = parked;
		if (waiting === undefined) return;
		parked = undefined;
		task.spawn(waiting);
	};

	return {
		until: <T extends defined>(poll: () => T | undefined, wakeAt?: number): T => {
			for (;;) {
				const value = poll();
				if (value !== undefined) return value;
				const delay = wakeAt !== undefined ? math.clamp(wakeAt - os.clock(), 0, POLL_INTERVAL) : POLL_INTERVAL;
				parked = coroutine.running();
				timer = task.delay(delay, () => {
					timer = undefined;
					resume();
				});
				coroutine.yield();
				if (timer !== undefined) {
					task.cancel(timer);
					timer = undefined;
				}
			}
		},
		wake: resume,
	};
}

/** Whether the calling thread may yield (a wait from a non-yieldable thread would raise). */
export function canWait(): boolean {
	return coroutine.isyieldable();
}

/** Why a call that needed to wait ended: the dispatch ran where yielding is impossible. */
export const NOT_YIELDABLE = {
	code: "error",
	text: "The call had to wait, but this dispatch runs in a thread that cannot yield; call dispatch from a task (task.spawn).",
} as const;
