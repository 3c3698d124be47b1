// The Messages stream's event types, on their own so that telling a Messages stream from another
// protocol's (mismatch.ts, loaded at boot) does not load the Messages assembler.

/** The Messages stream's event types. */
export const MESSAGES_EVENTS: ReadonlySet<string> = new Set([
	"message_start",
	"content_block_start",
	"content_block_delta",
	"content_block_stop",
	"message_delta",
	"message_stop",
	"ping",
]);
