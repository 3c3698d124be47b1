/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { HttpService } from "@rbxts/services";
import { getPreset, recordFromPreset } from "provider/catalog";
import { discoverModels, invalidateDiscovery } from "provider/discovery";
import { newPool } from "provider/key_pool";
import { parseModelPage } from "provider/model_list";
import { ProviderEnv } from "provider/operation";
import { ProviderRecord } from "provider/record";
import {
	contains,
	decodeJson,
	hostClockEnv,
	httpServiceCapability,
	LoopbackRequest,
	LoopbackResponse,
	serve,
	testHost,
} from "./providers_support";

let clockOffset = 0;
const env: ProviderEnv = {
	http: httpServiceCapability,
	decode: decodeJson,
	transport: { ...hostClockEnv, now: () => os.clock() + clockOffset },
};

let scopes = 0;
function freshScope(): string {
	scopes += 1;
	return `spec:${scopes}`;
}

function customRecord(baseUrl: string, apiKey = "k1"): ProviderRecord {
	const record = recordFromPreset(getPreset("custom")!);
	record.label = "Test";
	record.baseUrl = baseUrl;
	record.apiKey = apiKey;
	return record;
}

const json = (value: unknown): LoopbackResponse => ({
	status: 200,
	headers: { "Content-Type": "application/json" },
	body: HttpService.JSONEncode(value),
});

export = () => {
	describe("model list parsing", () => {
		it("accepts data, models and bare arrays of strings or objects, keeping embeddings", () => {
			const page = parseModelPage("openai", {
				data: [{ id: "b" }, { name: "a" }, { model: "text-embedding-3" }, "c"],
			})!;
			expect(page.ids.join(",")).to.equal("b,a,text-embedding-3,c");
			expect(parseModelPage("openai", { models: [{ name: "llama3" }] })!.ids[0]).to.equal("llama3");
			expect(parseModelPage("openai", ["x"])!.ids[0]).to.equal("x");
			expect(parseModelPage("openai", { data: [] })!.ids.size()).to.equal(0);
			expect(parseModelPage("openai", { error: { message: "no" } })).to.equal(undefined);
		});

		it("keeps Google's generation-capable models without the models/ prefix", () => {
			const page = parseModelPage("gemini", {
				models: [
					{ name: "models/gemini-2.5-flash", supportedGenerationMethods: ["generateContent", "countTokens"] },
					{ name: "models/text-embedding-004", supportedGenerationMethods: ["embedContent"] },
				],
				nextPageToken: "p2",
			})!;
			expect(page.ids.join(",")).to.equal("gemini-2.5-flash");
			expect(page.nextPage).to.equal("p2");
		});
	});

	describe("discovery over loopback HTTP", () => {
		it("lists manual ids first, then discovered ids de-duplicated and sorted", () => {
			const server = serve(() =>
				json({ object: "list", data: [{ id: "zeta" }, { id: "alpha" }, { id: "mine" }, { id: "alpha" }] }),
			);
			const record = customRecord(server.url + "/v1");
			record.models = ["mine"];
			const outcome = discoverModels(record, freshScope(), newPool(record.apiKey), env);
			server.stop();
			expect(outcome.ok).to.equal(true);
			expect(outcome.models.join(",")).to.equal("mine,alpha,zeta");
			expect(server.requests[0].path).to.equal("/v1/models");
			expect(server.requests[0].headers.authorization).to.equal("Bearer k1");
		});

		it("follows Google's native paging with pageSize and pageToken", () => {
			const server = serve((request: LoopbackRequest) => {
				const token = request.query.pageToken;
				const n = token === undefined ? 1 : tonumber(token)!;
				const models = [{ name: `models/gemini-${n}`, supportedGenerationMethods: ["generateContent"] }];
				return json(n < 3 ? { models, nextPageToken: tostring(n + 1) } : { models });
			});
			const record = customRecord(server.url + "/v1beta", "AIza-test");
			record.api = "gemini";
			record.authStyle = "x-goog-api-key";
			const outcome = discoverModels(record, freshScope(), newPool(record.apiKey), env);
			server.stop();
			expect(outcome.discovered.join(",")).to.equal("gemini-1,gemini-2,gemini-3");
			expect(server.requests.size()).to.equal(3);
			expect(server.requests[0].query.pageSize).to.equal("1000");
			expect(server.requests[2].query.pageToken).to.equal("3");
			expect(server.requests[0].headers["x-goog-api-key"]).to.equal("AIza-test");
		});

		it("stops Google paging at ten pages", () => {
			const server = serve((request: LoopbackRequest) => {
				const n = tonumber(request.query.pageToken ?? "1")!;
				return json({
					models: [{ name: `models/m${n}`, supportedGenerationMethods: ["generateContent"] }],
					nextPageToken: tostring(n + 1),
				});
			});
			const record = customRecord(server.url + "/v1beta");
			record.api = "gemini";
			const outcome = discoverModels(record, freshScope(), newPool(record.apiKey), env);
			server.stop();
			expect(server.requests.size()).to.equal(10);
			expect(outcome.discovered.size()).to.equal(10);
		});

		it("caches for ten minutes per connection, spending no key on a cached list", () => {
			const server = serve(() => json({ data: [{ id: "m" }] }));
			const record = customRecord(server.url + "/v1", "k1,k2");
			const scope = freshScope();
			const pool = newPool(record.apiKey);
			expect(discoverModels(record, scope, pool, env).cached).to.equal(false);
			expect(discoverModels(record, scope, pool, env).cached).to.equal(true);
			expect(server.requests.size()).to.equal(1);
			expect(discoverModels(record, scope, pool, env, { force: true }).cached).to.equal(false);
			expect(server.requests[1].headers.authorization).to.equal("Bearer k2");
			clockOffset += 601;
			expect(discoverModels(record, scope, pool, env).cached).to.equal(false);
			expect(server.requests[2].headers.authorization).to.equal("Bearer k1");
			record.headers["X-Extra"] = "1";
			expect(discoverModels(record, scope, pool, env).cached).to.equal(false);
			expect(discoverModels(record, freshScope(), pool, env).cached).to.equal(false);
			server.stop();
			expect(server.requests.size()).to.equal(5);
		});

		it("treats HTTP error documents as errors, never as cached empty lists", () => {
			let refuse = true;
			const server = serve(() =>
				refuse
					? {
							status: 401,
							body: '{"error":{"message":"bad key sk-canary-123","type":"invalid_request_error"}}',
						}
					: json({ data: [{ id: "m" }] }),
			);
			const record = customRecord(server.url + "/v1", "sk-canary-123");
			const scope = freshScope();
			const first = discoverModels(record, scope, newPool(record.apiKey), env);
			expect(first.ok).to.equal(false);
			expect(contains(first.error!, "key was rejected")).to.equal(true);
			expect(contains(first.error!, "canary")).to.equal(false);
			refuse = false;
			const second = discoverModels(record, scope, newPool(record.apiKey), env);
			server.stop();
			expect(second.ok && !second.cached).to.equal(true);
		});

		it("says when a server has no model list or lists nothing", () => {
			const server = serve((request: LoopbackRequest) =>
				contains(request.path, "/empty") ? json({ data: [] }) : { status: 404, body: "Not Found" },
			);
			const missing = discoverModels(customRecord(server.url + "/v1"), freshScope(), newPool("k"), env);
			const empty = discoverModels(customRecord(server.url + "/empty/v1"), freshScope(), newPool("k"), env);
			server.stop();
			expect(contains(missing.error!, "by hand")).to.equal(true);
			expect(contains(empty.error!, "listed no models")).to.equal(true);
		});

		it("lets the newer of two overlapping fetches win; the older one stores nothing", () => {
			const server = serve((request: LoopbackRequest) =>
				request.headers.authorization === "Bearer slow"
					? { ...(json({ data: [{ id: "old" }] }) as object), delay: 0.3 }
					: json({ data: [{ id: "new" }] }),
			);
			const scope = freshScope();
			const older = customRecord(server.url + "/v1", "slow");
			let first: ReturnType<typeof discoverModels> | undefined;
			task.spawn(() => {
				first = discoverModels(older, scope, newPool("slow"), env);
			});
			const newer = customRecord(server.url + "/v1", "fast");
			const second = discoverModels(newer, scope, newPool("fast"), env);
			while (first === undefined) task.wait(0.1);
			server.stop();
			expect(second.ok).to.equal(true);
			expect(first.superseded).to.equal(true);
			expect(first.discovered.size()).to.equal(0);
			const cached = discoverModels(newer, scope, newPool("fast"), env);
			expect(cached.cached && cached.discovered[0]).to.equal("new");
		});

		it("drops a response whose settings changed mid-fetch, and invalidation makes a fetch stale", () => {
			const server = serve(() => ({ ...(json({ data: [{ id: "m" }] }) as object), delay: 0.3 }));
			const record = customRecord(server.url + "/v1", "before");
			const scope = freshScope();
			let outcome: ReturnType<typeof discoverModels> | undefined;
			task.spawn(() => {
				outcome = discoverModels(record, scope, newPool("before"), env);
			});
			record.apiKey = "after";
			while (outcome === undefined) task.wait(0.1);
			expect(outcome.superseded).to.equal(true);
			let second: ReturnType<typeof discoverModels> | undefined;
			task.spawn(() => {
				second = discoverModels(record, scope, newPool("after"), env);
			});
			invalidateDiscovery(scope);
			while (second === undefined) task.wait(0.1);
			server.stop();
			expect(second.superseded).to.equal(true);
		});
	});

	describe("AgentRouter proxy recovery over the named-host mapping", () => {
		const listing = json({ data: [{ id: "claude-test" }] });

		it("switches once to the proxy after an explicit client refusal, keeping key and headers", () => {
			const official = serve(() => ({
				status: 401,
				body: '{"error":{"type":"unauthorized_client_error","message":"Unauthorized client"}}',
			}));
			const proxy = serve(() => listing);
			testHost.network.mapHost("agentrouter.org", official);
			testHost.network.mapHost("puai-proxy.davidzk.tech", proxy);
			const record = recordFromPreset(getPreset("agentrouter")!);
			record.apiKey = "ar-key";
			record.query = { beta: "1" };
			const outcome = discoverModels(record, freshScope(), newPool(record.apiKey), env);
			official.stop();
			proxy.stop();
			expect(outcome.ok).to.equal(true);
			expect(outcome.proxiedTo).to.equal("https://puai-proxy.davidzk.tech/agentrouter/v1");
			expect(official.requests.size()).to.equal(1);
			expect(proxy.requests.size()).to.equal(1);
			const sent = proxy.requests[0];
			expect(sent.path).to.equal("/agentrouter/v1/models");
			expect(sent.query.beta).to.equal("1");
			expect(sent.headers["x-api-key"]).to.equal("ar-key");
			expect(sent.headers["anthropic-version"]).to.equal("2023-06-01");
		});

		it("does not switch for ordinary refusals or custom routes, and switches at most once", () => {
			const invalid = serve(() => ({ status: 401, body: '{"error":{"message":"Invalid API key"}}' }));
			const proxy = serve(() => ({ status: 401, body: '{"error":{"message":"unauthorized client"}}' }));
			testHost.network.mapHost("agentrouter.org", invalid);
			testHost.network.mapHost("puai-proxy.davidzk.tech", proxy);
			const record = recordFromPreset(getPreset("agentrouter")!);
			record.apiKey = "ar-key";
			expect(discoverModels(record, freshScope(), newPool("ar-key"), env).proxiedTo).to.equal(undefined);
			expect(proxy.requests.size()).to.equal(0);
			const refusing = serve(() => ({ status: 403, body: "unauthorized client" }));
			testHost.network.mapHost("agentrouter.org", refusing);
			const twice = discoverModels(record, freshScope(), newPool("ar-key"), env);
			expect(twice.ok).to.equal(false);
			expect(proxy.requests.size()).to.equal(1);
			const custom = customRecord(refusing.url + "/v1", "ar-key");
			custom.api = "anthropic";
			discoverModels(custom, freshScope(), newPool("ar-key"), env);
			invalid.stop();
			proxy.stop();
			refusing.stop();
			expect(proxy.requests.size()).to.equal(1);
		});
	});
};
