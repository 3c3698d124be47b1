/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { headerValue, mergeHeaders } from "net/headers";
import { authHeaders } from "provider/auth";
import { getPreset, recordFromPreset } from "provider/catalog";
import { coolKey, newPool, pickKey, splitKeys } from "provider/key_pool";
import { validateRecord } from "provider/validate";
import { contains } from "./providers_support";

function problemsOf(edit: (record: ReturnType<typeof recordFromPreset>) => void, canReachLocal = true): string {
	const record = recordFromPreset(getPreset("openai")!);
	record.apiKey = "sk-secret-canary";
	record.model = "gpt-test";
	edit(record);
	return validateRecord(record, { canReachLocal }).join(" | ");
}

export = () => {
	describe("auth styles", () => {
		it("sends exactly the header each literal style names", () => {
			expect(authHeaders("bearer", "k").Authorization).to.equal("Bearer k");
			expect(authHeaders("x-api-key", "k")["x-api-key"]).to.equal("k");
			expect(authHeaders("api-key", "k")["api-key"]).to.equal("k");
			expect(authHeaders("x-goog-api-key", "k")["x-goog-api-key"]).to.equal("k");
			const both = authHeaders("both", "k");
			expect(both.Authorization).to.equal("Bearer k");
			expect(both["x-api-key"]).to.equal("k");
			expect(next(authHeaders("none", "k"))[0]).to.equal(undefined);
			expect(next(authHeaders("bearer", ""))[0]).to.equal(undefined);
		});
	});

	describe("header merge", () => {
		it("lets later maps win whatever the case, keeping the winner's spelling", () => {
			const merged = mergeHeaders({ Authorization: "Bearer a", "x-app": "1" }, undefined, {
				authorization: "Bearer b",
			});
			expect(merged.authorization).to.equal("Bearer b");
			expect(merged.Authorization).to.equal(undefined);
			expect(headerValue(merged, "AUTHORIZATION")).to.equal("Bearer b");
			expect(merged["x-app"]).to.equal("1");
		});
	});

	describe("key pools", () => {
		it("splits, trims and de-duplicates keys", () => {
			expect(splitKeys(" a ,b\n\nc\r\na, ").join("|")).to.equal("a|b|c");
			expect(splitKeys("").size()).to.equal(0);
		});

		it("rotates round-robin per request, skips cooling keys, and falls back to the earliest to recover", () => {
			const pool = newPool("k1\nk2\nk3");
			expect(pickKey(pool, 0).key).to.equal("k1");
			expect(pickKey(pool, 0).key).to.equal("k2");
			expect(pickKey(pool, 0).key).to.equal("k3");
			expect(pickKey(pool, 0).key).to.equal("k1");
			coolKey(pool, 1, 0);
			expect(pickKey(pool, 1).key).to.equal("k3");
			expect(pickKey(pool, 1).key).to.equal("k1");
			coolKey(pool, 0, 1, 50);
			coolKey(pool, 2, 1, 10);
			coolKey(pool, 1, 1, 30);
			expect(pickKey(pool, 2).key).to.equal("k3");
			expect(pickKey(pool, 40).key).to.equal("k2");
			expect(pickKey(newPool(""), 0).key).to.equal("");
		});
	});

	describe("validate", () => {
		it("accepts a complete record", () => {
			expect(problemsOf(() => undefined)).to.equal("");
		});

		it("names each problem without quoting the key", () => {
			const all = problemsOf((r) => {
				r.label = " ";
				r.model = "";
				r.wsUrl = "https://gateway.example";
				r.api = "responses" as never;
				r.authStyle = "token" as never;
			});
			expect(contains(all, "A name is needed")).to.equal(true);
			expect(contains(all, "Choose a model")).to.equal(true);
			expect(contains(all, "ws://")).to.equal(true);
			expect(contains(all, "not implemented")).to.equal(true);
			expect(contains(all, "Auth style")).to.equal(true);
			expect(contains(all, "canary")).to.equal(false);
		});

		it("requires a key unless the auth style is none", () => {
			expect(
				contains(
					problemsOf((r) => (r.apiKey = " , ")),
					"API key is needed",
				),
			).to.equal(true);
			const keyless = problemsOf((r) => {
				r.apiKey = "";
				r.authStyle = "none";
			});
			expect(keyless).to.equal("");
		});

		it("diagnoses native routes and placeholders before any request", () => {
			expect(
				contains(
					problemsOf((r) => (r.baseUrl = "http://127.0.0.1:11434/api/chat")),
					"Ollama",
				),
			).to.equal(true);
			expect(
				contains(
					problemsOf((r) => (r.baseUrl = "https://api.example.com/v1/responses")),
					"Responses",
				),
			).to.equal(true);
			const gemini = "https://generativelanguage.googleapis.com/v1beta/models/x:generateContent";
			expect(
				contains(
					problemsOf((r) => (r.baseUrl = gemini)),
					"Gemini protocol",
				),
			).to.equal(true);
			const azure = problemsOf((r) => (r.baseUrl = getPreset("azure-foundry")!.baseUrl));
			expect(contains(azure, "Replace YOUR-RESOURCE")).to.equal(true);
		});

		it("needs an executor HTTP function for local and private addresses, decided by the URL", () => {
			expect(
				contains(
					problemsOf((r) => (r.baseUrl = "http://192.168.1.9:8000/v1"), false),
					"executor",
				),
			).to.equal(true);
			expect(problemsOf((r) => (r.baseUrl = "http://192.168.1.9:8000/v1"), true)).to.equal("");
			const ollamaPublic = recordFromPreset(getPreset("ollama")!);
			ollamaPublic.baseUrl = "https://ollama.example.com/v1";
			ollamaPublic.model = "m";
			expect(validateRecord(ollamaPublic, { canReachLocal: false }).size()).to.equal(0);
		});

		it("needs no model for an Azure deployment path", () => {
			const azure = recordFromPreset(getPreset("azure")!);
			azure.baseUrl = "https://acme.openai.azure.com/openai/deployments/gpt";
			azure.apiKey = "k";
			expect(validateRecord(azure, { canReachLocal: false }).size()).to.equal(0);
		});
	});
};
