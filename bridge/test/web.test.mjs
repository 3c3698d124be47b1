// The web client's own features end to end, every part real on loopback: the bundled client in the
// offline host (bridge/test/web.luau) connected to the bundled bridge, Playwright driving Chromium.
// Conversations are renamed and deleted, a tool is run by hand, the config is exported (no keys)
// and imported, a text file is uploaded to the game, the agent's question is answered and its
// sub-agent stopped from the page. Refusals driven from browsers: another site's page (wrong
// Origin), another browser's picture and an expired picture. Screenshots go to a temporary folder,
// or to UAI_BRIDGE_SHOTS (docs/images to refresh the docs).
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { attachPicture, browserRig, finishGame, openClient, openPhone, sendMessage, shot } from "./browser.mjs";
import { PNG, serveScripted, TOKEN } from "./helpers.mjs";

const PICTURE_IDLE = 3;

/** The scripted Chat Completions provider: asks a question, delegates to a sub-agent that waits
 *  until stopped, and otherwise answers in two streamed words. */
async function startProvider() {
	const requests = [];
	let calls = 0;
	const server = await serveScripted((req, res, body) => {
		const json = JSON.parse(body || "{}");
		requests.push({ url: req.url, json, body });
		const messages = json.messages ?? [];
		const firstUser = JSON.stringify(messages.find((m) => m.role === "user") ?? {});
		const last = messages.at(-1) ?? {};
		const lastText = JSON.stringify(last);
		res.writeHead(200, { "content-type": "text/event-stream" });
		const send = (o) => res.write(`data: ${JSON.stringify(o)}\n\n`);
		const tool = (name, args) => {
			calls += 1;
			const call = {
				index: 0,
				id: `call_${calls}`,
				type: "function",
				function: { name, arguments: JSON.stringify(args) },
			};
			send({ choices: [{ index: 0, delta: { tool_calls: [call] } }] });
			send({ choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] });
			res.end("data: [DONE]\n\n");
		};
		const say = (text) => {
			for (const w of text.split(/(?<= )/)) send({ choices: [{ index: 0, delta: { content: w } }] });
			send({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
			res.end("data: [DONE]\n\n");
		};
		if (firstUser.includes("child work")) return tool("wait", { seconds: 10 });
		if (last.role === "tool") {
			if (lastText.includes("The user answered"))
				return say(`Got it: ${/answered: \\"(\w+)/.exec(lastText)?.[1]}`);
			if (lastText.includes("Started agent-1"))
				return tool("agent_status", { agent: "agent-1", wait_seconds: 30 });
			return say("The sub-agent finished.");
		}
		if (lastText.includes("ask me please"))
			return tool("ask_user", { question: "Which corner?", choices: ["Left", "Right"] });
		if (lastText.includes("delegate please"))
			return tool("dispatch_agent", { task: "child work: wait a while", preset: "full" });
		if (lastText.includes("Attached file")) return say("I see the file.");
		say("OK then.");
	});
	return { ...server, requests };
}

describe("bridge web client features (game in the offline host, bridge, Chromium)", { timeout: 300000 }, () => {
	const rig = browserRig({
		startProvider,
		script: "web.luau",
		bridgeArgs: () => ["--picture-idle-seconds", String(PICTURE_IDLE)],
	});
	let context;
	let page;
	let pageErrors;
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "uai-web-"));
	before(async () => {
		context = await rig.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
		({ page, pageErrors } = await openClient(context, rig.bridge, rig.game));
		await page.getByRole("button", { name: "Send" }).waitFor();
	});
	after(() => fs.rmSync(tmp, { recursive: true, force: true }));

	const threads = () => page.getByRole("complementary", { name: "Conversations" });
	const reply = (text) => page.getByTestId("reply").filter({ hasText: text });

	it("renames and deletes a conversation from the list, by keyboard", async () => {
		const before = await threads().getByRole("listitem").count();
		await threads().getByRole("button", { name: "+ New" }).click();
		await threads().getByRole("listitem").nth(before).waitFor();
		await threads()
			.getByRole("button", { name: /^Rename / })
			.click();
		const title = threads().getByRole("textbox");
		await title.fill("Renamed thread");
		await title.press("Enter");
		await threads().getByRole("button", { name: "Renamed thread", exact: true }).waitFor();
		// Escape leaves the title alone
		await threads().getByRole("button", { name: "Rename Renamed thread" }).click();
		await threads().getByRole("textbox").fill("Not this");
		await threads().getByRole("textbox").press("Escape");
		await threads().getByRole("button", { name: "Delete Renamed thread" }).click();
		await threads().getByRole("button", { name: "Keep" }).click();
		await threads().getByRole("button", { name: "Delete Renamed thread" }).waitFor();
		assert.equal(
			await threads().getByRole("button", { name: "Renamed thread", exact: true }).count(),
			1,
			(await threads().getByRole("button").allInnerTexts()).join(" | "),
		);
		await threads().getByRole("button", { name: "Delete Renamed thread" }).click();
		await threads().getByRole("button", { name: "Delete it" }).click();
		// gone from the list (the game's check confirms it is gone from uai.sessions.list())
		await threads().getByRole("button", { name: "Renamed thread", exact: true }).waitFor({ state: "detached" });
	});

	it("runs a tool by hand and refuses arguments that are not a JSON object", async () => {
		await page.getByRole("tab", { name: "Tools" }).click();
		await page.getByLabel("Tool", { exact: true }).selectOption("echo_text");
		await page.getByLabel("Arguments (JSON)").fill("{not json");
		await page.getByRole("button", { name: "Run" }).click();
		await page.getByRole("alert").filter({ hasText: "The arguments are not JSON" }).waitFor();
		await page.getByLabel("Arguments (JSON)").fill("[1, 2]");
		await page.getByRole("button", { name: "Run" }).click();
		await page.getByRole("alert").filter({ hasText: "must be a JSON object" }).waitFor();
		await page.getByLabel("Arguments (JSON)").fill('{"text": "hi there"}');
		await page.getByRole("button", { name: "Run" }).click();
		await page.getByTestId("tool-result").filter({ hasText: "echo: hi there" }).waitFor();
		await page.getByTestId("tool-status").filter({ hasText: "Done." }).waitFor();
		await page.screenshot({ path: shot("bridge-tools.png") });
		// a refusal by the game shows as a failure
		await page.getByLabel("Arguments (JSON)").fill("{}");
		await page.getByRole("button", { name: "Run" }).click();
		await page.getByTestId("tool-status").filter({ hasText: "Failed:" }).waitFor();
	});

	it("exports the config without keys and imports it back", async () => {
		await page.getByRole("tab", { name: "Settings" }).click();
		const card = page.getByRole("region", { name: "Configuration" });
		const [download] = await Promise.all([
			page.waitForEvent("download"),
			card.getByRole("button", { name: "Export" }).click(),
		]);
		const file = path.join(tmp, "uai-config.json");
		await download.saveAs(file);
		const text = fs.readFileSync(file, "utf8");
		assert.doesNotMatch(text, /sk-web-test-key/, "the export carries no key");
		assert.doesNotMatch(text, new RegExp(TOKEN), "nor the bridge token");
		const exported = JSON.parse(text);
		assert.equal(exported.format, "uai-config");
		assert.equal(exported.config.providers.list[0].hasKey, true);
		// not JSON, and JSON that is not an export: refused clearly
		const junk = path.join(tmp, "junk.json");
		fs.writeFileSync(junk, "{ nope");
		await page.getByTestId("config-file").setInputFiles(junk);
		await card.getByRole("alert").filter({ hasText: "junk.json is not a JSON file" }).waitFor();
		fs.writeFileSync(junk, JSON.stringify({ hello: 1 }));
		await page.getByTestId("config-file").setInputFiles(junk);
		await page
			.getByTestId("config-status")
			.filter({ hasText: "Import: Failed: config must be an export" })
			.waitFor();
		exported.config.agent = { ...(exported.config.agent ?? {}), temperature: 0.3 };
		fs.writeFileSync(file, JSON.stringify(exported));
		await page.getByTestId("config-file").setInputFiles(file);
		await page.getByTestId("config-status").filter({ hasText: "Import: Done." }).waitFor();
		await page.getByRole("tab", { name: "Chat" }).click();
	});

	it("uploads a text file to the game and sends its reference", async () => {
		const notes = path.join(tmp, "notes.txt");
		fs.writeFileSync(notes, "hello from a text file\n".repeat(2000)); // 46 KB: one chunk
		const binary = path.join(tmp, "data.bin");
		fs.writeFileSync(binary, Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x00]));
		await page.getByTestId("file").setInputFiles(binary);
		await page.getByTestId("composer-notice").filter({ hasText: "not UTF-8 text" }).waitFor();
		await page.getByTestId("file").setInputFiles(notes);
		await page.getByLabel("Attached files").getByText("notes.txt").waitFor();
		const before = rig.provider.requests.length;
		await sendMessage(page, "read this");
		await reply("I see the file.").waitFor({ timeout: 30000 });
		const sent = JSON.stringify(rig.provider.requests[before].json.messages.at(-1));
		assert.match(sent, /read this/);
		assert.match(sent, /Attached file notes\.txt: 46000 bytes, 2000 lines, at pastes\/[^ ]+-notes\.txt/);
		assert.doesNotMatch(sent, /hello from a text file/, "the model gets the reference, not the text");
	});

	it("answers the agent's question from the page", async () => {
		await sendMessage(page, "ask me please");
		const ask = page.getByRole("dialog", { name: "The agent asks" });
		await ask.getByText("Which corner?").waitFor({ timeout: 30000 });
		await page.screenshot({ path: shot("bridge-question.png") });
		await ask.getByRole("button", { name: "Left" }).click();
		await reply("Got it: Left").waitFor({ timeout: 30000 });
		await ask.waitFor({ state: "detached" });
	});

	it("stops a running sub-agent from the page", async () => {
		await sendMessage(page, "delegate please");
		const agents = page.getByRole("region", { name: "Sub-agents" });
		await agents.getByText("child work").waitFor({ timeout: 30000 });
		await agents.getByRole("button", { name: "Stop agent-1" }).click();
		await reply("The sub-agent finished.").waitFor({ timeout: 40000 });
		await agents.waitFor({ state: "detached" });
	});

	it("refuses another site's page (wrong Origin) clearly and runs nothing", async () => {
		const site = http.createServer((_req, res) => res.end("<!doctype html><title>other site</title>"));
		await new Promise((r) => site.listen(0, "127.0.0.1", r));
		const other = await context.newPage();
		await other.goto(`http://127.0.0.1:${site.address().port}/`);
		const refused = other.waitForResponse((r) => r.url().startsWith(`${rig.bridge.url}api/command`));
		const threadsBefore = await threads().getByRole("listitem").count();
		// a "simple" request a hostile page can send without a preflight
		const outcome = await other.evaluate(
			async ([url, token]) =>
				fetch(`${url}api/command`, {
					method: "POST",
					mode: "no-cors",
					headers: { "content-type": "text/plain" },
					body: JSON.stringify({ type: "thread:new", commandId: "cmd_evil_0001", token }),
				}).then((r) => r.type),
			[rig.bridge.url, TOKEN],
		);
		assert.equal(outcome, "opaque", "the other site cannot read the answer");
		const response = await refused;
		assert.equal(response.status(), 403, "the bridge refused the request Chromium sent");
		// the browser hides the answer from the other site by design (without the site's Origin the
		// bridge would have answered 401 for the missing token); the same request from that origin,
		// replayed here, shows the bridge's message
		const replay = await fetch(`${rig.bridge.url}api/command`, {
			method: "POST",
			headers: { origin: `http://127.0.0.1:${site.address().port}`, "content-type": "text/plain" },
			body: "{}",
		});
		assert.equal(replay.status, 403);
		assert.match(
			(await replay.json()).error,
			/origin http:\/\/127\.0\.0\.1:\d+ is not allowed: open the bridge page at/,
		);
		await page.waitForTimeout(1500);
		assert.equal(await threads().getByRole("listitem").count(), threadsBefore, "no conversation was made");
		await other.close();
		await new Promise((r) => site.close(r));
	});

	it("refuses another browser's picture and an expired one, with clear messages", async () => {
		const png = path.join(tmp, "pixel.png");
		fs.writeFileSync(png, PNG);
		// this browser's picture (uploaded with the page's own credentials), and one in the composer
		const picture = await page.evaluate(
			async (bytes) => {
				const response = await fetch("/api/pictures", {
					method: "POST",
					headers: {
						authorization: `Bearer ${sessionStorage.getItem("uai-bridge-token")}`,
						"x-uai-browser-id": localStorage.getItem("uai-bridge-browser"),
						"x-uai-session-id": "s1",
						"content-type": "image/png",
					},
					body: new Uint8Array(bytes),
				});
				return response.json();
			},
			[...PNG],
		);
		assert.match(picture.id, /^[\w-]+$/);
		await attachPicture(page, png);
		// another browser (its own storage, so its own browser id) on the bridge's own page
		const second = await rig.browser.newContext();
		const { page: theirs } = await openClient(second, rig.bridge, rig.game);
		const tried = await theirs.evaluate(async (id) => {
			const headers = {
				authorization: `Bearer ${sessionStorage.getItem("uai-bridge-token")}`,
				"x-uai-browser-id": localStorage.getItem("uai-bridge-browser"),
				"content-type": "application/json",
			};
			const send = await fetch("/api/send", {
				method: "POST",
				headers,
				body: JSON.stringify({ sessionId: "s1", commandId: "cmd_other_0001", text: "steal", pictureIds: [id] }),
			});
			const view = await fetch(`/api/pictures/${id}`, { headers });
			return { send: [send.status, (await send.json()).error], view: [view.status, (await view.json()).error] };
		}, picture.id);
		assert.equal(tried.send[0], 403);
		assert.match(tried.send[1], /belongs to another browser or conversation; attach it again here/);
		assert.equal(tried.view[0], 403);
		await second.close();
		// the first browser waits past the idle time: its send is refused on the page
		await page.waitForTimeout((PICTURE_IDLE + 1) * 1000);
		await sendMessage(page, "what about this one?");
		await page.getByTestId("composer-notice").filter({ hasText: "is no longer held by the bridge" }).waitFor();
		assert.match(await page.getByTestId("composer-notice").innerText(), /attach it again/);
	});

	it("shows the phone layout and finishes", async () => {
		const { phone, page: small } = await openPhone(rig.browser, rig.bridge, rig.game);
		await small.getByRole("tab", { name: "Tools" }).tap();
		await small.getByRole("button", { name: "Run" }).waitFor();
		await small.screenshot({ path: shot("bridge-tools-phone.png") });
		await phone.close();
		await page
			.getByRole("button", { name: /^Remove / })
			.first()
			.click();
		await finishGame(page, rig.game, "WEB CHECKS PASSED", pageErrors);
	});
});
