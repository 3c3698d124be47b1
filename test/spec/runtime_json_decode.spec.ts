/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// The decoder's fast paths (an ASCII string without escapes, an ASCII key with its colon, an
// integer, a separator) against its general path: a fast path reads exactly what the general path
// reads, or declines. Each case pairs an input the fast path takes with one that forces the general
// path (an escape, white space, a fraction) and expects the same value, and pins the errors
// (message and byte) of malformed and truncated input. A stream decoder (which reads a text on
// from where it stops matching the last one) gives what decode gives, values and errors.
import { decode, encode, isMarkedObject, MAX_DEPTH, NULL, Slicing, streamDecoder } from "runtime/json";

function value(text: string): unknown {
	const [result, problem] = decode(text);
	if (problem !== undefined) error(`${text}: ${problem}`);
	return result;
}

function failure(text: string): string | undefined {
	const [, problem] = decode(text);
	return problem;
}

// The canonical text of a decoded value (sorted keys; {} and [] kept apart).
function canonical(text: string): string {
	return encode(value(text))[0] as string;
}

export = () => {
	describe("JSON decode fast paths", () => {
		it("reads ASCII strings and keys as the escape path does", () => {
			expect(value('"plain text, 1.5 & more"')).to.equal("plain text, 1.5 & more");
			expect(value('"\\u0070lain"')).to.equal("plain");
			expect(canonical('{"key":"v","other_key":1}')).to.equal(
				canonical('{"\\u006bey":"\\u0076","other_\\u006bey":1}'),
			);
			expect(canonical('{"a":"b"}')).to.equal(canonical(' {\n\t"a" \r: "b" } '));
			expect(value('""')).to.equal("");
			expect(value('"\x7f"')).to.equal("\x7f");
		});

		it("decodes escapes, UTF-8 and surrogate pairs", () => {
			expect(value('"a\\"b\\\\c\\/d\\b\\f\\n\\r\\t"')).to.equal('a"b\\c/d\b\f\n\r\t');
			expect(value('"\\u00e9\\u4e2d"')).to.equal("é中");
			expect(value('"é中😀"')).to.equal("é中😀");
			expect(value('"\\ud83d\\ude00"')).to.equal("😀");
			expect(value('{"é":"😀"}')).to.never.equal(undefined);
			expect((value('{"é":"😀"}') as Record<string, string>)["é"]).to.equal("😀");
		});

		it("replaces lone surrogates and invalid UTF-8 with U+FFFD", () => {
			expect(value('"\\ud83d"')).to.equal("\u{FFFD}");
			expect(value('"\\ud83dx"')).to.equal("\u{FFFD}x");
			expect(value('"\\ude00\\ud83d\\u0041"')).to.equal("\u{FFFD}\u{FFFD}A");
			expect(value('"a\xffb"')).to.equal("a\u{FFFD}b");
			expect((value('{"k\xff":1}') as Record<string, number>)["k\u{FFFD}"]).to.equal(1);
		});

		it("reads integers as the fraction path does", () => {
			expect(value("0")).to.equal(0);
			expect(value("7")).to.equal(7);
			expect(value("-45")).to.equal(-45);
			expect(value("1767225600")).to.equal(1767225600);
			expect(value("9007199254740993")).to.equal(tonumber("9007199254740993"));
			expect(value("123")).to.equal(value("123.0"));
			expect(value("-20")).to.equal(value("-2e1"));
			expect(value("0.5")).to.equal(0.5);
			expect(value("-0.25e-3")).to.equal(-0.00025);
			expect(value("1E5")).to.equal(100000);
			const negativeZero = value("-0") as number;
			expect(negativeZero === 0 && 1 / negativeZero < 0).to.equal(true);
			expect(canonical("[0,1,-1,10,0.5,1e2]")).to.equal("[0,1,-1,10,0.5,100]");
		});

		it("keeps null, {} and [] apart", () => {
			const decoded = value('{"a":null,"b":{},"c":[],"d":[null]}') as Record<string, unknown>;
			expect(decoded.a).to.equal(NULL);
			expect(isMarkedObject(decoded.b)).to.equal(true);
			expect(isMarkedObject(decoded.c)).to.equal(false);
			expect((decoded.d as Array<unknown>)[0]).to.equal(NULL);
			expect(canonical('{"b":{},"c":[]}')).to.equal('{"b":{},"c":[]}');
		});

		it("decodes 64 levels and refuses 65", () => {
			expect(failure(string.rep("[", MAX_DEPTH) + string.rep("]", MAX_DEPTH))).to.equal(undefined);
			expect(failure(string.rep('{"a":', MAX_DEPTH) + "1" + string.rep("}", MAX_DEPTH))).to.equal(undefined);
			expect(failure(string.rep("[", MAX_DEPTH + 1) + string.rep("]", MAX_DEPTH + 1))).to.equal(
				`nesting deeper than ${MAX_DEPTH} levels at byte ${MAX_DEPTH + 1}`,
			);
			expect(failure(string.rep('{"a":', MAX_DEPTH + 1) + "1" + string.rep("}", MAX_DEPTH + 1))).to.equal(
				`nesting deeper than ${MAX_DEPTH} levels at byte ${5 * MAX_DEPTH + 1}`,
			);
		});

		it("names the byte where malformed input stops", () => {
			const cases: Array<[string, string]> = [
				["", "unexpected end of text at byte 1"],
				["-", "bad number at byte 1"],
				["-a", "bad number at byte 1"],
				["--1", "bad number at byte 1"],
				["1e+", "bad number at byte 1"],
				["1.", "bad number at byte 1"],
				["[-]", "bad number at byte 2"],
				["0x10", "unexpected text after the value at byte 2"],
				["00", "unexpected text after the value at byte 2"],
				["-01", "unexpected text after the value at byte 3"],
				["[01]", "expected , or ] at byte 3"],
				['{"a":01}', "expected , or } at byte 7"],
				["1000000000000000000000" + string.rep("0", 300), "number out of range at byte 1"],
				['{"a":1,}', "expected a string key at byte 8"],
				["{,}", "expected a string key at byte 2"],
				["[,1]", 'unexpected character "," at byte 2'],
				['{"a" 1}', "expected : at byte 6"],
				['{"a":}', 'unexpected character "}" at byte 6'],
				["[1 2]", "expected , or ] at byte 4"],
				["true false", "unexpected text after the value at byte 6"],
				["nulll", "unexpected text after the value at byte 5"],
				['"\\uZZZZ"', "bad \\u escape at byte 4"],
				['"\\u12"', "bad \\u escape at byte 4"],
				['"\\x"', "bad escape \\x at byte 4"],
				['"a\tb"', "control character in string at byte 3"],
				['{"a\x01":1}', "control character in string at byte 4"],
				["5\0", "unexpected text after the value at byte 2"],
			];
			for (const [text, expected] of cases) expect(`${text}: ${failure(text)}`).to.equal(`${text}: ${expected}`);
		});

		it("refuses every truncation of a stream event, naming where it stops", () => {
			const event =
				'{"id":"chatcmpl-b","object":"chat.completion.chunk","created":1767225600,"model":"bench","choices":[{"index":0,"delta":{"tool_calls":[{"index":5,"function":{"arguments":"abc\\"de\\u00e9"}}]},"finish_reason":null}]}';
			expect(failure(event)).to.equal(undefined);
			// what the decoder said before it had fast paths
			const expected: Record<number, string> = {
				0: "unexpected end of text at byte 1",
				1: "expected a string key at byte 2",
				4: "unterminated string at byte 3",
				6: "unexpected end of text at byte 7",
				12: "unterminated string at byte 8",
				65: "expected , or } at byte 66",
				101: "expected a string key at byte 102",
				110: "expected , or } at byte 111",
				140: "unterminated string at byte 137",
				175: "unterminated string at byte 176",
				185: "expected , or } at byte 186",
				211: "expected , or } at byte 212",
			};
			for (let cut = 0; cut < event.size(); cut++) {
				const problem = failure(event.sub(1, cut));
				expect(problem).to.be.ok();
				const want = expected[cut];
				if (want !== undefined) expect(`${cut}: ${problem}`).to.equal(`${cut}: ${want}`);
			}
		});

		it("reports its work to slicing and stops when told", () => {
			const list = `[${string.rep('{"a":"bc","d":12},', 999)}{"a":"bc","d":12}]`;
			let reports = 0;
			const counting: Slicing = {
				spend: () => {
					reports += 1;
					return undefined;
				},
			};
			expect(canonical(list)).to.equal(encode(decode(list, counting)[0])[0]);
			expect(reports >= 4).to.equal(true);
			const stopping: Slicing = { spend: () => "Stopped." };
			const [stopped, reason] = decode(list, stopping);
			expect(stopped).to.equal(undefined);
			expect(reason).to.equal("Stopped.");
		});

		it("pauses inside a long string with many escapes (an 80 KB reply's text), the value unchanged", () => {
			const piece = 'line with \\"quotes\\" and a break\\n';
			const text = `{"content":"${string.rep(piece, 3000)}"}`;
			let units = 0;
			const counting: Slicing = {
				spend: (spent) => {
					units += spent;
					return undefined;
				},
			};
			const [sliced] = decode(text, counting);
			expect(encode(sliced)[0]).to.equal(encode(decode(text)[0])[0]);
			// one value, counted by its 9,000 escapes: about nine thousand units, reported in slices
			expect(units >= 9000).to.equal(true);
			const [stopped, reason] = decode(text, { spend: () => "Stopped." });
			expect(stopped).to.equal(undefined);
			expect(reason).to.equal("Stopped.");
		});

		it("counts a long plain string by its bytes (one match reads it), the value unchanged", () => {
			// 512 KB of plain ASCII and 512 KB of UTF-8 without escapes: each string is one match, so
			// without its bytes counted the decode would report two units for a megabyte
			const ascii = string.rep("abcdefghij", 52429);
			const utf = string.rep("é中", 104858);
			const text = `{"a":"${ascii}","b":"${utf}"}`;
			let units = 0;
			const [sliced, problem] = decode(text, {
				spend: (spent) => {
					units += spent;
					return undefined;
				},
			});
			expect(problem).to.equal(undefined);
			expect((sliced as { a: string }).a).to.equal(ascii);
			expect((sliced as { b: string }).b).to.equal(utf);
			// 256 bytes a unit: about 4,100 units for the two strings
			expect(units >= text.size() / 256 - 10).to.equal(true);
			const [stopped, reason] = decode(text, { spend: () => "Stopped." });
			expect(stopped).to.equal(undefined);
			expect(reason).to.equal("Stopped.");
		});

		describe("stream decoder", () => {
			const EVENTS = [
				'{"id":"c","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}',
				'{"id":"c","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"content":"Hello, \\"world\\" é"},"finish_reason":null}]}',
				'{"id":"c","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":3,"function":{"arguments":"{\\"a\\":1}"}}]},"finish_reason":null}]}',
				'{"id":"c","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":[]}}',
				'{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}',
				'{"candidates":[{"content":{"parts":[{"text":"x"}],"role":"model"},"index":0}],"usageMetadata":{"a":1}}',
				' { "a" : [ 1 , { "b" : [ ] } , null ] , "c" : { } } ',
				"[[1,2],[3,[4,{}]]]",
			];

			// the canonical text of a decode, or its error
			function outcome(result: LuaTuple<[unknown, undefined] | [undefined, string]>): string {
				const [value, problem] = result;
				return problem !== undefined ? `error: ${problem}` : (encode(value)[0] as string);
			}

			it("gives what decode gives for a stream of events, their mutations and truncations", () => {
				const streamed = streamDecoder();
				let checked = 0;
				const check = (text: string) => {
					expect(outcome(streamed(text))).to.equal(outcome(decode(text)));
					checked += 1;
				};
				const bytes = ['"', "{", "}", "[", "]", ",", ":", " ", "1", "x", "\\", "\0"];
				for (const event of EVENTS) {
					for (const other of EVENTS) {
						check(event);
						check(other);
					}
					for (let cut = 0; cut <= event.size(); cut++) {
						check(event);
						check(event.sub(1, cut));
					}
					for (let at = 1; at <= event.size(); at++) {
						for (const byte of bytes) {
							check(event);
							check(event.sub(1, at - 1) + byte + event.sub(at + 1));
						}
					}
				}
				expect(checked > 5000).to.equal(true);
				expect(outcome(streamed(5))).to.equal(outcome(decode(5)));
			});

			it("keeps the depth limit and gives fresh tables each time", () => {
				const streamed = streamDecoder();
				const deep = (levels: number, leaf: string) => `${'{"a":'.rep(levels)}${leaf}${"}".rep(levels)}`;
				for (const levels of [MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1]) {
					for (const leaf of ["[1]", "[[1]]", "{}"]) {
						const text = deep(levels, leaf);
						expect(outcome(streamed(text))).to.equal(outcome(decode(text)));
					}
				}
				// read whole, read on (its tail kept), then rebuilt from the kept tail: each time fresh
				for (const event of [EVENTS[1], EVENTS[3]]) {
					let previous: unknown;
					for (let round = 0; round < 4; round++) {
						const [decoded] = streamed(event);
						expect(decoded).never.to.equal(previous);
						expect(encode(decoded)[0]).to.equal(encode(decode(event)[0])[0]);
						const root = decoded as { id: string; choices: Array<{ index: number }>; usage?: object };
						root.id = "changed";
						root.choices[0].index = 9;
						if (root.usage !== undefined) (root.usage as { prompt_tokens: number }).prompt_tokens = 7;
						previous = decoded;
					}
				}
			});

			it("reads the containers around a repeated opening from its tail only when the tail is the same", () => {
				const streamed = streamDecoder();
				const head = '{"id":"c","choices":[{"index":0,"delta":{"content":';
				const tails = [
					'},"finish_reason":null}]}',
					'},"finish_reason":null}]}',
					'},"finish_reason":"stop"}]}',
					'},"finish_reason":null,"delta":5}]}',
					'},"finish_reason":null}],"usage":{"prompt_tokens":5}}',
					'},"finish_reason":null}],"usage":{"prompt_tokens":5}}',
					'} , "finish_reason" : null } ] } ',
					'},"finish_reason":null},{"index":1}]}',
					'},"finish_reason":null}]}}',
					'},"finish_reason":null}]',
					'},"finish_reason":nul}]}',
				];
				for (const tail of tails) {
					for (const content of ['"a"', '"bc"', '"d\\"é"', "1", "{}"]) {
						for (const text of [head + content + tail, head + content + tail]) {
							expect(outcome(streamed(text))).to.equal(outcome(decode(text)));
						}
					}
				}
			});
		});
	});
};
