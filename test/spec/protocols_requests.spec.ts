/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { buildBody, inferenceRoute } from "provider/protocols/adapter";
import { messagesToolId } from "provider/protocols/anthropic/request";
import { clampEffort, resolveEffort, resolveTemperature, ruleFor } from "provider/protocols/model_rules";
import {
	isResponsesOnlyRefusal,
	newOpencodeSession,
	opencodeLane,
	opencodeProtocol,
	routeProtocol,
} from "provider/protocols/opencode_routes";
import type { BuildOptions } from "provider/protocols/request_common";
import type { JsonObject, Message, ProtocolId, ProtocolRequest, Replay } from "provider/protocols/types";
import { encode } from "runtime/json";
import { SCOPE } from "./protocols_fixtures";

const OPTIONS: BuildOptions = { scope: SCOPE };

const TOOL_TURN: ReadonlyArray<Message> = [
	{ role: "system", content: "Be brief." },
	{ role: "system", content: "Use tools." },
	{
		role: "user",
		content: [
			{ type: "text", text: "Look" },
			{ type: "image", mediaType: "image/png", data: "iVBORw0K" },
		],
	},
	{
		role: "assistant",
		content: "Reading.",
		reasoning: "Need the file.",
		toolCalls: [
			{ id: "call.1", name: "read_file", arguments: '{"path":"a.lua"}' },
			{ id: "call_2", name: "list_dir", arguments: "" },
		],
	},
	{ role: "tool", toolCallId: "call.1", name: "read_file", content: "print(1)" },
];

function request(fields: Partial<ProtocolRequest> = {}): ProtocolRequest {
	return {
		model: "model-1",
		messages: TOOL_TURN,
		tools: [
			{
				name: "read_file",
				description: "Read",
				parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
			},
			{ name: "list_dir", description: "List", parameters: {} },
		],
		stream: true,
		temperature: 0.4,
		maxTokens: 8000,
		...fields,
	};
}

function json(protocol: ProtocolId, req: ProtocolRequest, options: BuildOptions = OPTIONS): string {
	const [text, reason] = encode(buildBody(protocol, req, options));
	assert(text !== undefined, reason);
	return text;
}

function has(text: string, needle: string): boolean {
	return text.find(needle, 1, true)[0] !== undefined;
}

function body(protocol: ProtocolId, req: ProtocolRequest, options: BuildOptions = OPTIONS): JsonObject {
	return buildBody(protocol, req, options);
}

export = () => {
	describe("Chat Completions bodies", () => {
		it("replays tool calls and results, keeps {} schemas as objects and sends images as data URLs", () => {
			const text = json("openai", request());
			expect(has(text, '"parameters":{}')).to.equal(true);
			expect(has(text, '"properties":{"path":{"type":"string"}}')).to.equal(true);
			expect(has(text, '"arguments":"{}"')).to.equal(true);
			expect(has(text, '"tool_call_id":"call.1"')).to.equal(true);
			expect(has(text, '"reasoning_content":"Need the file."')).to.equal(true);
			expect(has(text, '"url":"data:image/png;base64,iVBORw0K"')).to.equal(true);
			expect(has(text, '"stream_options":{"include_usage":true}')).to.equal(true);
			expect(has(text, '"tool_choice":"auto"')).to.equal(true);
			expect(has(text, '"parallel_tool_calls":true')).to.equal(true);
		});

		it("omits tool defaults for Ollama, the model for Azure deployments and stream_options without streaming", () => {
			const b = body("openai", request({ stream: false }), {
				...OPTIONS,
				omitToolDefaults: true,
				omitModel: true,
			});
			expect(b.tool_choice).to.equal(undefined);
			expect(b.parallel_tool_calls).to.equal(undefined);
			expect(b.model).to.equal(undefined);
			expect(b.stream_options).to.equal(undefined);
			const explicit = body("openai", request({ toolChoice: "required" }), {
				...OPTIONS,
				omitToolDefaults: true,
			});
			expect(explicit.tool_choice).to.equal("required");
		});

		it("applies params, then extra, then the output ceiling", () => {
			const b = body("openai", request({ params: { top_p: 0.5, max_tokens: 99999 }, extra: { top_p: 0.9 } }), {
				...OPTIONS,
				maxTokensCeiling: 4096,
			});
			expect(b.top_p).to.equal(0.9);
			expect(b.max_tokens).to.equal(4096);
		});

		it("maps the effort setting onto the model's documented scale", () => {
			expect(body("openai", request({ model: "gpt-5.1", effort: "minimal" })).reasoning_effort).to.equal("none");
			expect(body("openai", request({ model: "gpt-5", effort: "xhigh" })).reasoning_effort).to.equal("high");
			expect(body("openai", request({ model: "o3-mini", effort: "low" })).reasoning_effort).to.equal("low");
			expect(body("openai", request({ model: "my-local", effort: "low" })).reasoning_effort).to.equal(undefined);
			expect(
				body("openai", request({ model: "my-local", effort: "xhigh" }), { ...OPTIONS, reasoningEnabled: true })
					.reasoning_effort,
			).to.equal("xhigh");
			expect(body("openai", request({ model: "gpt-5", effort: "" })).reasoning_effort).to.equal(undefined);
			expect(body("openai", request({ model: "gpt-5" })).temperature).to.equal(undefined);
			expect(
				body("openai", request({ model: "gpt-5" }), { ...OPTIONS, temperatureMode: "send" }).temperature,
			).to.equal(0.4);
			expect(
				body("openai", request({ model: "llama3" }), { ...OPTIONS, temperatureMode: "omit" }).temperature,
			).to.equal(undefined);
		});
	});

	describe("Messages bodies", () => {
		it("joins system text, pairs tool results and answers interrupted calls", () => {
			const b = body("anthropic", request());
			expect(b.system).to.equal("Be brief.\n\nUse tools.");
			const turns = b.messages as Array<JsonObject>;
			expect(turns.size()).to.equal(3);
			const results = turns[2].content as Array<JsonObject>;
			expect(results[0].tool_use_id).to.equal("call_1");
			expect(results[1].tool_use_id).to.equal("call_2");
			expect(results[1].is_error).to.equal(true);
			const image = (turns[0].content as Array<JsonObject>)[1];
			expect((image.source as JsonObject).type).to.equal("base64");
			const text = json("anthropic", request());
			expect(has(text, '"input":{}')).to.equal(true);
			expect(has(text, '"input_schema":{}')).to.equal(true);
			expect(b.max_tokens).to.equal(8000);
			expect(b.temperature).to.equal(undefined);
		});

		it("turns orphan results into text, starts with a user turn and skips empty text", () => {
			const b = body(
				"anthropic",
				request({
					messages: [
						{ role: "assistant", content: "", toolCalls: [] },
						{ role: "assistant", content: "Hello" },
						{ role: "tool", toolCallId: "ghost", name: "x", content: "late" },
					],
					tools: [],
				}),
			);
			const turns = b.messages as Array<JsonObject>;
			expect(turns[0].role).to.equal("user");
			expect(turns[1].role).to.equal("assistant");
			expect((turns[1].content as Array<JsonObject>).size()).to.equal(1);
			expect((turns[2].content as Array<JsonObject>)[0].type).to.equal("text");
		});

		it("uses adaptive thinking and output_config.effort only for models that document it", () => {
			const adaptive = body("anthropic", request({ model: "claude-opus-4-6", effort: "xhigh" }));
			expect((adaptive.thinking as JsonObject).type).to.equal("adaptive");
			expect((adaptive.output_config as JsonObject).effort).to.equal("high");
			expect(body("anthropic", request({ model: "claude-3-5-haiku", effort: "low" })).thinking).to.equal(
				undefined,
			);
			// (a spread cannot unset a field in Luau: build the request without maxTokens)
			expect(body("anthropic", { model: "m", messages: TOOL_TURN, stream: false }).max_tokens).to.equal(4096);
			expect(body("anthropic", request(), { ...OPTIONS, temperatureMode: "send" }).temperature).to.equal(0.4);
			const choice = body("anthropic", request({ toolChoice: "required", parallelToolCalls: false }))
				.tool_choice as JsonObject;
			expect(choice.type).to.equal("any");
			expect(choice.disable_parallel_tool_use).to.equal(true);
			expect(messagesToolId("call.1/x")).to.equal("call_1_x");
		});

		it("replays signed thinking verbatim only to the endpoint and model that produced it", () => {
			const replay: Replay = {
				protocol: "anthropic",
				endpoint: SCOPE.endpoint,
				model: SCOPE.model,
				items: [
					{ type: "thinking", thinking: "Need the file.", signature: "SIG" },
					{ type: "text", text: "Reading." },
					{ type: "tool_use", id: "call.1" },
					{ type: "tool_use", id: "call_2" },
				],
			};
			const messages: Array<Message> = [...TOOL_TURN];
			messages[3] = { ...(messages[3] as Extract<Message, { role: "assistant" }>), replay };
			const same = json("anthropic", request({ messages }));
			expect(has(same, '"signature":"SIG"')).to.equal(true);
			const other = json("anthropic", request({ messages, model: "model-2" }), {
				scope: { ...SCOPE, model: "model-2" },
			});
			expect(has(other, "SIG")).to.equal(false);
			expect(has(other, '"name":"read_file"')).to.equal(true);
		});
	});

	describe("Gemini bodies", () => {
		it("sends system instructions, JSON Schema declarations, calls with ids and responses in order", () => {
			const text = json("gemini", request({ model: "gemini-2.5-flash" }));
			expect(has(text, '"systemInstruction":{"parts":[{"text":"Be brief.\\n\\nUse tools."}]}')).to.equal(true);
			expect(has(text, '"parametersJsonSchema":{}')).to.equal(true);
			expect(has(text, '"functionCall":{"args":{},"id":"call_2","name":"list_dir"}')).to.equal(true);
			expect(
				has(text, '"functionResponse":{"id":"call.1","name":"read_file","response":{"result":"print(1)"}}'),
			).to.equal(true);
			expect(has(text, '"inlineData":{"data":"iVBORw0K","mimeType":"image/png"}')).to.equal(true);
		});

		it("controls thinking with thinkingLevel on Gemini 3 and thinkingBudget on 2.5, and leaves Gemini 3 temperature alone", () => {
			const three = body("gemini", request({ model: "gemini-3-flash", effort: "low" }));
			const config = three.generationConfig as JsonObject;
			expect((config.thinkingConfig as JsonObject).thinkingLevel).to.equal("low");
			expect(config.temperature).to.equal(undefined);
			expect(config.maxOutputTokens).to.equal(8000);
			const pro = body("gemini", request({ model: "gemini-3-pro-preview", effort: "medium" }));
			expect(((pro.generationConfig as JsonObject).thinkingConfig as JsonObject).thinkingLevel).to.equal("low");
			const old = body("gemini", request({ model: "gemini-2.5-flash", effort: "low" }));
			expect(((old.generationConfig as JsonObject).thinkingConfig as JsonObject).thinkingBudget).to.equal(1024);
			expect((old.generationConfig as JsonObject).temperature).to.equal(0.4);
			const sent = body("gemini", request({ model: "gemini-3.8-flash" }), {
				...OPTIONS,
				temperatureMode: "send",
			});
			expect((sent.generationConfig as JsonObject).temperature).to.equal(0.4);
		});

		it("merges native fields from params and extra, and the output ceiling still applies", () => {
			const b = body(
				"gemini",
				request({
					model: "gemini-3-flash",
					extra: { generationConfig: { thinkingConfig: { thinkingLevel: "high" }, maxOutputTokens: 64000 } },
				}),
				{ ...OPTIONS, maxTokensCeiling: 16000 },
			);
			const config = b.generationConfig as JsonObject;
			expect((config.thinkingConfig as JsonObject).thinkingLevel).to.equal("high");
			expect((config.thinkingConfig as JsonObject).includeThoughts).to.equal(true);
			expect(config.maxOutputTokens).to.equal(16000);
		});

		it("replays signed parts exactly, with the call's own id or none, only for the same model", () => {
			const replay: Replay = {
				protocol: "gemini",
				endpoint: SCOPE.endpoint,
				model: "gemini-3-flash",
				items: [
					{ text: "Reading." },
					{ functionCall: { name: "read_file", args: { path: "a.lua" } }, thoughtSignature: "SIG==" },
					{ functionCall: { name: "list_dir", args: {} } },
				],
			};
			const messages: Array<Message> = [...TOOL_TURN];
			messages[3] = { ...(messages[3] as Extract<Message, { role: "assistant" }>), replay };
			const scope = { ...SCOPE, model: "gemini-3-flash" };
			const same = json("gemini", request({ messages, model: "gemini-3-flash" }), { scope });
			expect(has(same, '"thoughtSignature":"SIG=="')).to.equal(true);
			expect(has(same, '"functionResponse":{"name":"read_file"')).to.equal(true);
			expect(has(same, '"functionCall":{"args":{},"name":"list_dir"}')).to.equal(true);
			const other = json("gemini", request({ messages, model: "gemini-3-pro" }), {
				scope: { ...SCOPE, model: "gemini-3-pro" },
			});
			expect(has(other, "SIG==")).to.equal(false);
		});

		it("routes streaming to streamGenerateContent with alt=sse", () => {
			const route = inferenceRoute("gemini", "gemini-3-flash", true);
			expect(route.path).to.equal("/models/gemini-3-flash:streamGenerateContent");
			expect(route.query?.get("alt")).to.equal("sse");
			expect(inferenceRoute("responses", "gpt-5.4", true).path).to.equal("/responses");
		});
	});

	describe("Responses bodies", () => {
		it("sends instructions, input items, flat tools, effort and encrypted reasoning", () => {
			const replay: Replay = {
				protocol: "responses",
				endpoint: SCOPE.endpoint,
				model: SCOPE.model,
				items: [{ type: "reasoning", id: "rs_1", summary: [], encrypted_content: "ENC" }],
			};
			const messages: Array<Message> = [...TOOL_TURN];
			messages[3] = { ...(messages[3] as Extract<Message, { role: "assistant" }>), replay };
			const text = json("responses", request({ messages, model: "gpt-5.4", effort: "low" }));
			expect(has(text, '"instructions":"Be brief.\\n\\nUse tools."')).to.equal(true);
			expect(has(text, '"encrypted_content":"ENC"')).to.equal(true);
			expect(has(text, '"type":"function_call_output"')).to.equal(true);
			expect(has(text, '"arguments":"{}","call_id":"call_2"')).to.equal(true);
			expect(has(text, '"parameters":{}')).to.equal(true);
			expect(has(text, '"reasoning":{"effort":"low","summary":"auto"}')).to.equal(true);
			expect(has(text, '"store":false')).to.equal(true);
			expect(has(text, '"type":"input_image"')).to.equal(true);
			const other = json("responses", request({ messages, model: "gpt-5.4" }), {
				scope: { ...SCOPE, model: "gpt-5.4" },
			});
			expect(has(other, "ENC")).to.equal(false);
		});
	});

	describe("model rules", () => {
		it("matches model ids at name boundaries, longest rule first", () => {
			expect(ruleFor("openai/o3-mini")?.match).to.equal("o3");
			expect(ruleFor("qwen-pro3")).to.equal(undefined);
			expect(ruleFor("gpt-5.1-codex-max")?.match).to.equal("gpt-5.1-codex-max");
			expect(ruleFor("models/gemini-2.5-flash-lite")?.match).to.equal("gemini-2.5-flash");
			expect(clampEffort("medium", ["low", "high"])).to.equal("low");
			expect(clampEffort("minimal", ["low", "high"])).to.equal("low");
			expect(resolveEffort("claude-opus-4-8", "max")).to.equal("max");
			expect(resolveEffort("gemini-4-argon", "medium")).to.equal("medium");
			expect(resolveEffort("gpt-5", "off")).to.equal(undefined);
			expect(resolveTemperature("claude-opus-4-7", "auto", 0.4)).to.equal(undefined);
			expect(resolveTemperature("claude-sonnet-4-6", "auto", 0.4)).to.equal(0.4);
		});
	});

	describe("OpenCode routes", () => {
		it("routes Go model families by the documented routing table and Zen's GPT models to Responses", () => {
			expect(opencodeLane("opencode.ai", "/inference/go/v1")).to.equal("go");
			expect(opencodeLane("opencode.ai", "/zen/go/v1/chat/completions")).to.equal("go");
			expect(opencodeLane("OpenCode.ai", "/zen/v1")).to.equal("zen");
			expect(opencodeLane("opencode.ai", "/zen/v12")).to.equal(undefined);
			expect(opencodeLane("example.com", "/zen/v1")).to.equal(undefined);
			const go: Array<[string, ProtocolId]> = [
				["deepseek-v4", "openai"],
				["gpt-5.4", "responses"],
				["grok-code-fast", "responses"],
				["muse-1", "responses"],
				["claude-sonnet-4-6", "anthropic"],
				["minimax-m2.5", "anthropic"],
				["qwen3-coder", "anthropic"],
				["gemini-3-flash", "gemini"],
				["glm-5", "openai"],
				["opencode-go/kimi-k2.5", "openai"],
			];
			for (const [model, protocol] of go) expect(opencodeProtocol("go", model)).to.equal(protocol);
			expect(opencodeProtocol("zen", "gpt-5.3-codex")).to.equal("responses");
			expect(opencodeProtocol("zen", "claude-sonnet-4-6")).to.equal("openai");
			expect(routeProtocol("https://opencode.ai/inference/go/v1?x=1", "openai", "claude-opus-4-6")).to.equal(
				"anthropic",
			);
			expect(routeProtocol("https://opencode.ai:443/zen/go/v1", "openai", "gemini-3-flash")).to.equal("gemini");
			expect(routeProtocol("https://api.example.com/v1", "anthropic", "gpt-5")).to.equal("anthropic");
		});

		it("recognises an explicit Responses-only refusal and makes stable session ids", () => {
			const text = "This model is only supported in v1/responses and not in v1/chat/completions.";
			expect(isResponsesOnlyRefusal(400, text)).to.equal(true);
			expect(isResponsesOnlyRefusal(401, text)).to.equal(false);
			expect(isResponsesOnlyRefusal(400, "max_tokens too large")).to.equal(false);
			expect(newOpencodeSession().match("^ses_%x+%w+$")[0] !== undefined).to.equal(true);
			expect(newOpencodeSession().size()).to.equal(30);
		});
	});
};
