/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Specs of the Transcript engine's batch operation (virtual-list/keyed-rows.ts `replace`, behind
// Transcript:AppendRows and :ReplaceRows): many rows removed and appended in one layout, only the
// rows in view built, keys and positions kept right, a reader at the end following, and
// Offsets.retain keeping the heights of the rows that stay.
import { Players } from "@rbxts/services";
import { Scope } from "ui-lib/core/scope";
import { Offsets } from "ui-lib/virtual-list/offsets";
import { KeyedRows, type KeyedRow, MOUNT_LIMIT } from "ui-lib/virtual-list/keyed-rows";

function engine(height = 300) {
	const gui = new Instance("ScreenGui");
	gui.Name = "KeyedRowsSpec";
	const view = new Instance("ScrollingFrame");
	view.Size = UDim2.fromOffset(400, height);
	view.Parent = gui;
	gui.Parent = Players.LocalPlayer.FindFirstChildOfClass("PlayerGui");
	const scope = new Scope();
	let builds = 0;
	const rows = new KeyedRows(
		view,
		scope,
		true,
		(row, container) => {
			builds += 1;
			const label = new Instance("TextLabel");
			label.Size = UDim2.fromOffset(400, 30);
			label.Text = tostring(row.data);
			label.Parent = container;
			return undefined;
		},
		() => undefined,
	);
	rows.resize(400, height);
	return {
		rows,
		view,
		builds: () => builds,
		done: () => {
			scope.destroy();
			gui.Destroy();
		},
	};
}

function many(prefix: string, count: number): KeyedRow[] {
	const out: KeyedRow[] = [];
	for (let i = 1; i <= count; i++)
		out.push({ key: `${prefix}${i}`, build: undefined, data: `${prefix}${i}`, estimate: 48 });
	return out;
}

export = () => {
	describe("keyed rows: batch replace", () => {
		it("appends many rows in one call, building only the rows in view", () => {
			const subject = engine();
			subject.rows.replace(new Set(), many("a", 700));
			expect(subject.rows.count()).to.equal(700);
			expect(subject.rows.indexOf("a700")).to.equal(699);
			expect(subject.rows.mountedCount() <= MOUNT_LIMIT).to.equal(true);
			expect(subject.rows.mountedCount() > 0).to.equal(true);
			// the view follows the end: the last row is built, the first is not
			expect(subject.rows.containerOf("a700")).to.be.ok();
			expect(subject.rows.containerOf("a1")).never.to.be.ok();
			expect(subject.builds() < 60).to.equal(true);
			subject.done();
		});
		it("removes a run of rows and appends others in the same call", () => {
			const subject = engine();
			subject.rows.replace(new Set(), many("a", 10));
			subject.rows.replace(new Set(), many("p", 500));
			const drop = new Set<string>();
			for (const key of subject.rows.keys()) if (key.sub(1, 1) === "p") drop.add(key);
			subject.rows.replace(drop, many("f", 400));
			expect(subject.rows.count()).to.equal(410);
			expect(subject.rows.has("p1")).to.equal(false);
			expect(subject.rows.indexOf("a10")).to.equal(9);
			expect(subject.rows.indexOf("f1")).to.equal(10);
			expect(subject.rows.indexOf("f400")).to.equal(409);
			expect(subject.rows.containerOf("f400")).to.be.ok();
			expect(subject.rows.mountedCount() <= MOUNT_LIMIT).to.equal(true);
			// no removed row stays built
			for (const child of subject.view.GetChildren())
				if (child.IsA("Frame")) expect(tostring(child.GetAttribute("Key")).sub(1, 1) !== "p").to.equal(true);
			subject.done();
		});
		it("removes rows in the middle and keeps the others' order", () => {
			const subject = engine();
			subject.rows.replace(new Set(), many("a", 6));
			subject.rows.replace(new Set(["a2", "a4"]), []);
			const keys = subject.rows.keys();
			expect(keys.join(",")).to.equal("a1,a3,a5,a6");
			expect(subject.rows.indexOf("a5")).to.equal(2);
			expect(subject.rows.get("a6")!.data).to.equal("a6");
			subject.done();
		});
	});

	describe("offsets: retain", () => {
		it("keeps the heights of the rows kept", () => {
			const offsets = new Offsets();
			offsets.reset(4, 10);
			offsets.setHeight(0, 5);
			offsets.setHeight(2, 20);
			offsets.retain([true, false, true, false]);
			expect(offsets.size()).to.equal(2);
			expect(offsets.total()).to.equal(25);
			expect(offsets.isMeasured(1)).to.equal(true);
			expect(offsets.start(1)).to.equal(5);
		});
	});
};
