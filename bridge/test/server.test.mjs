// The bundled bridge server over loopback: token, Host and Origin checks, body limits, pictures
// (magic bytes, size, ownership, expiry), the game link (events, inbox long poll, acks) and the
// browser's send. Run by `npm test` (node --test bridge/test).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
	browserHeaders,
	connectGame,
	gameHeaders,
	JPEG,
	json,
	PNG,
	startBridge,
	TOKEN,
	upload,
	WEBP,
} from "./helpers.mjs";

describe("bridge server", () => {
	let bridge;
	before(async () => (bridge = await startBridge(["--picture-idle-seconds", "2"])));
	after(() => bridge.stop());

	it("prints its address and token on start and binds to loopback", () => {
		assert.match(bridge.output(), /token: test-token-0123456789abcdef/);
		assert.match(bridge.output(), /#token=/);
	});

	it("serves the web page without a token, with a restrictive CSP", async () => {
		const response = await fetch(bridge.url);
		assert.equal(response.status, 200);
		assert.match(response.headers.get("content-security-policy"), /default-src 'self'/);
		const html = await response.text();
		assert.match(html, /<div id="root">/);
		assert.doesNotMatch(html, /src="\.\/assets/);
	});

	it("refuses a missing or wrong token", async () => {
		const none = await json(`${bridge.url}api/hello`);
		assert.equal(none.status, 401);
		assert.match(none.body.error, /bridge token/);
		const wrong = await json(`${bridge.url}api/hello`, { headers: { authorization: "Bearer nope" } });
		assert.equal(wrong.status, 401);
		const ok = await json(`${bridge.url}api/hello`, { headers: { authorization: `Bearer ${TOKEN}` } });
		assert.equal(ok.status, 200);
		assert.equal(ok.body.protocol, 2);
		assert.equal(ok.body.capabilities.pictures.mode, "provider-image-content");
		assert.match(ok.body.instance, /^bridge_/);
	});

	it("refuses another origin and a foreign Host name (DNS rebinding)", async () => {
		const origin = await json(`${bridge.url}api/hello`, {
			headers: { authorization: `Bearer ${TOKEN}`, origin: "https://evil.example" },
		});
		assert.equal(origin.status, 403);
		assert.match(origin.body.error, /origin https:\/\/evil.example is not allowed/);
		const same = await json(`${bridge.url}api/hello`, {
			headers: { authorization: `Bearer ${TOKEN}`, origin: bridge.url.slice(0, -1) },
		});
		assert.equal(same.status, 200);
		const http = await import("node:http");
		const status = await new Promise((resolve) => {
			http.get(
				{
					host: "127.0.0.1",
					port: bridge.port,
					path: "/api/hello",
					headers: { host: "attacker.example", authorization: `Bearer ${TOKEN}` },
				},
				(res) => {
					res.resume();
					resolve(res.statusCode);
				},
			);
		});
		assert.equal(status, 421);
	});

	it("accepts PNG, JPEG and WebP by their bytes and issues references of the documented form", async () => {
		for (const [bytes, type] of [
			[PNG, "image/png"],
			[JPEG, "image/jpeg"],
			[WEBP, "image/webp"],
		]) {
			const r = await upload(bridge.url, bytes, { type });
			assert.equal(r.status, 201, JSON.stringify(r.body));
			assert.equal(r.body.mediaType, type);
			assert.match(r.body.reference, /^uai-image:\/\/pic_[A-Za-z0-9_-]{8,64}\/[0-9a-f]{64}$/);
		}
	});

	it("refuses a renamed non-image, an empty file and an oversized upload", async () => {
		const text = await upload(bridge.url, Buffer.from("this is not a picture at all"), { type: "image/png" });
		assert.equal(text.status, 415);
		assert.match(text.body.error, /not a PNG, JPEG or WebP image/);
		const big = await upload(bridge.url, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), {
			type: "image/png",
		});
		assert.equal(big.status, 413);
		assert.match(big.body.error, /at most 5 MiB/);
		const other = await json(`${bridge.url}api/pictures`, {
			method: "POST",
			headers: browserHeaders(undefined, { "content-type": "text/plain", "x-uai-session-id": "s1" }),
			body: "hi",
		});
		assert.equal(other.status, 415);
	});

	it("keeps pictures owned by their browser and conversation", async () => {
		await connectGame(bridge.url);
		const mine = await upload(bridge.url, PNG, { browser: "browser_aaaa1111", session: "s1" });
		const stolen = await json(`${bridge.url}api/pictures/${mine.body.id}`, {
			headers: browserHeaders("browser_bbbb2222"),
		});
		assert.equal(stolen.status, 403);
		assert.match(stolen.body.error, /belongs to another browser or conversation/);
		const send = (browser, sessionId) =>
			json(`${bridge.url}api/send`, {
				method: "POST",
				headers: browserHeaders(browser, { "content-type": "application/json" }),
				body: JSON.stringify({
					sessionId,
					commandId: `cmd_${Math.random().toString(36).slice(2)}`,
					text: "look",
					pictureIds: [mine.body.id],
				}),
			});
		assert.equal((await send("browser_bbbb2222", "s1")).status, 403);
		assert.equal((await send("browser_aaaa1111", "s2")).status, 403);
		const ok = await send("browser_aaaa1111", "s1");
		assert.equal(ok.status, 202, JSON.stringify(ok.body));
		assert.deepEqual(ok.body.images, [mine.body.reference]);
		const deleted = await json(`${bridge.url}api/pictures/${mine.body.id}`, {
			method: "DELETE",
			headers: browserHeaders("browser_aaaa1111"),
		});
		assert.equal(deleted.status, 200);
		const gone = await send("browser_aaaa1111", "s1");
		assert.equal(gone.status, 404);
		assert.match(gone.body.error, /no longer held by the bridge/);
		// the command queued above reaches the game with the reference only
		const inbox = await json(`${bridge.url}api/agent/inbox?wait=0`, { headers: gameHeaders() });
		const sent = inbox.body.commands.find((c) => c.type === "send");
		assert.deepEqual(sent.images, [mine.body.reference]);
		await json(`${bridge.url}api/agent/ack`, {
			method: "POST",
			headers: gameHeaders(),
			body: JSON.stringify({ results: inbox.body.commands.map((c) => ({ id: c.commandId, ok: true })) }),
		});
	});

	it("forgets idle pictures after the idle period", async () => {
		const r = await upload(bridge.url, PNG);
		await new Promise((resolve) => setTimeout(resolve, 2300));
		const gone = await json(`${bridge.url}api/pictures/${r.body.id}`, { headers: browserHeaders() });
		assert.equal(gone.status, 404);
		assert.match(gone.body.error, /expired after/);
	});

	it("refuses pictures for a game client that does not take them", async () => {
		await connectGame(bridge.url, { imageInput: false });
		const r = await upload(bridge.url, PNG);
		const sent = await json(`${bridge.url}api/send`, {
			method: "POST",
			headers: browserHeaders(undefined, { "content-type": "application/json" }),
			body: JSON.stringify({ sessionId: "s1", commandId: "cmd_old_client", text: "x", pictureIds: [r.body.id] }),
		});
		assert.equal(sent.status, 400);
		assert.match(sent.body.error, /update and reload the UAI client/);
		await connectGame(bridge.url);
	});

	it("long-polls the inbox, re-offers unanswered commands and forwards acks to browsers", async () => {
		// the longest wait the bridge takes (25 s): the poll answers with the command queued while it
		// waited (that it answers when the command arrives, not at its deadline, is checked on mock
		// timers in link.test.mjs; a poll that waited out its deadline would still pass here)
		const poll = json(`${bridge.url}api/agent/inbox?wait=25`, { headers: gameHeaders() });
		await new Promise((resolve) => setTimeout(resolve, 200));
		const queued = await json(`${bridge.url}api/command`, {
			method: "POST",
			headers: browserHeaders(undefined, { "content-type": "application/json" }),
			body: JSON.stringify({ commandId: "cmd_abort_1", type: "abort", sessionId: "s1" }),
		});
		assert.equal(queued.status, 202);
		const answered = await poll;
		assert.deepEqual(
			answered.body.commands.map((c) => c.commandId),
			["cmd_abort_1"],
		);
		const again = await json(`${bridge.url}api/agent/inbox?wait=0`, { headers: gameHeaders() });
		assert.deepEqual(
			again.body.commands.map((c) => c.commandId),
			["cmd_abort_1"],
			"unacknowledged commands are offered again",
		);
		const stream = await fetch(`${bridge.url}api/stream`, { headers: browserHeaders() });
		const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader();
		await json(`${bridge.url}api/agent/ack`, {
			method: "POST",
			headers: gameHeaders(),
			body: JSON.stringify({ results: [{ id: "cmd_abort_1", ok: false, error: "nothing is running" }] }),
		});
		let text = "";
		while (!text.includes("event: result")) text += (await reader.read()).value;
		assert.match(text, /nothing is running/);
		await reader.cancel();
		const empty = await json(`${bridge.url}api/agent/inbox?wait=0`, { headers: gameHeaders() });
		assert.deepEqual(empty.body.commands, []);
	});

	it("de-duplicates event batches and validates bodies", async () => {
		const batch = {
			batchId: "batch-1",
			events: [{ seq: 1, kind: "status", sessionId: "s1", data: { text: "Ready" } }],
		};
		const first = await json(`${bridge.url}api/agent/events`, {
			method: "POST",
			headers: gameHeaders(),
			body: JSON.stringify(batch),
		});
		const second = await json(`${bridge.url}api/agent/events`, {
			method: "POST",
			headers: gameHeaders(),
			body: JSON.stringify(batch),
		});
		assert.equal(first.body.duplicate, false);
		assert.equal(second.body.duplicate, true);
		const bad = await json(`${bridge.url}api/agent/events`, {
			method: "POST",
			headers: gameHeaders(),
			body: JSON.stringify({ events: "x" }),
		});
		assert.equal(bad.status, 400);
		const noClient = await json(`${bridge.url}api/agent/inbox?wait=0`, {
			headers: { authorization: `Bearer ${TOKEN}` },
		});
		assert.equal(noClient.status, 400);
		const huge = await json(`${bridge.url}api/agent/events`, {
			method: "POST",
			headers: gameHeaders(),
			body: JSON.stringify({ batchId: "b", events: ["x".repeat(3 * 1024 * 1024)] }),
		});
		// the answer arrives (the body is read to its end, not reset mid-upload) and the link goes on
		assert.equal(huge.status, 413);
		assert.equal(huge.body.error, "the request body is too large");
		const after = await json(`${bridge.url}api/agent/events`, {
			method: "POST",
			headers: gameHeaders(),
			body: JSON.stringify({ batchId: "batch-2", events: [] }),
		});
		assert.equal(after.body.duplicate, false);
	});
});
