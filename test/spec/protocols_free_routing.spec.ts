/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Automatic free routing against a loopback Chat Completions server: discovery of the live catalog,
// the synthetic tool call and its result replay per model, two workers over at most 32 ids, the
// fastest verified candidate within ten seconds per response, expiry and signature changes,
// removal after a slow real response, and the routes it must leave alone.
import { TransportEnv } from "net/http";
import { newPool } from "provider/key_pool";
import type { ProviderRecord } from "provider/record";
import { FREE_ROUTING, FreeChoiceRequest, FreeRouter } from "provider/routing/free_router";
import { PROBE_TOOL } from "provider/routing/probe";
import { recordRouterDeps, routingSignature } from "provider/routing/record_deps";
import { decode } from "runtime/json";
import {
	autoRecord,
	hostClockEnv,
	httpServiceCapability,
	LoopbackRequest,
	LoopbackServer,
	serve,
} from "./providers_support";

// Latency of each response, by model (seconds on the test clock), in catalog order.
const MODELS: ReadonlyArray<[string, number]> = [
	["fast-a", 3],
	["fast-b", 1.5],
	["slow-first", 11],
	["slow-second", 4],
	["broken", 1],
	["no-tool", 1],
	["tiny-window", 0.5],
];
const LATENCY = new Map(MODELS);

function sse(...chunks: Array<string>): string {
	return (
		chunks.map((c) => `data: {"choices":[{"index":0,"delta":${c},"finish_reason":null}]}\n\n`).join("") +
		'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'
	);
}

function record(baseUrl: string, apiKey = "sk-free-routing-test-0001"): ProviderRecord {
	return autoRecord(baseUrl, apiKey);
}

const REQUEST: FreeChoiceRequest = {
	enabled: true,
	selector: "auto",
	personalKey: false,
	hasImages: false,
	explicitSettings: false,
	neededTokens: 20_000,
};

export = () => {
	describe("automatic free routing", () => {
		let clock = 0;
		const env: TransportEnv = { ...hostClockEnv, now: () => clock };
		const probes = new Array<string>();
		let server: LoopbackServer | undefined;
		const extraIds = new Array<string>();
		// discovery sorts ids: these come after the models above, and 25 of them fill the 32 probes
		for (let i = 10; i < 50; i++) extraIds.push(`zz-filler-${i}`);
		const handler = (request: LoopbackRequest) => {
			if (request.path.find("/models", 1, true)[0] !== undefined) {
				const ids = ["auto", ...MODELS.map(([id]) => id), ...extraIds].map((id) => `{"id":"${id}"}`);
				return `{"object":"list","data":[${ids.join(",")}]}`;
			}
			const [body] = decode(request.body);
			const model = (body as { model: string }).model;
			const replay = request.body.find('"role":"tool"', 1, true)[0] !== undefined;
			probes.push(`${model}:${replay ? "replay" : "call"}`);
			assert(request.body.find(PROBE_TOOL.name, 1, true)[0] !== undefined, "only the synthetic tool is declared");
			clock += model === "slow-second" && replay ? 11 : (LATENCY.get(model) ?? 0.2);
			if (model.sub(1, 3) === "zz-") return { status: 404, body: '{"error":{"message":"no such model"}}' };
			if (model === "broken") return { status: 500, body: '{"error":{"message":"down"}}' };
			if (replay) return sse('{"content":"done"}');
			if (model === "no-tool") return sse('{"content":"I will not call tools."}');
			return sse(
				`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"${PROBE_TOOL.name}","arguments":"{\\"ok\\":true}"}}]}`,
			);
		};
		const start = () => {
			server ??= serve(handler);
			return server;
		};
		const router = (base: string) => {
			const deps = recordRouterDeps(
				record(base),
				newPool("sk-free-routing-test-0001"),
				{ http: httpServiceCapability, decode: (t) => decode(t)[0], transport: env },
				(model) => (model === "tiny-window" ? 4096 : 128_000),
				(work) => work(),
			);
			return new FreeRouter(deps);
		};

		it("measures the catalog and chooses the fastest verified candidate", () => {
			const base = `${start().url}/v1`;
			const free = router(base);
			const signature = routingSignature(record(base));
			expect(free.choose(signature, REQUEST)).to.equal(undefined);
			free.warm(signature);
			expect(free.measuring(signature)).to.equal(false);
			const calls = probes.filter((p) => p.sub(-4) === "call");
			// at most 32 advertised ids, never the provider's own "auto"
			expect(calls.size()).to.equal(FREE_ROUTING.maxCandidates);
			expect(probes.includes("zz-filler-35:call")).to.equal(false);
			expect(probes.includes("auto:call")).to.equal(false);
			const choice = free.choose(signature, REQUEST);
			// tiny-window is fastest but cannot hold the request; fast-b beats fast-a
			expect(choice?.model).to.equal("fast-b");
			expect(choice?.notice.find("Settings → Agent → Automatic free routing", 1, true)[0] !== undefined).to.equal(
				true,
			);
			expect(free.latestProbe(signature, "fast-a")).to.equal(6);
			expect(free.choose(signature, { ...REQUEST, neededTokens: 2000 })?.model).to.equal("tiny-window");
			// a slow response (either one over ten seconds), a failure or a missing tool call is not
			// verified: once the verified models are removed, nothing is left to choose
			for (const model of ["fast-a", "fast-b", "tiny-window"]) free.report(signature, model, false, 1);
			expect(free.choose(signature, { ...REQUEST, neededTokens: 1000 })).to.equal(undefined);
			expect(probes.includes("slow-first:replay")).to.equal(false);
		});

		it("keeps explicit routes, personal keys, images and explicit settings", () => {
			const base = `${start().url}/v1`;
			const free = router(base);
			const signature = routingSignature(record(base));
			free.warm(signature);
			expect(free.choose(signature, REQUEST)).to.be.ok();
			expect(free.choose(signature, { ...REQUEST, enabled: false })).to.equal(undefined);
			expect(free.choose(signature, { ...REQUEST, selector: "fast-a" })).to.equal(undefined);
			expect(free.choose(signature, { ...REQUEST, personalKey: true })).to.equal(undefined);
			expect(free.choose(signature, { ...REQUEST, hasImages: true })).to.equal(undefined);
			expect(free.choose(signature, { ...REQUEST, explicitSettings: true })).to.equal(undefined);
			expect(free.choose(signature, { ...REQUEST, neededTokens: 1_000_000 })).to.equal(undefined);
		});

		it("removes a candidate after a slow or failed real response, and expires measurements", () => {
			const base = `${start().url}/v1`;
			const free = router(base);
			const signature = routingSignature(record(base));
			free.warm(signature);
			expect(free.choose(signature, REQUEST)?.model).to.equal("fast-b");
			free.report(signature, "fast-b", true, 12);
			expect(free.choose(signature, REQUEST)?.model).to.equal("fast-a");
			free.report(signature, "fast-a", false, 1);
			expect(free.choose(signature, REQUEST)).to.equal(undefined);
			// another connection signature (a new key) measures afresh; ten minutes expire them
			const other = routingSignature(record(base, "sk-free-routing-test-0002"));
			expect(free.choose(other, REQUEST)).to.equal(undefined);
			const before = probes.size();
			free.warm(signature);
			expect(probes.size()).to.equal(before);
			clock += FREE_ROUTING.ttlSeconds;
			expect(free.choose(signature, REQUEST)).to.equal(undefined);
			free.warm(signature);
			expect(probes.size() > before).to.equal(true);
			expect(free.choose(signature, REQUEST)?.model).to.equal("fast-b");
			server?.stop();
		});
	});
};
