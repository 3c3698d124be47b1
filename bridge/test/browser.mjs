// What the browser tests (e2e, openui, web) share: Debian's Chromium for Playwright, the set-up of
// all their parts (browserRig), the steps they take on the bridge's page, and where screenshots go.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before } from "node:test";
import { chromium } from "playwright-core";
import { startBridge, startGame, TOKEN } from "./helpers.mjs";

let shots;
/** Where screenshot `name` goes: UAI_BRIDGE_SHOTS (docs/images refreshes the pictures in the
 *  docs), otherwise a temporary folder made on first use. */
export function shot(name) {
	shots ??= process.env.UAI_BRIDGE_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), "uai-bridge-shots-"));
	fs.mkdirSync(shots, { recursive: true });
	return path.join(shots, name);
}

/** Debian's Chromium, headless. */
export function launchChromium() {
	return chromium.launch({
		executablePath: "/usr/bin/chromium",
		args: [
			"--headless",
			"--no-sandbox",
			"--disable-gpu",
			"--disable-background-networking",
			"--disable-component-update",
			"--disable-sync",
		],
	});
}

/** The parts of a browser test, started in the enclosing describe's `before` and stopped in its
 *  `after`: the scripted provider (`startProvider()`), the bridge (with `bridgeArgs(provider)`), the
 *  game (`script` in the offline host, told the bridge's port and token and the provider's URL)
 *  and Chromium; ready once the game prints GAME READY (within `readyMs`). The returned object
 *  holds `provider`, `bridge`, `game` and `browser` once `before` has run. */
export function browserRig({ startProvider: start, script, bridgeArgs = () => [], readyMs }) {
	const rig = {};
	before(async () => {
		rig.provider = await start();
		rig.bridge = await startBridge(bridgeArgs(rig.provider));
		rig.game = startGame(script, {
			UAI_SCENARIO_BRIDGE_PORT: String(rig.bridge.port),
			UAI_SCENARIO_BRIDGE_TOKEN: TOKEN,
			UAI_SCENARIO_PROVIDER_URL: rig.provider.url,
		});
		rig.browser = await launchChromium();
		await rig.game.waitFor("GAME READY", readyMs);
	});
	after(async () => {
		await rig.browser?.close();
		if (rig.game && rig.game.child.exitCode === null) rig.game.child.kill("SIGKILL");
		rig.game?.cleanup();
		await rig.bridge?.stop();
		await rig.provider?.close();
	});
	return rig;
}

/** Waits until `page` says "Game connected"; a timeout names what the page, the game and the page
 *  errors said. */
export async function waitConnected(page, game, pageErrors = [], timeout) {
	await page
		.getByTestId("link")
		.filter({ hasText: "Game connected" })
		.waitFor({ timeout })
		.catch(async (err) => {
			throw new Error(
				`${err.message}\npage: ${await page.locator("body").innerText()}\ngame: ${game.output().slice(-6000)}\nerrors: ${pageErrors.join("\n")}`,
			);
		});
}

/** Opens the bridge's page (token in the fragment) in a new page of `context`, records its page
 *  errors and waits for the game's link. */
export async function openClient(context, bridge, game) {
	const page = await context.newPage();
	const pageErrors = [];
	page.on("pageerror", (e) => pageErrors.push(String(e)));
	await page.goto(`${bridge.url}#token=${TOKEN}`);
	await waitConnected(page, game, pageErrors);
	return { page, pageErrors };
}

/** The same page in a phone-sized touch context of its own (close it with `phone.close()`). */
export async function openPhone(browser, bridge, game) {
	const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
	const { page } = await openClient(phone, bridge, game);
	return { phone, page };
}

/** Sends `text` from the composer once the page may send again. */
export async function sendMessage(page, text) {
	await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 30000 });
	await page.getByLabel("Message").fill(text);
	await page.keyboard.press("Enter");
}

/** Attaches the file at `file` (a picture) to the composer and waits for its thumbnail. */
export async function attachPicture(page, file) {
	await page.getByTestId("file").setInputFiles(file);
	await page.locator(".composer .thumbs img").waitFor();
}

/** Sends FINISH: the game runs its last checks and exits 0 after printing `passed`; the page
 *  raised no errors. */
export async function finishGame(page, game, passed, pageErrors) {
	await sendMessage(page, "FINISH");
	const code = await game.exited;
	assert.equal(code, 0, game.output());
	assert.match(game.output(), new RegExp(passed));
	assert.deepEqual(pageErrors, []);
}
