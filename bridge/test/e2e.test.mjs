// End to end, every part real on loopback: the bundled client (dist/uai.lua) in the offline host
// connects to the bundled bridge (dist/uai-bridge.js); Playwright drives Debian's Chromium on the
// bridge's page. Pictures reach the loopback provider as image blocks in each protocol's shape,
// replies stream into the page in several deltas, an approval is answered from the browser, bad
// uploads are refused on the page, and killing the bridge mid-reply fails the request once before
// the game reconnects to the restarted bridge. Screenshots (desktop, approval, phone) go to a
// temporary folder, or to UAI_BRIDGE_SHOTS (docs/images to refresh the docs).
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { launchChromium, PNG, startBridge, startGame, TOKEN } from "./helpers.mjs";

const B64 = PNG.toString("base64");
// UAI_BRIDGE_SHOTS=docs/images refreshes the pictures in the docs; otherwise a temporary folder
const SHOTS = process.env.UAI_BRIDGE_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), "uai-bridge-shots-"));

/** The scripted provider: streams each protocol slowly, asks for note_write once, and stalls on "slow". */
async function startProvider() {
	const requests = [];
	let stalled;
	const server = http.createServer((req, res) => {
		let body = "";
		req.on("data", (d) => (body += d));
		req.on("end", async () => {
			const json = JSON.parse(body || "{}");
			requests.push({ url: req.url, json, body });
			const protocol = req.url.endsWith("/responses")
				? "responses"
				: req.url.includes("Content")
					? "gemini"
					: req.url.includes("/messages")
						? "anthropic"
						: "openai";
			const last = JSON.stringify((json.messages ?? json.contents ?? json.input ?? []).at(-1) ?? {});
			res.writeHead(200, { "content-type": "text/event-stream" });
			const send = (o, event) => res.write(`${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(o)}\n\n`);
			const words = ["The ", "picture ", "shows ", "a ", "single ", "pixel."];
			if (last.includes("slow")) {
				send({ choices: [{ index: 0, delta: { content: "Starting " } }] });
				stalled = res;
				return; // never finishes: the test kills the bridge meanwhile
			}
			if (last.includes("note please")) {
				send({
					choices: [
						{
							index: 0,
							delta: {
								tool_calls: [
									{
										index: 0,
										id: "call_1",
										type: "function",
										function: { name: "note_write", arguments: '{"text":"from the browser"}' },
									},
								],
							},
						},
					],
				});
				send({ choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] });
				res.end("data: [DONE]\n\n");
				return;
			}
			const pause = () => new Promise((r) => setTimeout(r, 250));
			if (protocol === "openai") {
				for (const w of words) {
					send({ choices: [{ index: 0, delta: { content: w } }] });
					await pause();
				}
				send({
					choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
					usage: { prompt_tokens: 5, completion_tokens: 6 },
				});
				res.end("data: [DONE]\n\n");
			} else if (protocol === "responses") {
				send(
					{ type: "response.created", response: { id: "resp_1", status: "in_progress" } },
					"response.created",
				);
				for (const w of words) {
					send({ type: "response.output_text.delta", delta: w }, "response.output_text.delta");
					await pause();
				}
				const output = [
					{ type: "message", role: "assistant", content: [{ type: "output_text", text: words.join("") }] },
				];
				send(
					{
						type: "response.completed",
						response: {
							id: "resp_1",
							status: "completed",
							output,
							usage: { input_tokens: 5, output_tokens: 6 },
						},
					},
					"response.completed",
				);
				res.end();
			} else if (protocol === "anthropic") {
				send(
					{
						type: "message_start",
						message: {
							id: "m1",
							type: "message",
							role: "assistant",
							model: json.model,
							content: [],
							usage: { input_tokens: 5, output_tokens: 0 },
						},
					},
					"message_start",
				);
				send(
					{ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
					"content_block_start",
				);
				for (const w of words) {
					send(
						{ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: w } },
						"content_block_delta",
					);
					await pause();
				}
				send({ type: "content_block_stop", index: 0 }, "content_block_stop");
				send(
					{ type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 6 } },
					"message_delta",
				);
				send({ type: "message_stop" }, "message_stop");
				res.end();
			} else {
				for (const [i, w] of words.entries()) {
					send({
						candidates: [
							{
								content: { role: "model", parts: [{ text: w }] },
								...(i === words.length - 1 ? { finishReason: "STOP" } : {}),
							},
						],
						usageMetadata: { promptTokenCount: 5, candidatesTokenCount: i + 1 },
					});
					await pause();
				}
				res.end();
			}
		});
	});
	await new Promise((r) => server.listen(0, "127.0.0.1", r));
	return {
		url: `http://127.0.0.1:${server.address().port}`,
		requests,
		close: () => new Promise((r) => (stalled?.destroy(), server.closeAllConnections(), server.close(r))),
	};
}

describe("bridge end to end (game in the offline host, bridge, Chromium)", { timeout: 300000 }, () => {
	let provider;
	let bridge;
	let game;
	let browser;
	before(async () => {
		provider = await startProvider();
		// the Responses provider is an OpenCode Go model (the only Responses route); the bridge's
		// relay sends its requests for opencode.ai to the loopback provider instead
		bridge = await startBridge(["--map-host", `opencode.ai=${provider.url}`]);
		game = startGame("game.luau", {
			UAI_SCENARIO_BRIDGE_PORT: String(bridge.port),
			UAI_SCENARIO_BRIDGE_TOKEN: TOKEN,
			UAI_SCENARIO_PROVIDER_URL: provider.url,
		});
		browser = await launchChromium();
		await game.waitFor("GAME READY");
	});
	after(async () => {
		await browser?.close();
		if (game && game.child.exitCode === null) game.child.kill("SIGKILL");
		game?.cleanup();
		await bridge?.stop();
		await provider?.close();
	});

	it("runs the whole browser workflow against the game", async () => {
		const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
		const page = await context.newPage();
		const pageErrors = [];
		page.on("pageerror", (e) => pageErrors.push(String(e)));
		await page.goto(`${bridge.url}#token=${TOKEN}`);
		await page
			.getByTestId("link")
			.filter({ hasText: "Game connected" })
			.waitFor()
			.catch(async (err) => {
				throw new Error(
					`${err.message}\npage: ${await page.locator("body").innerText()}\ngame: ${game.output()}\nerrors: ${pageErrors.join("\n")}`,
				);
			});
		assert.equal(new URL(page.url()).hash, "", "the token leaves the address bar");
		const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "uai-pictures-"));
		const png = path.join(tmp, "pixel.png");
		fs.writeFileSync(png, PNG);

		// bad uploads are refused on the page, clearly
		const fake = path.join(tmp, "notes.png");
		fs.writeFileSync(fake, "just some text, renamed");
		await page.getByTestId("file").setInputFiles(fake);
		await page.getByTestId("composer-notice").filter({ hasText: "not a PNG, JPEG or WebP image" }).waitFor();
		const big = path.join(tmp, "huge.png");
		fs.writeFileSync(big, Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]));
		await page.getByTestId("file").setInputFiles(big);
		await page.getByTestId("composer-notice").filter({ hasText: "at most 5 MiB" }).waitFor();

		const providers = ["Chat", "Messages", "Gemini", "Responses"];
		for (const [index, label] of providers.entries()) {
			if (index > 0) {
				await page.getByRole("tab", { name: "Providers" }).click();
				if (index === 1) await page.screenshot({ path: path.join(SHOTS, "bridge-providers.png") });
				await page.getByRole("region", { name: label }).getByRole("button", { name: "Use" }).click();
				await page.getByRole("region", { name: label }).getByText("active").waitFor();
				await page.getByRole("tab", { name: "Chat" }).click();
			}
			await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 30000 });
			const before = provider.requests.length;
			await page.getByTestId("file").setInputFiles(png);
			await page.locator(".composer .thumbs img").waitFor();
			await page.getByLabel("Message").fill(`What is in this picture? (${label})`);
			await page.keyboard.press("Enter");
			// the reply streams: the live text grows through several values before the final reply
			const seen = new Set();
			const live = page.getByTestId("live-reply");
			await live.waitFor({ timeout: 30000 });
			const finalCount = await page.getByTestId("reply").count();
			const deadline = Date.now() + 30000;
			while ((await page.getByTestId("reply").count()) === finalCount && Date.now() < deadline) {
				const text = await live.textContent().catch(() => null);
				if (text) seen.add(text);
				await page.waitForTimeout(40);
			}
			assert.ok(
				seen.size >= 3,
				`${label}: several deltas reached the page before the end: ${[...seen].join(" | ")}`,
			);
			await page
				.getByTestId("reply")
				.nth(finalCount)
				.filter({ hasText: "The picture shows a single pixel." })
				.waitFor();
			const sent = provider.requests[before];
			assert.ok(sent, `${label}: the provider was called`);
			assert.doesNotMatch(sent.body, /uai-image:/, "no reference reaches the provider");
			const j = sent.json;
			if (label === "Chat")
				assert.deepEqual(
					j.messages.at(-1).content.find((p) => p.type === "image_url").image_url.url,
					`data:image/png;base64,${B64}`,
				);
			if (label === "Messages")
				assert.deepEqual(j.messages.at(-1).content.find((p) => p.type === "image").source, {
					type: "base64",
					media_type: "image/png",
					data: B64,
				});
			if (label === "Responses") {
				assert.ok(sent.url.endsWith("/zen/go/v1/responses"), `the Responses route: ${sent.url}`);
				assert.deepEqual(
					j.input.at(-1).content.find((p) => p.type === "input_image").image_url,
					`data:image/png;base64,${B64}`,
				);
			}
			if (label === "Gemini")
				assert.deepEqual(j.contents.at(-1).parts.find((p) => p.inlineData).inlineData, {
					mimeType: "image/png",
					data: B64,
				});
			if (index === 0) {
				fs.mkdirSync(SHOTS, { recursive: true });
				await page.screenshot({ path: path.join(SHOTS, "bridge-desktop.png") });
			}
		}

		// an approval asked by a write tool is answered from the browser
		await page.getByRole("tab", { name: "Providers" }).click();
		await page.getByRole("region", { name: "Chat" }).getByRole("button", { name: "Use" }).click();
		await page.getByRole("region", { name: "Chat" }).getByText("active").waitFor();
		await page.getByRole("tab", { name: "Chat" }).click();
		await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 30000 });
		await page.getByLabel("Message").fill("Write a note please");
		await page.keyboard.press("Enter");
		const ask = page.getByRole("alertdialog", { name: "Allow note_write?" });
		await ask.waitFor({ timeout: 30000 });
		await page.screenshot({ path: path.join(SHOTS, "bridge-approval.png") });
		const left = Number(/(\d+) s/.exec(await ask.locator(".countdown").textContent())[1]);
		assert.ok(left > 100 && left <= 180, `the countdown shows the seconds left: ${left}`);
		await ask.getByRole("button", { name: "Allow", exact: true }).click();
		await page.locator(".tool.ok").filter({ hasText: "note_write" }).waitFor({ timeout: 30000 });
		await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 30000 });

		// phone layout
		const phone = await browser.newContext({
			viewport: { width: 390, height: 844 },
			isMobile: true,
			hasTouch: true,
		});
		const small = await phone.newPage();
		await small.goto(`${bridge.url}#token=${TOKEN}`);
		await small.getByTestId("link").filter({ hasText: "Game connected" }).waitFor();
		await small.getByTestId("reply").first().waitFor();
		await small.screenshot({ path: path.join(SHOTS, "bridge-phone.png") });
		await phone.close();

		// Stop from the browser while a relayed reply streams: the turn stops, the relay job is cancelled
		await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 30000 });
		await page.getByTestId("file").setInputFiles(png);
		await page.locator(".composer .thumbs img").waitFor();
		await page.getByLabel("Message").fill("a slow one to stop");
		await page.keyboard.press("Enter");
		await page.getByTestId("live-reply").filter({ hasText: "Starting" }).waitFor({ timeout: 30000 });
		await page.getByRole("button", { name: "Stop" }).click();
		await page.locator(".notice.info").filter({ hasText: "Stopped." }).waitFor({ timeout: 30000 });

		// killing the bridge mid-reply: the request fails once; the game reconnects to a new bridge
		const port = bridge.port;
		await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 30000 });
		await page.getByTestId("file").setInputFiles(png);
		await page.locator(".composer .thumbs img").waitFor();
		await page.getByLabel("Message").fill("a slow one");
		await page.keyboard.press("Enter");
		await page
			.getByTestId("live-reply")
			.filter({ hasText: "Starting" })
			.waitFor({ timeout: 30000 })
			.catch(async (err) => {
				await page.screenshot({ path: "/tmp/slow-fail.png" });
				throw new Error(
					`${err.message}\ngame: ${game.output().slice(-6000)}\nprovider: ${provider.requests.map((r) => r.url + " " + r.body.slice(-300)).join("\n")}`,
				);
			});
		await bridge.stop();
		await new Promise((r) => setTimeout(r, 6000));
		bridge = await startBridge([], port);
		await page
			.getByTestId("link")
			.filter({ hasText: "Game connected" })
			.waitFor({ timeout: 60000 })
			.catch(async (err) => {
				throw new Error(
					`${err.message}\npage: ${await page.getByTestId("link").innerText()}\ngame: ${game.output().slice(-3000)}`,
				);
			});
		await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 30000 });
		await page.getByLabel("Message").fill("FINISH");
		await page.keyboard.press("Enter");
		const code = await game.exited;
		assert.equal(code, 0, game.output());
		assert.match(game.output(), /GAME CHECKS PASSED/);
		assert.deepEqual(pageErrors, []);
		await context.close();
	});
});
