/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { createProviders, NO_PROVIDER, Providers } from "provider/registry";
import { ProviderRecord } from "provider/record";
import { createBlockerRegistry } from "runtime/blockers";
import { createCleanupRegistry } from "runtime/cleanup";
import { createConfig } from "runtime/config";
import { createLog } from "runtime/log";
import { createStorage } from "runtime/storage";
import { contains, decodeJson, hostClockEnv, httpServiceCapability, serve } from "./providers_support";

function freshRuntime() {
	const log = createLog();
	const cleanup = createCleanupRegistry(log.scope("cleanup"));
	const config = createConfig({
		storage: createStorage(undefined, log.scope("storage")),
		log: log.scope("config"),
		cleanup,
		blockers: createBlockerRegistry(log.scope("blockers")),
		onWrite: () => undefined,
	});
	config.load();
	const providers = createProviders({
		config: config.public,
		log: log.scope("providers"),
		http: httpServiceCapability,
		canReachLocal: true,
		transport: hostClockEnv,
	});
	return { config: config.public, providers, log };
}

function draft(providers: Providers, label = "My Relay"): ProviderRecord {
	const [record] = providers.public.blank("custom");
	record!.label = label;
	record!.baseUrl = "relay.example.com";
	record!.apiKey = "sk-registry-canary";
	record!.model = "m1";
	record!.models = ["m1"];
	return record!;
}

export = () => {
	describe("uai.providers", () => {
		it("blank() starts from a preset and refuses unknown ones", () => {
			const { providers } = freshRuntime();
			const [openrouter] = providers.public.blank("openrouter");
			expect(openrouter!.baseUrl).to.equal("https://openrouter.ai/api/v1");
			const [custom] = providers.public.blank();
			expect(custom!.preset).to.equal("custom");
			const [none, reason] = providers.public.blank("github");
			expect(none).to.equal(undefined);
			expect(contains(reason!, "unknown preset")).to.equal(true);
		});

		it("save() normalises, assigns id and order, mutates the record, and makes the first one active", () => {
			const { providers, config } = freshRuntime();
			const events = new Array<string>();
			providers.public.changed.connect((kind, id) => events.push(`${kind}:${id}`));
			const record = draft(providers);
			const [ok, saved] = providers.public.save(record);
			expect(ok).to.equal(true);
			expect(saved).to.equal(record);
			expect(record.id).to.equal("my-relay");
			expect(record.baseUrl).to.equal("https://relay.example.com/v1");
			expect(record.order).to.equal(1);
			expect(providers.public.active()).to.equal(record);
			expect(providers.public.get("my-relay")).to.equal(record);
			const second = draft(providers);
			providers.public.save(second);
			expect(second.id).to.equal("my-relay-2");
			expect(second.order).to.equal(2);
			expect(providers.public.count()).to.equal(2);
			expect(providers.public.list()[1]).to.equal(second);
			expect(events.join(",")).to.equal("save:my-relay,save:my-relay-2");
			expect(config.get("providers.active")).to.equal("my-relay");
			const stored = config.get("providers.list") as Array<{ id: string }>;
			expect(stored.size()).to.equal(2);
		});

		it("save() and validate() return problems as values", () => {
			const { providers } = freshRuntime();
			const record = draft(providers);
			record.apiKey = "";
			const [ok, problems] = providers.public.save(record);
			expect(ok).to.equal(false);
			expect(contains((problems as Array<string>).join(" "), "API key is needed")).to.equal(true);
			expect(providers.public.count()).to.equal(0);
			const [valid, list] = providers.public.validate({ label: "x", baseUrl: "ftp://x", api: "grpc" });
			expect(valid).to.equal(false);
			expect(contains(list.join(" "), "not implemented")).to.equal(true);
			const [saved] = providers.public.save("nope");
			expect(saved).to.equal(false);
			const [frozen, frozenProblems] = providers.public.save(table.freeze(draft(providers)));
			expect(frozen).to.equal(false);
			expect(contains((frozenProblems as Array<string>)[0], "read-only")).to.equal(true);
		});

		it("setModel() puts the id first and selects it; remove() falls back to the first remaining", () => {
			const { providers } = freshRuntime();
			const a = draft(providers, "A");
			const b = draft(providers, "B");
			providers.public.save(a);
			providers.public.save(b);
			const [set] = providers.public.setModel("a", "m2");
			expect(set).to.equal(true);
			expect(a.models.join(",")).to.equal("m2,m1");
			expect(a.model).to.equal("m2");
			const [bad, why] = providers.public.setModel("a", "");
			expect(bad).to.equal(false);
			expect(why !== undefined).to.equal(true);
			expect(providers.public.setActive("b")[0]).to.equal(true);
			expect(providers.public.remove("b")[0]).to.equal(true);
			expect(providers.public.active()).to.equal(a);
			expect(providers.public.remove("zzz")[0]).to.equal(false);
			expect(providers.public.setActive("zzz")[0]).to.equal(false);
		});

		it("usable() explains that a provider must be added", () => {
			const { providers } = freshRuntime();
			const [record, reason] = providers.usable();
			expect(record).to.equal(undefined);
			expect(reason).to.equal(NO_PROVIDER);
		});

		it("reloads when the configuration is replaced, and never logs a key", () => {
			const { providers, config, log } = freshRuntime();
			providers.public.save(draft(providers));
			const events = new Array<string>();
			providers.public.changed.connect((kind) => events.push(kind));
			config.set("providers.list", []);
			expect(providers.public.count()).to.equal(0);
			expect(events.includes("reload")).to.equal(true);
			config.set("providers.list", [{ id: "imported", label: "I", params: { nested: { n: 1 } } }]);
			const imported = providers.public.get("imported")!;
			(imported.params.nested as { n: number }).n = 2;
			expect((imported.params.nested as { n: number }).n).to.equal(2);
			for (const entry of log.public.entries()) expect(contains(entry.text, "canary")).to.equal(false);
		});

		it("discover() lists a saved record's models and keeps drafts apart", () => {
			const { providers } = freshRuntime();
			const server = serve(() => '{"data":[{"id":"x"},{"id":"a"}]}');
			const record = draft(providers);
			record.baseUrl = server.url + "/v1";
			providers.public.save(record);
			const [ok, models] = providers.public.discover("my-relay");
			expect(ok).to.equal(true);
			expect((models as Array<string>).join(",")).to.equal("m1,a,x");
			const copy = draft(providers);
			copy.baseUrl = server.url + "/v1";
			const [draftOk, , details] = providers.public.discover(copy);
			expect(draftOk).to.equal(true);
			expect(details!.cached).to.equal(false);
			expect(providers.public.discover("my-relay")[2]!.cached).to.equal(true);
			server.stop();
			expect(server.requests.size()).to.equal(2);
			const [missing, reason] = providers.public.discover("nope");
			expect(missing).to.equal(false);
			expect(typeIs(reason, "string")).to.equal(true);
			expect(decodeJson("{}") !== undefined).to.equal(true);
		});
	});
};
