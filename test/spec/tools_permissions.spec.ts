/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// The permission decision, exhaustively: every mode × risk × rule shape, checked through
// `permissions.check`, `ruleFor`, discovery (`definitions`) and dispatch (with an approval answered
// at once when the decision is "ask"). Expectations come from the mode table of docs/EMBEDDING.md
// ("Permissions") written out here by hand, and each rule shape names the rule that must win.
import { Risk, Verdict } from "agent/dispatch/tool";
import { markObject } from "runtime/json";
import { harness } from "./tools_support";

const TOOL = "fs_write_file";

/** The documented table (docs/EMBEDDING.md, "Permissions"), by hand. */
const DOCUMENTED_TABLE: Record<string, Record<Risk, Verdict>> = {
	readonly: { read: "allow", write: "deny", danger: "deny" },
	ask: { read: "allow", write: "ask", danger: "ask" },
	auto: { read: "allow", write: "allow", danger: "ask" },
	full: { read: "allow", write: "allow", danger: "allow" },
};

const VERDICTS: Array<Verdict> = ["allow", "ask", "deny"];

interface Shape {
	readonly label: string;
	readonly rules: Record<string, Verdict>;
	/** The pattern that must decide, or undefined when the mode decides. */
	readonly winner?: string;
}

/** A verdict different from `verdict` (so a losing rule would change the outcome). */
function other(verdict: Verdict, step = 1): Verdict {
	return VERDICTS[(VERDICTS.indexOf(verdict) + step) % 3];
}

function shapes(): Array<Shape> {
	const list: Array<Shape> = [
		{ label: "no rules", rules: {} },
		{
			label: "only rules that do not match",
			rules: { "fs_read_*": "deny", "net_*": "deny", fs_write_file2: "deny", fs_write: "deny" },
		},
	];
	for (const v of VERDICTS) {
		list.push({ label: `exact ${v}`, rules: { [TOOL]: v }, winner: TOOL });
		list.push({ label: `short prefix ${v}`, rules: { "fs_*": v }, winner: "fs_*" });
		list.push({ label: `long prefix ${v}`, rules: { "fs_write_*": v }, winner: "fs_write_*" });
		list.push({ label: `catch-all ${v}`, rules: { "*": v }, winner: "*" });
		list.push({ label: `whole name as prefix ${v}`, rules: { "fs_write_file*": v }, winner: "fs_write_file*" });
		list.push({
			label: `exact ${v} beats every prefix`,
			rules: { [TOOL]: v, "fs_write_file*": other(v), "fs_*": other(v, 2), "*": other(v) },
			winner: TOOL,
		});
		list.push({
			label: `longer prefix ${v} beats shorter`,
			rules: { "fs_*": other(v), "fs_write_*": v, "*": other(v, 2) },
			winner: "fs_write_*",
		});
		list.push({
			label: `shorter prefix ${v} wins when the longer does not match`,
			rules: { "fs_*": v, "fs_read_*": other(v), "fs_write_files_*": other(v, 2) },
			winner: "fs_*",
		});
	}
	return list;
}

export = () => {
	describe("permission decisions: mode × risk × rule shape", () => {
		it("check, ruleFor, discovery and dispatch all follow the documented table", () => {
			let cases = 0;
			for (const [mode, row] of pairs(DOCUMENTED_TABLE)) {
				for (const risk of ["read", "write", "danger"] as Array<Risk>) {
					for (const shape of shapes()) {
						const h = harness();
						const ran = new Array<boolean>();
						h.services.tools.register({
							name: TOOL,
							group: "fs",
							risk,
							description: "Writes a file.",
							run: () => {
								ran.push(true);
								return "written";
							},
						});
						expect(h.services.permissions.public.setMode(mode)[0]).to.equal(true);
						for (const [pattern, verdict] of pairs(shape.rules))
							expect(h.services.permissions.public.setRule(pattern, verdict)[0]).to.equal(true);

						const expected = shape.winner !== undefined ? shape.rules[shape.winner] : row[risk];
						const label = `${mode}/${risk}/${shape.label}`;
						const [verdict, source] = h.services.permissions.public.check(TOOL);
						expect(`${label}: ${verdict}`).to.equal(`${label}: ${expected}`);
						expect(source).to.equal(shape.winner !== undefined ? "rule" : "mode");
						const [ruleVerdict, pattern] = h.services.permissions.public.ruleFor(TOOL);
						expect(pattern).to.equal(shape.winner);
						expect(ruleVerdict).to.equal(shape.winner !== undefined ? expected : undefined);

						// discovery: offered unless denied
						const [declarations] = h.services.tools.definitions();
						expect(`${label}: offered ${declarations!.size() === 1}`).to.equal(
							`${label}: offered ${expected !== "deny"}`,
						);

						// dispatch: runs at once, after an approval, or not at all
						const asked = new Array<string>();
						const ctx = {
							emit: (
								kind: string,
								payload: { resolve: (decision: unknown) => boolean; name: string },
							) => {
								asked.push(`${kind}:${payload.name}`);
								payload.resolve(true);
							},
						};
						const result = h.call(TOOL, {}, ctx);
						expect(`${label}: asked ${asked.size()}`).to.equal(
							`${label}: asked ${expected === "ask" ? 1 : 0}`,
						);
						expect(`${label}: ran ${ran.size()} ${result.error}`).to.equal(
							`${label}: ran ${expected === "deny" ? 0 : 1} ${expected === "deny" ? "denied" : undefined}`,
						);
						if (expected === "deny") {
							const data = result.data as { permission: string; executed: boolean };
							expect(data.permission).to.equal(shape.winner !== undefined ? "rule" : "mode");
							expect(data.executed).to.equal(false);
						}
						cases += 1;
					}
				}
			}
			expect(cases).to.equal(4 * 3 * shapes().size());
		});

		it("an approval answered no is a user denial; an unknown or malformed tool is a value, not an error", () => {
			const h = harness();
			h.services.tools.register({ name: "w", risk: "write", run: () => "ran" });
			h.services.permissions.public.setMode("ask");
			const result = h.call(
				"w",
				{},
				{ emit: (_: string, payload: { resolve: (d: unknown) => void }) => payload.resolve(false) },
			);
			expect(result.error).to.equal("denied");
			expect((result.data as { permission: string }).permission).to.equal("user");
			expect(h.services.permissions.public.check("missing")[0]).to.equal(undefined);
			expect(h.services.permissions.public.check({ name: "x", risk: "danger" })[0]).to.equal("ask");
			expect(h.services.permissions.public.check({ name: "x", risk: "bad" })[0]).to.equal(undefined);
			expect(h.services.permissions.public.check(5)[0]).to.equal(undefined);
		});

		it("modes and rules are validated, listed sorted, and removed by nil or default", () => {
			const p = harness().services.permissions.public;
			expect(p.mode()).to.equal("full");
			expect(p.setMode("strict")[0]).to.equal(false);
			for (const bad of ["", "a b", "x**", "*x", string.rep("a", 66)])
				expect(p.setRule(bad, "allow")[0]).to.equal(false);
			expect(p.setRule("fs_*", "maybe")[0]).to.equal(false);
			p.setRule("web_*", "deny");
			p.setRule("fs_read", "allow");
			p.setRule("*", "ask");
			const listed = p.listRules().map((rule) => `${rule.pattern}=${rule.verdict}`);
			expect(listed.join(",")).to.equal("*=ask,fs_read=allow,web_*=deny");
			p.setRule("web_*", undefined);
			p.setRule("*", "default");
			expect(p.listRules().size()).to.equal(1);
			expect(p.ruleFor("fs_read")[1]).to.equal("fs_read");
			expect(p.ruleFor("fs_read_more")[0]).to.equal(undefined);
		});

		it("an invalid stored mode reads as ask; stored rules with bad verdicts are ignored", () => {
			const h = harness();
			h.config.set("permissions.mode", "everything");
			expect(h.services.permissions.public.mode()).to.equal("ask");
			h.config.set(
				"permissions.rules",
				markObject({ good_tool: "deny", bad_tool: "sometimes", "bad pattern": "deny" }),
			);
			const rules = h.services.permissions.public.listRules();
			expect(rules.size()).to.equal(1);
			expect(rules[0].pattern).to.equal("good_tool");
		});
	});
};
