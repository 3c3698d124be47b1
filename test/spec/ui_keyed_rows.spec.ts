/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Specs of the Transcript engine's batch operation (virtual-list/keyed-rows.ts `replace`, behind
// Transcript:AppendRows and :ReplaceRows): many rows removed and appended in one layout, only the
// rows in view built, at most BUILD_LIMIT in one change (the reader's first, the rest on the next
// frames), keys and positions kept right, a reader at the end following, and Offsets.retain
// keeping the heights of the rows that stay.
import { Players } from "@rbxts/services";
import { Scope } from "ui-lib/core/scope";
import { Offsets } from "ui-lib/virtual-list/offsets";
import { BUILD_LIMIT, KeyedRows, type KeyedRow, MOUNT_LIMIT } from "ui-lib/virtual-list/keyed-rows";

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

/** Waits frames until a frame builds no row (the engine's next-frame builds are done); how many. */
function settle(subject: ReturnType<typeof engine>): number {
	let frames = 0;
	for (;;) {
		const builds = subject.builds();
		task.wait();
		frames += 1;
		if (subject.builds() === builds || frames >= 50) return frames;
	}
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
			// three changes in one frame: the frame's BUILD_LIMIT rows went to the first; the next build the rest
			settle(subject);
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

	describe("keyed rows: one layout a change", () => {
		it("writes the canvas once per change and ends at the end when following", () => {
			const subject = engine();
			subject.rows.replace(new Set(), many("a", 20));
			settle(subject);
			let sizes = 0;
			let positions = 0;
			const size = subject.view.GetPropertyChangedSignal("CanvasSize").Connect(() => (sizes += 1));
			const position = subject.view.GetPropertyChangedSignal("CanvasPosition").Connect(() => (positions += 1));
			// rows measured shorter than estimated (30 vs 48) bring more rows into view: still one write
			subject.rows.replace(new Set(), many("b", 300));
			// the signals are deferred: a deferred check runs after them, before the next frame
			let atCall = [0, 0];
			task.defer(() => (atCall = [sizes, positions]));
			const frames = settle(subject);
			expect(atCall[0]).to.equal(1);
			expect(atCall[1]).to.equal(1);
			// the rest of the view's rows are built on the next frames: one write each at most
			expect(sizes <= 1 + frames).to.equal(true);
			expect(positions <= 1 + frames).to.equal(true);
			expect(subject.view.CanvasPosition.Y).to.equal(subject.rows.contentHeight() - 300);
			// the rows in view are measured: the last ten rows take the view's 300 pixels exactly
			expect(subject.rows.contentHeight() - subject.rows.containerOf("b291")!.Position.Y.Offset).to.equal(300);
			size.Disconnect();
			position.Disconnect();
			subject.done();
		});
		it("builds at most BUILD_LIMIT rows a change, those at the end first, the rest on the next frames", () => {
			const subject = engine();
			subject.rows.replace(new Set(), many("a", 20));
			settle(subject);
			const before = subject.builds();
			subject.rows.replace(new Set(), many("b", 300));
			expect(subject.builds() - before).to.equal(BUILD_LIMIT);
			// following the end: the last rows are the ones built at once
			for (let i = 300 - BUILD_LIMIT + 1; i <= 300; i++) expect(subject.rows.containerOf(`b${i}`)).to.be.ok();
			expect(subject.rows.containerOf(`b${300 - BUILD_LIMIT}`)).never.to.be.ok();
			let last = subject.builds();
			let most = 0;
			for (let frame = 0; frame < 20; frame++) {
				task.wait();
				most = math.max(most, subject.builds() - last);
				last = subject.builds();
			}
			expect(most <= BUILD_LIMIT).to.equal(true);
			// then every row in view and in the margin above it (160 px: six rows of 30) is built
			for (let i = 285; i <= 300; i++) expect(subject.rows.containerOf(`b${i}`)).to.be.ok();
			expect(subject.rows.mountedCount() <= 17).to.equal(true);
			// a reader scrolled up: the rows at the top of the view are built first
			subject.view.CanvasPosition = new Vector2(0, 0);
			// (the scroll's signal is deferred: resume after it, in the same frame)
			task.defer(coroutine.running());
			coroutine.yield();
			for (let i = 1; i <= BUILD_LIMIT; i++) expect(subject.rows.containerOf(`a${i}`)).to.be.ok();
			settle(subject);
			for (let i = 1; i <= 10; i++) expect(subject.rows.containerOf(`a${i}`)).to.be.ok();
			subject.done();
		});
		it("a hidden view writes no canvas and shows the end once shown", () => {
			const subject = engine();
			subject.rows.replace(new Set(), many("a", 20));
			settle(subject);
			let writes = 0;
			const size = subject.view.GetPropertyChangedSignal("CanvasSize").Connect(() => (writes += 1));
			const position = subject.view.GetPropertyChangedSignal("CanvasPosition").Connect(() => (writes += 1));
			subject.rows.setShown(false);
			subject.rows.replace(new Set(), many("b", 50));
			subject.rows.replace(new Set(), many("c", 50));
			task.wait();
			expect(writes).to.equal(0);
			expect(subject.rows.atEnd()).to.equal(true);
			subject.rows.setShown(true);
			expect(subject.rows.containerOf("c50")).to.be.ok();
			expect(subject.view.CanvasPosition.Y).to.equal(subject.rows.contentHeight() - 300);
			size.Disconnect();
			position.Disconnect();
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
