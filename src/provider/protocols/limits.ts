// Bounds of one assembled reply (docs/PROVIDER_COMPATIBILITY.md, "Stream assembly"). Each overrun
// is a `limit_exceeded` error naming the limit, never a silently shortened reply.

export const REPLY_LIMITS = {
	/** Tool calls in one reply. */
	toolCalls: 64,
	/** Bytes of one tool call's arguments. */
	argumentBytes: 256_000,
	/** Highest tool-call or content-block index accepted from a stream. */
	maxIndex: 1024,
	/** Characters of a tool-call id or name. */
	idChars: 256,
	/** Parts, blocks or output items kept for replay. */
	replayItems: 512,
	/** Bytes of each live preview (answer and reasoning), as the transcript retains. */
	previewBytes: 24_000,
};
