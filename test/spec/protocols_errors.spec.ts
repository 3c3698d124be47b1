/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { classify, statusMeaning } from "provider/errors/classify";
import { faultOf } from "provider/errors/extract";
import { isContextOverflow, windowFromMessage } from "provider/errors/overflow";
import { clip, providerText, redact } from "provider/errors/redact";
import {
	applyRepairs,
	ceilingFrom,
	diagnose,
	learn,
	lessonsFor,
	RepairScope,
	restoreLessons,
} from "provider/errors/repairs";
import type { JsonObject } from "provider/protocols/types";

const SCOPE: RepairScope = { protocol: "openai", endpoint: "https://api.example.com/v1", model: "m-1" };

export = () => {
	describe("context overflow table (docs/PROVIDER_COMPATIBILITY.md, Errors and repairs)", () => {
		const cases: Array<[string, string, number | undefined]> = [
			["Anthropic", "prompt is too long: 210000 tokens > 200000 maximum", undefined],
			["Bedrock", "Input is too long for requested model.", undefined],
			["OpenAI", "Your input exceeds the context window of this model.", undefined],
			[
				"Gemini",
				"The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).",
				1048576,
			],
			["xAI", "This model's maximum prompt length is 131072 but the request contains 140000 tokens.", 131072],
			["Groq", "Please reduce the length of the messages or completion.", undefined],
			["vLLM", "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens", 4096],
			["OpenRouter", "This endpoint's maximum context length is 128,000 tokens", 128000],
			["llama.cpp", "the request exceeds the available context size, try increasing it (n_ctx = 2048)", 2048],
			["LM Studio", "The number of tokens to keep is greater than the context length of 4096", 4096],
			["MiniMax", "context window exceeds limit", undefined],
			["Moonshot", "Invalid request: exceeded model token limit: 262144", undefined],
			["generic", '{"code":"context_length_exceeded"}', undefined],
		];
		for (const [provider, text, window] of cases) {
			it(`recognises ${provider}`, () => {
				expect(isContextOverflow(text)).to.equal(true);
				expect(windowFromMessage(text)).to.equal(window);
				const c = classify(400, text);
				expect(c.kind).to.equal("context_overflow");
				expect(c.retryable).to.equal(false);
			});
		}
		it("recognises 413 bodies and ignores windows below 512 tokens", () => {
			expect(isContextOverflow("Request Entity Too Large", 413)).to.equal(true);
			expect(windowFromMessage("maximum context length is 256 tokens")).to.equal(undefined);
			expect(windowFromMessage("maximum context length is 512 tokens")).to.equal(512);
			expect(isContextOverflow("invalid api key")).to.equal(false);
		});
	});

	describe("classify", () => {
		it("separates retryable refusals from final ones", () => {
			expect(classify(429, "Rate limit reached").retryable).to.equal(true);
			expect(classify(429, "You exceeded your current quota").kind).to.equal("quota");
			expect(classify(429, "You exceeded your current quota").retryable).to.equal(false);
			expect(classify(0, "overloaded_error: Overloaded").kind).to.equal("overloaded");
			expect(classify(401, "bad key").retryable).to.equal(false);
			expect(statusMeaning(529)).to.equal("provider overloaded");
		});
	});

	describe("faultOf", () => {
		it("reads the documented error shapes", () => {
			expect(
				faultOf({ error: { message: "m", type: "invalid_request_error", code: "context_length_exceeded" } })
					?.code,
			).to.equal("context_length_exceeded");
			const anthropic = faultOf({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } });
			expect(anthropic?.code).to.equal("overloaded_error");
			expect(anthropic?.message).to.equal("Overloaded");
			expect(faultOf({ error: { code: 400, message: "bad", status: "INVALID_ARGUMENT" } })?.code).to.equal(
				"INVALID_ARGUMENT",
			);
			expect(faultOf({ type: "error", code: "rate_limit_exceeded", message: "slow down" })?.code).to.equal(
				"rate_limit_exceeded",
			);
			expect(faultOf({ error: "plain" })?.message).to.equal("plain");
			expect(faultOf({ detail: "Not Found" })?.message).to.equal("Not Found");
			expect(faultOf({ choices: [] })).to.equal(undefined);
		});

		it("turns FastAPI validation errors into locations and messages without the input", () => {
			const detail = new Array<JsonObject>();
			for (let i = 0; i < 10; i++) {
				detail.push({
					type: "missing",
					loc: ["body", "messages", i, "content"],
					msg: "Field required",
					input: { secret: "sk-LEAK" },
				});
			}
			const fault = faultOf({ detail });
			expect(fault?.code).to.equal("validation_error");
			expect(fault?.message.find("body.messages.0.content: Field required", 1, true)[0]).to.equal(1);
			expect(fault?.message.find("sk-LEAK", 1, true)[0]).to.equal(undefined);
			expect(fault?.message.split("; ").size()).to.equal(8);
		});
	});

	describe("redaction", () => {
		it("removes credentials and bounds the text", () => {
			const text = redact(
				'key sk-abc123XYZabc123XYZabc and Bearer tok.en-1234567 at https://x/?key=AIzaSecret&b=1 {"api_key": "zzz"}',
				["hunter22"],
			);
			expect(text.find("sk-abc", 1, true)[0]).to.equal(undefined);
			expect(text.find("tok.en", 1, true)[0]).to.equal(undefined);
			expect(text.find("AIzaSecret", 1, true)[0]).to.equal(undefined);
			expect(text.find("zzz", 1, true)[0]).to.equal(undefined);
			expect(redact("task-123 stays")).to.equal("task-123 stays");
			expect(redact("my hunter22 key", ["hunter22"])).to.equal("my [redacted] key");
			const long = providerText("c".rep(200), `${"é".rep(500)}\n\tend`);
			expect(long.size() <= 750).to.equal(true);
			expect(utf8.len(long)).to.be.ok();
			expect(clip("abcdef", 5)).to.equal("ab…");
		});
	});

	describe("parameter repairs", () => {
		const body: JsonObject = {
			model: "m-1",
			max_tokens: 32000,
			temperature: 0.4,
			parallel_tool_calls: true,
			tool_choice: "auto",
			stream_options: { include_usage: true },
			messages: [
				{ role: "system", content: "s" },
				{ role: "assistant", content: "a", reasoning_content: "r" },
			],
		};

		it("reads the output ceiling a refusal names", () => {
			expect(ceilingFrom("max_tokens must be less than or equal to 8,192", 32000)).to.equal(8192);
			expect(ceilingFrom("max_tokens: 32000 > 16384, which is the maximum allowed", 32000)).to.equal(16384);
			expect(ceilingFrom("max_tokens too large; model limit 4096 tokens, got 32000", 32000)).to.equal(4096);
			expect(ceilingFrom("max_tokens too large", 32000)).to.equal(16000);
			expect(ceilingFrom("max_tokens too large", 500)).to.equal(undefined);
		});

		it("diagnoses refusals by the field they name, camelCase included", () => {
			expect(
				diagnose(400, "field MaxTokens is invalid: must be <= 4096", body, "openai", [])?.maxTokens,
			).to.equal(4096);
			const renamed = diagnose(
				400,
				"Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
				body,
				"openai",
				[],
			);
			expect(renamed?.repairs.join(",")).to.equal("use_max_completion_tokens");
			expect(diagnose(422, "temperature: unsupported", body, "openai", [])?.repairs.join(",")).to.equal(
				"drop_temperature",
			);
			expect(diagnose(400, "Unknown field reasoning_content", body, "openai", [])?.repairs.join(",")).to.equal(
				"drop_reasoning_content",
			);
			expect(diagnose(400, "Missing reasoning_content field", body, "openai", [])?.repairs.join(",")).to.equal(
				"empty_reasoning_content",
			);
			expect(diagnose(401, "temperature", body, "openai", [])).to.equal(undefined);
			expect(diagnose(400, "maximum context length is 4096 tokens (max_tokens)", body, "openai", [])).to.equal(
				undefined,
			);
		});

		it("makes at most four repairs per request", () => {
			const text =
				"temperature, parallel_tool_calls, stream_options, tool_choice and reasoning_effort are not supported";
			const first = diagnose(400, text, { ...body, reasoning_effort: "low" }, "openai", []);
			expect(first?.repairs.size()).to.equal(4);
			expect(diagnose(400, text, body, "openai", first!.repairs)).to.equal(undefined);
		});

		it("applies repairs to a copy of the body", () => {
			const out = applyRepairs(
				body,
				["use_max_completion_tokens", "drop_temperature", "developer_role"],
				"openai",
			);
			expect(out.max_tokens).to.equal(undefined);
			expect(out.max_completion_tokens).to.equal(32000);
			expect(out.temperature).to.equal(undefined);
			expect((out.messages as Array<JsonObject>)[0].role).to.equal("developer");
			expect(body.temperature).to.equal(0.4);
			const blocks = applyRepairs(body, ["thinking_blocks"], "openai");
			const content = (blocks.messages as Array<JsonObject>)[1].content as Array<JsonObject>;
			expect(content[0].type).to.equal("thinking");
			expect(content[1].text).to.equal("a");
			const gemini = applyRepairs(
				{ generationConfig: { maxOutputTokens: 9000, temperature: 1 } },
				["lower_max_tokens", "drop_temperature"],
				"gemini",
				4096,
			);
			expect((gemini.generationConfig as JsonObject).maxOutputTokens).to.equal(4096);
			expect((gemini.generationConfig as JsonObject).temperature).to.equal(undefined);
		});

		it("scopes lessons and lets an unscoped lesson adopt the current scope", () => {
			const learned = learn(lessonsFor(undefined, SCOPE), SCOPE, {
				repairs: ["drop_temperature", "thinking_blocks"],
				maxTokens: 4096,
			});
			expect(learned.repairs.join(",")).to.equal("drop_temperature");
			expect(learned.maxTokensCap?.tokens).to.equal(4096);
			const other = { ...SCOPE, model: "m-2" };
			expect(lessonsFor(learned, other).repairs.size()).to.equal(0);
			expect(lessonsFor(learned, other).maxTokensCap).to.equal(undefined);
			const old = lessonsFor(
				{ repairs: ["drop_tool_choice"], maxTokensCap: { model: "m-1", tokens: 2048 } },
				SCOPE,
			);
			expect(old.repairs.join(",")).to.equal("drop_tool_choice");
			expect(old.scope?.model).to.equal("m-1");
			expect(old.maxTokensCap?.scope?.endpoint).to.equal(SCOPE.endpoint);
			const lowered = learn(learned, SCOPE, { repairs: ["lower_max_tokens"], maxTokens: 8192 });
			expect(lowered.maxTokensCap?.tokens).to.equal(4096);
		});

		it("restores stored lessons: known remembered repairs, at most four, well-formed scopes", () => {
			const restored = restoreLessons({
				repairs: [
					"drop_temperature",
					"bogus",
					"flatten_content",
					"drop_temperature",
					"drop_tool_choice",
					"developer_role",
					"drop_stream_options",
					"drop_reasoning_effort",
				],
				scope: SCOPE,
				maxTokensCap: { model: "m-1", tokens: 2048.5 },
			});
			expect(restored?.repairs.join(",")).to.equal(
				"drop_temperature,drop_tool_choice,developer_role,drop_stream_options",
			);
			expect(restored?.scope?.model).to.equal(SCOPE.model);
			expect(restored?.maxTokensCap).to.equal(undefined);
			expect(restoreLessons({ repairs: ["drop_temperature"] })?.scope).to.equal(undefined);
			expect(restoreLessons({ repairs: [], scope: { protocol: "smtp", endpoint: "e", model: "m" } })).to.equal(
				undefined,
			);
			expect(restoreLessons("drop_temperature")).to.equal(undefined);
		});
	});
};
