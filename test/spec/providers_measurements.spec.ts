/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// The public pieces behind `uai.providers.presets/protocols/authStyles/warm/probes`: the catalog
// descriptions, and free-routing measurements per connection (refusals, probe order and times,
// change notices, sharing by connection, the eight-connection bound, the setting turned off), plus
// the UI LIB option field the model picker marks free choices with.
import { TransportEnv } from "net/http";
import { AUTH_CHOICES, presetDescriptions, PROTOCOL_CHOICES } from "provider/descriptions";
import { PRESETS } from "provider/presets";
import { AUTH_STYLES, PROTOCOLS, ProviderRecord } from "provider/record";
import { createMeasurements } from "provider/routing/measurements";
import { PROBE_TOOL } from "provider/routing/probe";
import { PublicConfig } from "runtime/config";
import { decode } from "runtime/json";
import { createSignal } from "runtime/signal";
import { readChoices } from "ui-lib/core/choices";
import { autoRecord, contains, hostClockEnv, httpServiceCapability, LoopbackRequest, serve } from "./providers_support";

const LATENCY = new Map<string, number>([
	["quick", 1],
	["steady", 2],
	["silent", 0.5],
]);

function sse(delta: string): string {
	return `data: {"choices":[{"index":0,"delta":${delta},"finish_reason":null}]}\n\ndata: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n`;
}

function record(baseUrl: string, apiKey: string, patch: Partial<ProviderRecord> = {}): ProviderRecord {
	return autoRecord(baseUrl, apiKey, { preset: "hcnsec", ...patch });
}

export = () => {
	describe("provider descriptions", () => {
		it("describe every gallery preset read-only, without custom", () => {
			const presets = presetDescriptions();
			expect(presets.size()).to.equal(PRESETS.size());
			expect(presets.find((preset) => preset.id === "custom")).to.equal(undefined);
			expect(table.isfrozen(presets) && table.isfrozen(presets[0])).to.equal(true);
			expect(presets[0].id).to.equal(PRESETS[0].id);
			expect(presets[0].tier).to.equal(PRESETS[0].tier);
		});
		it("label every protocol and auth style", () => {
			expect(PROTOCOL_CHOICES.size()).to.equal(PROTOCOLS.size());
			expect(AUTH_CHOICES.size()).to.equal(AUTH_STYLES.size());
			for (const choice of [...PROTOCOL_CHOICES, ...AUTH_CHOICES]) expect(choice.label !== "").to.equal(true);
		});
		it("read the Highlight option field", () => {
			const choices = readChoices([{ Value: "a", Highlight: true }, "b"], "Dropdown", 0, 10);
			expect(choices[0].highlight).to.equal(true);
			expect(choices[1].highlight).to.equal(false);
			expect(pcall(() => readChoices([{ Value: "a", Highlight: "yes" }], "Dropdown", 0, 10))[0]).to.equal(false);
		});
	});

	describe("free-routing measurements", () => {
		let clock = 0;
		const env: TransportEnv = { ...hostClockEnv, now: () => clock };
		const settings: Record<string, unknown> = { "agent.freeRouting": true };
		const configChanged = createSignal<[string | undefined, unknown]>("config.changed", () => undefined);
		const config = {
			get: (path: unknown) => settings[tostring(path)],
			changed: configChanged.signal,
		} as unknown as PublicConfig;
		const notices = new Array<string>();
		let requests = 0;
		const server = serve((request: LoopbackRequest) => {
			requests += 1;
			if (contains(request.path, "/models"))
				return '{"data":[{"id":"auto"},{"id":"steady"},{"id":"quick"},{"id":"silent"}]}';
			assert(contains(request.body, PROBE_TOOL.name), "only the synthetic probe is sent");
			const [body] = decode(request.body);
			const model = (body as { model: string }).model;
			clock += LATENCY.get(model) ?? 1;
			if (contains(request.body, '"role":"tool"')) return sse('{"content":"done"}');
			if (model === "silent") return sse('{"content":"no tools"}');
			return sse(
				`{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"${PROBE_TOOL.name}","arguments":"{}"}}]}`,
			);
		});
		const base = `${server.url}/v1`;
		const measurements = createMeasurements({
			config,
			env: { http: httpServiceCapability, decode: (text) => decode(text)[0], transport: env },
			noHttpReason: "no HTTP",
			problems: () => [],
			changed: (ids) => notices.push(ids.join(",")),
			spawn: (work) => work(),
		});

		it("refuses what free routing does not measure, saying why", () => {
			const refusal = (patch: Partial<ProviderRecord>) => measurements.warm(record(base, "sk-1", patch))[1] ?? "";
			expect(contains(refusal({ model: "quick" }), "only the auto selector")).to.equal(true);
			expect(contains(refusal({ model: "" }), "no model is selected")).to.equal(true);
			expect(contains(refusal({ preset: "openrouter" }), "personal key")).to.equal(true);
			expect(contains(refusal({ wsUrl: "wss://x.test/" }), "explicit")).to.equal(true);
			expect(requests).to.equal(0);
		});

		it("measures in the background and lists the fastest verified first", () => {
			notices.clear();
			const target = record(base, "sk-1");
			const [ok] = measurements.warm(target);
			expect(ok).to.equal(true);
			const [probes, running] = measurements.probes(target);
			expect(running).to.equal(false);
			expect(probes.map((probe) => probe.model).join(" ")).to.equal("quick steady silent");
			expect(probes[0].seconds).to.equal(2);
			expect(probes[1].seconds).to.equal(4);
			expect(probes[2].verified).to.equal(false);
			expect(probes[2].reason).to.equal("the model did not call the check tool");
			expect(probes.every((probe) => probe.at <= clock)).to.equal(true);
			// started, three probes, finished: each a notice for this record id
			expect(notices.size()).to.equal(5);
			expect(notices.every((ids) => ids === "free")).to.equal(true);
			// a draft with the same connection shares them; warming fresh ones sends nothing
			const before = requests;
			const draft = record(base, "sk-1", { id: "" });
			expect(measurements.probes(draft)[0].size()).to.equal(3);
			measurements.warm(draft);
			expect(requests).to.equal(before);
			// another key is another connection
			expect(measurements.probes(record(base, "sk-2"))[0].size()).to.equal(0);
		});

		it("keeps eight connections and drops all when the setting is off", () => {
			const first = record(base, "sk-1");
			expect(measurements.probes(first)[0].size()).to.equal(3);
			for (let i = 2; i <= 9; i++) measurements.warm(record(base, `sk-${i}`));
			expect(measurements.probes(first)[0].size()).to.equal(0);
			expect(measurements.probes(record(base, "sk-9"))[0].size()).to.equal(3);
			settings["agent.freeRouting"] = false;
			notices.clear();
			configChanged.fire("agent.freeRouting", false);
			expect(measurements.probes(record(base, "sk-9"))[0].size()).to.equal(0);
			expect(notices.size()).to.equal(8);
			expect(contains(measurements.warm(first)[1] ?? "", "Automatic free routing")).to.equal(true);
			measurements.destroy();
			server.stop();
		});
	});
};
