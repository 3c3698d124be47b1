// Transcript: a bounded, virtualised column of keyed rows for chat histories, drawn by builders —
// the built-in text row (a List item) or the caller's own (`Build`). A builder gets a container
// Frame (full width, AutomaticSize Y), the row's data and a row context; it may return Update and
// Destroy hooks. Rows are built when they come into view and destroyed when they leave it, and
// measured by their container's size whenever it changes, so a row may grow (a streamed reply, an
// unfolded diff) and the reader's place is kept (the engine: virtual-list/keyed-rows.ts). Height
// "Fill" takes the page's remaining height (the tab's other content and a docked footer
// subtracted). docs/UI_LIBRARY.md, "Transcript".
import { fail } from "../core/errors";
import { booleanOption, clampedOption, functionOption, type Options } from "../core/options";
import { isResource, type Release, type Scope } from "../core/scope";
import { create } from "../core/create";
import { readListHeight, FLOOR, type ListHeight } from "../layout/fit";
import { SIZE } from "../layout/geometry";
import { buildTextRow } from "./text-row";
import type { Palette } from "../theme/palette";
import { KeyedRows, type KeyedRow, type MountInfo, type RowHooks } from "../virtual-list/keyed-rows";
import { Control, type ControlContext } from "./control";
import { checkItem, LIST_ITEM_LIMIT, readItem } from "./list";

type Builder = (container: Frame, data: unknown, row: RowContext) => unknown;
/** A paced call's pause before each of its parts after the first (docs/UI_LIBRARY.md, "Transcript"). */
type Pause = (part: "check" | "apply" | "layout", rows: number) => void;

/** Rows a paced call checks between two pauses. */
const CHECK_PART = 256;

const DEFAULT_ESTIMATE = 48;
/** The scope of each row context (the built-in rows bind their paints there). */
const scopes = new WeakMap<object, Scope>();

/** What a builder gets besides its container and data (docs/UI_LIBRARY.md, "Transcript"). */
export class RowContext {
	constructor(
		readonly Key: string,
		readonly Width: number,
		readonly Theme: Palette,
		readonly TextScale: number,
		private readonly info: MountInfo,
	) {
		scopes.set(this, info.scope);
	}

	/** Measures the row again now (AutomaticSize changes are measured without asking). */
	Resized() {
		this.info.resized();
	}

	/** Owns `resource` until the row unmounts. */
	Give(resource: unknown): Release {
		if (!isResource(resource))
			fail("RowContext:Give expects a function, connection, Instance, thread or object with Destroy/Disconnect");
		return this.info.scope.give(resource);
	}
}

export class TranscriptControl extends Control {
	private readonly height: ListHeight;
	private readonly maxRows: number;
	private readonly build?: Builder;
	private readonly view: ScrollingFrame;
	private readonly rows: KeyedRows;
	private measured = { height: 0, chrome: 0 };
	private palette?: Palette;
	private scale = 0;
	private themeRefresh = false;

	constructor(context: ControlContext) {
		super("Transcript", context, "stack", 0);
		const options = context.options;
		this.height = readListHeight(options, "Transcript", FLOOR);
		this.maxRows = math.floor(clampedOption(options, "MaxRows", 1, LIST_ITEM_LIMIT, 1000));
		this.build = functionOption(options, "Build", "Transcript") as Builder | undefined;
		const follow = booleanOption(options, "Follow", true, "Transcript");
		this.view = create(
			"ScrollingFrame",
			{
				Name: "Transcript",
				BorderSizePixel: 0,
				BackgroundTransparency: 1,
				Size: UDim2.fromScale(1, 1),
				ScrollBarThickness: SIZE.Scrollbar,
				ScrollingDirection: Enum.ScrollingDirection.Y,
				ElasticBehavior: Enum.ElasticBehavior.Never,
			},
			this.slot,
		);
		// a theme change rebuilds the mounted rows (builders read row.Theme); deferred, because
		// building binds new paints while the painter is repainting
		this.paint(this.view, "ScrollBarImageColor3", (p) => {
			if (this.palette !== undefined && this.palette !== p && !this.themeRefresh) {
				this.themeRefresh = true;
				task.defer(() => {
					this.themeRefresh = false;
					if (this.Alive) this.rows.refresh();
				});
			}
			this.palette = p;
			return p.Border;
		});
		this.rows = new KeyedRows(
			this.view,
			this.scope,
			follow,
			(row, container, info) => this.mountRow(row, container, info),
			(hooks) => {
				const destroy = hooks?.Destroy;
				if (destroy !== undefined) this.core.protect(destroy);
			},
		);
		this.scope.give(this.core.shown.add(() => this.rows.setShown(this.isShownNow())));
		if (this.height.fill) this.scope.give(this.core.reflows.add(() => this.refit()));
		const initial = options.Rows;
		if (initial !== undefined) this.SetRows(initial);
	}

	hasValue(): boolean {
		return false;
	}

	protected rowPad(): number {
		return 0;
	}

	private isShownNow(): boolean {
		return this.Alive && this.core.visible && this.Visible && !this.filtered && this.section.isOpen();
	}

	private mountRow(row: KeyedRow, container: Frame, info: MountInfo): RowHooks | undefined {
		const context = new RowContext(
			row.key,
			info.width,
			this.palette ?? this.core.painter.palette,
			this.scale,
			info,
		);
		const [ok, result] = pcall(() => (row.build as Builder)(container, row.data, context));
		if (!ok) {
			this.core.reportFailure(result);
			return undefined;
		}
		if (!typeIs(result, "table")) return undefined;
		const hooks = result as Record<string, unknown>;
		return {
			Update: typeIs(hooks.Update, "function") ? (hooks.Update as (data: unknown) => unknown) : undefined,
			Destroy: typeIs(hooks.Destroy, "function") ? (hooks.Destroy as () => void) : undefined,
		};
	}

	/** The built-in builder: a List item, its Action link calling Callback(key). */
	private readonly textRow: Builder = (container, data, row) => {
		const item = readItem(data, "Build", "Transcript");
		buildTextRow(this.core, scopes.get(row)!, container, item, (key) => {
			const callback = this.callback;
			if (callback !== undefined && this.isInteractive()) this.core.protect(callback, key ?? row.Key);
		});
		return undefined;
	};

	private readRow(value: unknown, method: string): KeyedRow {
		if (!typeIs(value, "table")) fail(`Transcript:${method}: a row is { Key, Build?, Data?, Estimate? }`);
		const record = value as Options;
		const key = record.Key;
		if (!typeIs(key, "string") || key === "") fail(`Transcript:${method}: Key must be a non-empty string`);
		const build = record.Build;
		if (build !== undefined && !typeIs(build, "function")) fail(`Transcript:${method}: Build must be a function`);
		const builder = (build as Builder | undefined) ?? this.build;
		// built-in rows: the data is a List item, checked now so a bad one fails the call
		if (builder === undefined) checkItem(record.Data, method, "Transcript");
		const estimate = record.Estimate;
		if (estimate !== undefined && (!typeIs(estimate, "number") || estimate !== estimate || estimate < 0))
			fail(`Transcript:${method}: Estimate must be a non-negative number`);
		return {
			key,
			build: builder ?? this.textRow,
			data: record.Data,
			estimate: math.min((estimate as number | undefined) ?? DEFAULT_ESTIMATE, 4000),
		};
	}

	private keyOf(value: unknown, method: string): string {
		if (!typeIs(value, "string")) fail(`Transcript:${method}: key must be a string`);
		return value;
	}

	// Public members --------------------------------------------------------------------------------

	/** Adds a row at the end (beyond MaxRows the oldest is dropped). */
	Append(value: unknown): this {
		this.assertAlive("Append");
		const row = this.readRow(value, "Append");
		if (this.rows.has(row.key)) fail(`Transcript:Append: a row with Key "${row.key}" exists; use Update`);
		this.rows.insert(this.rows.count(), [row]);
		const excess = this.rows.count() - this.maxRows;
		if (excess > 0) this.rows.remove(0, excess);
		return this;
	}

	/** Adds rows at the end in one layout (beyond MaxRows the oldest are dropped); `pause` paces it. */
	AppendRows(values: unknown, pause?: unknown): this {
		this.assertAlive("AppendRows");
		return this.splice(new Set(), values, "AppendRows", pause);
	}

	/**
	 * Removes the rows `keys` names (keys not in the transcript are skipped) and appends `rows`, in
	 * one layout: how a streamed preview becomes the final rows. `pause` paces it.
	 */
	ReplaceRows(keys: unknown, values: unknown, pause?: unknown): this {
		this.assertAlive("ReplaceRows");
		if (!typeIs(keys, "table")) fail("Transcript:ReplaceRows expects an array of keys and an array of rows");
		const drop = new Set<string>();
		for (const key of keys as unknown[]) drop.add(this.keyOf(key, "ReplaceRows"));
		return this.splice(drop, values, "ReplaceRows", pause);
	}

	/** A new row's key must not be in the transcript unless the call removes it. */
	private checkAbsent(key: string, drop: ReadonlySet<string>, method: string) {
		if (this.rows.has(key) && !drop.has(key))
			fail(`Transcript:${method}: a row with Key "${key}" exists; use Update`);
	}

	/**
	 * Checks every row first (nothing changes when one is bad), then removes `drop` and appends.
	 * With `pause`, called before each part after the first (every CHECK_PART rows checked, the
	 * change, its layout), the call may span frames; the reader sees nothing change before the layout.
	 */
	private splice(drop: Set<string>, values: unknown, method: string, pause?: unknown): this {
		if (!typeIs(values, "table")) fail(`Transcript:${method} expects an array of rows`);
		if (pause !== undefined && !typeIs(pause, "function")) fail(`Transcript:${method}: pause must be a function`);
		const paced = pause as Pause | undefined;
		const all = values as unknown[];
		const rows: KeyedRow[] = [];
		const seen = new Set<string>();
		const from = math.max(0, all.size() - this.maxRows);
		for (let i = from; i < all.size(); i++) {
			if (paced !== undefined && i > from && (i - from) % CHECK_PART === 0) {
				paced("check", math.min(CHECK_PART, all.size() - i));
				if (!this.Alive) return this;
			}
			const row = this.readRow(all[i], method);
			if (seen.has(row.key)) fail(`Transcript:${method}: Key "${row.key}" appears twice`);
			this.checkAbsent(row.key, drop, method);
			seen.add(row.key);
			rows.push(row);
		}
		if (paced !== undefined) {
			paced("apply", drop.size() + rows.size());
			if (!this.Alive) return this;
			// the transcript may have changed while the call waited
			for (const row of rows) this.checkAbsent(row.key, drop, method);
		}
		// the oldest rows beyond MaxRows go in the same layout
		let present = 0;
		for (const key of drop) if (this.rows.has(key)) present += 1;
		let excess = this.rows.count() - present + rows.size() - this.maxRows;
		for (let i = 0; excess > 0; i++) {
			const key = this.rows.keyAt(i);
			if (drop.has(key)) continue;
			drop.add(key);
			excess -= 1;
		}
		this.rows.replace(drop, rows, paced !== undefined ? () => paced("layout", rows.size()) : undefined);
		return this;
	}

	/** Adds a row at the start (older history); the view stays still (beyond MaxRows the newest is dropped). */
	Prepend(value: unknown): this {
		this.assertAlive("Prepend");
		const row = this.readRow(value, "Prepend");
		if (this.rows.has(row.key)) fail(`Transcript:Prepend: a row with Key "${row.key}" exists; use Update`);
		this.rows.insert(0, [row]);
		const excess = this.rows.count() - this.maxRows;
		if (excess > 0) this.rows.remove(this.rows.count() - excess, excess);
		return this;
	}

	/** New data for row `key` (the mounted row updates or rebuilds); false when there is no such row. */
	Update(key: unknown, data: unknown): boolean {
		this.assertAlive("Update");
		const row = this.rows.get(this.keyOf(key, "Update"));
		if (row === undefined) return false;
		this.rows.update(row.key, data);
		return true;
	}

	Remove(key: unknown): boolean {
		this.assertAlive("Remove");
		const row = this.rows.get(this.keyOf(key, "Remove"));
		if (row === undefined) return false;
		this.rows.remove(this.rows.indexOf(row.key)!, 1);
		return true;
	}

	Has(key: unknown): boolean {
		return typeIs(key, "string") && this.rows.has(key);
	}

	Get(key?: unknown): unknown {
		if (!typeIs(key, "string")) return undefined;
		return this.rows.get(key)?.data;
	}

	/** The row keys, first to last. */
	Keys(): string[] {
		return this.rows.keys();
	}

	/** Replaces every row (the last MaxRows are kept) and shows the end. */
	SetRows(values: unknown): this {
		this.assertAlive("SetRows");
		if (!typeIs(values, "table")) fail("Transcript:SetRows expects an array of rows");
		const all = values as unknown[];
		const rows: KeyedRow[] = [];
		const seen = new Set<string>();
		for (let i = math.max(0, all.size() - this.maxRows); i < all.size(); i++) {
			const row = this.readRow(all[i], "SetRows");
			if (seen.has(row.key)) fail(`Transcript:SetRows: Key "${row.key}" appears twice`);
			seen.add(row.key);
			rows.push(row);
		}
		this.rows.setRows(rows);
		return this;
	}

	Clear(): this {
		this.assertAlive("Clear");
		this.rows.setRows([]);
		return this;
	}

	Count(): number {
		return this.rows.count();
	}

	MountedCount(): number {
		return this.rows.mountedCount();
	}

	/** The container of row `key` while it is mounted (nil when it is out of view). */
	RowFrame(key: unknown): Frame | undefined {
		return typeIs(key, "string") ? this.rows.containerOf(key) : undefined;
	}

	/** Whether the view shows the last rows (a reader there follows new rows). */
	AtEnd(): boolean {
		return this.rows.atEnd();
	}

	ScrollToEnd(): this {
		this.assertAlive("ScrollToEnd");
		this.rows.scrollToEnd();
		return this;
	}

	/** Rebuilds the mounted row `key`, or every mounted row. */
	Refresh(key?: unknown): this {
		this.assertAlive("Refresh");
		if (key !== undefined) this.keyOf(key, "Refresh");
		this.rows.refresh(key as string | undefined);
		return this;
	}

	// Layout ----------------------------------------------------------------------------------------

	protected slotHeight(_width: number, chrome: number): number {
		const height = this.height;
		const slot = height.fill ? this.fillSlot(chrome) : height.pixels;
		this.measured = { height: slot, chrome };
		return slot;
	}

	/** "Fill": the room the page leaves this row, less its chrome, within MinHeight..MaxHeight. */
	private fillSlot(chrome: number): number {
		const height = this.height as { min: number; max: number };
		const room = this.section.fillRoom(this) - chrome;
		return math.floor(math.max(FLOOR, math.clamp(room, height.min, height.max)));
	}

	refit() {
		if (!this.height.fill || !this.Alive) return;
		const { height: current, chrome } = this.measured;
		if (this.fillSlot(chrome) !== current) this.relayout();
	}

	protected layoutSlot(width: number, height: number) {
		const scale = this.core.type.scale;
		const rescaled = this.scale !== 0 && this.scale !== scale;
		this.scale = scale;
		this.rows.resize(width - SIZE.Scrollbar, height);
		if (rescaled) this.rows.refresh();
		this.rows.setShown(this.isShownNow());
	}
}
