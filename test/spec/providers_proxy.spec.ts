/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { isClientRefusal, migrateBaseUrl, proxiedBase } from "provider/proxy_route";

const refusalDoc = { error: { type: "unauthorized_client_error", message: "Unauthorized client detected" } };

export = () => {
	describe("proxy route", () => {
		it("switches only AgentRouter's official /v1 route, keeping the suffix and query", () => {
			expect(proxiedBase("https://agentrouter.org/v1")).to.equal(
				"https://puai-proxy.davidzk.tech/agentrouter/v1",
			);
			expect(proxiedBase("agentrouter.org")).to.equal("https://puai-proxy.davidzk.tech/agentrouter/v1");
			expect(proxiedBase("https://api.agentrouter.org/v1/messages?beta=1")).to.equal(
				"https://puai-proxy.davidzk.tech/agentrouter/v1/messages?beta=1",
			);
			expect(proxiedBase("https://agentrouter.org:443/v1")).to.equal(
				"https://puai-proxy.davidzk.tech/agentrouter/v1",
			);
			expect(proxiedBase("https://agentrouter.org:8443/v1")).to.equal(undefined);
			expect(proxiedBase("https://agentrouter.org/custom/v1")).to.equal(undefined);
			expect(proxiedBase("https://agentrouter.org.evil.example/v1")).to.equal(undefined);
			expect(proxiedBase("https://notagentrouter.org/v1")).to.equal(undefined);
			expect(proxiedBase("https://api.anthropic.com/v1")).to.equal(undefined);
		});

		it("recognises explicit structured and short plain-text refusals", () => {
			expect(isClientRefusal(401, "{}", refusalDoc)).to.equal(true);
			expect(isClientRefusal(403, "{}", { error: "unauthorized client" })).to.equal(true);
			expect(isClientRefusal(400, "{}", { detail: "Client is not authorized for this endpoint" })).to.equal(true);
			expect(isClientRefusal(200, "{}", { type: "error", error: { name: "UnauthorizedClientError" } })).to.equal(
				true,
			);
			expect(isClientRefusal(401, "unauthorized client", undefined)).to.equal(true);
		});

		it("never treats other refusals or content as a client refusal", () => {
			expect(isClientRefusal(401, "{}", { error: { message: "Invalid API key" } })).to.equal(false);
			expect(isClientRefusal(401, "{}", { error: { message: "unauthorized client: key expired" } })).to.equal(
				false,
			);
			expect(
				isClientRefusal(403, "{}", { error: { type: "FreeTierError", message: "unauthorized client" } }),
			).to.equal(false);
			expect(isClientRefusal(401, "{}", { error: { message: "Unauthorized" } })).to.equal(false);
			expect(isClientRefusal(500, "{}", refusalDoc)).to.equal(false);
			expect(isClientRefusal(200, "{}", { choices: [], note: "unauthorized client" })).to.equal(false);
			expect(isClientRefusal(200, "unauthorized client", undefined)).to.equal(false);
			expect(isClientRefusal(403, "<html>unauthorized client</html>", undefined)).to.equal(false);
			expect(isClientRefusal(401, "data: unauthorized client\n\n", undefined)).to.equal(false);
			expect(isClientRefusal(401, string.rep("x", 600) + " unauthorized client", undefined)).to.equal(false);
			expect(isClientRefusal(401, string.rep(" ", 70000), refusalDoc)).to.equal(false);
		});

		it("moves retired OpenCode proxy URLs to Zen and leaves the Go alias alone", () => {
			expect(migrateBaseUrl("https://puai-proxy.davidzk.tech/opencode/v1")).to.equal(
				"https://opencode.ai/zen/v1",
			);
			expect(migrateBaseUrl("https://puai-proxy.davidzk.tech/opencode/v1/chat/completions?x=1")).to.equal(
				"https://opencode.ai/zen/v1/chat/completions?x=1",
			);
			expect(migrateBaseUrl("https://opencode.ai/zen/go/v1")).to.equal("https://opencode.ai/zen/go/v1");
			expect(migrateBaseUrl("https://puai-proxy.davidzk.tech/agentrouter/v1")).to.equal(
				"https://puai-proxy.davidzk.tech/agentrouter/v1",
			);
		});
	});
};
