// Running a host function (a tool's `prepare` or `run`) in its own thread while the dispatching
// thread waits for it, for a reason to stop waiting, or for its deadline. A function that returns
// without yielding settles at once. After the wait has ended the function may go on running (a
// native call cannot be taken back); whatever it returns later is ignored.
import { Interruption } from "./approvals";
import { canWait, createWaiter, NOT_YIELDABLE } from "./waiter";

/** Bytes of a raised error kept in a result. */
export const ERROR_TEXT_LIMIT = 400;

export type Settled =
	| { readonly kind: "returned"; readonly first: unknown; readonly second: unknown }
	| { readonly kind: "raised"; readonly message: string }
	| { readonly kind: "interrupted"; readonly interruption: Interruption };

/**
 * Calls `fn` in a new thread; `onError(message, traceback)` reports a raised error. `interrupted`
 * is polled while waiting, and `wakeAt` (an os.clock time) is the deadline it watches.
 */
export function runProtected(
	fn: () => LuaTuple<[unknown, unknown]>,
	interrupted: () => Interruption | undefined,
	wakeAt: number,
	onError: (message: string, traceback: string) => void,
): Settled {
	const waiter = createWaiter();
	let settled: Settled | undefined;
	task.spawn(() => {
		let trace = "";
		const [ok, first, second] = xpcall(fn, (err: unknown) => {
			trace = debug.traceback(tostring(err), 2);
			return tostring(err);
		}) as unknown as LuaTuple<[boolean, unknown, unknown]>;
		const result: Settled = ok ? { kind: "returned", first, second } : { kind: "raised", message: tostring(first) };
		if (!ok) onError(tostring(first), trace);
		if (settled === undefined) {
			settled = result;
			waiter.wake();
		}
	});
	if (settled !== undefined) return settled;
	const outcome: Settled = canWait()
		? waiter.until(() => {
				if (settled !== undefined) return settled;
				const interruption = interrupted();
				return interruption !== undefined ? ({ kind: "interrupted", interruption } as Settled) : undefined;
			}, wakeAt)
		: { kind: "interrupted", interruption: NOT_YIELDABLE };
	settled = outcome;
	return outcome;
}
