// A virtualised list in a ScrollingFrame: only the rows inside the viewport (plus an overscan
// margin) are mounted, from a bounded pool, at measured offsets; rows not yet seen use an
// estimated height until they are measured. The row at the top of the view keeps its position
// when rows above it are inserted, removed or re-measured (anchor preservation); a view that was
// at the end follows appended rows. While hidden the list only records changes and reconciles
// once it is shown again. Used by Dropdown pickers (up to 10,000 options) and the List control.
import type { Scope } from "../core/scope";
import { Offsets } from "./offsets";
import { ScrollView } from "./scroll-view";

export interface RowRenderer<T> {
	/** A rough height for an item not measured yet. */
	estimate: (item: T, width: number) => number;
	/** The exact height of an item at `width` (measured text). */
	measure: (item: T, width: number) => number;
	/** Builds an empty row (pooled and reused for different items); the list parents it. */
	create: () => GuiObject;
	/** Fills a row with `item` (its position in the list is `index`) at its measured `height`. */
	fill: (row: GuiObject, item: T, index: number, width: number, height: number) => void;
}

interface Anchor {
	index: number;
	offset: number;
}

const OVERSCAN = 160;

export class VirtualList<T extends defined> extends ScrollView {
	private items: T[] = [];
	private readonly offsets = new Offsets();
	private readonly mounted = new Map<number, GuiObject>();
	private readonly pool: GuiObject[] = [];
	private width = 0;
	/** Space above the first row (a search box scrolling with the rows). */
	private lead = 0;

	constructor(
		view: ScrollingFrame,
		scope: Scope,
		private readonly renderer: RowRenderer<T>,
		private readonly follow: boolean,
	) {
		super(view, scope);
	}

	count(): number {
		return this.items.size();
	}

	/** Number of row frames currently mounted (bounded by the viewport, not the item count). */
	mountedCount(): number {
		return this.mounted.size();
	}

	/** The index of the item a mounted `row` shows now (rows move when items are added above). */
	indexOf(row: GuiObject): number | undefined {
		for (const [index, mounted] of this.mounted) if (mounted === row) return index;
		return undefined;
	}

	/** The mounted row showing item `index`, if it is in view. */
	rowAt(index: number): GuiObject | undefined {
		return this.mounted.get(index);
	}

	/** Height of the content: the lead space and every row (measured or estimated). */
	contentHeight(): number {
		return this.lead + this.offsets.total();
	}

	/** Reserves `height` pixels above the first row. */
	setLead(height: number) {
		if (height === this.lead) return;
		this.lead = height;
		this.recycleAll();
		this.render();
	}

	/** Sets the viewport's inner size (from the owner's layout, so no engine layout is read). */
	resize(width: number, height: number) {
		// a view at the end keeps following when its height changes (a "Fill" list refits)
		const following = this.follow && height !== this.viewHeight && this.atEnd();
		this.viewHeight = height;
		if (width !== this.width) {
			const anchor = this.anchor();
			this.width = width;
			this.offsets.remeasure((index) => this.renderer.estimate(this.items[index], width));
			this.recycleAll();
			this.restoreAnchor(anchor);
		}
		if (following) this.scrollToEnd();
		else this.render();
	}

	/** Replaces every item and scrolls to the top. */
	setItems(items: T[]) {
		this.items = [...items];
		const width = this.width;
		this.offsets.reset(this.items.size(), 0);
		this.offsets.remeasure((index) => this.renderer.estimate(this.items[index], width));
		this.recycleAll();
		this.setCanvas(0);
		this.render();
	}

	/** Inserts items before `index`; the view keeps its top row in place. */
	insert(index: number, items: T[]) {
		const atEnd = this.atEnd();
		const anchor = this.anchor();
		const estimates: number[] = [];
		for (const i of $range(0, items.size() - 1)) {
			this.items.insert(index + i, items[i]);
			estimates.push(this.renderer.estimate(items[i], this.width));
		}
		this.offsets.insert(index, estimates);
		this.shiftMounted(index, items.size());
		if (anchor !== undefined && anchor.index >= index) anchor.index += items.size();
		this.afterChange(anchor, atEnd);
	}

	/** Removes `count` items from `index`. */
	remove(index: number, count: number) {
		if (count <= 0) return;
		const atEnd = this.atEnd();
		const anchor = this.anchor();
		for (const _ of $range(1, count)) this.items.remove(index);
		this.offsets.remove(index, count);
		this.recycleAll();
		if (anchor !== undefined) {
			if (anchor.index >= index + count) anchor.index -= count;
			else if (anchor.index >= index) {
				anchor.index = index;
				anchor.offset = 0;
			}
		}
		this.afterChange(anchor, atEnd);
	}

	/** Replaces the item at `index`; it is measured again when mounted. */
	update(index: number, item: T) {
		const atEnd = this.atEnd();
		const anchor = this.anchor();
		this.items[index] = item;
		this.offsets.setEstimate(index, this.renderer.estimate(item, this.width));
		const row = this.mounted.get(index);
		if (row !== undefined) {
			this.mounted.delete(index);
			this.release(row);
		}
		this.afterChange(anchor, atEnd);
	}

	/** Mounts the rows in view (measuring them) and recycles the rest. */
	render() {
		if (!this.shown || this.width <= 0) {
			this.dirty = true;
			return;
		}
		this.dirty = false;
		const count = this.items.size();
		const anchor = this.anchor();
		// measure what will be visible first, so offsets are exact where the user looks
		let [from, to] = this.window();
		let index = this.offsets.indexAt(from);
		while (index < count && this.offsets.start(index) < to) {
			if (!this.offsets.isMeasured(index)) {
				this.offsets.setHeight(index, this.renderer.measure(this.items[index], this.width));
			}
			index++;
		}
		this.restoreAnchor(anchor);
		[from, to] = this.window();
		const first = this.offsets.indexAt(from);
		let last = first - 1;
		while (last + 1 < count && this.offsets.start(last + 1) < to) last += 1;
		for (const [index, row] of this.mounted) {
			if (index < first || index > last) {
				this.mounted.delete(index);
				this.release(row);
			}
		}
		for (const i of $range(first, last)) {
			// a row the anchor brought into view after the first pass is measured before it is filled
			if (!this.offsets.isMeasured(i))
				this.offsets.setHeight(i, this.renderer.measure(this.items[i], this.width));
			const height = this.offsets.height(i);
			let row = this.mounted.get(i);
			if (row === undefined) {
				row = this.acquire();
				this.mounted.set(i, row);
				this.renderer.fill(row, this.items[i], i, this.width, height);
			}
			row.Position = UDim2.fromOffset(0, this.lead + this.offsets.start(i));
			row.Size = new UDim2(1, 0, 0, height);
			row.Visible = true;
		}
	}

	// Internals -------------------------------------------------------------------------------------

	/** The range of row coordinates to mount: the view plus the overscan margin. */
	private window(): LuaTuple<[number, number]> {
		const top = this.view.CanvasPosition.Y - this.lead;
		return $tuple(math.max(0, top - OVERSCAN), top + this.viewHeight + OVERSCAN);
	}

	/** The first row in view and how far the view's top is into it. */
	private anchor(): Anchor | undefined {
		if (this.items.size() === 0) return undefined;
		const top = this.view.CanvasPosition.Y - this.lead;
		if (top < 0) return undefined;
		const index = this.offsets.indexAt(top);
		return { index, offset: top - this.offsets.start(index) };
	}

	private restoreAnchor(anchor: Anchor | undefined) {
		this.view.CanvasSize = UDim2.fromOffset(0, this.contentHeight());
		if (anchor === undefined || anchor.index >= this.items.size()) return;
		const wanted = this.lead + this.offsets.start(anchor.index) + anchor.offset;
		this.setCanvas(math.clamp(wanted, 0, this.maxCanvas()));
	}

	private afterChange(anchor: Anchor | undefined, atEnd: boolean) {
		if (this.follow && atEnd) {
			this.scrollToEnd();
			return;
		}
		this.restoreAnchor(anchor);
		this.render();
	}

	/** Moves mounted rows at or after `index` down by `count` positions. */
	private shiftMounted(index: number, count: number) {
		const moved: Array<[number, GuiObject]> = [];
		for (const [mountedIndex, row] of this.mounted) {
			if (mountedIndex >= index) moved.push([mountedIndex, row]);
		}
		for (const [mountedIndex] of moved) this.mounted.delete(mountedIndex);
		for (const [mountedIndex, row] of moved) this.mounted.set(mountedIndex + count, row);
	}

	private acquire(): GuiObject {
		const pooled = this.pool.pop();
		if (pooled !== undefined) return pooled;
		const row = this.renderer.create();
		row.Visible = false;
		row.Parent = this.view;
		return row;
	}

	private release(row: GuiObject) {
		row.Visible = false;
		this.pool.push(row);
	}

	private recycleAll() {
		for (const [, row] of this.mounted) this.release(row);
		this.mounted.clear();
	}
}
