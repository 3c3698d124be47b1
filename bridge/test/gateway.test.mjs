// The client's UAI WebSocket gateway path against the bundled gateway server (node uai-bridge.js
// gateway): the offline host runs bridge/test/gateway.luau; a loopback provider answers the
// gateway's forwarded requests ("over the gateway") and the client's direct HTTP fallback ("over
// HTTP", told apart by the User-Agent the client sends and Node's fetch does not replace).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { hostArgs } from "../../scripts/host.mjs";
import { luneCommand } from "../../scripts/lune.mjs";
import { BUNDLE, ROOT } from "./helpers.mjs";

describe("WebSocket gateway with the client", { timeout: 180000 }, () => {
	let provider;
	let gateway;
	const requests = [];
	before(async () => {
		provider = http.createServer((req, res) => {
			let body = "";
			req.on("data", (d) => (body += d));
			req.on("end", async () => {
				const json = JSON.parse(body || "{}");
				const viaGateway = req.headers["x-via-gateway"] === "1";
				requests.push({ url: req.url, viaGateway, json });
				const last = JSON.stringify(json.messages?.at(-1) ?? {});
				if (last.includes("refuse please")) {
					res.writeHead(429, { "content-type": "application/json" });
					res.end(JSON.stringify({ error: { message: "slow down (429)", type: "rate_limit" } }));
					return;
				}
				res.writeHead(200, { "content-type": "text/event-stream" });
				const words = viaGateway ? ["Hello ", "over ", "the ", "gateway."] : ["Hello ", "over ", "HTTP."];
				// "slow please" keeps the sockets busy for a while; gaps stay short (the host's sockets
				// hold its virtual clock only while traffic flows)
				const slow = last.includes("slow please");
				for (let i = 0; i < (slow ? 20 : 0); i++) {
					res.write(": still working\n\n");
					await new Promise((r) => setTimeout(r, 100));
				}
				for (const w of words) {
					res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: w } }] })}\n\n`);
					await new Promise((r) => setTimeout(r, 20));
				}
				res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`);
				res.end("data: [DONE]\n\n");
			});
		});
		await new Promise((r) => provider.listen(0, "127.0.0.1", r));
		const upstream = `http://127.0.0.1:${provider.address().port}`;
		// a tiny marking proxy in front of the provider: what arrives through the gateway is marked
		const marker = http.createServer((req, res) => {
			const forward = http.request(
				{
					host: "127.0.0.1",
					port: provider.address().port,
					path: req.url,
					method: req.method,
					headers: { ...req.headers, "x-via-gateway": "1" },
				},
				(up) => {
					res.writeHead(up.statusCode, up.headers);
					up.pipe(res);
				},
			);
			req.pipe(forward);
		});
		await new Promise((r) => marker.listen(0, "127.0.0.1", r));
		const child = spawn(
			process.execPath,
			[BUNDLE, "gateway", "--upstream", `http://127.0.0.1:${marker.address().port}`, "--port", "0"],
			{ stdio: ["ignore", "pipe", "inherit"] },
		);
		const url = await new Promise((resolve) =>
			child.stdout.on("data", (d) => resolve(/ws:\/\/[^ ]+/.exec(String(d))[0])),
		);
		gateway = { child, url, marker, upstream };
	});
	after(async () => {
		gateway?.child.kill("SIGKILL");
		gateway?.marker.closeAllConnections();
		gateway?.marker.close();
		provider?.closeAllConnections();
		provider?.close();
	});

	it("streams over the gateway, stays terminal after the send, falls back before it, and keeps to four sockets", async () => {
		const [cmd, prefix] = luneCommand();
		const workdir = fs.mkdtempSync(path.join(os.tmpdir(), "uai-gateway-"));
		const child = spawn(
			cmd,
			[...prefix, ...hostArgs(path.join(ROOT, "bridge", "test", "gateway.luau"), ["--profile", "executor"])],
			{
				cwd: ROOT,
				env: {
					...process.env,
					UAI_HOST_TMP: workdir,
					UAI_SCENARIO_GATEWAY_URL: gateway.url,
					UAI_SCENARIO_PROVIDER_URL: gateway.upstream,
				},
				stdio: ["ignore", "pipe", "pipe"],
			},
		);
		let output = "";
		child.stdout.on("data", (d) => (output += d));
		child.stderr.on("data", (d) => (output += d));
		const code = await new Promise((resolve) => child.on("exit", resolve));
		fs.rmSync(workdir, { recursive: true, force: true });
		assert.equal(code, 0, output);
		assert.match(output, /GATEWAY CHECKS PASSED/);
		const refusals = requests.filter((r) =>
			JSON.stringify(r.json.messages?.at(-1) ?? {}).includes("refuse please"),
		);
		assert.equal(refusals.length, 1, "the refused request reached the provider once, through the gateway");
		assert.equal(refusals[0].viaGateway, true);
		assert.equal(
			requests.filter((r) => r.viaGateway).length,
			1 + 1 + 4,
			"hello, the refusal and four slow requests came through the gateway",
		);
	});
});
