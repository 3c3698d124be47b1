// List: a bounded, virtualised list of text items for chat transcripts, logs and results. Only the
// rows in view are mounted; rows are measured when they first show; adding rows above keeps the
// view in place; a view at the end follows appended rows; a hidden list (other tab, collapsed
// section, minimized window) reconciles when shown again. At most MaxItems items are kept
// (Append drops the oldest, Prepend the newest). Height "Fill" sizes the list on every layout pass
// to the page's visible height less its section's other rows (fit.ts). Items: a string or { Title?, Text, Kind?,
// RichText?, Code?, Action?, Key? }: RichText rows are measured by the text they display (markup
// removed); an Action is a link at the row's foot that calls the list's Callback(index, Key) on
// click, tap, gamepad ButtonA or keyboard activation. It holds no configuration value.
import {
	button,
	corner,
	create,
	frame,
	label,
	stroke,
	fail,
	booleanOption,
	clampedOption,
	type Options,
	plainText,
	truncateBytes,
} from "../core";
import { fillHeight, readListHeight, type ListHeight } from "../layout/fit";
import { SIZE } from "../layout/geometry";
import { textHeight, textWidth } from "../layout/measure";
import type { Palette } from "../theme/palette";
import { VirtualList } from "../virtual-list/virtual-list";
import { Control, type ControlContext } from "./control";

export const LIST_ITEM_LIMIT = 10000;
const TEXT_BYTES = 16384;
const KINDS = ["Info", "Success", "Warning", "Danger", "Muted"];
/** An item's boolean fields and its optional texts, in the order they are checked. */
const FLAGS = ["RichText", "Code"];
const LINKS = ["Action", "Key"];
const PAD = 10;

export interface Item {
	title: string;
	text: string;
	kind: string;
	rich: boolean;
	code: boolean;
	action?: string;
	key?: string;
}

const ACTION_GAP = 6;

export function titleColor(palette: Palette, kind: string): Color3 {
	if (kind === "Success" || kind === "Warning" || kind === "Danger") return palette[kind];
	if (kind === "Info") return palette.Accent;
	return palette.Muted;
}

function optionalText(record: Options, key: string, method: string, owner: string): string | undefined {
	const value = record[key];
	if (value === undefined) return undefined;
	if (!typeIs(value, "string")) fail(`${owner}:${method}: ${key} must be a string`);
	return value;
}

/**
 * Raises what `readItem` raises for a bad item, and builds nothing: a Transcript checks its rows'
 * items when they are added (hundreds in one call) and reads each when its row is built.
 */
export function checkItem(value: unknown, method: string, owner = "List") {
	if (typeIs(value, "string")) return;
	if (!typeIs(value, "table")) fail(`${owner}:${method}: an item is a string or { Title?, Text, Kind?, ... }`);
	const record = value as Options;
	if (record.Kind !== undefined && !KINDS.includes(tostring(record.Kind)))
		fail(`${owner}:${method}: Kind must be one of ${KINDS.join(", ")}`);
	for (const flag of FLAGS) {
		const set = record[flag];
		if (set !== undefined && !typeIs(set, "boolean")) booleanOption(record, flag, false, `${owner}:${method}`);
	}
	for (const field of LINKS) optionalText(record, field, method, owner);
}

export function readItem(value: unknown, method: string, owner = "List"): Item {
	if (typeIs(value, "string"))
		return { title: "", text: truncateBytes(value, TEXT_BYTES), kind: "Muted", rich: false, code: false };
	checkItem(value, method, owner);
	const record = value as Options;
	let text = record.Text === undefined ? "" : tostring(record.Text);
	let rich = record.RichText === true;
	// cutting markup could leave it malformed (shown raw): a long rich text shows its plain text
	if (rich && text.size() > TEXT_BYTES) {
		text = plainText(text);
		rich = false;
	}
	return {
		title: record.Title === undefined ? "" : tostring(record.Title),
		text: truncateBytes(text, TEXT_BYTES),
		kind: record.Kind === undefined ? "Muted" : tostring(record.Kind),
		rich,
		code: record.Code === true,
		action: record.Action as string | undefined,
		key: record.Key as string | undefined,
	};
}

export class ListControl extends Control {
	private readonly height: ListHeight;
	/** Last slot height and the row's height around it (a "Fill" list refits when they change). */
	private measured = { height: 0, chrome: 0 };
	private readonly maxItems: number;
	private readonly view: ScrollingFrame;
	private readonly list: VirtualList<Item>;
	private readonly fills = new Map<GuiObject, (item: Item, width: number, index: number, height: number) => void>();

	constructor(context: ControlContext) {
		super("List", context, "stack", 0);
		const options = context.options;
		this.height = readListHeight(options);
		this.maxItems = math.floor(clampedOption(options, "MaxItems", 1, LIST_ITEM_LIMIT, 500));
		const follow = booleanOption(options, "Follow", true, "List");
		const core = this.core;
		this.view = create(
			"ScrollingFrame",
			{
				Name: "List",
				BorderSizePixel: 0,
				BackgroundTransparency: 0,
				Size: UDim2.fromScale(1, 1),
				ScrollBarThickness: SIZE.Scrollbar,
				ScrollingDirection: Enum.ScrollingDirection.Y,
				ElasticBehavior: Enum.ElasticBehavior.Never,
			},
			this.slot,
		);
		corner(this.view, SIZE.FieldRadius);
		this.paint(this.view, "BackgroundColor3", "Input");
		this.paint(this.view, "ScrollBarImageColor3", "Border");
		this.paint(stroke(this.view), "Color", "Edge");
		this.list = new VirtualList<Item>(
			this.view,
			this.scope,
			{
				estimate: (item, width) => this.estimate(item, width),
				measure: (item, width) => this.measure(item, width),
				create: () => this.createRow(),
				fill: (row, item, index, width, height) => this.fills.get(row)!(item, width, index, height),
			},
			follow,
		);
		this.scope.give(core.shown.add(() => this.list.setShown(this.isShownNow())));
		// window layout passes (resize, rotation, on-screen keyboard) change the page's height
		if (this.height.fill) this.scope.give(core.reflows.add(() => this.refit()));
		const initial = options.Items;
		if (initial !== undefined) this.SetItems(initial);
	}

	hasValue(): boolean {
		return false;
	}

	/** An item's Action was pressed: Callback(index, Key) with the item's current 1-based index. */
	private activate(row: GuiObject, key: string | undefined) {
		const callback = this.callback;
		const index = this.list.indexOf(row);
		if (callback === undefined || index === undefined || !this.isInteractive()) return;
		this.core.protect(callback, index + 1, key);
	}

	private isShownNow(): boolean {
		return this.Alive && this.core.visible && this.Visible && !this.filtered && this.section.isOpen();
	}

	private scale(): number {
		return this.core.type.scale;
	}

	/** Roughly the wrapped height from the text length, until the row is measured. */
	private estimate(item: Item, width: number): number {
		const scale = this.scale();
		const perLine = math.max(1, math.floor(width / (7 * scale)));
		const shown = item.rich ? plainText(item.text) : item.text;
		const breaks = shown.gsub("\n", "")[1];
		const lines = math.max(1, math.ceil(shown.size() / perLine), breaks + 1);
		const title = item.title !== "" ? math.round(12 * scale) + 6 : 0;
		const action = item.action !== undefined ? ACTION_GAP + this.actionHeight(item) : 0;
		return 2 * PAD + title + lines * math.round(14 * scale * 1.2) + action;
	}

	/** Height of the item's text: what it displays (markup removed) in its style. */
	private bodyHeight(item: Item, inner: number): number {
		return textHeight(
			item.rich ? plainText(item.text) : item.text,
			item.code ? "Code" : "Body",
			this.scale(),
			inner,
		);
	}

	private actionHeight(item: Item): number {
		return item.action !== undefined ? this.core.type.size("Caption") + 8 : 0;
	}

	private measure(item: Item, width: number): number {
		const inner = width - 2 * PAD;
		const title = item.title !== "" ? textHeight(item.title, "Caption", this.scale(), inner) + 2 : 0;
		const action = item.action !== undefined ? ACTION_GAP + this.actionHeight(item) : 0;
		return 2 * PAD + title + math.max(this.bodyHeight(item, inner), item.text === "" ? 0 : 1) + action;
	}

	private createRow(): GuiObject {
		const core = this.core;
		const scope = this.scope;
		const row = frame("Item", undefined);
		const title = label("Title", row, { Position: UDim2.fromOffset(PAD, PAD) });
		core.type.bind(scope, title, "Caption");
		const text = label("Text", row);
		core.type.bind(scope, text, "Body");
		core.painter.bind(scope, text, "TextColor3", "Text");
		let kind = "Muted";
		const titlePaint = core.painter.bind(scope, title, "TextColor3", (p) => titleColor(p, kind));
		const action = button("Action", row, { Visible: false, TextXAlignment: Enum.TextXAlignment.Left });
		core.type.bind(scope, action, "Caption");
		const actionState = core.pressables.track(scope, action, () => actionPaint.update());
		const actionPaint = core.painter.bind(scope, action, "TextColor3", (p) =>
			actionState.hover || actionState.selected ? p.Text : p.Accent,
		);
		let key: string | undefined;
		scope.give(action.Activated.Connect(() => this.activate(row, key)));
		this.fills.set(row, (item, width, _index, height) => {
			kind = item.kind;
			key = item.key;
			titlePaint.update();
			const inner = width - 2 * PAD;
			const titleHeight = item.title !== "" ? textHeight(item.title, "Caption", this.scale(), inner) : 0;
			title.Visible = titleHeight > 0;
			title.Text = item.title;
			title.Size = UDim2.fromOffset(inner, titleHeight);
			const top = PAD + (titleHeight > 0 ? titleHeight + 2 : 0);
			// the measured row height less the title, padding and action: the text is not measured twice
			const actionBlock = item.action !== undefined ? ACTION_GAP + this.actionHeight(item) : 0;
			const bodyHeight = math.max(0, height - top - PAD - actionBlock);
			text.RichText = item.rich;
			core.type.restyle(text, item.code ? "Code" : "Body");
			text.Text = item.text;
			text.Position = UDim2.fromOffset(PAD, top);
			text.Size = UDim2.fromOffset(inner, bodyHeight);
			action.Visible = item.action !== undefined;
			action.Selectable = item.action !== undefined;
			if (item.action !== undefined) {
				action.Text = item.action;
				action.Position = UDim2.fromOffset(PAD, top + bodyHeight + ACTION_GAP);
				action.Size = UDim2.fromOffset(
					math.min(inner, textWidth(item.action, "Caption", this.scale()) + 8),
					this.actionHeight(item),
				);
			}
		});
		return row;
	}

	// Public members --------------------------------------------------------------------------------

	/** Adds an item at the end (the oldest is dropped beyond MaxItems). */
	Append(value: unknown): this {
		this.assertAlive("Append");
		this.list.insert(this.list.count(), [readItem(value, "Append")]);
		const excess = this.list.count() - this.maxItems;
		if (excess > 0) this.list.remove(0, excess);
		return this;
	}

	/** Adds an item at the start, keeping the view in place (the newest is dropped beyond MaxItems). */
	Prepend(value: unknown): this {
		this.assertAlive("Prepend");
		this.list.insert(0, [readItem(value, "Prepend")]);
		const excess = this.list.count() - this.maxItems;
		if (excess > 0) this.list.remove(this.list.count() - excess, excess);
		return this;
	}

	/** Replaces item `index` (1-based), for example a reply that is still streaming. */
	Update(index: unknown, value: unknown): this {
		this.assertAlive("Update");
		this.list.update(this.position(index, "Update"), readItem(value, "Update"));
		return this;
	}

	/** Removes item `index` (1-based). */
	Remove(index: unknown): this {
		this.assertAlive("Remove");
		this.list.remove(this.position(index, "Remove"), 1);
		return this;
	}

	/** Replaces every item (at most MaxItems are kept, the last ones). */
	SetItems(values: unknown): this {
		this.assertAlive("SetItems");
		if (!typeIs(values, "table")) fail("List:SetItems expects an array of items");
		const all = values as unknown[];
		const items: Item[] = [];
		for (const i of $range(math.max(0, all.size() - this.maxItems), all.size() - 1))
			items.push(readItem(all[i], "SetItems"));
		this.list.setItems(items);
		return this;
	}

	Clear(): this {
		this.assertAlive("Clear");
		this.list.setItems([]);
		return this;
	}

	Count(): number {
		return this.list.count();
	}

	ScrollToEnd(): this {
		this.assertAlive("ScrollToEnd");
		this.list.scrollToEnd();
		return this;
	}

	/** Row frames mounted now: bounded by the view, whatever the number of items. */
	MountedCount(): number {
		return this.list.mountedCount();
	}

	private position(index: unknown, method: string): number {
		if (!typeIs(index, "number") || index % 1 !== 0 || index < 1 || index > this.list.count()) {
			fail(`List:${method}: index must be a whole number from 1 to ${this.list.count()}`);
		}
		return index - 1;
	}

	// Layout ----------------------------------------------------------------------------------------

	protected slotHeight(_width: number, chrome: number): number {
		const height = this.height;
		const slot = height.fill
			? fillHeight(height, this.section.pageHeight(), this.core.metrics, this.section.othersHeight(this), chrome)
			: height.pixels;
		this.measured = { height: slot, chrome };
		return slot;
	}

	/** A "Fill" list re-measures when the page or its section's other rows leave it another height. */
	refit() {
		const height = this.height;
		if (!height.fill || !this.Alive) return;
		const { height: current, chrome } = this.measured;
		if (
			fillHeight(
				height,
				this.section.pageHeight(),
				this.core.metrics,
				this.section.othersHeight(this),
				chrome,
			) !== current
		)
			this.relayout();
	}

	protected layoutSlot(width: number, height: number) {
		this.list.resize(width - SIZE.Scrollbar, height);
		this.list.setShown(this.isShownNow());
	}
}
