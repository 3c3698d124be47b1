/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Whole classes of stream defects, tabulated over every protocol and framing:
// - an SSE `event: error` fails the reply whatever its data holds (any JSON shape, plain text),
//   wherever it arrives, buffered or as socket messages: no false success, always provider_error;
// - tool arguments that are not object JSON (numbers, booleans, arrays, strings given where an
//   object belongs, JSON text of a non-object) fail as invalid_tool_call, never run as `{}`;
// - Mistral's reasoning arrays (`thinking: [{type: "text", text}]`) are read, in JSON and SSE.
// Each table prints its count of misses; all must be zero.
import { newAssembler } from "provider/protocols/adapter";
import { readBody, ReplyReader } from "provider/protocols/reader";
import type { ProtocolId, ReplyResult } from "provider/protocols/types";
import { FIXTURES, SCOPE, wire } from "./protocols_fixtures";

const ERROR_DATA = [
	'{"message":"upstream exploded"}',
	'{"detail":"upstream exploded"}',
	'{"code":500,"msg":"upstream exploded"}',
	'{"msg":"upstream exploded"}',
	'{"code":"overloaded"}',
	'{"status":"error","reason":"quota"}',
	'{"error":"upstream exploded"}',
	'{"error":{"message":"upstream exploded","type":"server_error"}}',
	'{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
	'{"foo":"bar"}',
	"{}",
	"[]",
	'[{"message":"a"}]',
	"42",
	'"upstream exploded"',
	"null",
	"true",
	"upstream exploded (plain text)",
	// events of the protocol itself sent under the error name still end the reply
	'{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"x"}}]}',
	'{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}}',
	'{"candidates":[{"content":{"parts":[{"text":"x"}]}}]}',
	'{"type":"response.output_text.delta","delta":"x"}',
];
const ERROR_NAMES = ["error", "Error", "ERROR"];

interface Count {
	cases: number;
	misses: number;
	first?: string;
}

function miss(count: Count, detail: string) {
	count.misses += 1;
	count.first ??= detail;
}

function failsWith(result: ReplyResult, code: string): boolean {
	return !result.ok && result.error.code === code;
}

function socketRead(protocol: ProtocolId, events: ReadonlyArray<string>): ReplyResult {
	const reader = new ReplyReader(newAssembler(protocol, SCOPE));
	for (const event of events) reader.pushMessage(`${event}\n\n`);
	return reader.finish();
}

// --- tool arguments ---------------------------------------------------------------------------

/** A JSON string holding object text: valid in a text field, a wrong type in an object field. */
const OBJECT_TEXT = '"{\\"a\\":1}"';
const NOT_OBJECTS = ["5", "-1.5", "true", "false", "[]", "[1,2]", '[{"a":1}]', '"text"', OBJECT_TEXT];

/** A complete reply with one call whose arguments are `args` (raw JSON of the field's value). */
function callReplies(protocol: ProtocolId, args: string): ReadonlyArray<[label: string, body: string]> {
	if (protocol === "openai") {
		const chunk = (delta: string, finish = "null") =>
			`data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":${delta},"finish_reason":${finish}}]}\n\n`;
		return [
			[
				"chat SSE",
				chunk(
					`{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"f","arguments":${args}}}]}`,
				) +
					chunk("{}", '"tool_calls"') +
					"data: [DONE]\n\n",
			],
			[
				"chat JSON",
				`{"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":${args}}}]},"finish_reason":"tool_calls"}]}`,
			],
		];
	}
	if (protocol === "anthropic") {
		const ev = (name: string, body: string) => `event: ${name}\ndata: {"type":"${name}"${body}}\n\n`;
		const head = ev(
			"message_start",
			',"message":{"id":"m1","type":"message","role":"assistant","content":[],"model":"m"}',
		);
		const tail =
			ev("content_block_stop", ',"index":0') +
			ev("message_delta", ',"delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":1}') +
			ev("message_stop", "");
		const start = (input: string) =>
			ev(
				"content_block_start",
				`,"index":0,"content_block":{"type":"tool_use","id":"t1","name":"f","input":${input}}`,
			);
		return [
			["messages SSE input", head + start(args) + tail],
			[
				"messages SSE partial_json",
				head +
					start("{}") +
					ev("content_block_delta", `,"index":0,"delta":{"type":"input_json_delta","partial_json":${args}}`) +
					tail,
			],
			[
				"messages JSON",
				`{"id":"m1","type":"message","role":"assistant","model":"m","content":[{"type":"tool_use","id":"t1","name":"f","input":${args}}],"stop_reason":"tool_use"}`,
			],
		];
	}
	if (protocol === "gemini") {
		const doc = `{"candidates":[{"content":{"parts":[{"functionCall":{"name":"f","args":${args}}}],"role":"model"},"finishReason":"STOP","index":0}]}`;
		return [
			["gemini SSE", `data: ${doc}\r\n\r\n`],
			["gemini JSON", doc],
		];
	}
	const ev = (name: string, body: string) => `event: ${name}\ndata: {"type":"${name}"${body}}\n\n`;
	const item = (a: string) =>
		`{"id":"fc_1","type":"function_call","status":"completed","call_id":"c1","name":"f","arguments":${a}}`;
	const head = ev(
		"response.created",
		',"response":{"id":"r1","object":"response","status":"in_progress","output":[]}',
	);
	const done = ev(
		"response.completed",
		',"response":{"id":"r1","object":"response","status":"completed","output":[]}',
	);
	return [
		[
			"responses SSE item",
			head +
				ev("response.output_item.added", `,"output_index":0,"item":${item(args)}`) +
				ev("response.output_item.done", `,"output_index":0,"item":${item(args)}`) +
				done,
		],
		[
			"responses SSE delta",
			head +
				ev("response.output_item.added", `,"output_index":0,"item":${item('""')}`) +
				ev("response.function_call_arguments.delta", `,"output_index":0,"delta":${args}`) +
				ev(
					"response.output_item.done",
					`,"output_index":0,"item":{"id":"fc_1","type":"function_call","call_id":"c1","name":"f"}`,
				) +
				done,
		],
		["responses JSON", `{"id":"r1","object":"response","status":"completed","output":[${item(args)}]}`],
	];
}

/** JSON of the field holding arguments as text (OpenAI, Responses) for a raw value. */
function asArgumentText(protocol: ProtocolId, value: string): ReadonlyArray<string> {
	// a text field may carry the value itself (wrong type) or JSON text of it (wrong content)
	const quoted = `"${value.gsub("\\", "\\\\")[0].gsub('"', '\\"')[0]}"`;
	return protocol === "openai" || protocol === "responses" ? [value, quoted] : [value];
}

// --- Mistral reasoning ------------------------------------------------------------------------

const THINKING_SHAPES: ReadonlyArray<[label: string, json: string, text: string]> = [
	["list of text parts", '[{"type":"text","text":"Think "},{"type":"text","text":"hard."}]', "Think hard."],
	["one text part", '{"type":"text","text":"Think hard."}', "Think hard."],
	["a string", '"Think hard."', "Think hard."],
	["list with a string", '["Think ","hard."]', "Think hard."],
];

export = () => {
	describe("stream defect classes", () => {
		it("an SSE event named error fails the reply whatever its data holds", () => {
			const count: Count = { cases: 0, misses: 0 };
			for (const fixture of FIXTURES) {
				const positions = [0, math.floor(fixture.events.size() / 2), fixture.events.size() - 1];
				for (const at of positions) {
					for (const name of ERROR_NAMES) {
						for (const data of ERROR_DATA) {
							const events = [...fixture.events];
							events.insert(at, `event: ${name}\ndata: ${data}`);
							count.cases += 2;
							const buffered = readBody(
								newAssembler(fixture.protocol, SCOPE),
								wire({ ...fixture, events }),
							);
							if (!failsWith(buffered, "provider_error"))
								miss(
									count,
									`${fixture.name} buffered, at ${at}, ${name}: ${data} → ${buffered.ok ? "success" : buffered.error.code}`,
								);
							const socket = socketRead(fixture.protocol, events);
							if (!failsWith(socket, "provider_error"))
								miss(
									count,
									`${fixture.name} socket, at ${at}, ${name}: ${data} → ${socket.ok ? "success" : socket.error.code}`,
								);
						}
					}
				}
				// control: without the error event the fixture assembles
				const clean = readBody(newAssembler(fixture.protocol, SCOPE), wire(fixture));
				count.cases += 1;
				if (!clean.ok) miss(count, `${fixture.name}: the clean fixture failed: ${clean.error.message}`);
			}
			print(`stream classes: error events: ${count.cases} cases, ${count.misses} false successes or wrong codes`);
			expect(count.first).to.equal(undefined);
			expect(count.misses).to.equal(0);
		});

		it("tool arguments that are not a JSON object fail as invalid_tool_call", () => {
			const count: Count = { cases: 0, misses: 0 };
			for (const protocol of ["openai", "anthropic", "gemini", "responses"] as ProtocolId[]) {
				for (const value of NOT_OBJECTS) {
					for (const args of asArgumentText(protocol, value)) {
						for (const [label, body] of callReplies(protocol, args)) {
							// object text in a text field (arguments, partial_json, a delta) is a valid call
							const textField =
								protocol === "openai" ||
								protocol === "responses" ||
								label.find("partial_json")[0] !== undefined;
							if (textField && args === OBJECT_TEXT) continue;
							count.cases += 1;
							const result = readBody(newAssembler(protocol, SCOPE), body);
							if (!failsWith(result, "invalid_tool_call"))
								miss(
									count,
									`${label} with ${args} → ${result.ok ? `a call with ${result.reply.toolCalls[0]?.arguments}` : result.error.code}`,
								);
						}
					}
				}
				// control: an object runs
				const good = protocol === "openai" || protocol === "responses" ? '"{\\"a\\":1}"' : '{"a":1}';
				for (const [label, body] of callReplies(protocol, good)) {
					if (label.find("delta")[0] !== undefined || label.find("partial_json")[0] !== undefined) continue;
					count.cases += 1;
					const result = readBody(newAssembler(protocol, SCOPE), body);
					if (!result.ok || result.reply.toolCalls[0]?.arguments.find('"a"', 1, true)[0] === undefined)
						miss(count, `${label}: a valid call failed: ${result.ok ? "no call" : result.error.message}`);
				}
			}
			print(
				`stream classes: tool arguments: ${count.cases} cases, ${count.misses} calls run with bad arguments or wrong codes`,
			);
			expect(count.first).to.equal(undefined);
			expect(count.misses).to.equal(0);
		});

		it("Mistral reasoning arrays are read in JSON and SSE", () => {
			const count: Count = { cases: 0, misses: 0 };
			for (const [label, thinking, text] of THINKING_SHAPES) {
				const content = `[{"type":"thinking","thinking":${thinking}},{"type":"text","text":"Answer."}]`;
				const doc = `{"id":"m1","object":"chat.completion","model":"magistral-medium","choices":[{"index":0,"message":{"role":"assistant","content":${content}},"finish_reason":"stop"}]}`;
				const chunk = (delta: string, finish = "null") =>
					`data: {"id":"m1","object":"chat.completion.chunk","model":"magistral-medium","choices":[{"index":0,"delta":${delta},"finish_reason":${finish}}]}\n\n`;
				const sse =
					chunk(`{"role":"assistant","content":[{"type":"thinking","thinking":${thinking}}]}`) +
					chunk('{"content":[{"type":"text","text":"Answer."}]}') +
					chunk('{"content":""}', '"stop"') +
					"data: [DONE]\n\n";
				for (const [framing, body] of [
					["JSON", doc],
					["SSE", sse],
				]) {
					count.cases += 1;
					const result = readBody(newAssembler("openai", SCOPE), body);
					if (!result.ok || result.reply.reasoning !== text || result.reply.content !== "Answer.")
						miss(
							count,
							`${label} in ${framing}: ${result.ok ? `reasoning "${result.reply.reasoning}", content "${result.reply.content}"` : result.error.message}`,
						);
				}
			}
			print(`stream classes: Mistral reasoning: ${count.cases} cases, ${count.misses} misread`);
			expect(count.first).to.equal(undefined);
			expect(count.misses).to.equal(0);
		});
	});
};
