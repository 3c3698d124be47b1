// List: a bounded, virtualised list of text items for chat transcripts, logs and results. Only the
// rows in view are mounted; rows are measured when they first show; adding rows above keeps the
// view in place; a view at the end follows appended rows; a hidden list (other tab, collapsed
// section, minimized window) reconciles when shown again. At most MaxItems items are kept
// (Append drops the oldest, Prepend the newest). Items: a string or { Title?, Text, Kind? }.
// It holds no configuration value.
import { corner, create, frame, label, stroke } from "../core/create";
import { fail } from "../core/errors";
import { booleanOption, clampedOption, type Options } from "../core/options";
import { truncateBytes } from "../core/utf8-text";
import { SIZE } from "../layout/geometry";
import { textHeight } from "../layout/measure";
import type { Palette } from "../theme/palette";
import { VirtualList } from "../virtual-list/virtual-list";
import { Control, type ControlContext } from "./control";

export const LIST_ITEM_LIMIT = 10000;
const TEXT_BYTES = 16384;
const KINDS = ["Info", "Success", "Warning", "Danger", "Muted"];
const PAD = 10;

interface Item {
	title: string;
	text: string;
	kind: string;
}

function titleColor(palette: Palette, kind: string): Color3 {
	if (kind === "Success" || kind === "Warning" || kind === "Danger") return palette[kind];
	if (kind === "Info") return palette.Accent;
	return palette.Muted;
}

function readItem(value: unknown, method: string): Item {
	if (typeIs(value, "string")) return { title: "", text: truncateBytes(value, TEXT_BYTES), kind: "Muted" };
	if (!typeIs(value, "table")) fail(`List:${method}: an item is a string or { Title?, Text, Kind? }`);
	const record = value as Options;
	const kind = record.Kind === undefined ? "Muted" : tostring(record.Kind);
	if (!KINDS.includes(kind)) fail(`List:${method}: Kind must be one of ${KINDS.join(", ")}`);
	return {
		title: record.Title === undefined ? "" : tostring(record.Title),
		text: truncateBytes(record.Text === undefined ? "" : tostring(record.Text), TEXT_BYTES),
		kind,
	};
}

export class ListControl extends Control {
	private readonly height: number;
	private readonly maxItems: number;
	private readonly view: ScrollingFrame;
	private readonly list: VirtualList<Item>;
	private readonly fills = new Map<GuiObject, (item: Item, width: number) => void>();

	constructor(context: ControlContext) {
		super("List", context, "stack", 0);
		const options = context.options;
		this.height = math.floor(clampedOption(options, "Height", 120, 2000, 240));
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
				fill: (row, item, _index, width) => this.fills.get(row)!(item, width),
			},
			follow,
		);
		this.scope.give(core.shown.add(() => this.list.setShown(this.isShownNow())));
		const initial = options.Items;
		if (initial !== undefined) this.SetItems(initial);
	}

	hasValue(): boolean {
		return false;
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
		const lines = math.max(1, math.ceil(item.text.size() / perLine));
		const title = item.title !== "" ? math.round(12 * scale) + 6 : 0;
		return 2 * PAD + title + lines * math.round(14 * scale * 1.2);
	}

	private measure(item: Item, width: number): number {
		const inner = width - 2 * PAD;
		const title = item.title !== "" ? textHeight(item.title, "Caption", this.scale(), inner) + 2 : 0;
		return 2 * PAD + title + math.max(textHeight(item.text, "Body", this.scale(), inner), item.text === "" ? 0 : 1);
	}

	private createRow(): GuiObject {
		const row = frame("Item", undefined);
		const title = label("Title", row, { Position: UDim2.fromOffset(PAD, PAD) });
		this.core.type.bind(this.scope, title, "Caption");
		const text = label("Text", row);
		this.core.type.bind(this.scope, text, "Body");
		this.core.painter.bind(this.scope, text, "TextColor3", "Text");
		let kind = "Muted";
		const titlePaint = this.core.painter.bind(this.scope, title, "TextColor3", (p) => titleColor(p, kind));
		this.fills.set(row, (item, width) => {
			kind = item.kind;
			titlePaint.update();
			const inner = width - 2 * PAD;
			const titleHeight = item.title !== "" ? textHeight(item.title, "Caption", this.scale(), inner) : 0;
			title.Visible = titleHeight > 0;
			title.Text = item.title;
			title.Size = UDim2.fromOffset(inner, titleHeight);
			text.Text = item.text;
			text.Position = UDim2.fromOffset(PAD, PAD + (titleHeight > 0 ? titleHeight + 2 : 0));
			text.Size = UDim2.fromOffset(inner, textHeight(item.text, "Body", this.scale(), inner));
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
		for (let i = math.max(0, all.size() - this.maxItems); i < all.size(); i++)
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

	protected slotHeight(): number {
		return this.height;
	}

	protected layoutSlot(width: number, height: number) {
		this.list.resize(width - SIZE.Scrollbar, height);
		this.list.setShown(this.isShownNow());
	}
}
