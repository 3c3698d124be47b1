/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Request bodies assembled from kept wire forms and their kept JSON text (request_common.ts
// wireForm, runtime/json.ts encodeOnce) are byte for byte the bodies a full encode of fresh tables
// gives, for every protocol, on the first request, on later requests of a growing history, after
// a message is replaced, and with replay data; saved histories encode the same way. Long lists
// assembled from kept runs (runtime/json.ts RUNS, request_common.ts wireForms) are byte-exact too:
// growing at the end, losing items at the start, with an item replaced or inserted.
import { FRAME_UNITS, frameSlicing, spend } from "host/frame";
import { buildBody } from "provider/protocols/adapter";
import type { BuildOptions } from "provider/protocols/request_common";
import type { Message, ProtocolId, ProtocolRequest, ToolSpec } from "provider/protocols/types";
import { decode, encode, encodeOnce, keepItems, markObject, MAX_DEPTH } from "runtime/json";
import { deepCopy } from "runtime/util";
import { SCOPE } from "./protocols_fixtures";

const OPTIONS: BuildOptions = { scope: SCOPE };
const PROTOCOLS: ReadonlyArray<ProtocolId> = ["openai", "anthropic", "gemini", "responses"];

const TOOLS: ReadonlyArray<ToolSpec> = [
	{ name: "read_file", description: "Reads a file.", parameters: { type: "object", properties: {} } },
	{ name: "noop", description: "Does nothing.", parameters: {} },
];

function history(): Array<Message> {
	return [
		{ role: "system", content: "Be brief." },
		{
			role: "user",
			content: [
				{ type: "text", text: 'Look \u{2028} "quoted" \\ é' },
				{ type: "image", mediaType: "image/png", data: "iVBORw0K" },
			],
		},
		{
			role: "assistant",
			content: "Reading.",
			reasoning: "Need the file.",
			toolCalls: [
				{ id: "call.1", name: "read_file", arguments: '{"path":"a.lua"}' },
				{ id: "call_2", name: "noop", arguments: "" },
			],
			replay: {
				protocol: "anthropic",
				endpoint: SCOPE.endpoint,
				model: SCOPE.model,
				items: [
					{ type: "thinking", thinking: "t", signature: "sig" },
					{ type: "tool_use", id: "call.1" },
				],
			},
		},
		{ role: "tool", toolCallId: "call.1", name: "read_file", content: "print(1)" },
		{ role: "tool", toolCallId: "call_2", name: "noop", content: "failed", isError: true },
		{ role: "user", content: "next" },
	];
}

function request(messages: ReadonlyArray<Message>, model = SCOPE.model): ProtocolRequest {
	return { model, messages, tools: TOOLS, stream: true, maxTokens: 100 };
}

/** The body's text, and the text of a fresh copy of it (no kept text anywhere). */
function bothTexts(protocol: ProtocolId, messages: ReadonlyArray<Message>, model?: string) {
	const body = buildBody(protocol, request(messages, model), OPTIONS);
	const [assembled, problem] = encode(body);
	const [full] = encode(deepCopy(body));
	return { assembled, full, problem };
}

export = () => {
	describe("request bodies from kept wire forms", () => {
		for (const protocol of PROTOCOLS) {
			it(`${protocol}: every request of a growing history is byte-exact`, () => {
				const messages = history();
				for (let round = 0; round < 4; round++) {
					const { assembled, full, problem } = bothTexts(protocol, messages);
					expect(problem).to.equal(undefined);
					expect(assembled).to.equal(full);
					// the next request: the reply and a new question
					messages.push({ role: "assistant", content: `answer ${round}` });
					messages.push({ role: "user", content: `question ${round}` });
				}
			});

			it(`${protocol}: a replaced message and another scope give their own wire form`, () => {
				const messages = history();
				const first = bothTexts(protocol, messages).assembled as string;
				messages[5] = { role: "user", content: "changed" };
				const changed = bothTexts(protocol, messages);
				expect(changed.assembled).to.equal(changed.full);
				expect(changed.assembled).never.to.equal(first);
				expect((changed.assembled as string).find("changed", 1, true)[0]).to.be.ok();
				// the replay belongs to SCOPE's model: another model gets the rebuilt turn
				const other = bothTexts(protocol, messages, "model-2");
				expect(other.assembled).to.equal(other.full);
			});
		}

		it("kept text reads back as the value (decode of the assembled body)", () => {
			const body = buildBody("openai", request(history()), OPTIONS);
			encode(body);
			const [text] = encode(body);
			const [value] = decode(text);
			expect(encode(value)[0]).to.equal(text);
		});
	});

	describe("long histories from kept runs", () => {
		function longHistory(count: number): Array<Message> {
			const messages = history();
			for (let i = 0; i < count; i++)
				messages.push(
					i % 2 === 0
						? { role: "user", content: `question ${i} "quoted"` }
						: { role: "assistant", content: `answer ${i}\n` },
				);
			return messages;
		}

		for (const protocol of PROTOCOLS) {
			it(`${protocol}: a long growing history is byte-exact on every request`, () => {
				const messages = longHistory(400);
				for (let round = 0; round < 6; round++) {
					const { assembled, full, problem } = bothTexts(protocol, messages);
					expect(problem).to.equal(undefined);
					expect(assembled).to.equal(full);
					messages.push({ role: "assistant", content: `answer ${round}` });
					messages.push({ role: "user", content: `question ${round}` });
					// a compaction-like change every other round: a message replaced in the middle
					if (round % 2 === 1) messages[200] = { role: "user", content: `replaced ${round}` };
				}
			});
		}

		it("a kept list that grows, loses its first items, or changes encodes as a fresh copy does", () => {
			const items = new Array<object>();
			for (let i = 0; i < 700; i++) items.push({ n: i, text: `item ${i}` });
			let list: Array<defined> = [...items];
			const check = (label: string) => {
				keepItems(list);
				const [assembled, problem] = encode({ list });
				expect(problem).to.equal(undefined);
				expect(`${label}: ${assembled}`).to.equal(`${label}: ${encode(deepCopy({ list }))[0]}`);
			};
			check("first");
			check("again");
			for (let i = 0; i < 3; i++) list.push({ n: 1000 + i });
			check("grown");
			list = list.filter((_, index) => index >= 37);
			check("shifted");
			list[300] = { n: "new" };
			check("replaced");
			list.insert(150, "a string");
			check("inserted");
			list.insert(151, list[400]);
			check("repeated");
		});

		it("a kept list's later encodes count far less work than walking its items", () => {
			const list = new Array<object>();
			for (let i = 0; i < 2000; i++) list.push({ role: "user", content: `message ${i}` });
			const unitsOf = () => {
				let units = 0;
				encode(list, {
					spend: (spent) => {
						units += spent;
						return undefined;
					},
				});
				return units;
			};
			const walked = unitsOf();
			keepItems(list);
			unitsOf();
			const kept = unitsOf();
			expect(kept * 3 < walked).to.equal(true);
		});

		it("runs keep the depth limit and name a bad item's index", () => {
			let deep: object = { leaf: true };
			for (let i = 0; i < 10; i++) deep = { next: deep };
			const list = new Array<defined>();
			for (let i = 0; i < 300; i++) list.push(i === 150 ? deep : { n: i });
			keepItems(list);
			let outer: unknown = list;
			for (let i = 0; i < MAX_DEPTH - 12; i++) outer = [outer];
			expect(encode(outer)[0]).to.equal(encode(deepCopy(outer))[0]);
			const [text, reason] = encode([outer]);
			expect(text).to.equal(undefined);
			expect((reason as string).find(`nesting deeper than ${MAX_DEPTH} levels`, 1, true)[0]).to.be.ok();
			const bad = [...list];
			bad[250] = { f: 0 / 0 };
			const [, why] = encode(bad);
			expect((why as string).find("at $[251].f (JSON has no NaN", 1, true)[0]).to.be.ok();
		});
	});

	describe("encodeOnce", () => {
		it("keeps the text a full encode gives, also inside other values", () => {
			const piece = { b: [1, 2, markObject({})], a: "x\n" };
			const [once] = encodeOnce(piece);
			expect(once).to.equal('{"a":"x\\n","b":[1,2,{}]}');
			expect(encode({ list: [piece, piece] })[0]).to.equal(`{"list":[${once},${once}]}`);
		});

		it("refuses what encode refuses and keeps nothing", () => {
			const bad = { f: 0 / 0 };
			const [text, reason] = encodeOnce(bad);
			expect(text).to.equal(undefined);
			expect((reason as string).find("at $.f (JSON has no NaN", 1, true)[0]).to.be.ok();
			const [, nested] = encode({ inner: bad });
			expect((nested as string).find("at $.inner.f (JSON has no NaN", 1, true)[0]).to.be.ok();
		});

		it("still applies the depth limit where a kept value sits", () => {
			let deep: object = { leaf: true };
			for (let i = 0; i < 10; i++) deep = { next: deep };
			encodeOnce(deep);
			let outer: object = deep;
			for (let i = 0; i < MAX_DEPTH - 11; i++) outer = [outer];
			expect(encode(outer)[0]).to.be.ok();
			const [text, reason] = encode([outer]);
			expect(text).to.equal(undefined);
			expect((reason as string).find(`nesting deeper than ${MAX_DEPTH} levels`, 1, true)[0]).to.be.ok();
		});

		it("reports a sliced encode's and decode's work and stops when told to", () => {
			const big = new Array<object>();
			for (let i = 0; i < 20000; i++) big.push({ index: i, text: "some text" });
			let reports = 0;
			let units = 0;
			const counting = {
				spend: (spent: number) => {
					reports += 1;
					units += spent;
					return undefined;
				},
			};
			const [text] = encode(big, counting);
			expect(reports > 3).to.equal(true);
			expect(units >= 40000).to.equal(true);
			expect(text).to.equal(encode(big)[0]);
			const [stopped, reason] = encode(big, { spend: () => "Stopped." });
			expect(stopped).to.equal(undefined);
			expect(reason).to.equal("Stopped.");
			reports = 0;
			expect(decode(text, counting)[0]).to.be.ok();
			expect(reports > 3).to.equal(true);
			const [value, why] = decode(text, { spend: () => "Stopped." });
			expect(value).to.equal(undefined);
			expect(why).to.equal("Stopped.");
		});
	});

	describe("the frame door", () => {
		it("says stop once the work is cancelled, and goes on otherwise", () => {
			let cancelled = false;
			const slicing = frameSlicing(() => cancelled);
			expect(slicing.spend(1)).to.equal(undefined);
			cancelled = true;
			expect(slicing.spend(1)).to.equal("Stopped.");
			expect(frameSlicing(() => true, "gone").spend(1)).to.equal("gone");
		});

		it("waits for the next frame once a frame's share is spent (where the thread may yield)", () => {
			let before = -1;
			let within = -1;
			let after = -1;
			const thread = coroutine.create(() => {
				spend(FRAME_UNITS); // whatever this frame had already spent, the count restarts now
				before = time();
				spend(FRAME_UNITS - 1);
				within = time();
				spend(1);
				after = time();
			});
			task.spawn(thread);
			const deadline = os.clock() + 5;
			while (after < 0 && os.clock() < deadline) task.wait();
			expect(within).to.equal(before);
			expect(after > within).to.equal(true);
		});
	});
};
