// The engine of a Transcript: keyed rows drawn by caller-supplied builders into containers that
// size themselves (AutomaticSize Y), in a ScrollingFrame. Only the rows inside the view plus an
// overscan margin are mounted (at most MOUNT_LIMIT); each is measured once built (its container's
// AbsoluteSize) and again whenever the engine's layout changes that size, so offsets are exact
// where the reader looks and estimated elsewhere. The row at the top of the view keeps its place
// when rows above it are added, removed or change height (anchor preservation); a reader at the
// bottom follows appended and growing rows. While hidden the engine only records changes and
// reconciles once shown. The Transcript control (controls/transcript.ts) is its public face.
import { frame } from "../core/create";
import type { Release, Scope } from "../core/scope";
import { Offsets } from "./offsets";
import { ScrollView } from "./scroll-view";

/** A mounted row's optional hooks, returned by its builder. */
export interface RowHooks {
	Update?: (data: unknown) => unknown;
	Destroy?: () => void;
}

export interface KeyedRow {
	readonly key: string;
	/** The owner's builder (the engine hands the row to `mount`, which calls it). */
	readonly build: unknown;
	data: unknown;
	estimate: number;
}

/** What the engine hands the control to build a row's context. */
export interface MountInfo {
	readonly key: string;
	readonly width: number;
	readonly scope: Scope;
	readonly resized: () => void;
}

interface Mounted {
	readonly row: KeyedRow;
	readonly container: Frame;
	readonly scope: Scope;
	hooks?: RowHooks;
}

interface Anchor {
	row: KeyedRow;
	offset: number;
}

/** The reader's place before a paced change, until its layout (the canvas still shows the old rows). */
interface Held {
	readonly end: boolean;
	readonly anchor: Anchor | undefined;
}

const OVERSCAN = 160;
/** Passes of a render: each measures rows the previous pass brought into view. */
const PASSES = 6;
/** Most rows mounted at once, whatever the view's height and the rows' sizes. */
export const MOUNT_LIMIT = 120;
/**
 * Most rows one layout builds (a change, a scroll, a resize; a row is a few instances and their
 * layout): rows in view beyond it are built on the next frames, so no change holds a frame
 * however many rows come into view.
 */
export const BUILD_LIMIT = 4;

export class KeyedRows extends ScrollView {
	private rows: KeyedRow[] = [];
	private readonly positions = new Map<string, number>();
	private readonly offsets = new Offsets();
	private readonly mounted = new Map<KeyedRow, Mounted>();
	private width = 0;
	private rendering = false;
	/** The next frame's layout, when a layout left rows in view unbuilt (or a paced change waits for its own). */
	private pending?: thread;
	private releasePending?: Release;
	/** `order`'s result, one array refilled by each pass of a layout (layouts never nest). */
	private readonly building: number[] = [];
	/** A paced change waiting for its layout: the reader's place from before it. */
	private held?: Held;
	/** Rows a paced change removed, still drawn until its layout (what the reader sees does not change before). */
	private leaving: Mounted[] = [];

	constructor(
		view: ScrollingFrame,
		private readonly scope: Scope,
		private readonly follow: boolean,
		/** Builds the row, guarding the builder (errors are reported, never raised into the engine). */
		private readonly mount: (row: KeyedRow, container: Frame, info: MountInfo) => RowHooks | undefined,
		private readonly unmountHooks: (hooks: RowHooks | undefined) => void,
	) {
		super(view, scope);
		scope.give(() => this.unmountAll());
	}

	count(): number {
		return this.rows.size();
	}

	mountedCount(): number {
		return this.mounted.size();
	}

	has(key: string): boolean {
		return this.positions.has(key);
	}

	get(key: string): KeyedRow | undefined {
		const index = this.positions.get(key);
		return index !== undefined ? this.rows[index] : undefined;
	}

	indexOf(key: string): number | undefined {
		return this.positions.get(key);
	}

	keys(): string[] {
		return this.rows.map((row) => row.key);
	}

	/** The key of the row at `index` (0-based). */
	keyAt(index: number): string {
		return this.rows[index].key;
	}

	/** The mounted container of row `key`, if it is built now. */
	containerOf(key: string): Frame | undefined {
		const row = this.get(key);
		return row !== undefined ? this.mounted.get(row)?.container : undefined;
	}

	contentHeight(): number {
		return this.offsets.total();
	}

	/** Whether the view shows the end; during a paced change, whether it did before it. */
	atEnd(): boolean {
		return this.held !== undefined ? this.held.end : super.atEnd();
	}

	/** The viewport's inner size, from the owner's layout. A new width rebuilds the mounted rows. */
	resize(width: number, height: number) {
		const following = this.follow && this.atEnd();
		const anchor = this.anchor();
		this.viewHeight = height;
		if (width !== this.width) {
			this.width = width;
			// measured heights at the old width are the best guesses at the new one
			this.offsets.remeasure((index) => this.offsets.height(index));
			this.unmountAll();
		}
		this.settle(anchor, following);
	}

	insert(index: number, rows: KeyedRow[]) {
		const following = this.follow && this.atEnd();
		const anchor = this.anchor();
		for (let i = 0; i < rows.size(); i++) this.rows.insert(index + i, rows[i]);
		this.offsets.insert(
			index,
			rows.map((row) => row.estimate),
		);
		this.reindex(index);
		this.settle(anchor, following);
	}

	/** Drops a row leaving the list: its kept position and its mounted instances (with `later`, at the next layout). */
	private forget(row: KeyedRow, later = false) {
		this.positions.delete(row.key);
		const mounted = this.mounted.get(row);
		if (mounted === undefined) return;
		this.mounted.delete(row);
		if (later) this.leaving.push(mounted);
		else this.unmount(mounted);
	}

	remove(index: number, count: number) {
		if (count <= 0) return;
		const following = this.follow && this.atEnd();
		let anchor = this.anchor();
		for (let i = 0; i < count; i++) {
			const row = this.rows.remove(index)!;
			this.forget(row);
			if (anchor !== undefined && anchor.row === row) anchor = undefined;
		}
		this.offsets.remove(index, count);
		this.reindex(index);
		this.settle(anchor, following);
	}

	/**
	 * Removes the rows `drop` holds and appends `rows`, with one layout (the reader's place kept, or
	 * the end followed, as for one row). With `pause`, the layout waits for it: until then the
	 * removed rows stay drawn and the canvas is unchanged (a layout that comes first, a scroll or a
	 * resize, lays the change out from the reader's place before it), so the bookkeeping and the
	 * layout may run in different frames; a layout the pause never reaches (its thread ended) runs
	 * on the next frame.
	 */
	replace(drop: ReadonlySet<string>, rows: KeyedRow[], pause?: () => void) {
		const atEnd = this.atEnd();
		const following = this.follow && atEnd;
		let anchor = this.anchor();
		const kept: KeyedRow[] = [];
		const keep: boolean[] = [];
		let first = this.rows.size();
		for (const row of this.rows) {
			const keeping = !drop.has(row.key);
			keep.push(keeping);
			if (keeping) {
				kept.push(row);
				continue;
			}
			first = math.min(first, kept.size());
			this.forget(row, pause !== undefined);
			if (anchor !== undefined && anchor.row === row) anchor = undefined;
		}
		const base = kept.size();
		this.offsets.retain(keep);
		this.offsets.insert(
			base,
			rows.map((row) => row.estimate),
		);
		for (const row of rows) kept.push(row);
		this.rows = kept;
		this.reindex(math.min(first, base));
		if (pause === undefined) return this.settle(anchor, following);
		this.held = { end: atEnd, anchor };
		this.continueNextFrame();
		pause();
		// a layout meanwhile (a scroll, a resize, another change) took the held place already
		const held = this.held;
		if (held === undefined || !this.scope.alive) return;
		this.settle(held.anchor, this.follow && held.end);
	}

	/** Replaces every row; the view shows the end. */
	setRows(rows: KeyedRow[]) {
		this.unmountAll();
		this.rows = [...rows];
		this.positions.clear();
		this.offsets.reset(0, 0);
		this.offsets.insert(
			0,
			this.rows.map((row) => row.estimate),
		);
		this.reindex(0);
		this.scrollToEnd();
	}

	/** New data for row `key`: a mounted row updates itself (or is rebuilt) and is measured again. */
	update(key: string, data: unknown) {
		const row = this.get(key);
		if (row === undefined) return;
		row.data = data;
		const mounted = this.mounted.get(row);
		if (mounted === undefined) return;
		const update = mounted.hooks?.Update;
		let kept = false;
		if (update !== undefined) {
			const [ok, result] = pcall(update, data);
			kept = ok && result !== false;
		}
		if (!kept) this.rebuild(row);
		else this.measure(row);
	}

	/** Rebuilds the mounted row `key` (or every mounted row). */
	refresh(key?: string) {
		if (key === undefined) {
			const anchor = this.anchor();
			const following = this.follow && this.atEnd();
			this.unmountAll();
			this.settle(anchor, following);
			return;
		}
		const row = this.get(key);
		if (row !== undefined && this.mounted.has(row)) this.rebuild(row);
	}

	/** Mounts the rows in view (building and measuring them) and unmounts the rest. */
	render() {
		this.layout(this.follow && this.atEnd(), this.anchor());
	}

	/** Shows the end: one layout, as any other change. */
	protected settleEnd() {
		this.layout(true, undefined);
	}

	// Internals -------------------------------------------------------------------------------------

	/**
	 * Lays the rows out for a view whose top is the end (`following`) or keeps `anchor` in place:
	 * the rows in view are built, then measured together (one layout read a pass; a pass again only
	 * when measured heights brought other rows into view), the rest unmounted, and the canvas written
	 * once at the end, so a change costs the host two layouts: the measure and the canvas.
	 */
	private layout(following: boolean, anchor: Anchor | undefined) {
		// a deferred signal may still arrive after the owner ended
		if (!this.scope.alive) return;
		if (!this.shown || this.width <= 0) {
			this.dirty = true;
			return;
		}
		if (this.rendering) return;
		this.rendering = true;
		this.dirty = false;
		this.held = undefined;
		this.unmountLeaving();
		let top = this.top(following, anchor);
		let budget = BUILD_LIMIT;
		let missing = false;
		for (let pass = 0; pass < PASSES; pass++) {
			// every row of the pass is built before any is measured: one layout measures them all
			const built: Mounted[] = [];
			missing = false;
			for (const index of this.order(top, following)) {
				if (this.mounted.has(this.rows[index])) continue;
				if (budget <= 0 || this.mounted.size() >= MOUNT_LIMIT) {
					missing = true;
					break;
				}
				built.push(this.build(this.rows[index]));
				budget -= 1;
			}
			let changed = false;
			for (const mounted of built) changed = this.watch(mounted) || changed;
			if (!changed) break;
			top = this.top(following, anchor);
		}
		const [first, last] = this.range(top);
		for (const [row, mounted] of this.mounted) {
			const index = this.positions.get(row.key)!;
			if (index < first || index > last) {
				this.mounted.delete(row);
				this.unmount(mounted);
			}
		}
		this.place();
		const canvas = UDim2.fromOffset(0, this.contentHeight());
		if (this.view.CanvasSize !== canvas) this.view.CanvasSize = canvas;
		this.setCanvas(top);
		this.rendering = false;
		if (missing && this.mounted.size() < MOUNT_LIMIT) this.continueNextFrame();
		else this.cancelNextFrame();
	}

	/**
	 * The rows of the view at `top` and its overscan margin in the order they are built: those in
	 * view first, from the end when following (the rows the reader sees first), else from the top,
	 * then the margin, nearest first. The array is the engine's own, refilled by the next call.
	 */
	private order(top: number, following: boolean): number[] {
		const [first, last] = this.range(top);
		const out = this.building;
		out.clear();
		if (last < first) return out;
		const viewFirst = math.max(first, this.offsets.indexAt(top));
		let viewLast = viewFirst;
		while (viewLast < last && this.offsets.start(viewLast + 1) < top + this.viewHeight) viewLast += 1;
		if (following) for (let i = viewLast; i >= viewFirst; i--) out.push(i);
		else for (let i = viewFirst; i <= viewLast; i++) out.push(i);
		for (let i = viewLast + 1; i <= last; i++) out.push(i);
		for (let i = viewFirst - 1; i >= first; i--) out.push(i);
		return out;
	}

	/** Rows in range are still unbuilt (a layout builds at most BUILD_LIMIT): the next frame builds more. */
	private continueNextFrame() {
		if (this.pending !== undefined) return;
		let release: Release | undefined = undefined;
		const thread = task.delay(0, () => {
			this.pending = undefined;
			this.releasePending = undefined;
			release?.(false);
			this.render();
		});
		this.pending = thread;
		release = this.scope.give(thread);
		this.releasePending = release;
	}

	/** The view is whole: the next frame's layout is not needed. */
	private cancelNextFrame() {
		const release = this.releasePending;
		if (release === undefined) return;
		this.pending = undefined;
		this.releasePending = undefined;
		release(true);
	}

	/** Where the view's top goes: the end, the anchor's place, or where it is, within the canvas. */
	private top(following: boolean, anchor: Anchor | undefined): number {
		const max = this.maxCanvas();
		if (following) return max;
		const index = anchor !== undefined ? this.positions.get(anchor.row.key) : undefined;
		if (anchor !== undefined && index !== undefined && this.rows[index] === anchor.row)
			return math.clamp(this.offsets.start(index) + anchor.offset, 0, max);
		return math.clamp(this.view.CanvasPosition.Y, 0, max);
	}

	/** Indices of the rows overlapping the view at `top` plus the overscan margin. */
	private range(top: number): LuaTuple<[number, number]> {
		const count = this.rows.size();
		if (count === 0) return $tuple(0, -1);
		const from = math.max(0, top - OVERSCAN);
		const to = top + this.viewHeight + OVERSCAN;
		const first = this.offsets.indexAt(from);
		let last = first;
		while (last + 1 < count && this.offsets.start(last + 1) < to) last += 1;
		return $tuple(first, last);
	}

	private reindex(from: number) {
		for (let i = from; i < this.rows.size(); i++) this.positions.set(this.rows[i].key, i);
	}

	private anchor(): Anchor | undefined {
		if (this.held !== undefined) return this.held.anchor;
		if (this.rows.size() === 0) return undefined;
		const top = this.view.CanvasPosition.Y;
		const index = this.offsets.indexAt(top);
		return { row: this.rows[index], offset: top - this.offsets.start(index) };
	}

	/** After a change: follow the end when the reader was there, else keep the anchor. */
	private settle(anchor: Anchor | undefined, following: boolean) {
		if (following) this.scrollToEnd();
		else this.layout(false, anchor);
	}

	/** Builds `row` into a fresh container (measured by the caller). */
	private build(row: KeyedRow): Mounted {
		const scope = this.scope.child();
		const container = frame("Row", undefined, {
			Size: new UDim2(1, 0, 0, 0),
			AutomaticSize: Enum.AutomaticSize.Y,
		});
		container.SetAttribute("Key", row.key);
		scope.give(container);
		const index = this.positions.get(row.key)!;
		container.Position = UDim2.fromOffset(0, this.offsets.start(index));
		container.Parent = this.view;
		const mounted: Mounted = { row, container, scope };
		this.mounted.set(row, mounted);
		mounted.hooks = this.mount(row, container, {
			key: row.key,
			width: this.width,
			scope,
			resized: () => this.resized(row),
		});
		return mounted;
	}

	/**
	 * Measures a built row and follows its size from now on; true when its height changed the
	 * offsets. Separate from `build`, so the rows of a pass are all built before the first is
	 * measured (one layout of the tree measures them all).
	 */
	private watch(mounted: Mounted): boolean {
		const { row, container, scope } = mounted;
		scope.give(container.GetPropertyChangedSignal("AbsoluteSize").Connect(() => this.resized(row)));
		return this.record(row, container);
	}

	private rebuild(row: KeyedRow) {
		const mounted = this.mounted.get(row);
		if (mounted === undefined) return;
		const following = this.follow && this.atEnd();
		const anchor = this.anchor();
		this.mounted.delete(row);
		this.unmount(mounted);
		this.watch(this.build(row));
		this.settle(anchor, following);
	}

	/** Stores the container's measured height; true when it differs from what the offsets held. */
	private record(row: KeyedRow, container: Frame): boolean {
		const index = this.positions.get(row.key);
		if (index === undefined) return false;
		const height = container.AbsoluteSize.Y;
		// not laid out yet (0): keep the estimate; the AbsoluteSize signal measures it later
		if (height <= 0) return false;
		return this.offsets.setHeight(index, math.ceil(height)) !== 0;
	}

	private measure(row: KeyedRow) {
		const mounted = this.mounted.get(row);
		if (mounted === undefined) return;
		const following = this.follow && this.atEnd();
		const anchor = this.anchor();
		if (this.record(row, mounted.container)) this.settle(anchor, following);
	}

	/** A mounted row's size changed (layout pass or the row's own report). */
	private resized(row: KeyedRow) {
		if (this.rendering || !this.mounted.has(row)) return;
		if (!this.shown) {
			this.dirty = true;
			return;
		}
		this.measure(row);
	}

	private place() {
		for (const [row, mounted] of this.mounted) {
			const index = this.positions.get(row.key)!;
			const y = this.offsets.start(index);
			if (mounted.container.Position.Y.Offset !== y) mounted.container.Position = UDim2.fromOffset(0, y);
		}
	}

	private unmount(mounted: Mounted) {
		this.unmountHooks(mounted.hooks);
		mounted.scope.destroy();
	}

	private unmountAll() {
		this.unmountLeaving();
		for (const [, mounted] of this.mounted) this.unmount(mounted);
		this.mounted.clear();
	}

	private unmountLeaving() {
		if (this.leaving.isEmpty()) return;
		const leaving = this.leaving;
		this.leaving = [];
		for (const mounted of leaving) this.unmount(mounted);
	}
}
