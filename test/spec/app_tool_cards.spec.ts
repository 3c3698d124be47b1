/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Specs of what the Chat page's tool cards are drawn from: the bounded data a tool:result event
// carries (agent/conversation/result_data), a whole-file write as one change (tools/file_edits),
// and each family's result view (app/panels/chat/rows/result_views) on good and damaged data.
import { DATA_BYTES, eventData, STRING_BYTES } from "agent/conversation/result_data";
import { rewriteChange } from "tools/file_edits";
import { resultView } from "app/panels/chat/rows/result_views";

export = () => {
	describe("eventData", () => {
		it("copies primitives and nested tables read-only", () => {
			const [copy, cut] = eventData({
				path: "files/a.lua",
				bytes: 12,
				changes: [{ line: 3, removed: "a", added: "b" }],
			});
			const data = copy as { path: string; changes: Array<{ line: number; added: string }> };
			expect(cut).to.equal(false);
			expect(data.path).to.equal("files/a.lua");
			expect(data.changes[0].line).to.equal(3);
			expect(data.changes[0].added).to.equal("b");
			expect(table.isfrozen(data)).to.equal(true);
			expect(table.isfrozen(data.changes[0])).to.equal(true);
		});
		it("cuts long strings on a character boundary and says so", () => {
			const [copy, cut] = eventData({ output: string.rep("é", STRING_BYTES) });
			const output = (copy as { output: string }).output;
			expect(cut).to.equal(true);
			expect(output.size() <= STRING_BYTES + 3).to.equal(true);
			expect(utf8.len(output)[0] !== undefined).to.equal(true);
			expect(output.sub(-3)).to.equal("…");
		});
		it("bounds the whole copy, entries per table and depth", () => {
			const many = new Array<string>();
			for (let i = 0; i < 500; i++) many.push(string.rep("x", 100));
			const [copy, cut] = eventData({ many, deep: { a: { b: { c: { d: 1 } } } } });
			const data = copy as { many: Array<string>; deep: { a: { b: unknown } } };
			expect(cut).to.equal(true);
			expect(data.many.size() <= 64).to.equal(true);
			expect(data.deep.a.b).to.equal(undefined);
			let bytes = 0;
			for (const s of data.many) bytes += s.size();
			expect(bytes <= DATA_BYTES).to.equal(true);
		});
		it("leaves out what is not data", () => {
			const [copy] = eventData({ fn: () => 1, ok: true });
			expect((copy as { fn?: unknown }).fn).to.equal(undefined);
			expect((copy as { ok: boolean }).ok).to.equal(true);
			expect(eventData(undefined)[0]).to.equal(undefined);
		});
	});

	describe("rewriteChange", () => {
		it("is the lines between the common first and last lines", () => {
			const change = rewriteChange("a\nb\nc\nd", "a\nB\nC\nd");
			expect(change.line).to.equal(2);
			expect(change.removed).to.equal("b\nc");
			expect(change.added).to.equal("B\nC");
		});
		it("a new file is all added; an appended line is added after the last", () => {
			const created = rewriteChange(undefined, "x\ny");
			expect(created.line).to.equal(1);
			expect(created.removed).to.equal("");
			expect(created.added).to.equal("x\ny");
			const appended = rewriteChange("a\nb", "a\nb\nc");
			expect(appended.line).to.equal(3);
			expect(appended.removed).to.equal("");
			expect(appended.added).to.equal("c");
		});
	});

	describe("resultView", () => {
		it("a file edit is a diff of removed and added lines", () => {
			const view = resultView("file_edit", true, "Edited files/a.lua (1 edit, now 9 bytes):\n@@ line 2", {
				path: "files/a.lua",
				changes: [{ line: 2, removed: "speed = 16\n", added: "speed = 24\nmax = 30", count: 1 }],
			});
			expect(view.kind).to.equal("diff");
			if (view.kind !== "diff") return;
			expect(view.summary).to.equal("Edited files/a.lua (1 edit, now 9 bytes):");
			expect(view.hunks[0].line).to.equal(2);
			expect(view.hunks[0].removed.size()).to.equal(1);
			expect(view.hunks[0].added[1]).to.equal("max = 30");
		});
		it("run_luau shows the ending, output, returned values and the error", () => {
			const done = resultView("run_luau", true, "Ran to completion in 0.01 s.\nOutput:\nhi\nReturned: 2", {
				ending: "completed",
				output: "hi",
				returned: ["2"],
			});
			expect(done.kind).to.equal("luau");
			if (done.kind !== "luau") return;
			expect(done.summary).to.equal("Ran to completion in 0.01 s.");
			expect(done.output).to.equal("hi");
			expect(done.returned).to.equal("2");
			const failed = resultView(
				"run_luau",
				false,
				"Failed: Raised an error after 0.00 s.\nError: run_luau:3: boom\nCancelled 1 thread",
				{
					ending: "error",
					output: "",
					returned: [],
				},
			);
			if (failed.kind !== "luau") throw "not a luau view";
			expect(failed.error).to.equal("run_luau:3: boom");
			expect(failed.output).to.equal(undefined);
			const bad = resultView("check_luau", false, "Failed: run_luau:1: Expected identifier", { valid: false });
			if (bad.kind !== "luau") throw "not a luau view";
			expect(bad.summary).to.equal("Does not compile");
			expect(bad.error).to.equal("run_luau:1: Expected identifier");
		});
		it("a task list keeps known statuses", () => {
			const view = resultView("todo_write", true, "Task list", {
				items: [{ text: "a", status: "done" }, { text: "b", status: "weird" }, { nope: 1 }],
				changes: ["+ a"],
			});
			if (view.kind !== "todo") throw "not a todo view";
			expect(view.items.size()).to.equal(2);
			expect(view.items[1].status).to.equal("pending");
			expect(view.changes[0]).to.equal("+ a");
		});
		it("falls back to the text on other tools and damaged data", () => {
			expect(resultView("file_read", true, "x", { path: "a" }).kind).to.equal("text");
			expect(resultView("file_edit", true, "x", { changes: "nope" }).kind).to.equal("text");
			expect(resultView("file_edit", false, "Failed: x", { path: "a", changes: [] }).kind).to.equal("text");
			expect(resultView("run_luau", true, "x", undefined).kind).to.equal("text");
		});
	});
};
