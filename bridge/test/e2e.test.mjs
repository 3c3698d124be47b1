// End to end, every part real on loopback: the bundled client (dist/uai.lua) in the offline host
// connects to the bundled bridge (dist/uai-bridge.js); Playwright drives Debian's Chromium on the
// bridge's page. Pictures reach the loopback provider as image blocks in each protocol's shape,
// replies stream into the page in several deltas, an approval is answered from the browser, bad
// uploads are refused on the page, and killing the bridge mid-reply fails the request once before
// the game reconnects to the restarted bridge. Screenshots (desktop, approval, phone) go to a
// temporary folder, or to UAI_BRIDGE_SHOTS (docs/images to refresh the docs).
/* global document, window, MutationObserver */ // used inside the page (page.evaluate)
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import {
	attachPicture,
	browserRig,
	finishGame,
	openClient,
	openPhone,
	sendMessage,
	shot,
	waitConnected,
} from "./browser.mjs";
import { PNG, serveScripted, sleep, startBridge, waitUntil } from "./helpers.mjs";

const B64 = PNG.toString("base64");

/** The scripted provider: streams each protocol slowly, asks for note_write once, and stalls on "slow". */
async function startProvider() {
	const requests = [];
	let stalled;
	const server = await serveScripted(
		async (req, res, body) => {
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
			const pause = () => sleep(250);
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
		},
		() => stalled?.destroy(),
	);
	return { ...server, requests };
}

/** Makes the provider card `label` the active one (screenshot of the Providers tab to `picture`
 *  first, if given) and goes back to the Chat tab. */
async function useProvider(page, label, picture) {
	await page.getByRole("tab", { name: "Providers" }).click();
	if (picture) await page.screenshot({ path: picture });
	await page.getByRole("region", { name: label }).getByRole("button", { name: "Use" }).click();
	await page.getByRole("region", { name: label }).getByText("active").waitFor();
	await page.getByRole("tab", { name: "Chat" }).click();
}

describe("bridge end to end (game in the offline host, bridge, Chromium)", { timeout: 300000 }, () => {
	// the Responses provider is an OpenCode Go model (the only Responses route); the bridge's
	// relay sends its requests for opencode.ai to the loopback provider instead
	const rig = browserRig({
		startProvider,
		script: "game.luau",
		bridgeArgs: (provider) => ["--map-host", `opencode.ai=${provider.url}`],
	});

	it("runs the whole browser workflow against the game", async () => {
		const { provider, game, browser } = rig;
		const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
		const { page, pageErrors } = await openClient(context, rig.bridge, game);
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
			if (index > 0) await useProvider(page, label, index === 1 && shot("bridge-providers.png"));
			await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 30000 });
			const before = provider.requests.length;
			// the replies before this turn, counted before it starts: counted once the live reply
			// shows, a turn that ended in between would move the index to a reply that never comes
			const finalCount = await page.getByTestId("reply").count();
			// the reply streams: the live text grows through several values before the final reply.
			// Recorded in the page as each is painted (polling it from here misses values when the
			// machine is loaded: a round trip can outlast the 1.5 s stream)
			await page.evaluate(() => {
				const seen = new Set();
				window.__uaiLiveTexts = seen;
				window.__uaiLiveObserver?.disconnect();
				window.__uaiLiveObserver = new MutationObserver(() => {
					const live = document.querySelector('[data-testid="live-reply"]');
					if (live) seen.add(live.textContent);
				});
				window.__uaiLiveObserver.observe(document.body, {
					subtree: true,
					childList: true,
					characterData: true,
				});
			});
			await attachPicture(page, png);
			await sendMessage(page, `What is in this picture? (${label})`);
			const ended = await waitUntil(
				async () => (await page.getByTestId("reply").count()) > finalCount,
				60000,
				40,
			);
			const seen = new Set(await page.evaluate(() => [...window.__uaiLiveTexts].filter((t) => t !== "")));
			const transcript = async () =>
				`\npage: ${await page.getByTestId("transcript").innerText()}\ngame: ${game.output().slice(-4000)}`;
			assert.ok(ended, `${label}: the final reply came within 60 s${await transcript()}`);
			assert.ok(
				seen.size >= 3,
				`${label}: several deltas reached the page before the end: ${[...seen].join(" | ")}`,
			);
			await page
				.getByTestId("reply")
				.nth(finalCount)
				.filter({ hasText: "The picture shows a single pixel." })
				.waitFor({ timeout: 5000 })
				.catch(async (err) => {
					throw new Error(`${label}: ${err.message}${await transcript()}`);
				});
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
				await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 30000 }); // the turn has ended
				await page.screenshot({ path: shot("bridge-desktop.png") });
			}
		}

		// an approval asked by a write tool is answered from the browser
		await useProvider(page, "Chat");
		await sendMessage(page, "Write a note please");
		const ask = page.getByRole("alertdialog", { name: "Allow note_write?" });
		await ask.waitFor({ timeout: 30000 });
		await page.screenshot({ path: shot("bridge-approval.png") });
		const left = Number(/(\d+) s/.exec(await ask.locator(".countdown").textContent())[1]);
		assert.ok(left > 100 && left <= 180, `the countdown shows the seconds left: ${left}`);
		await ask.getByRole("button", { name: "Allow", exact: true }).click();
		await page.locator(".tool.ok").filter({ hasText: "note_write" }).waitFor({ timeout: 30000 });
		await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 30000 });

		// phone layout
		const small = await openPhone(browser, rig.bridge, game);
		await small.page.getByTestId("reply").first().waitFor();
		// the long transcript scrolls: the conversation strip keeps its height, the composer stays on screen
		const strip = await small.page.getByRole("complementary", { name: "Conversations" }).boundingBox();
		assert.ok(strip.height >= 36, `the conversation strip on a phone: ${JSON.stringify(strip)}`);
		const composer = await small.page.getByLabel("Message").boundingBox();
		assert.ok(composer.y + composer.height <= 844, `the composer on a phone: ${JSON.stringify(composer)}`);
		await small.page.screenshot({ path: shot("bridge-phone.png") });
		await small.phone.close();

		// Stop from the browser while a relayed reply streams: the turn stops, the relay job is cancelled
		await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 30000 });
		await attachPicture(page, png);
		await sendMessage(page, "a slow one to stop");
		await page.getByTestId("live-reply").filter({ hasText: "Starting" }).waitFor({ timeout: 30000 });
		await page.getByRole("button", { name: "Stop" }).click();
		await page.locator(".notice.info").filter({ hasText: "Stopped." }).waitFor({ timeout: 30000 });

		// killing the bridge mid-reply: the request fails once; the game reconnects to a new bridge
		const port = rig.bridge.port;
		await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 30000 });
		await attachPicture(page, png);
		await sendMessage(page, "a slow one");
		await page
			.getByTestId("live-reply")
			.filter({ hasText: "Starting" })
			.waitFor({ timeout: 30000 })
			.catch(async (err) => {
				throw new Error(
					`${err.message}\ngame: ${game.output().slice(-6000)}\nprovider: ${provider.requests.map((r) => r.url + " " + r.body.slice(-300)).join("\n")}`,
				);
			});
		await rig.bridge.stop();
		await sleep(6000);
		rig.bridge = await startBridge([], port);
		await waitConnected(page, game, pageErrors, 60000);
		await finishGame(page, game, "GAME CHECKS PASSED", pageErrors);
		await context.close();
	});
});
