// One writer at a time per key: tool calls of one reply run in parallel, and two writes of the
// same file interleaving their verify-after-write steps would each read back the other's bytes.

const busy = new Set<string>();

/** Runs `fn` once no other `serially(key, …)` call is inside it; waits a frame between checks. `fn` returns one value (wrap several in an array). */
export function serially<T>(key: string, fn: () => T): T {
	while (busy.has(key)) task.wait();
	busy.add(key);
	const [ok, result] = pcall(fn);
	busy.delete(key);
	if (!ok) error(result, 0);
	return result as T;
}
