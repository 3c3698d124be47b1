/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { newAssembler } from "provider/protocols/adapter";
import { REPLY_LIMITS } from "provider/protocols/limits";
import { readBody, ReplyReader } from "provider/protocols/reader";
import type { ProtocolId, ReplyResult } from "provider/protocols/types";
import { SCOPE } from "./protocols_fixtures";

function read(protocol: ProtocolId, body: string): ReplyResult {
	return readBody(newAssembler(protocol, SCOPE), body);
}

function sse(events: ReadonlyArray<string>): string {
	return events.map((e) => `data: ${e}\n\n`).join("");
}

function chunk(delta: string, finish = "null"): string {
	return `{"choices":[{"index":0,"delta":${delta},"finish_reason":${finish}}]}`;
}

function call(index: number, fields: string): string {
	return chunk(`{"tool_calls":[{"index":${index},${fields}}]}`);
}

function errorCode(result: ReplyResult): string | undefined {
	return result.ok ? undefined : result.error.code;
}

export = () => {
	describe("Chat Completions tool-call assembly", () => {
		it("serialises a whole arguments object and keeps an empty object as {}", () => {
			const result = read(
				"openai",
				sse([
					call(0, '"id":"c1","function":{"name":"a","arguments":{"x":[1,2],"y":{}}}'),
					call(1, '"id":"c2","function":{"name":"b","arguments":{}}'),
					chunk("{}", '"stop"'),
				]),
			);
			expect(result.ok).to.equal(true);
			if (!result.ok) return;
			expect(result.reply.toolCalls[0].arguments).to.equal('{"x":[1,2],"y":{}}');
			expect(result.reply.toolCalls[1].arguments).to.equal("{}");
			// a tool turn whatever the finish reason says (docs/PROVIDER_COMPATIBILITY.md, "Stream assembly")
			expect(result.reply.finish).to.equal("tool_calls");
		});

		it("fails visibly on mixed object and fragment arguments, and on array arguments", () => {
			const mixed = sse([
				call(0, '"id":"c1","function":{"name":"a","arguments":{"x":1}}'),
				call(0, '"function":{"arguments":",\\"y\\":2}"}'),
				chunk("{}", '"tool_calls"'),
			]);
			expect(errorCode(read("openai", mixed))).to.equal("invalid_tool_call");
			const array = sse([
				call(0, '"id":"c1","function":{"name":"a","arguments":[1]}'),
				chunk("{}", '"tool_calls"'),
			]);
			expect(errorCode(read("openai", array))).to.equal("invalid_tool_call");
		});

		it("never returns a call whose arguments are incomplete, even at the stream's end", () => {
			const cut = sse([
				call(0, '"id":"c1","function":{"name":"a","arguments":"{\\"q\\":\\"te"}'),
				chunk("{}", '"tool_calls"'),
				"[DONE]",
			]);
			expect(errorCode(read("openai", cut))).to.equal("invalid_tool_call");
			const prefix = sse([
				call(0, '"id":"c1","function":{"name":"a","arguments":"{\\"q\\":1}"}'),
				call(0, '"function":{"arguments":"x"}'),
				"[DONE]",
			]);
			expect(errorCode(read("openai", prefix))).to.equal("invalid_tool_call");
		});

		it("refuses tool calls cut by the output limit", () => {
			const body = sse([
				call(0, '"id":"c1","function":{"name":"a","arguments":"{}"}'),
				chunk("{}", '"length"'),
				"[DONE]",
			]);
			expect(errorCode(read("openai", body))).to.equal("invalid_tool_call");
		});

		it("splits parallel calls that all arrive at index 0, and never concatenates names", () => {
			const body = sse([
				call(0, '"id":"c1","function":{"name":"search","arguments":"{\\"a\\":1}"}'),
				call(0, '"id":"c2","function":{"name":"search","arguments":"{\\"b\\":2}"}'),
				chunk("{}", '"tool_calls"'),
			]);
			const result = read("openai", body);
			expect(result.ok).to.equal(true);
			if (!result.ok) return;
			expect(result.reply.toolCalls.size()).to.equal(2);
			expect(result.reply.toolCalls[1].arguments).to.equal('{"b":2}');
			expect(result.reply.toolCalls[1].name).to.equal("search");
		});

		it("makes ids for calls without one, treats an empty id as absent and infers a missing index only when unambiguous", () => {
			const body = sse([
				chunk('{"tool_calls":[{"id":"","function":{"name":"a","arguments":"{\\"k\\":"}}]}'),
				chunk('{"tool_calls":[{"id":"","function":{"arguments":"1}"}}]}'),
				chunk("{}", '"tool_calls"'),
			]);
			const result = read("openai", body);
			expect(result.ok).to.equal(true);
			if (!result.ok) return;
			expect(result.reply.toolCalls[0].id).to.equal("call_0_1");
			expect(result.reply.toolCalls[0].arguments).to.equal('{"k":1}');
			const ambiguous = sse([
				call(0, '"id":"c1","function":{"name":"a","arguments":""}'),
				call(1, '"id":"c2","function":{"name":"b","arguments":""}'),
				chunk('{"tool_calls":[{"function":{"arguments":"{}"}}]}'),
				chunk("{}", '"tool_calls"'),
			]);
			expect(errorCode(read("openai", ambiguous))).to.equal("invalid_tool_call");
		});

		it("bounds tool calls, argument bytes and indexes", () => {
			const many = new Array<string>();
			for (let i = 0; i <= REPLY_LIMITS.toolCalls; i++)
				many.push(call(i, `"id":"c${i}","function":{"name":"a","arguments":"{}"}`));
			many.push(chunk("{}", '"tool_calls"'));
			expect(errorCode(read("openai", sse(many)))).to.equal("limit_exceeded");
			const piece = "x".rep(50_000);
			const big = [call(0, '"id":"c1","function":{"name":"a","arguments":"{\\"k\\":\\""}')];
			for (let i = 0; i < 6; i++) big.push(call(0, `"function":{"arguments":"${piece}"}`));
			expect(errorCode(read("openai", sse(big)))).to.equal("limit_exceeded");
			expect(
				errorCode(read("openai", sse([call(5000, '"id":"c","function":{"name":"a","arguments":"{}"}')]))),
			).to.equal("invalid_tool_call");
		});

		it("reads reasoning from every documented field, content parts and usage-only chunks", () => {
			const body = sse([
				chunk('{"reasoning":"a"}'),
				chunk('{"thinking":{"text":"b"}}'),
				chunk('{"content":[{"type":"thinking","thinking":"c"},{"type":"text","text":"ok"}]}'),
				'{"choices":null}',
				chunk("{}", '"stop"'),
				'{"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":2,"prompt_cache_hit_tokens":1}}',
			]);
			const result = read("openai", body);
			expect(result.ok).to.equal(true);
			if (!result.ok) return;
			expect(result.reply.reasoning).to.equal("abc");
			expect(result.reply.content).to.equal("ok");
			expect(result.reply.usage?.cacheReadTokens).to.equal(1);
		});

		it("treats a stream with no data, or only [DONE], as a failure", () => {
			expect(errorCode(read("openai", ": ping\n\n"))).to.equal("incomplete_stream");
			expect(errorCode(read("openai", "data: [DONE]\n\n"))).to.equal("empty_reply");
			expect(errorCode(read("openai", ""))).to.equal("empty_reply");
		});
	});

	describe("whole JSON documents", () => {
		it("reads a Chat Completions document", () => {
			const result = read(
				"openai",
				'{"id":"x","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"a","arguments":"{\\"n\\":1}"}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":5,"completion_tokens":6,"total_tokens":11}}',
			);
			expect(result.ok).to.equal(true);
			if (result.ok) expect(result.reply.toolCalls[0].arguments).to.equal('{"n":1}');
		});

		it("reads a Messages document with thinking, text and tool_use", () => {
			const result = read(
				"anthropic",
				'{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-6","content":[{"type":"thinking","thinking":"hm","signature":"sig1"},{"type":"text","text":"Hi"},{"type":"tool_use","id":"toolu_1","name":"a","input":{"q":"x"}}],"stop_reason":"tool_use","usage":{"input_tokens":10,"output_tokens":5}}',
			);
			expect(result.ok).to.equal(true);
			if (!result.ok) return;
			expect(result.reply.toolCalls[0].arguments).to.equal('{"q":"x"}');
			const items = result.reply.replay!.items;
			expect(items[0].signature).to.equal("sig1");
			expect(items[2].type).to.equal("tool_use");
			expect(items[2].id).to.equal("toolu_1");
			expect(result.reply.replay!.model).to.equal(SCOPE.model);
		});

		it("reads a generateContent document and a Responses object", () => {
			const gemini = read(
				"gemini",
				'{"candidates":[{"content":{"parts":[{"text":"t","thought":true},{"text":"Hi"}],"role":"model"},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":3,"candidatesTokenCount":1}}',
			);
			expect(gemini.ok && gemini.reply.content === "Hi" && gemini.reply.reasoning === "t").to.equal(true);
			const responses = read(
				"responses",
				'{"id":"resp_1","object":"response","status":"completed","model":"gpt-5.4","output":[{"type":"reasoning","id":"rs_1","summary":[{"type":"summary_text","text":"why"}],"encrypted_content":"enc"},{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Hi"}]},{"type":"function_call","id":"fc_1","call_id":"call_1","name":"a","arguments":"{}"}],"usage":{"input_tokens":4,"output_tokens":2}}',
			);
			expect(responses.ok).to.equal(true);
			if (!responses.ok) return;
			expect(responses.reply.content).to.equal("Hi");
			expect(responses.reply.reasoning).to.equal("why");
			expect(responses.reply.toolCalls[0].id).to.equal("call_1");
			expect(responses.reply.replay!.items[0].encrypted_content).to.equal("enc");
		});

		it("turns error documents into provider errors and foreign documents into mismatches", () => {
			const failed = read(
				"openai",
				'{"error":{"message":"Invalid model","type":"invalid_request_error","code":"model_not_found"}}',
			);
			expect(errorCode(failed)).to.equal("provider_error");
			expect(errorCode(read("openai", '{"type":"message","content":[],"role":"assistant"}'))).to.equal(
				"protocol_mismatch",
			);
			expect(errorCode(read("anthropic", "<html>nope</html>"))).to.equal("malformed_stream");
		});
	});

	describe("refusals and finish reasons", () => {
		it("reports a Messages refusal and Gemini blocks and bad calls", () => {
			const refusal =
				'event: message_start\ndata: {"type":"message_start","message":{"id":"m","model":"c","usage":{"input_tokens":1}}}\n\nevent: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"refusal"}}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n';
			expect(errorCode(read("anthropic", refusal))).to.equal("refused");
			const safety = sse(['{"candidates":[{"content":{"parts":[],"role":"model"},"finishReason":"SAFETY"}]}']);
			expect(errorCode(read("gemini", safety))).to.equal("refused");
			const blocked = sse(['{"promptFeedback":{"blockReason":"PROHIBITED_CONTENT"}}']);
			expect(errorCode(read("gemini", blocked))).to.equal("refused");
			const malformed = sse([
				'{"candidates":[{"content":{"parts":[{"text":"x"}],"role":"model"},"finishReason":"MALFORMED_FUNCTION_CALL"}]}',
			]);
			expect(errorCode(read("gemini", malformed))).to.equal("invalid_tool_call");
		});

		it("maps a Responses incomplete reply to the output limit and a failed one to the provider's error", () => {
			const incomplete = sse([
				'{"type":"response.output_text.delta","output_index":0,"delta":"part"}',
				'{"type":"response.incomplete","response":{"status":"incomplete","incomplete_details":{"reason":"max_output_tokens"}}}',
			]);
			const result = read("responses", incomplete);
			expect(result.ok && result.reply.finish === "length").to.equal(true);
			const failed = sse([
				'{"type":"response.failed","response":{"status":"failed","error":{"code":"server_error","message":"boom"}}}',
			]);
			const failure = read("responses", failed);
			expect(errorCode(failure)).to.equal("provider_error");
			expect(!failure.ok && failure.error.providerCode === "server_error").to.equal(true);
		});

		it("requires every Messages tool_use block to end", () => {
			const body =
				'event: message_start\ndata: {"type":"message_start","message":{"id":"m","model":"c"}}\n\nevent: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"a","input":{}}}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n';
			expect(errorCode(read("anthropic", body))).to.equal("invalid_tool_call");
			const mixed =
				'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"a","input":{"x":1}}}\n\nevent: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{}"}}\n\n';
			expect(errorCode(read("anthropic", mixed))).to.equal("invalid_tool_call");
		});
	});

	describe("checking long tool-call arguments on slicing", () => {
		// one call whose arguments arrive in 40-byte fragments: 240 KB of them (the bound is 256,000 bytes)
		const fragments = new Array<string>();
		fragments.push(
			call(0, '"id":"c0","type":"function","function":{"name":"write","arguments":"{\\"data\\":\\""}'),
		);
		for (let i = 0; i < 6000; i++) fragments.push(call(0, `"function":{"arguments":"${"abcdefghij".rep(4)}"}`));
		fragments.push(call(0, '"function":{"arguments":"\\"}"}'));
		fragments.push(chunk("{}", '"tool_calls"'));
		const body = sse([...fragments, "[DONE]"]);

		it("reports the check's work and gives the same calls", () => {
			let units = 0;
			let finishing = false;
			let finishUnits = 0;
			const reader = new ReplyReader(
				newAssembler("openai", SCOPE),
				{},
				{
					spend: (spent) => {
						units += spent;
						if (finishing) finishUnits += spent;
						return undefined;
					},
				},
			);
			reader.pushText(body);
			finishing = true;
			const result = reader.finish();
			const plain = read("openai", body);
			expect(result.ok && plain.ok).to.equal(true);
			if (!result.ok || !plain.ok) return;
			expect(result.reply.toolCalls[0].arguments).to.equal(plain.reply.toolCalls[0].arguments);
			expect(result.reply.toolCalls[0].arguments.size()).to.equal(240000 + 11);
			// the 240 KB string is counted by its bytes: about 940 units reported while finishing
			expect(finishUnits >= 900).to.equal(true);
			expect(units > finishUnits).to.equal(true);
		});

		it("ends as an incomplete stream when a pause during the check says stop", () => {
			let stopping = false;
			const reader = new ReplyReader(
				newAssembler("openai", SCOPE),
				{},
				{
					spend: () => (stopping ? "Stopped." : undefined),
				},
			);
			reader.pushText(body);
			stopping = true;
			const result = reader.finish();
			expect(result.ok).to.equal(false);
			if (result.ok) return;
			expect(result.error.code).to.equal("incomplete_stream");
			expect(result.error.message).to.equal("Stopped.");
			expect(result.error.partial).to.equal(true);
		});
	});

	describe("previews", () => {
		it("keeps separate, bounded answer and reasoning previews with their own limit flags", () => {
			const reader = new ReplyReader(newAssembler("openai", SCOPE));
			const long = "é".rep(REPLY_LIMITS.previewBytes);
			reader.pushText(
				`data: ${chunk(`{"reasoning_content":"${long}"}`)}\n\ndata: ${chunk('{"content":"short"}')}\n\n`,
			);
			const preview = reader.preview();
			expect(preview.text).to.equal("short");
			expect(preview.textClipped).to.equal(false);
			expect(preview.reasoningClipped).to.equal(true);
			expect(preview.reasoning.size() <= REPLY_LIMITS.previewBytes).to.equal(true);
			expect(utf8.len(preview.reasoning)[0]).to.be.ok();
		});
	});

	describe("socket messages", () => {
		it("accepts JSON chunks, single data lines without a blank line, raw [DONE] and split SSE", () => {
			const reader = new ReplyReader(newAssembler("openai", SCOPE));
			reader.pushMessage(chunk('{"content":"a"}'));
			reader.pushMessage(`data: ${chunk('{"content":"b"}')}`);
			reader.pushMessage(`data: ${chunk('{"content":"c"}')}\n\ndata: ${chunk('{"content":"d"}').sub(1, 20)}`);
			reader.pushMessage(`${chunk('{"content":"d"}').sub(21)}\n\n: ping\n\n`);
			reader.pushMessage(chunk("{}", '"stop"'));
			reader.pushMessage("[DONE]");
			const result = reader.finish();
			expect(result.ok && result.reply.content).to.equal("abcd");
		});

		it("bounds the message count", () => {
			const reader = new ReplyReader(newAssembler("openai", SCOPE), { events: 3 });
			for (let i = 0; i < 4; i++) reader.pushMessage(chunk('{"content":"a"}'));
			expect(reader.error()?.code).to.equal("limit_exceeded");
		});
	});
};
