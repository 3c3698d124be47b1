/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// The world tools' path syntax (src/tools/world/path.ts): the documented forms parse into their
// names, malformed paths are refused with where and why, and any name — dots, brackets, quotes,
// backslashes, newlines, spaces, UTF-8 — written with quoteName parses back to itself (seeded
// random names, so a failure reproduces).
import { parsePath, quoteName } from "tools/world/path";

function names(path: string): string {
	const [segments, problem] = parsePath(path);
	return segments === undefined ? `error: ${problem}` : segments.join("|");
}

const ALPHABET = ["a", "Z", "_", "1", ".", "[", "]", '"', "'", "\\", " ", "\n", "é", "#", "@"];

export = () => {
	describe("instance paths", () => {
		it("parses the documented forms", () => {
			expect(names("Workspace.Lobby.Floor")).to.equal("Workspace|Lobby|Floor");
			expect(names('Workspace.Lobby["Spawn Pad"]')).to.equal("Workspace|Lobby|Spawn Pad");
			expect(names('Workspace["Sign.Red"]')).to.equal("Workspace|Sign.Red");
			expect(names('ReplicatedStorage["say \\"hi\\""]')).to.equal('ReplicatedStorage|say "hi"');
			expect(names("Workspace['single quoted']")).to.equal("Workspace|single quoted");
			expect(names('Workspace["a"]["b"].c')).to.equal("Workspace|a|b|c");
			expect(names('Workspace.["dotted"]')).to.equal("Workspace|dotted");
			expect(names("game.Workspace.Lobby")).to.equal("Workspace|Lobby");
			expect(names("game")).to.equal("");
		});

		it("refuses malformed paths with a reason", () => {
			for (const bad of [
				"",
				".Workspace",
				"Workspace.",
				"Workspace..Lobby",
				'Workspace["open',
				"Workspace[Lobby]",
				'Workspace["x"]y',
				'Workspace["x\\',
			]) {
				const [segments, problem] = parsePath(bad);
				expect(segments).to.equal(undefined);
				expect(typeIs(problem, "string") && problem.size() > 0).to.equal(true);
			}
		});

		it("round-trips any name written with quoteName", () => {
			let state = 12345;
			const random = (n: number) => {
				state = (state * 48271) % 2147483647;
				return state % n;
			};
			for (let i = 0; i < 500; i++) {
				let name = "";
				const length = 1 + random(12);
				for (let j = 0; j < length; j++) name += ALPHABET[random(ALPHABET.size())];
				const path = `Workspace${quoteName(name)}${quoteName(name)}`;
				const [segments, problem] = parsePath(path);
				expect(problem).to.equal(undefined);
				expect(segments!.size()).to.equal(3);
				expect(segments![1]).to.equal(name);
				expect(segments![2]).to.equal(name);
			}
		});
	});
};
