// Renders an SVG file (from test/host/snapshot.luau) to a PNG with headless Chromium.
//
//   node scripts/snapshot.mjs in.svg out.png [--scale N]
//   node scripts/snapshot.mjs --check        exits 0 when rendering can work here
//
// Chromium comes from Debian (`apt-get install chromium`, /usr/bin/chromium; override with
// UAI_CHROMIUM=/path), driven by playwright-core. Each run uses a fresh, deleted-afterwards
// profile directory and no network. When something is missing the script exits 2 with a message
// saying what to install, so callers can report a skip instead of passing silently.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const CHROMIUM = process.env.UAI_CHROMIUM || "/usr/bin/chromium";
const FLAGS = [
	"--no-sandbox",
	"--disable-gpu",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
	"--no-first-run",
	"--disable-dev-shm-usage",
];

function fail(message, code = 2) {
	process.stderr.write(`snapshot: ${message}\n`);
	process.exit(code);
}

async function loadPlaywright() {
	try {
		return await import("playwright-core");
	} catch {
		fail('playwright-core is not installed: run "npm ci"');
	}
}

function checkChromium() {
	try {
		fs.accessSync(CHROMIUM, fs.constants.X_OK);
	} catch {
		fail(`Chromium not found at ${CHROMIUM}: install it with "apt-get install chromium" (or set UAI_CHROMIUM)`);
	}
}

function svgSize(svg) {
	const tag = /<svg\b[^>]*>/i.exec(svg)?.[0];
	if (!tag) fail("input is not an SVG document", 1);
	const attr = (name) => {
		const m = new RegExp(`\\s${name}="([0-9.]+)(px)?"`).exec(tag);
		return m ? Number(m[1]) : undefined;
	};
	let width = attr("width");
	let height = attr("height");
	if (width === undefined || height === undefined) {
		const vb = /\sviewBox="\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)\s*"/.exec(tag);
		if (vb) {
			width ??= Number(vb[1]);
			height ??= Number(vb[2]);
		}
	}
	if (!width || !height) fail("the SVG has no width/height", 1);
	return { width: Math.ceil(width), height: Math.ceil(height) };
}

async function main() {
	const args = process.argv.slice(2);
	if (args.includes("--check")) {
		checkChromium();
		await loadPlaywright();
		process.stdout.write(`snapshot: ready (${CHROMIUM})\n`);
		return;
	}
	let scale = 1;
	const files = [];
	for (let i = 0; i < args.length; i++) {
		if (args[i] === "--scale") scale = Number(args[++i]) || 1;
		else files.push(args[i]);
	}
	if (files.length !== 2) fail("usage: node scripts/snapshot.mjs in.svg out.png [--scale N]", 1);
	const [input, output] = files;
	const svg = fs.readFileSync(input, "utf8");
	const { width, height } = svgSize(svg);
	checkChromium();
	const { chromium } = await loadPlaywright();
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), "uai-chromium-"));
	let context;
	let error;
	try {
		context = await chromium.launchPersistentContext(profile, {
			executablePath: CHROMIUM,
			headless: true,
			args: FLAGS,
			viewport: { width, height },
			deviceScaleFactor: scale,
			offline: true,
			timeout: 60_000,
		});
		const page = context.pages()[0] ?? (await context.newPage());
		// Only the SVG itself: no network requests leave the page.
		await page.route("**/*", (route) => route.abort());
		await page.setContent(
			`<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;padding:0;background:transparent}svg{display:block}</style></head><body>${svg}</body></html>`,
			{ waitUntil: "load" },
		);
		fs.mkdirSync(path.dirname(path.resolve(output)), { recursive: true });
		await page.screenshot({ path: output, clip: { x: 0, y: 0, width, height }, omitBackground: true });
	} catch (err) {
		error = err;
	} finally {
		await context?.close().catch(() => {});
		fs.rmSync(profile, { recursive: true, force: true });
	}
	if (error) fail(`Chromium failed: ${error?.message ?? error}`, 1);
	process.stdout.write(`snapshot: wrote ${output} (${width}x${height})\n`);
}

await main();
