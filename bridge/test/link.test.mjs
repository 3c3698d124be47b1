// The game link's inbox long poll (bridge/src/link.ts) on node:test's mock timers: a waiting poll
// answers when a command arrives, an idle one at its deadline (capped at INBOX_WAIT_MAX_S), an
// aborted one at once. No real time passes and none is measured: the clock moves only when the
// test ticks it. Run by `npm test` (node --test bridge/test).
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";
import { serverModule } from "./helpers.mjs";

const { INBOX_WAIT_MAX_S, Link } = await serverModule("link.ts");

/** Whether `promise` has settled once the microtasks queued so far have run. */
async function settled(promise) {
	let done = false;
	promise.then(
		() => (done = true),
		() => (done = true),
	);
	await new Promise((resolve) => setImmediate(resolve));
	return done;
}

const command = (commandId) => ({ commandId, type: "abort", sessionId: "s1" });

describe("game link inbox (mock timers)", () => {
	beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
	afterEach(() => mock.timers.reset());

	it("a waiting poll answers when a command arrives, without its deadline passing", async () => {
		const link = new Link();
		const poll = link.poll("game-1", INBOX_WAIT_MAX_S, new AbortController().signal);
		mock.timers.tick(INBOX_WAIT_MAX_S * 1000 - 1);
		assert.equal(await settled(poll), false, "no command yet: the poll still waits");
		link.enqueue(command("cmd_wake_1"), "browser_aaaa1111");
		assert.equal(await settled(poll), true, "the command woke the poll");
		assert.deepEqual(
			(await poll).map((c) => c.commandId),
			["cmd_wake_1"],
		);
	});

	it("an idle poll answers empty at its deadline, capped at the longest wait", async () => {
		const link = new Link();
		const poll = link.poll("game-1", 600, new AbortController().signal);
		mock.timers.tick(INBOX_WAIT_MAX_S * 1000 - 1);
		assert.equal(await settled(poll), false);
		mock.timers.tick(1);
		assert.deepEqual(await poll, []);
	});

	it("an aborted poll answers at once; a poll with commands waiting does not wait", async () => {
		const link = new Link();
		const abort = new AbortController();
		const poll = link.poll("game-1", INBOX_WAIT_MAX_S, abort.signal);
		abort.abort();
		assert.deepEqual(await poll, []);
		link.enqueue(command("cmd_ready_1"), "browser_aaaa1111");
		const ready = link.poll("game-1", INBOX_WAIT_MAX_S, new AbortController().signal);
		assert.equal(await settled(ready), true);
		assert.deepEqual(
			(await ready).map((c) => c.commandId),
			["cmd_ready_1"],
		);
	});
});
