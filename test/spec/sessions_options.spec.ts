/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Session options as open/newThread/create check them: every documented option with values that
// must pass and values that must be refused, each refusal naming the option; filter maps copied
// and frozen at creation. Expectations are the guide's table ("Conversations") written out here.
import { checkOptions, isSessionId } from "agent/conversation/session_options";

interface Case {
	readonly label: string;
	readonly options: unknown;
	/** A part of the refusal, or undefined when the options are valid. */
	readonly refused?: string;
}

const NAN = 0 / 0;
const CASES: Array<Case> = [
	{ label: "no options", options: undefined },
	{ label: "an empty table", options: {} },
	{ label: "a string", options: "fast", refused: "must be a table" },
	{ label: "an unknown key", options: { colour: "red" }, refused: "unknown session option colour" },
	{ label: "a misspelt key", options: { maxturns: 3 }, refused: "unknown session option maxturns" },
	{ label: "a 120-character id", options: { id: string.rep("a", 120) } },
	{ label: "an id of every allowed kind", options: { id: "Host_chat-2" } },
	{ label: "a 121-character id", options: { id: string.rep("a", 121) }, refused: "id must be" },
	{ label: "an empty id", options: { id: "" }, refused: "id must be" },
	{ label: "an id with a space", options: { id: "my chat" }, refused: "id must be" },
	{ label: "an id with a colon", options: { id: "game:1" }, refused: "id must be" },
	{ label: "a numeric id", options: { id: 5 }, refused: "id must be" },
	{ label: "a title", options: { title: "Notes" } },
	{ label: "a numeric title", options: { title: 5 }, refused: "title must be a string" },
	{ label: "a numeric folderId", options: { folderId: 1 }, refused: "folderId must be a string" },
	{ label: "a string placeId", options: { placeId: "1" }, refused: "placeId must be a number" },
	{ label: "a numeric placeName", options: { placeName: 1 }, refused: "placeName must be a string" },
	{ label: "maxTurns 1", options: { maxTurns: 1 } },
	{ label: "maxTurns 0", options: { maxTurns: 0 }, refused: "maxTurns must be" },
	{ label: "negative maxTurns", options: { maxTurns: -3 }, refused: "maxTurns must be" },
	{ label: "fractional maxTurns", options: { maxTurns: 2.5 }, refused: "maxTurns must be" },
	{ label: "infinite maxTurns", options: { maxTurns: math.huge }, refused: "maxTurns must be" },
	{ label: "NaN maxTurns", options: { maxTurns: NAN }, refused: "maxTurns must be" },
	{ label: "maxTurns as text", options: { maxTurns: "3" }, refused: "maxTurns must be" },
	{ label: "budgetSeconds 0.5", options: { budgetSeconds: 0.5 } },
	{ label: "budgetSeconds 0", options: { budgetSeconds: 0 }, refused: "budgetSeconds must be" },
	{ label: "negative budgetSeconds", options: { budgetSeconds: -1 }, refused: "budgetSeconds must be" },
	{ label: "infinite budgetSeconds", options: { budgetSeconds: math.huge }, refused: "budgetSeconds must be" },
	{ label: "NaN budgetSeconds", options: { budgetSeconds: NAN }, refused: "budgetSeconds must be" },
	{ label: "depth 0", options: { depth: 0 } },
	{ label: "depth 3", options: { depth: 3 } },
	{ label: "negative depth", options: { depth: -1 }, refused: "depth must be" },
	{ label: "fractional depth", options: { depth: 0.5 }, refused: "depth must be" },
	{ label: "an empty toolFilter (allows nothing)", options: { toolFilter: {} } },
	{ label: "a toolFilter map", options: { toolFilter: { a: true, b: false } } },
	{ label: "a toolFilter array", options: { toolFilter: ["a"] }, refused: "toolFilter must be a map" },
	{ label: "a blank tool name", options: { toolFilter: { [" "]: true } }, refused: "toolFilter must be a map" },
	{ label: "a non-boolean entry", options: { toolGroups: { fs: "yes" } }, refused: "toolGroups must be a map" },
	{ label: "toolExclude as text", options: { toolExclude: "fs" }, refused: "toolExclude must be a map" },
	{ label: "a toolExclude array", options: { toolExclude: ["fs"] }, refused: "toolExclude must be a map" },
];

for (const key of ["activate", "ephemeral", "headless", "unlimited", "stream"]) {
	CASES.push({ label: `${key} true`, options: { [key]: true } });
	CASES.push({ label: `${key} false`, options: { [key]: false } });
	CASES.push({ label: `${key} as text`, options: { [key]: "yes" }, refused: `${key} must be a boolean` });
	CASES.push({ label: `${key} as 1`, options: { [key]: 1 }, refused: `${key} must be a boolean` });
}

export = () => {
	describe("session options", () => {
		for (const c of CASES)
			it(c.refused === undefined ? `accepts ${c.label}` : `refuses ${c.label}`, () => {
				const [checked, reason] = checkOptions(c.options);
				if (c.refused === undefined) {
					expect(reason).to.equal(undefined);
					expect(checked).to.be.ok();
				} else {
					expect(checked).to.equal(undefined);
					expect(
						typeIs(reason, "string") && string.find(reason, c.refused, 1, true)[0] !== undefined,
					).to.equal(true);
				}
			});

		it("keeps the checked values", () => {
			const [checked] = checkOptions({ id: "a", maxTurns: 4, budgetSeconds: 2.5, depth: 1, unlimited: true });
			expect(checked!.id).to.equal("a");
			expect(checked!.maxTurns).to.equal(4);
			expect(checked!.budgetSeconds).to.equal(2.5);
			expect(checked!.depth).to.equal(1);
			expect(checked!.unlimited).to.equal(true);
			expect(checked!.filter.only).to.equal(undefined);
		});

		it("copies and freezes the filter maps at creation", () => {
			const only: Record<string, boolean> = { a: true };
			const exclude: Record<string, boolean> = { b: true };
			const [checked] = checkOptions({ toolFilter: only, toolExclude: exclude });
			only.z = true;
			exclude.b = false;
			const filter = checked!.filter;
			expect(filter.only).never.to.equal(only);
			expect(filter.only!.z).to.equal(undefined);
			expect(filter.exclude!.b).to.equal(true);
			expect(table.isfrozen(filter.only!)).to.equal(true);
			expect(table.isfrozen(filter.exclude!)).to.equal(true);
		});

		it("checks ids alone", () => {
			expect(isSessionId("abc")).to.equal(true);
			expect(isSessionId(string.rep("z", 121))).to.equal(false);
			expect(isSessionId("a.b")).to.equal(false);
			expect(isSessionId(undefined)).to.equal(false);
		});
	});
};
