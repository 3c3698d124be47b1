// Test helpers: the bundled bridge (dist/uai-bridge.js) as a child process, loopback providers
// that stream each protocol's SSE, the game half (a bridge/test/*.luau script in the offline
// host), waits, and small HTTP helpers. The browser tests' own set-up and page steps: browser.mjs.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hostArgs } from "../../scripts/host.mjs";
import { luneCommand } from "../../scripts/lune.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const BUNDLE = path.join(ROOT, "dist", "uai-bridge.js");
export const TOKEN = "test-token-0123456789abcdef";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A TypeScript source bundled with esbuild (its imports included) and imported from memory. */
async function bundledModule(entry, platform) {
	const esbuild = await import("esbuild");
	const result = await esbuild.build({
		entryPoints: [entry],
		bundle: true,
		format: "esm",
		platform,
		write: false,
		logLevel: "warning",
	});
	return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString("base64")}`);
}

/** A module of the web page (`bridge/web/src/…`), bundled as the page's build takes it, for tests
 *  of its plain logic without a browser. */
export function webModule(file) {
	return bundledModule(path.join(ROOT, "bridge", "web", "src", file), "neutral");
}

/** A module of the bridge server (`bridge/src/…`), for tests of one part in this process (with
 *  node:test's mock timers, say) rather than through the bundled server. */
export function serverModule(file) {
	return bundledModule(path.join(ROOT, "bridge", "src", file), "node");
}

/** A 1×1 PNG, a JPEG header and a WebP header. */
export const PNG = Buffer.from(
	"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
	"base64",
);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
export const WEBP = Buffer.concat([
	Buffer.from("RIFF"),
	Buffer.from([40, 0, 0, 0]),
	Buffer.from("WEBPVP8 "),
	Buffer.alloc(28, 2),
]);

export async function startBridge(args = [], port = 0) {
	const child = spawn(process.execPath, [BUNDLE, "--port", String(port), "--token", TOKEN, ...args], {
		stdio: ["ignore", "pipe", "pipe"],
	});
	let out = "";
	let err = "";
	child.stderr.on("data", (d) => (err += d));
	const url = await new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`the bridge did not start: ${out}${err}`)), 15000);
		child.stdout.on("data", (d) => {
			out += d;
			const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
			if (m && out.includes("token:")) {
				clearTimeout(timer);
				resolve(m[1]);
			}
		});
		child.on("exit", (code) => reject(new Error(`the bridge exited (${code}): ${out}${err}`)));
	});
	const stop = () =>
		new Promise((resolve) => {
			if (child.exitCode !== null) return resolve();
			child.once("exit", () => resolve());
			child.kill("SIGKILL");
		});
	return { url, port: Number(new URL(url).port), child, output: () => out, stop };
}

export function gameHeaders(extra = {}) {
	return { authorization: `Bearer ${TOKEN}`, "x-uai-client": "game-1", "content-type": "application/json", ...extra };
}

export function browserHeaders(browser = "browser_aaaa1111", extra = {}) {
	return { authorization: `Bearer ${TOKEN}`, "x-uai-browser-id": browser, ...extra };
}

export async function json(url, options = {}) {
	const response = await fetch(url, options);
	const text = await response.text();
	let body;
	try {
		body = JSON.parse(text);
	} catch {
		body = text;
	}
	return { status: response.status, body };
}

export async function upload(
	base,
	bytes,
	{ browser = "browser_aaaa1111", session = "s1", type = "image/png", id } = {},
) {
	const headers = browserHeaders(browser, {
		"content-type": type,
		"x-uai-session-id": session,
		"x-uai-picture-name": "cat.png",
	});
	if (id) headers["x-uai-picture-id"] = id;
	return json(`${base}api/pictures`, { method: "POST", headers, body: bytes });
}

/** A game snapshot push that advertises image input (as the connected client does). */
export async function connectGame(base, snapshot = {}) {
	return json(`${base}api/agent/events`, {
		method: "POST",
		headers: gameHeaders(),
		body: JSON.stringify({
			batchId: `b${Math.random()}`,
			events: [],
			snapshot: {
				protocol: 2,
				imageInput: true,
				sessionId: "s1",
				threads: [],
				providers: [],
				permissions: [],
				...snapshot,
			},
		}),
	});
}

const SSE = {
	openai: (words) => [
		...words.map((w) => ({ choices: [{ index: 0, delta: { content: w } }] })),
		{ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
	],
	anthropic: (words) => [
		{
			type: "message_start",
			message: { id: "m", role: "assistant", content: [], usage: { input_tokens: 1, output_tokens: 0 } },
		},
		{ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
		...words.map((w) => ({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: w } })),
		{ type: "content_block_stop", index: 0 },
		{ type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 3 } },
		{ type: "message_stop" },
	],
	gemini: (words) =>
		words.map((w, i) => ({
			candidates: [
				{
					content: { role: "model", parts: [{ text: w }] },
					...(i === words.length - 1 ? { finishReason: "STOP" } : {}),
				},
			],
		})),
	responses: (words) => [
		{ type: "response.created", response: { id: "r" } },
		...words.map((w) => ({ type: "response.output_text.delta", delta: w })),
		{
			type: "response.completed",
			response: {
				id: "r",
				status: "completed",
				output: [
					{ type: "message", role: "assistant", content: [{ type: "output_text", text: words.join("") }] },
				],
			},
		},
	],
};

/** A loopback HTTP server for a scripted provider: `answer(req, res, body)` runs once each
 *  request's body has arrived; `onClose` runs before the server closes (to end a held reply). */
export async function serveScripted(answer, onClose) {
	const server = http.createServer((req, res) => {
		let body = "";
		req.on("data", (d) => (body += d));
		req.on("end", () => answer(req, res, body));
	});
	await new Promise((r) => server.listen(0, "127.0.0.1", r));
	return {
		url: `http://127.0.0.1:${server.address().port}`,
		close: () => new Promise((r) => (onClose?.(), server.closeAllConnections(), server.close(r))),
	};
}

/** A loopback provider: records each request and streams `words` in the protocol's SSE with a
 *  pause between events (so a reader sees several deltas before the end). `holdBefore: k`: the
 *  n-th stream waits before the event carrying `words[k]` until `release()` was called n times
 *  (or `close()`), so a test decides when the rest comes, whatever the machine's load: 0 keeps a
 *  job running with no text, 1 lets a reader see the first word alone. */
export async function startProvider({
	words = ["Hel", "lo ", "from ", "the ", "cat."],
	pauseMs = 60,
	protocolOf,
	holdBefore,
} = {}) {
	const requests = [];
	const gateWord = holdBefore === undefined ? undefined : JSON.stringify(words[holdBefore]);
	let streams = 0;
	let releases = 0;
	const waiting = new Set();
	const wake = () => {
		for (const waiter of waiting) {
			if (releases < waiter.ticket) continue;
			waiting.delete(waiter);
			waiter.go();
		}
	};
	const held = (ticket) => {
		if (releases >= ticket) return undefined;
		return new Promise((go) => waiting.add({ ticket, go }));
	};
	const release = () => {
		releases += 1;
		wake();
	};
	const server = await serveScripted(async (req, res, body) => {
		const entry = {
			method: req.method,
			url: req.url,
			headers: req.headers,
			body,
			json: JSON.parse(body || "null"),
		};
		requests.push(entry);
		const protocol = protocolOf ? protocolOf(entry) : guess(entry);
		if (entry.json && entry.json.stream === false) {
			res.writeHead(200, { "content-type": "application/json" });
			res.end(
				JSON.stringify({
					choices: [
						{
							index: 0,
							message: { role: "assistant", content: words.join("") },
							finish_reason: "stop",
						},
					],
				}),
			);
			return;
		}
		res.writeHead(200, { "content-type": "text/event-stream" });
		const ticket = (streams += 1);
		for (const event of SSE[protocol](words)) {
			const data = JSON.stringify(event);
			if (gateWord !== undefined && data.includes(gateWord)) await held(ticket);
			res.write(
				`${protocol === "anthropic" || protocol === "responses" ? `event: ${event.type}\n` : ""}data: ${data}\n\n`,
			);
			await sleep(pauseMs);
		}
		if (protocol === "openai") res.write("data: [DONE]\n\n");
		res.end();
	});
	return {
		...server,
		requests,
		release,
		close: () => {
			releases = Infinity;
			wake();
			return server.close();
		},
	};
}

function guess(entry) {
	if (entry.url.includes("generateContent")) return "gemini";
	if (entry.url.includes("/messages")) return "anthropic";
	if (entry.url.includes("/responses")) return "responses";
	return "openai";
}

/** Polls `done` (which may be async) every `everyMs` until it returns true or `ms` pass; true when
 *  it came true. */
export async function waitUntil(done, ms, everyMs = 100) {
	const until = Date.now() + ms;
	for (;;) {
		if (await done()) return true;
		if (Date.now() > until) return false;
		await sleep(everyMs);
	}
}

/** The game half of a browser test: `script` (in bridge/test/) in the offline host, with `env`. */
export function startGame(script, env) {
	const [cmd, prefix] = luneCommand();
	const workdir = fs.mkdtempSync(path.join(os.tmpdir(), "uai-bridge-e2e-"));
	const child = spawn(
		cmd,
		[...prefix, ...hostArgs(path.join(ROOT, "bridge", "test", script), ["--profile", "executor"])],
		{
			cwd: ROOT,
			env: { ...process.env, UAI_HOST_TMP: workdir, ...env },
			stdio: ["ignore", "pipe", "pipe"],
		},
	);
	let output = "";
	child.stdout.on("data", (d) => (output += d));
	child.stderr.on("data", (d) => (output += d));
	const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
	return {
		child,
		output: () => output,
		exited,
		waitFor: async (text, ms = 60000) => {
			const seen = await waitUntil(() => output.includes(text) || child.exitCode !== null, ms);
			if (!seen || !output.includes(text)) throw new Error(`the game did not print ${text}:\n${output}`);
		},
		cleanup: () => fs.rmSync(workdir, { recursive: true, force: true }),
	};
}
