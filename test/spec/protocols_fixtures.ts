// Sample replies in each protocol's documented wire format (event names, field names, nesting and
// framing as the providers' streaming references show them; the contents are our own): a reply
// with reasoning, text, tool calls split across many events, keep-alives and usage. Each fixture
// names the event whose arrival completes the reply and the reply it must assemble to.
import type { ProtocolId, ReplayScope, Usage } from "provider/protocols/types";

export interface Fixture {
	readonly name: string;
	readonly protocol: ProtocolId;
	/** Events as sent, without the blank line that ends each. */
	readonly events: ReadonlyArray<string>;
	/** Events whose arrival (any one) completes the reply. */
	readonly completes: ReadonlyArray<number>;
	readonly content: string;
	readonly reasoning: string;
	readonly calls: ReadonlyArray<readonly [id: string, name: string, args: string]>;
	readonly finish: string;
	readonly usage: Usage;
}

export const SCOPE: ReplayScope = { endpoint: "https://api.example.com/v1", model: "model-1" };

/** What every sample reply says, whatever its protocol. */
const ANSWER = { content: "Reading both files ✓.", reasoning: "The user wants two files.", finish: "tool_calls" };
const USAGE: Usage = { inputTokens: 120, outputTokens: 30, reasoningTokens: 8, cacheReadTokens: 100, totalTokens: 150 };

const CHUNK = '"id":"chatcmpl-91","object":"chat.completion.chunk","created":1767225600,"model":"gpt-4o-mini"';
const chat = (delta: string, finish = "null") =>
	`data: {${CHUNK},"choices":[{"index":0,"delta":${delta},"logprobs":null,"finish_reason":${finish}}]}`;
const chatCall = (index: number, fn: string, head = "") =>
	chat(`{"tool_calls":[{"index":${index},${head}"function":${fn}}]}`);

// OpenAI Chat Completions streaming: https://platform.openai.com/docs/api-reference/chat-streaming
export const CHAT: Fixture = {
	name: "Chat Completions",
	protocol: "openai",
	events: [
		chat('{"role":"assistant","content":"","refusal":null}'),
		": keep-alive",
		chat('{"reasoning_content":"The user wants "}'),
		chat('{"reasoning_content":"two files."}'),
		chat('{"content":"Reading "}'),
		chat('{"content":"both files ✓."}'),
		chatCall(0, '{"name":"read_file","arguments":""}', '"id":"call_A1","type":"function",'),
		chatCall(0, '{"arguments":"{\\"pa"}'),
		chatCall(0, '{"arguments":"th\\": \\"src/ma"}'),
		chatCall(1, '{"name":"list_dir","arguments":""}', '"id":"call_B2","type":"function",'),
		chatCall(0, '{"arguments":"in.lua\\"}"}'),
		chatCall(1, '{"arguments":"{}"}'),
		chat("{}", '"tool_calls"'),
		`data: {${CHUNK},"choices":[],"usage":{"prompt_tokens":120,"completion_tokens":30,"total_tokens":150,"prompt_tokens_details":{"cached_tokens":100},"completion_tokens_details":{"reasoning_tokens":8}}}`,
		"data: [DONE]",
	],
	completes: [12, 14],
	...ANSWER,
	calls: [
		["call_A1", "read_file", '{"path": "src/main.lua"}'],
		["call_B2", "list_dir", "{}"],
	],
	usage: USAGE,
};

const block = (kind: string, index: number, body: string) =>
	`event: ${kind}\ndata: {"type":"${kind}","index":${index}${body}}`;
const delta = (index: number, body: string) => block("content_block_delta", index, `,"delta":${body}`);

// Anthropic Messages streaming: https://platform.claude.com/docs/en/build-with-claude/streaming
export const MESSAGES: Fixture = {
	name: "Anthropic Messages",
	protocol: "anthropic",
	events: [
		'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_01XF","type":"message","role":"assistant","content":[],"model":"claude-sonnet-4-6","stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":40,"cache_creation_input_tokens":5,"cache_read_input_tokens":100,"output_tokens":1}}}',
		block("content_block_start", 0, ',"content_block":{"type":"thinking","thinking":"","signature":""}'),
		'event: ping\ndata: {"type": "ping"}',
		delta(0, '{"type":"thinking_delta","thinking":"The user wants "}'),
		delta(0, '{"type":"thinking_delta","thinking":"two files."}'),
		delta(0, '{"type":"signature_delta","signature":"EqQBCkYIBRgCKkA0c2ln"}'),
		block("content_block_stop", 0, ""),
		block("content_block_start", 1, ',"content_block":{"type":"text","text":""}'),
		delta(1, '{"type":"text_delta","text":"Reading "}'),
		delta(1, '{"type":"text_delta","text":"both files ✓."}'),
		block("content_block_stop", 1, ""),
		block(
			"content_block_start",
			2,
			',"content_block":{"type":"tool_use","id":"toolu_01A1","name":"read_file","input":{}}',
		),
		delta(2, '{"type":"input_json_delta","partial_json":""}'),
		delta(2, '{"type":"input_json_delta","partial_json":"{\\"pa"}'),
		delta(2, '{"type":"input_json_delta","partial_json":"th\\": \\"src/ma"}'),
		delta(2, '{"type":"input_json_delta","partial_json":"in.lua\\"}"}'),
		block("content_block_stop", 2, ""),
		block(
			"content_block_start",
			3,
			',"content_block":{"type":"tool_use","id":"toolu_01B2","name":"list_dir","input":{}}',
		),
		block("content_block_stop", 3, ""),
		'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":30}}',
		'event: message_stop\ndata: {"type":"message_stop"}',
	],
	completes: [20],
	...ANSWER,
	calls: [
		["toolu_01A1", "read_file", '{"path": "src/main.lua"}'],
		["toolu_01B2", "list_dir", "{}"],
	],
	usage: { inputTokens: 145, outputTokens: 30, cacheReadTokens: 100, cacheWriteTokens: 5 },
};

const gemini = (parts: string, tail = "") =>
	`data: {"candidates": [{"content": {"parts": [${parts}],"role": "model"}${tail},"index": 0}],"modelVersion": "gemini-3-flash","responseId": "rsp-7"}`;

// Gemini streamGenerateContent?alt=sse: https://ai.google.dev/api/generate-content (events end
// with CRLF CRLF, as Google's servers send them)
export const GEMINI: Fixture = {
	name: "Gemini",
	protocol: "gemini",
	events: [
		gemini('{"text": "The user wants ","thought": true}'),
		gemini('{"text": "two files.","thought": true}'),
		gemini('{"text": "Reading "}'),
		gemini('{"text": "both files ✓."}'),
		`data: {"candidates": [{"content": {"parts": [{"functionCall": {"name": "read_file","args": {"path": "src/main.lua"}},"thoughtSignature": "CiQBcsjafE5pZ2x="},{"functionCall": {"name": "list_dir","args": {}}}],"role": "model"},"finishReason": "STOP","index": 0}],"usageMetadata": {"promptTokenCount": 120,"candidatesTokenCount": 22,"totalTokenCount": 150,"cachedContentTokenCount": 100,"thoughtsTokenCount": 8},"modelVersion": "gemini-3-flash","responseId": "rsp-7"}`,
	],
	completes: [4],
	...ANSWER,
	calls: [
		["call_1", "read_file", '{"path":"src/main.lua"}'],
		["call_2", "list_dir", "{}"],
	],
	usage: USAGE,
};

let sequence = 0;
const responses = (kind: string, body: string) => {
	sequence += 1;
	return `event: ${kind}\ndata: {"type":"${kind}","sequence_number":${sequence}${body}}`;
};
const RESPONSE_HEAD = '"id":"resp_7","object":"response","created_at":1767225600,"model":"gpt-5.4"';

// OpenAI Responses streaming: https://platform.openai.com/docs/api-reference/responses-streaming
export const RESPONSES: Fixture = {
	name: "Responses",
	protocol: "responses",
	events: [
		responses("response.created", `,"response":{${RESPONSE_HEAD},"status":"in_progress","output":[]}`),
		responses("response.in_progress", `,"response":{${RESPONSE_HEAD},"status":"in_progress","output":[]}`),
		responses(
			"response.output_item.added",
			',"output_index":0,"item":{"id":"rs_1","type":"reasoning","summary":[]}',
		),
		responses(
			"response.reasoning_summary_text.delta",
			',"item_id":"rs_1","output_index":0,"summary_index":0,"delta":"The user wants "',
		),
		responses(
			"response.reasoning_summary_text.delta",
			',"item_id":"rs_1","output_index":0,"summary_index":0,"delta":"two files."',
		),
		responses(
			"response.output_item.done",
			',"output_index":0,"item":{"id":"rs_1","type":"reasoning","summary":[{"type":"summary_text","text":"The user wants two files."}],"encrypted_content":"gAAAAABp0ZW5j"}',
		),
		responses(
			"response.output_item.added",
			',"output_index":1,"item":{"id":"msg_7","type":"message","status":"in_progress","role":"assistant","content":[]}',
		),
		responses(
			"response.output_text.delta",
			',"item_id":"msg_7","output_index":1,"content_index":0,"delta":"Reading "',
		),
		responses(
			"response.output_text.delta",
			',"item_id":"msg_7","output_index":1,"content_index":0,"delta":"both files ✓."',
		),
		responses(
			"response.output_item.done",
			',"output_index":1,"item":{"id":"msg_7","type":"message","status":"completed","role":"assistant","content":[{"type":"output_text","text":"Reading both files ✓.","annotations":[]}]}',
		),
		responses(
			"response.output_item.added",
			',"output_index":2,"item":{"id":"fc_1","type":"function_call","status":"in_progress","arguments":"","call_id":"call_A1","name":"read_file"}',
		),
		responses(
			"response.function_call_arguments.delta",
			',"item_id":"fc_1","output_index":2,"delta":"{\\"path\\": "',
		),
		responses(
			"response.function_call_arguments.delta",
			',"item_id":"fc_1","output_index":2,"delta":"\\"src/main.lua\\"}"',
		),
		responses(
			"response.function_call_arguments.done",
			',"item_id":"fc_1","output_index":2,"arguments":"{\\"path\\": \\"src/main.lua\\"}"',
		),
		responses(
			"response.output_item.done",
			',"output_index":2,"item":{"id":"fc_1","type":"function_call","status":"completed","arguments":"{\\"path\\": \\"src/main.lua\\"}","call_id":"call_A1","name":"read_file"}',
		),
		responses(
			"response.output_item.added",
			',"output_index":3,"item":{"id":"fc_2","type":"function_call","status":"in_progress","arguments":"","call_id":"call_B2","name":"list_dir"}',
		),
		responses(
			"response.output_item.done",
			',"output_index":3,"item":{"id":"fc_2","type":"function_call","status":"completed","arguments":"{}","call_id":"call_B2","name":"list_dir"}',
		),
		responses(
			"response.completed",
			`,"response":{${RESPONSE_HEAD},"status":"completed","output":[],"usage":{"input_tokens":120,"input_tokens_details":{"cached_tokens":100},"output_tokens":30,"output_tokens_details":{"reasoning_tokens":8},"total_tokens":150}}`,
		),
	],
	completes: [17],
	...ANSWER,
	calls: [
		["call_A1", "read_file", '{"path": "src/main.lua"}'],
		["call_B2", "list_dir", "{}"],
	],
	usage: USAGE,
};

export const FIXTURES: ReadonlyArray<Fixture> = [CHAT, MESSAGES, GEMINI, RESPONSES];

/** The fixture as bytes on the wire, each event ending with `separator` (a blank line). */
export function wire(fixture: Fixture, separator = fixture.protocol === "gemini" ? "\r\n\r\n" : "\n\n"): string {
	const lineEnd = separator === "\r\n\r\n" ? "\r\n" : "\n";
	return fixture.events.map((event) => event.gsub("\n", lineEnd)[0] + separator).join("");
}

/**
 * The shortest prefix length (bytes) of `wire(fixture)` that holds a completing event entirely:
 * shorter prefixes are incomplete streams.
 */
export function completeLength(fixture: Fixture, separator?: string): number {
	const text = wire(fixture, separator);
	const sep = separator ?? (fixture.protocol === "gemini" ? "\r\n\r\n" : "\n\n");
	let offset = 0;
	let shortest = text.size();
	for (let i = 0; i < fixture.events.size(); i++) {
		const lineEnd = sep === "\r\n\r\n" ? "\r\n" : "\n";
		const eventBytes = fixture.events[i].gsub("\n", lineEnd)[0].size();
		if (fixture.completes.includes(i)) shortest = math.min(shortest, offset + eventBytes);
		offset += eventBytes + sep.size();
	}
	return shortest;
}
