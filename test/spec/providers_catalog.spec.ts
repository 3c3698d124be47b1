/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { HttpCapability } from "net/http";
import { headerValue } from "net/headers";
import { getPreset, presetIds, presetsOfTier, recordFromPreset } from "provider/catalog";
import { inferenceUrl, modelsUrl, providerHeaders } from "provider/connection";
import { USER_AGENT } from "provider/identity";
import { PRESETS } from "provider/presets";
import { buildBody } from "provider/protocols/adapter";
import { validateRecord } from "provider/validate";
import { contains } from "./providers_support";

const executorHttp: HttpCapability = { via: "executor", canSetUserAgent: true, send: () => error("unused") };
const robloxHttp: HttpCapability = { via: "roblox", canSetUserAgent: false, send: () => error("unused") };

/** The header that carries the key for each auth style, as the matrix expects it. */
const KEY_HEADER: Record<string, string> = {
	bearer: "Authorization",
	"x-api-key": "x-api-key",
	"api-key": "api-key",
	"x-goog-api-key": "x-goog-api-key",
};

export = () => {
	describe("catalog", () => {
		it("names every preset docs/PROVIDER_COMPATIBILITY.md lists, except the retired GitHub Models", () => {
			const expected = [
				"hcnsec agentrouter anthropic google azure-foundry azure zen opencode-go",
				"openai openrouter deepseek groq cerebras mistral together fireworks deepinfra hyperbolic nebius novita",
				"sambanova moonshot dashscope siliconflow volcano-ark hunyuan qianfan stepfun yi baichuan spark upstage",
				"reka ai21 cohere huggingface ollama-cloud baseten kluster chutes featherless nanogpt requesty scaleway",
				"runpod kilo ovhcloud modelscope zai nvidia cloudflare aionlabs",
				"ollama lmstudio vllm llamacpp sglang custom",
			]
				.join(" ")
				.split(" ");
			expect(presetIds().join(" ")).to.equal(expected.join(" "));
			expect(getPreset("github")).to.equal(undefined);
		});

		it("gives every preset a tier, a one-line description and the source of its base URL", () => {
			for (const preset of PRESETS) {
				expect(preset.description.size() > 10 && !contains(preset.description, "\n")).to.equal(true);
				expect(preset.source !== "").to.equal(true);
				expect(["free", "paid", "local"].includes(preset.tier)).to.equal(true);
			}
			expect(getPreset("hcnsec")!.badge).to.equal("Included");
			expect(presetsOfTier("local").size()).to.equal(5);
			for (const preset of presetsOfTier("local")) expect(preset.authStyle).to.equal("none");
		});

		it("makes a fresh record from a preset without a key or a model", () => {
			const record = recordFromPreset(getPreset("openrouter")!);
			expect(record.apiKey).to.equal("");
			expect(record.model).to.equal("");
			expect(record.models.size()).to.equal(0);
			expect(record.headers["X-Title"]).to.equal("Project UAI");
			record.headers["X-Title"] = "changed";
			expect(getPreset("openrouter")!.headers!["X-Title"]).to.equal("Project UAI");
		});
	});

	describe("preset matrix", () => {
		it("builds both request shapes for every preset: base URL, protocol, auth header, inference body", () => {
			for (const preset of PRESETS) {
				const record = recordFromPreset(preset);
				const [placeholder] = record.baseUrl.match("YOUR%-[%u%-]+");
				if (placeholder !== undefined) record.baseUrl = record.baseUrl.gsub("YOUR%-[%u%-]+", "acme")[0];
				record.apiKey = preset.authStyle === "none" ? "" : "test-key";
				record.model = "some-model";
				const models = modelsUrl(record);
				const inference = inferenceUrl(record, "some-model", true);
				expect(models.ok && inference.ok).to.equal(true);
				if (!models.ok || !inference.ok) continue;
				const base = record.baseUrl;
				expect(models.url.sub(1, base.size())).to.equal(base);
				const inferencePath = {
					openai: "/chat/completions",
					anthropic: "/messages",
					gemini: "/models/some-model:streamGenerateContent",
				}[record.api];
				expect(contains(inference.url, base + inferencePath)).to.equal(true);
				const headers = providerHeaders(record, record.apiKey, executorHttp);
				const keyHeader = KEY_HEADER[preset.authStyle];
				if (keyHeader !== undefined)
					expect(contains(headerValue(headers, keyHeader) ?? "", "test-key")).to.equal(true);
				else expect(headerValue(headers, "Authorization")).to.equal(undefined);
				expect(headerValue(headers, "anthropic-version") !== undefined).to.equal(record.api === "anthropic");
				expect(headerValue(headers, "User-Agent")).to.equal(USER_AGENT);
				expect(validateRecord(record, { canReachLocal: true }).size()).to.equal(0);
				const body = buildBody(
					record.api,
					{ model: record.model, messages: [{ role: "user", content: "hi" }], stream: true },
					{ scope: { endpoint: inference.url, model: record.model }, omitModel: preset.modelInUrl },
				);
				const shape = { openai: "messages", anthropic: "messages", gemini: "contents" }[record.api];
				expect(body[shape] !== undefined).to.equal(true);
				expect(body.model).to.equal(
					record.api === "gemini" || preset.modelInUrl === true ? undefined : "some-model",
				);
			}
		});

		it("keeps the Azure api-version and the Gemini SSE query, and sends no User-Agent through HttpService", () => {
			const azure = recordFromPreset(getPreset("azure")!);
			azure.baseUrl = "https://acme.openai.azure.com/openai/deployments/gpt";
			const url = modelsUrl(azure);
			expect(url.ok && url.url).to.equal(
				"https://acme.openai.azure.com/openai/deployments/gpt/models?api-version=2024-10-21",
			);
			const gemini = recordFromPreset(getPreset("google")!);
			const stream = inferenceUrl(gemini, "gemini-2.5-flash", true);
			expect(stream.ok && stream.url).to.equal(
				"https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
			);
			expect(headerValue(providerHeaders(gemini, "k", robloxHttp), "User-Agent")).to.equal(undefined);
		});
	});
};
