// Reading a request body with a size bound. A server that answers 413 before it has read the
// upload closes the connection while the sender is still writing, and the sender then sees a
// connection reset instead of the answer (Node's fetch reports "fetch failed"). So bodies are read
// to the end even when too large, keeping none of the bytes past the bound, and only a body past
// DRAIN_LIMIT has its connection dropped. docs: bridge/README.md ("Limits").
import type { IncomingMessage } from "node:http";

export const DRAIN_LIMIT = 64 * 1024 * 1024;

/** Reads `payload` to its end; `done` gets the body, or its size when it is over `limit` bytes. */
export function readBounded(
	payload: IncomingMessage,
	limit: number,
	done: (error: Error | undefined, body: Buffer | undefined, size: number) => void,
): void {
	const chunks: Buffer[] = [];
	let size = 0;
	payload.on("data", (chunk: Buffer) => {
		size += chunk.length;
		if (size <= limit) chunks.push(chunk);
		else if (size > DRAIN_LIMIT) payload.destroy();
	});
	payload.on("error", (err) => done(err, undefined, size));
	payload.on("end", () => done(undefined, size <= limit ? Buffer.concat(chunks) : undefined, size));
}
