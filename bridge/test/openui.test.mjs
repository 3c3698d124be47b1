// Interactive answers on both clients, every part real on loopback: the bundled client in the
// offline host (bridge/test/openui_game.luau), the bundled bridge, Debian's Chromium. The scripted
// model answers with a form; the game fills it (simulated input, written back into the stored
// message); the browser, reloaded, renders the same stored message with the filled value; the
// browser changes it (a field and a choice), which the game stores; a primary button sends the
// stored user action; the game, unloaded and loaded again, renders the browser's values; no request
// carries a marker line. The screenshot goes to a temporary folder, or to UAI_BRIDGE_SHOTS.
/* global document */ // read inside the page (page.waitForFunction)
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { browserRig, openClient, sendMessage, shot, waitConnected } from "./browser.mjs";
import { browserHeaders, serveScripted, waitUntil } from "./helpers.mjs";

const FORM = [
	"Here is the order form.",
	"```openui",
	'root = Stack([Text("Order", "heading"), kpis, order])',
	'kpis = Stack([Metric("In stock", 12), Metric("Ordered", 3)], "row")',
	'order = Form("order", [Input("qty", "How many?", null, {required: true, numeric: true}, "Quantity"), Select("color", [SelectItem("red", "Red"), SelectItem("blue", "Blue")], null, "Colour"), Button("Place the order", @ToAssistant("Place it"), "primary")])',
	"```",
	"Fill it in.",
].join("\n");

/** The scripted model: streams the form for "show the form", "ok" otherwise; records each request. */
async function startProvider() {
	const requests = [];
	const server = await serveScripted((_req, res, body) => {
		const json = JSON.parse(body || "{}");
		requests.push(json);
		const last = json.messages?.at(-1)?.content;
		const text = last === "show the form" ? FORM : "ok";
		res.writeHead(200, { "content-type": "text/event-stream" });
		const send = (o) => res.write(`data: ${JSON.stringify(o)}\n\n`);
		for (let i = 0; i < text.length; i += 80)
			send({ choices: [{ index: 0, delta: { content: text.slice(i, i + 80) } }] });
		send({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
		res.end("data: [DONE]\n\n");
	});
	return { ...server, requests };
}

/** Sends a command as a browser and waits for the game's answer on the event stream. */
async function command(base, body) {
	const commandId = `cmd_${Math.random().toString(16).slice(2, 12)}`;
	const controller = new AbortController();
	const stream = await fetch(`${base}api/stream`, { headers: browserHeaders(), signal: controller.signal });
	const reader = stream.body.getReader();
	const posted = await fetch(`${base}api/command`, {
		method: "POST",
		headers: browserHeaders(undefined, { "content-type": "application/json" }),
		body: JSON.stringify({ ...body, commandId }),
	});
	assert.equal(posted.status, 202, "the command is queued");
	let text = "";
	const until = Date.now() + 30000;
	try {
		while (Date.now() < until) {
			const { value, done } = await reader.read();
			if (done) break;
			text += Buffer.from(value).toString();
			for (const block of text.split("\n\n")) {
				const match = /^event: result\ndata: (.*)$/s.exec(block);
				const result = match ? JSON.parse(match[1]) : undefined;
				if (result?.id === commandId && result.pending !== true) return result;
			}
		}
	} finally {
		controller.abort();
	}
	throw new Error(`no answer to ${body.type}: ${text.slice(-2000)}`);
}

describe("interactive answers in the game and the browser", { timeout: 300000 }, () => {
	const rig = browserRig({ startProvider, script: "openui_game.luau", readyMs: 90000 });

	it("renders the same stored answer with the same state on both clients", async () => {
		const { provider, bridge, game, browser } = rig;
		const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
		const { page, pageErrors } = await openClient(context, bridge, game);
		const connected = () => waitConnected(page, game, pageErrors);
		await sendMessage(page, "show the form");
		const answer = page.getByTestId("openui-answer");
		await answer.waitFor({ timeout: 60000 });
		assert.equal(await answer.getByTestId("oui-metric").count(), 2, "the metrics render");
		assert.match(
			await answer.innerText(),
			/Here is the order form\.[\s\S]*Fill it in\./,
			"the prose around the fence",
		);

		// the game's user fills the form; the browser, reloaded, shows the stored value
		await game.waitFor("GAME FILLED", 90000);
		await page.reload();
		await connected();
		const qty = page.getByTestId("openui-answer").getByLabel("Quantity");
		await qty.waitFor({ timeout: 30000 });
		await page.waitForFunction(() => document.querySelector('[data-field="qty"]')?.value === "3", null, {
			timeout: 30000,
		});
		await page.screenshot({ path: shot("bridge-openui.png") });

		// a page state the game refuses: not JSON, not an array or object, an unknown answer
		const refused = async (fields, reason) => {
			const result = await command(bridge.url, { type: "answer:state", ...fields });
			assert.equal(result.ok, false, `refused: ${JSON.stringify(result)}`);
			assert.match(result.error, reason);
		};
		await refused({ transcriptId: "t-none", context: "[{}]" }, /no stored interactive answer/);
		await refused({ transcriptId: "t-none", context: "{not json" }, /JSON array or object/);
		await refused({ transcriptId: "t-none", context: "42" }, /JSON array or object/);
		await refused({ transcriptId: "t-none", context: "x".repeat(70 * 1024) }, /at most 65536 bytes/);
		await refused({ context: "[{}]" }, /transcriptId/);

		// the browser changes it: a field (stored on blur) and a choice (stored at once)
		await qty.fill("lots");
		await page.getByRole("button", { name: "Place the order" }).click();
		await page.getByRole("alert").filter({ hasText: "Enter a number" }).waitFor();
		await qty.fill("5");
		await qty.blur();
		await page.getByRole("radio", { name: "Blue" }).click();
		// the game writes each change and sends the view again with it
		await page
			.waitForFunction(
				() =>
					document.querySelector('[data-field="qty"]')?.value === "5" &&
					document.querySelector('[role="radio"][aria-checked="true"]')?.textContent === "Blue",
				null,
				{ timeout: 30000 },
			)
			.catch(async (err) => {
				const shown = await page.evaluate(() => [
					document.querySelector('[data-field="qty"]')?.value,
					document.querySelector('[role="radio"][aria-checked="true"]')?.textContent,
				]);
				throw new Error(
					`${err.message}: shown ${JSON.stringify(shown)}\ngame: ${game.output()}\nerrors: ${pageErrors.join("\n")}`,
				);
			});
		await page.reload();
		await connected();
		await page.waitForFunction(() => document.querySelector('[data-field="qty"]')?.value === "5", null, {
			timeout: 30000,
		});

		// a primary button sends the stored user action; its row shows the message alone
		const before = provider.requests.length;
		await page.getByRole("button", { name: "Place the order" }).click();
		await page
			.locator(".msg.user")
			.filter({ hasText: /^Place it$/ })
			.waitFor({ timeout: 30000 })
			.catch(async (err) => {
				throw new Error(
					`${err.message}\npage: ${await page.locator("body").innerText()}\ngame: ${game.output()}`,
				);
			});
		await waitUntil(() => provider.requests.length > before, 30000);
		const clicked = provider.requests[before];
		assert.ok(clicked, "the click reached the model");
		const last = clicked.messages.at(-1).content;
		assert.match(
			last,
			/^Place it\ncontext and form values = \["User clicked: Place it",\{"order":\{"qty":\{"value":"5"/,
			`the user action's model text: ${last}`,
		);
		await page.getByTestId("reply").filter({ hasText: /^ok$/ }).first().waitFor({ timeout: 30000 });

		await sendMessage(page, "FINISH");
		await game.waitFor("GAME CHECKS PASSED", 90000);
		for (const request of provider.requests)
			for (const message of request.messages)
				if (message.role !== "system" && typeof message.content === "string")
					assert.doesNotMatch(message.content, /\]\]>openui:/, "no marker line reaches the model");
		assert.deepEqual(pageErrors, [], "no page errors");
		await context.close();
	});
});
