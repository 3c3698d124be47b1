/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// A long string in a sliced encode (runtime/json.ts encodeLongString: a reply, a tool's output) is
// encoded in pieces, each counted before it is encoded, and gives exactly the text of the whole
// string encoded at once: multi-byte characters, escapes, U+2028/U+2029 and invalid UTF-8 at every
// offset around a piece's end. Stop during it ends the encode, and the attempt says "Stopped.".
import { frameSlicing } from "host/frame";
import { send, SendTarget } from "provider/inference/send";
import { encode, Slicing, STRING_PIECE } from "runtime/json";

// Each atom starts with a byte that does not continue a UTF-8 sequence, so the text of a string
// made of atoms is its atoms' texts joined, whatever comes before or after each one.
const ATOMS: ReadonlyArray<[string, string]> = [
	["a", "a"],
	["é", "é"],
	["中", "中"],
	["😀", "😀"],
	['"', '\\"'],
	["\\", "\\\\"],
	["\n", "\\n"],
	["\u{1}", "\\u0001"],
	["\u{7f}", "\\u007f"],
	["\u{2028}", "\\u2028"],
	["\u{2029}", "\\u2029"],
	["\xff", "\u{FFFD}"],
	["\xe2\x82", "\u{FFFD}"], // a three-byte sequence cut short
	["\xc0\xaf", "\u{FFFD}"], // an overlong form
	["\xed\xa0\x80", "\u{FFFD}"], // an encoded surrogate
	["\xf0\x9f\x98", "\u{FFFD}"], // a four-byte sequence cut short
];

const counting = (): [Slicing, () => number, () => number] => {
	let reports = 0;
	let units = 0;
	const slicing: Slicing = {
		spend: (spent) => {
			reports += 1;
			units += spent;
			return undefined;
		},
	};
	return [slicing, () => reports, () => units];
};

function sliced(value: unknown): string | undefined {
	return encode(value, counting()[0])[0];
}

export = () => {
	describe("a long string in a sliced encode", () => {
		it("gives the same text with each atom at every offset around a piece's end", () => {
			for (const [atom, text] of ATOMS) {
				for (let shift = -4; shift <= 4; shift++) {
					const before = string.rep("x", STRING_PIECE + shift);
					const value = `${before}${atom}${atom}tail${string.rep("y", STRING_PIECE)}${atom}`;
					const expected = `"${before}${text}${text}tail${string.rep("y", STRING_PIECE)}${text}"`;
					expect(`${shift} ${text}: ${sliced(value) === expected}`).to.equal(`${shift} ${text}: true`);
					expect(encode(value)[0]).to.equal(expected);
				}
			}
		});

		it("gives the same text for mixed atoms over many pieces", () => {
			const parts = new Array<string>();
			const texts = new Array<string>();
			// a pseudo-random order (the high bits of a linear congruential sequence: its low bits repeat)
			let seed = 7;
			for (let i = 0; i < 20000; i++) {
				seed = (seed * 69069 + 1) % 4294967296;
				const [atom, text] = ATOMS[math.floor(seed / 65536) % ATOMS.size()];
				parts.push(atom);
				texts.push(text);
			}
			const value = parts.join("");
			const expected = `"${texts.join("")}"`;
			expect(value.size() > 4 * STRING_PIECE).to.equal(true);
			expect(sliced(value) === expected).to.equal(true);
			expect(encode(value)[0] === expected).to.equal(true);
			expect(sliced({ content: value, list: [value, "short"] })).to.equal(
				`{"content":${expected},"list":[${expected},"short"]}`,
			);
		});

		it("keeps a run of stray continuation bytes whole across a piece's end", () => {
			const before = string.rep("x", STRING_PIECE - 3);
			const value = `${before}é${string.rep("\x80", 40)}z`;
			expect(sliced(value)).to.equal(`"${before}é\u{FFFD}z"`);
			expect(encode(value)[0]).to.equal(`"${before}é\u{FFFD}z"`);
		});

		it("counts each piece before encoding it, by what it holds", () => {
			// 64 pieces of printable ASCII: a unit per 64 bytes, reported in slices while it is encoded
			const [plain, plainReports, plainUnits] = counting();
			const ascii = string.rep("abcdefgh", (64 * STRING_PIECE) / 8);
			expect(encode(ascii, plain)[0]).to.equal(`"${ascii}"`);
			expect(plainUnits() >= ascii.size() / 64).to.equal(true);
			expect(plainReports() >= 8).to.equal(true);
			// the same bytes with escapes and multi-byte text count more (escaping and the UTF-8 check)
			const [mixed, , mixedUnits] = counting();
			const text = string.rep('é"\n', ascii.size() / 4);
			expect(encode(text, mixed)[0]).to.be.ok();
			expect(mixedUnits() >= 1.9 * (text.size() / 64)).to.equal(true);
		});

		it("stops when told during the string, and the attempt reports Stopped.", () => {
			const value = string.rep("some words and a line\n", 30000);
			let reports = 0;
			const [text, reason] = encode(
				{ content: value },
				{
					spend: () => {
						reports += 1;
						return reports === 3 ? "Stopped." : undefined;
					},
				},
			);
			expect(text).to.equal(undefined);
			expect(reason).to.equal("Stopped.");
			expect(reports).to.equal(3);
			// the request's encode (provider/inference/send.ts): a Stop during it ends the attempt
			let cancelled = false;
			let asked = 0;
			const target = {
				model: "m",
				isCancelled: () => {
					asked += 1;
					if (asked === 2) cancelled = true;
					return cancelled;
				},
			} as unknown as SendTarget;
			const sent = send(target, { messages: [{ role: "user", content: value }] });
			expect(sent.kind).to.equal("failed");
			if (sent.kind === "failed") {
				expect(sent.failure.error).to.equal("Stopped.");
				expect(sent.failure.terminal).to.equal(true);
			}
			expect(frameSlicing(() => true).spend(1)).to.equal("Stopped.");
		});
	});
};
