// The web relay and the WebSocket gateway against loopback providers: pictures become real image
// content in each protocol's shape, streamed replies arrive as deltas and cursor pages, a
// re-posted id is never dispatched twice, cancellation, admission, and refusals.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { WebSocket } from "ws";
import { browserHeaders, connectGame, gameHeaders, json, PNG, startBridge, startProvider, upload } from "./helpers.mjs";

const B64 = PNG.toString("base64");
let serial = 0;
const newId = () => `inference_test-${process.pid}-${++serial}-abcdef`;

function bodyFor(protocol, ref, earlier) {
	const old = earlier
		? [
				{ role: "user", content: [{ type: "text", text: "before" }, imagePart(protocol, earlier)] },
				{ role: "assistant", content: "ok" },
			]
		: [];
	switch (protocol) {
		case "openai":
			return {
				model: "m",
				stream: true,
				messages: [
					...old,
					{ role: "user", content: [{ type: "text", text: "what is this?" }, imagePart(protocol, ref)] },
				],
			};
		case "anthropic":
			return {
				model: "m",
				stream: true,
				max_tokens: 100,
				messages: [
					...old,
					{ role: "user", content: [{ type: "text", text: "what is this?" }, imagePart(protocol, ref)] },
				],
			};
		case "gemini":
			return { contents: [{ role: "user", parts: [{ text: "what is this?" }, imagePart(protocol, ref)] }] };
		case "responses":
			return {
				model: "m",
				stream: true,
				input: [
					{
						role: "user",
						content: [{ type: "input_text", text: "what is this?" }, imagePart(protocol, ref)],
					},
				],
			};
	}
}

function imagePart(protocol, ref) {
	if (protocol === "openai")
		return { type: "image_url", image_url: { url: `data:image/png;base64,${ref}`, detail: "auto" } };
	if (protocol === "anthropic")
		return { type: "image", source: { type: "base64", media_type: "image/png", data: ref } };
	if (protocol === "gemini") return { inlineData: { mimeType: "image/png", data: ref } };
	return { type: "input_image", image_url: `data:image/png;base64,${ref}` };
}

const PATHS = {
	openai: "/v1/chat/completions",
	anthropic: "/v1/messages",
	gemini: "/v1beta/models/m:streamGenerateContent?alt=sse",
	responses: "/v1/responses",
};

describe("web relay", () => {
	let bridge;
	let provider;
	let streaming; // holds each stream before its second word: the image tests' reader sees pages
	before(async () => {
		bridge = await startBridge();
		provider = await startProvider();
		streaming = await startProvider({ holdBefore: 1 });
		await connectGame(bridge.url);
	});
	after(async () => {
		await bridge.stop();
		await provider.close();
		await streaming.close();
	});

	// a job for `extra.origin` (the provider by default); `body` as it is when a string (not JSON, say)
	const submit = (id, body, extra = {}) =>
		json(`${bridge.url}api/inference`, {
			method: "POST",
			headers: gameHeaders(),
			body: JSON.stringify({
				id,
				...(extra.instance ? { instance: extra.instance } : {}),
				url: `${extra.origin ?? provider.url}${extra.path ?? PATHS.openai}`,
				headers: extra.headers ?? { authorization: "Bearer sk-x", "content-type": "application/json" },
				body: typeof body === "string" ? body : JSON.stringify(body),
				timeout: 60,
				sessionId: extra.session ?? "s1",
			}),
		});
	const status = (id, t = 0, r = 0) =>
		json(`${bridge.url}api/inference/${id}?textCursor=${t}&reasoningCursor=${r}`, { headers: gameHeaders() });
	// polls job `id` to its end, collecting its text pages; `held` (a provider holding before its
	// second word) is released once the first page was read, so the rest comes in later pages
	async function settle(id, held) {
		let cursor = 0;
		const pages = [];
		for (let i = 0; i < 200; i++) {
			const page = await status(id, cursor);
			if (page.body.preview.text !== "") {
				pages.push(page.body.preview.text);
				if (pages.length === 1) held?.release();
			}
			cursor = page.body.preview.textCursor;
			if (page.body.state !== "running") return { page: page.body, pages };
			await new Promise((r) => setTimeout(r, 40));
		}
		throw new Error("the job did not finish");
	}

	for (const protocol of ["openai", "anthropic", "gemini", "responses"]) {
		it(`sends a real image block in the ${protocol} shape and streams the reply`, async () => {
			const picture = await upload(bridge.url, PNG, { session: "s1" });
			const before = streaming.requests.length;
			const id = newId();
			const r = await submit(id, bodyFor(protocol, picture.body.reference), {
				path: PATHS[protocol],
				origin: streaming.url,
			});
			assert.equal(r.status, 202, JSON.stringify(r.body));
			assert.equal(r.body.images, 1);
			const { page, pages } = await settle(id, streaming);
			assert.equal(page.state, "completed");
			assert.equal(page.status, 200);
			assert.ok(pages.length >= 2 && pages[0] === "Hel", `several preview pages: ${JSON.stringify(pages)}`);
			assert.equal(pages.join(""), "Hello from the cat.", "pages never repeat text");
			const sent = streaming.requests[before];
			assert.equal(sent.headers.authorization, "Bearer sk-x");
			assert.doesNotMatch(sent.body, /uai-image:/);
			const j = sent.json;
			if (protocol === "openai")
				assert.deepEqual(j.messages[0].content[1], {
					type: "image_url",
					image_url: { url: `data:image/png;base64,${B64}`, detail: "auto" },
				});
			if (protocol === "anthropic")
				assert.deepEqual(j.messages[0].content[1], {
					type: "image",
					source: { type: "base64", media_type: "image/png", data: B64 },
				});
			if (protocol === "gemini")
				assert.deepEqual(j.contents[0].parts[1], { inlineData: { mimeType: "image/png", data: B64 } });
			if (protocol === "responses")
				assert.deepEqual(j.input[0].content[1], {
					type: "input_image",
					image_url: `data:image/png;base64,${B64}`,
				});
			assert.match(page.body, /data: /, "the complete SSE body is kept for the game");
		});
	}

	it("passes on the game's headers without the hop-by-hop ones", async () => {
		const before = provider.requests.length;
		const id = newId();
		const r = await submit(
			id,
			{ model: "m", stream: true, messages: [{ role: "user", content: "hi" }] },
			{
				headers: {
					Authorization: "Bearer sk-h",
					"X-Title": "UAI",
					Connection: "close",
					"Keep-Alive": "timeout=5",
					Upgrade: "websocket",
					"Transfer-Encoding": "chunked",
					Host: "elsewhere.example",
					"Accept-Encoding": "br",
				},
			},
		);
		assert.equal(r.status, 202, JSON.stringify(r.body));
		const { page } = await settle(id);
		assert.equal(page.status, 200, page.body);
		const sent = provider.requests[before].headers;
		assert.equal(sent.authorization, "Bearer sk-h");
		assert.equal(sent["x-title"], "UAI");
		assert.equal(sent.upgrade, undefined);
		assert.notEqual(sent.host, "elsewhere.example");
		assert.notEqual(sent["accept-encoding"], "br");
	});

	it("pushes deltas to browser streams", async () => {
		const stream = await fetch(`${bridge.url}api/stream`, { headers: browserHeaders() });
		const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader();
		const id = newId();
		await submit(
			id,
			bodyFor("openai", "no-picture").messages
				? { model: "m", stream: true, messages: [{ role: "user", content: "hi" }] }
				: {},
		);
		let text = "";
		while ((text.match(/event: delta/g) ?? []).length < 5) text += (await reader.read()).value;
		await reader.cancel();
		assert.match(text, /"text":"Hel"/);
	});

	it("gives a re-posted id the existing job instead of a second dispatch", async () => {
		const before = provider.requests.length;
		const id = newId();
		const body = { model: "m", stream: true, messages: [{ role: "user", content: "hi" }] };
		const first = await submit(id, body);
		const second = await submit(id, body);
		assert.equal(first.status, 202);
		assert.equal(second.status, 200);
		assert.equal(second.body.existing, true);
		await settle(id);
		assert.equal(provider.requests.length - before, 1);
	});

	it("refuses a foreign or expired picture in the current turn with the reattach instruction", async () => {
		const other = await upload(bridge.url, PNG, { session: "s2" });
		const foreign = await submit(newId(), bodyFor("openai", other.body.reference));
		assert.equal(foreign.status, 422);
		assert.match(foreign.body.error, /belongs to another conversation; attach it again/);
		const missing = `uai-image://pic_missing123/${"a".repeat(64)}`;
		const expired = await submit(newId(), bodyFor("anthropic", missing), { path: PATHS.anthropic });
		assert.equal(expired.status, 422);
		assert.match(expired.body.error, /no longer held by the bridge .* attach it again/);
	});

	it("turns a missing picture of an earlier turn into the unavailable-image text", async () => {
		const picture = await upload(bridge.url, PNG);
		const missing = `uai-image://pic_missing123/${"b".repeat(64)}`;
		const before = provider.requests.length;
		const id = newId();
		const r = await submit(id, bodyFor("openai", picture.body.reference, missing));
		assert.equal(r.status, 202, JSON.stringify(r.body));
		await settle(id);
		const sent = provider.requests[before].json;
		assert.equal(sent.messages[0].content[1].type, "text");
		assert.match(sent.messages[0].content[1].text, /Image no longer available/);
		assert.equal(sent.messages[2].content[1].type, "image_url");
	});

	it("never expands a reference written in plain text", async () => {
		const picture = await upload(bridge.url, PNG);
		const before = provider.requests.length;
		const id = newId();
		await submit(id, {
			model: "m",
			stream: true,
			messages: [{ role: "user", content: `see ${picture.body.reference}` }],
		});
		await settle(id);
		assert.equal(provider.requests[before].json.messages[0].content, `see ${picture.body.reference}`);
	});

	it("cancels a running job and reports unknown ids", async () => {
		const slow = await startProvider({ holdBefore: 0 });
		const id = newId();
		await submit(id, { model: "m", stream: true, messages: [] }, { origin: slow.url, headers: {} });
		const cancelled = await json(`${bridge.url}api/inference/${id}`, { method: "DELETE", headers: gameHeaders() });
		assert.equal(cancelled.body.state, "cancelled");
		assert.equal((await status(id)).body.state, "cancelled");
		assert.equal((await status("inference_unknown-123456")).status, 404);
		await slow.close();
	});

	it("refuses a stale bridge instance and invalid submissions", async () => {
		const stale = await submit(newId(), "{}", { instance: "bridge_old", headers: {} });
		assert.equal(stale.status, 409);
		assert.match(stale.body.error, /restarted/);
		const badId = await submit("nope", {});
		assert.equal(badId.status, 400);
		const badBody = await submit(newId(), "not json", { path: "/x", headers: {} });
		assert.equal(badBody.status, 400);
	});

	it("admits a bounded number of running jobs", async () => {
		const slow = await startProvider({ holdBefore: 0 });
		const ids = [];
		let refused;
		for (let i = 0; i < 20; i++) {
			const id = newId();
			const r = await submit(id, { model: "m", stream: true, messages: [] }, { origin: slow.url, headers: {} });
			if (r.status === 429) {
				refused = r;
				break;
			}
			ids.push(id);
		}
		assert.equal(ids.length, 16);
		assert.match(refused.body.error, /running 16 requests already/);
		for (const id of ids)
			await json(`${bridge.url}api/inference/${id}`, { method: "DELETE", headers: gameHeaders() });
		await slow.close();
	});
});

describe("WebSocket gateway", () => {
	let gateway;
	let provider;
	before(async () => {
		provider = await startProvider();
		const { spawn } = await import("node:child_process");
		const { BUNDLE } = await import("./helpers.mjs");
		const child = spawn(process.execPath, [BUNDLE, "gateway", "--upstream", provider.url, "--port", "0"], {
			stdio: ["ignore", "pipe", "inherit"],
		});
		const url = await new Promise((resolve) =>
			child.stdout.on("data", (d) => resolve(/ws:\/\/[^ ]+/.exec(String(d))[0])),
		);
		gateway = { child, url };
	});
	after(async () => {
		gateway.child.kill("SIGKILL");
		await provider.close();
	});

	const exchange = (envelope, headers) =>
		new Promise((resolve, reject) => {
			const ws = new WebSocket(gateway.url, { headers });
			const messages = [];
			ws.on("open", () => ws.send(typeof envelope === "string" ? envelope : JSON.stringify(envelope)));
			ws.on("message", (d) => messages.push(String(d)));
			ws.on("close", (code) => resolve({ messages, code }));
			ws.on("error", reject);
		});

	it("forwards the envelope to its upstream and streams chunks back with [DONE]", async () => {
		const before = provider.requests.length;
		const { messages } = await exchange({
			path: "/proxy/v1/chat/completions?api-version=x",
			headers: { Authorization: "Bearer sk-gw", "Content-Type": "application/json", Accept: "text/event-stream" },
			body: { model: "m", stream: true, messages: [{ role: "user", content: "hi" }] },
		});
		const sent = provider.requests[before];
		assert.equal(sent.url, "/proxy/v1/chat/completions?api-version=x");
		assert.equal(sent.headers.authorization, "Bearer sk-gw");
		assert.equal(sent.json.messages[0].content, "hi");
		assert.equal(messages.at(-1), "[DONE]");
		const text = messages
			.slice(0, -1)
			.map((m) => JSON.parse(m).choices[0].delta.content ?? "")
			.join("");
		assert.equal(text, "Hello from the cat.");
	});

	it("refuses a bad envelope and browser pages", async () => {
		const { messages } = await exchange("not json");
		assert.match(JSON.parse(messages[0]).error.message, /not JSON/);
		const origin = await exchange({ path: "/x", headers: {}, body: {} }, { origin: "https://evil.example" }).catch(
			(err) => err,
		);
		assert.match(String(origin.message ?? origin), /403/);
	});
});
