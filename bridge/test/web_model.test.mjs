// The web page's transcript model (bridge/web/src/model.ts) over orders of game events and relay
// deltas that the real parts produce: the bridge forwards a provider's deltas at once, while the
// game queues its events for up to 0.15 s, so a turn's first deltas can reach the page before the
// user event that starts it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { webModule } from "./helpers.mjs";

const { applyDelta, applyEvent, emptyConversation } = await webModule("model.ts");
let seq = 0;
const event = (kind, data = {}) => ({ seq: ++seq, sessionId: "s1", kind, data });

describe("the web page's transcript model", () => {
	it("keeps a turn's deltas that came before its user event", () => {
		let c = emptyConversation();
		c = applyDelta(c, "The ", "");
		c = applyDelta(c, "picture ", "");
		c = applyEvent(c, event("user", { text: "What is in this picture?" }));
		c = applyDelta(c, "shows a pixel.", "");
		assert.equal(c.live, "The picture shows a pixel.");
		c = applyEvent(c, event("assistant:text", { text: "The picture shows a pixel." }));
		assert.equal(c.live, "");
		assert.deepEqual(
			c.items.map((i) => [i.type, i.text]),
			[
				["user", "What is in this picture?"],
				["assistant", "The picture shows a pixel."],
			],
		);
	});

	it("ends the live text of a request that made only tool calls", () => {
		let c = applyEvent(emptyConversation(), event("user", { text: "note please" }));
		c = applyDelta(c, "", "I should write it.");
		c = applyEvent(c, event("tool:call", { id: "call_1", name: "note_write", arguments: "{}" }));
		c = applyEvent(c, event("assistant:complete"));
		assert.equal(c.liveReasoning, "");
		c = applyEvent(c, event("tool:result", { id: "call_1", text: "written" }));
		c = applyDelta(c, "Done.", "");
		assert.equal(c.live, "Done.", "the next request's text starts afresh");
		c = applyEvent(c, event("turn:end", { text: "Done." }));
		assert.equal(c.live, "");
	});

	it("drops a game preview left when the next user event comes", () => {
		let c = applyEvent(emptyConversation(), event("assistant:preview", { text: "partial" }));
		assert.equal(c.live, "partial");
		c = applyEvent(c, event("user", { text: "next" }));
		assert.equal(c.live, "");
	});
});
