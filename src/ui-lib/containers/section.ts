// A section: an optional header (title, description, Hide/Show when collapsible) over a rounded
// card holding control rows separated by rules. Its constructors build the controls;
// construction is transactional (a failing constructor leaves no row and no registered Id).
import { button, corner, create, frame, label, listLayout, stroke } from "../core/create";
import { fail } from "../core/errors";
import { booleanOption, readOptions, textOption, type Options } from "../core/options";
import type { Scope } from "../core/scope";
import { textHeight } from "../layout/measure";
import { LABEL_GAP, type Control, type ControlContext, type SectionHost } from "../controls/control";
import { BadgeControl } from "../controls/badge";
import { ButtonControl } from "../controls/button";
import { ColorPickerControl } from "../controls/color-picker";
import { DividerControl } from "../controls/divider";
import { DropdownControl } from "../controls/dropdown";
import { InputControl } from "../controls/input";
import { KeybindControl } from "../controls/keybind";
import { LabelControl } from "../controls/label";
import { ListControl } from "../controls/list";
import { ParagraphControl } from "../controls/paragraph";
import { ProgressControl } from "../controls/progress";
import { SegmentedControl } from "../controls/segmented";
import { SliderControl } from "../controls/slider";
import { ToggleControl } from "../controls/toggle";
import { TranscriptControl } from "../controls/transcript";
import { ComposerControl } from "../controls/composer";
import type { WindowCore } from "../context/window-core";

/** What a section needs of its tab and window. */
export interface TabHost {
	readonly core: WindowCore;
	isActive: () => boolean;
	isAlive: () => boolean;
	/** Whether a search query is active (collapsed bodies open while searching). */
	searching: () => boolean;
	/** Registers a control Id window-wide; raises on duplicates. */
	claimId: (id: string, control: Control) => void;
	releaseId: (id: string, control: Control) => void;
	sectionChanged: () => void;
	/** A row of the section changed height (a docked footer and page-filling rows refit). */
	sectionResized: () => void;
	sectionRemoved: (section: Section) => void;
	nextOrder: () => number;
	/** Visible height of the tab's scrolling page (a docked footer excluded). */
	pageHeight: () => number;
	/** Height the page leaves `section` so that the page's content fits it exactly. */
	fillRoom: (section: Section) => number;
}

const HEADER_GAP = 8;

export class Section implements SectionHost {
	Title: string;
	Description: string;
	Alive = true;
	Visible = true;
	Collapsed: boolean;
	readonly Controls: Control[] = [];
	readonly Frame: Frame;
	readonly body: Frame;
	/** Hidden by search (no matching control while a query is active). */
	filtered = false;
	private readonly collapsible: boolean;
	private readonly header: Frame;
	private readonly titleLabel: TextLabel;
	/** Made only for a non-empty Description (section descriptions do not change). */
	private readonly descriptionLabel?: TextLabel;
	private readonly toggle?: TextButton;
	private nextRow = 0;
	/** Rows shown (visible and matching the search), kept by refreshRows and add. */
	private shownRows = 0;
	/** Inside layout: rows are re-measured one by one and refit once at the end. */
	private measuring = false;

	constructor(
		private readonly tab: TabHost,
		private readonly scope: Scope,
		options: Options,
		order: number,
		parent: Instance,
	) {
		const core = tab.core;
		this.Title = textOption(options, "Title", "");
		this.Description = textOption(options, "Description", "");
		this.collapsible = booleanOption(options, "Collapsible", false, "Section");
		this.Collapsed = booleanOption(options, "Collapsed", false, "Section");
		this.Frame = frame(`Section_${this.Title}`, parent, {
			LayoutOrder: order,
			Size: new UDim2(1, 0, 0, 0),
			AutomaticSize: Enum.AutomaticSize.Y,
		});
		scope.give(this.Frame);
		scope.onEnd(() => (this.Alive = false));
		listLayout(this.Frame, HEADER_GAP);
		this.header = frame("SectionHeader", this.Frame, { LayoutOrder: 1, Size: new UDim2(1, 0, 0, 0) });
		this.titleLabel = label("Title", this.header, { Text: this.Title });
		core.text(scope, this.titleLabel, "Heading", "Text");
		if (this.Description !== "") {
			this.descriptionLabel = label("Description", this.header, { Text: this.Description });
			core.text(scope, this.descriptionLabel, "Caption", "Muted");
		}
		if (this.collapsible) {
			const toggle = button("Collapse", this.header, { AnchorPoint: new Vector2(1, 0) });
			core.type.bind(scope, toggle, "Caption");
			const state = core.pressables.track(scope, toggle, () => togglePaint.update(true));
			const togglePaint = core.painter.bind(scope, toggle, "TextColor3", (p) =>
				state.hover || state.selected ? p.Text : p.Accent,
			);
			scope.give(toggle.Activated.Connect(() => this.SetCollapsed(!this.Collapsed)));
			this.toggle = toggle;
		}
		this.body = frame("Body", this.Frame, {
			LayoutOrder: 2,
			BackgroundTransparency: 0,
			Size: new UDim2(1, 0, 0, 0),
			AutomaticSize: Enum.AutomaticSize.Y,
		});
		corner(this.body, 12);
		core.painter.bind(scope, this.body, "BackgroundColor3", "Surface");
		core.painter.bind(scope, stroke(this.body), "Color", "Subtle");
		create("UIPadding", { PaddingLeft: new UDim(0, 16), PaddingRight: new UDim(0, 16) }, this.body);
		listLayout(this.body, 0);
		this.refreshHeader();
		this.refreshRows();
	}

	// SectionHost ---------------------------------------------------------------------------------

	isOpen(): boolean {
		return (
			this.Alive &&
			this.Visible &&
			this.tab.isAlive() &&
			this.tab.isActive() &&
			(!this.Collapsed || this.tab.searching())
		);
	}

	rowChanged() {
		this.refreshRows();
		this.tab.sectionChanged();
		this.tab.sectionResized();
	}

	rowResized() {
		if (this.measuring) return;
		this.refit();
		this.tab.sectionResized();
	}

	pageHeight(): number {
		return this.tab.pageHeight();
	}

	fillRoom(control: Control): number {
		const header = this.header.Visible ? this.header.Size.Y.Offset + HEADER_GAP : 0;
		return this.tab.fillRoom(this) - header - this.othersHeight(control);
	}

	/** Height of the section as laid out now (0 when hidden): header, gap and shown rows. */
	measuredHeight(): number {
		if (!this.Frame.Visible) return 0;
		const body = this.body.Visible;
		let height = this.header.Visible ? this.header.Size.Y.Offset + (body ? HEADER_GAP : 0) : 0;
		if (body) for (const control of this.Controls) if (control.Frame.Visible) height += control.Frame.Size.Y.Offset;
		return height;
	}

	othersHeight(control: Control): number {
		let height = 0;
		for (const other of this.Controls)
			if (other !== control && other.Frame.Visible) height += other.Frame.Size.Y.Offset;
		return height;
	}

	/** Rows whose height depends on the room left (page-filling Lists) re-measure. */
	refit() {
		for (const control of this.Controls) control.refit();
	}

	removed(control: Control) {
		const index = this.Controls.indexOf(control);
		if (index >= 0) this.Controls.remove(index);
		if (control.Id !== undefined) this.tab.releaseId(control.Id, control);
		this.tab.core.refilter();
		this.rowChanged();
	}

	// Public members --------------------------------------------------------------------------------

	SetCollapsed(collapsed: unknown): this {
		if (!typeIs(collapsed, "boolean")) fail("Section:SetCollapsed expects a boolean");
		if (!this.Alive) return this;
		this.Collapsed = collapsed;
		if (collapsed) for (const control of this.Controls) control.cancelFromContainer();
		this.refreshHeader();
		this.refreshRows();
		this.tab.sectionResized();
		this.tab.core.shown.fire();
		return this;
	}

	SetVisible(visible: unknown): this {
		if (!typeIs(visible, "boolean")) fail("Section:SetVisible expects a boolean");
		if (!this.Alive) return this;
		this.Visible = visible;
		if (!visible) for (const control of this.Controls) control.cancelFromContainer();
		this.refreshRows();
		this.tab.core.refilter();
		this.tab.sectionResized();
		this.tab.core.shown.fire();
		return this;
	}

	Destroy() {
		if (!this.Alive) return;
		this.Alive = false;
		for (const control of [...this.Controls]) control.Destroy();
		this.scope.destroy();
		this.tab.sectionRemoved(this);
	}

	Button(options?: unknown) {
		return this.add("Button", options, ButtonControl);
	}
	Toggle(options?: unknown) {
		return this.add("Toggle", options, (context) => new ToggleControl("Toggle", context));
	}
	Checkbox(options?: unknown) {
		return this.add("Checkbox", options, (context) => new ToggleControl("Checkbox", context));
	}
	Slider(options?: unknown) {
		return this.add("Slider", options, SliderControl);
	}
	Input(options?: unknown) {
		return this.add("Input", options, InputControl);
	}
	Dropdown(options?: unknown) {
		return this.add("Dropdown", options, DropdownControl);
	}
	Segmented(options?: unknown) {
		return this.add("Segmented", options, SegmentedControl);
	}
	Keybind(options?: unknown) {
		return this.add("Keybind", options, KeybindControl);
	}
	ColorPicker(options?: unknown) {
		return this.add("ColorPicker", options, ColorPickerControl);
	}
	Label(options?: unknown) {
		return this.add("Label", options, LabelControl);
	}
	Paragraph(options?: unknown) {
		return this.add("Paragraph", options, ParagraphControl);
	}
	Divider(options?: unknown) {
		return this.add("Divider", options, DividerControl);
	}
	Badge(options?: unknown) {
		return this.add("Badge", options, BadgeControl);
	}
	Progress(options?: unknown) {
		return this.add("Progress", options, ProgressControl);
	}
	List(options?: unknown) {
		return this.add("List", options, ListControl);
	}
	Transcript(options?: unknown) {
		return this.add("Transcript", options, (context) => {
			if (context.options.Text === undefined) context.options.Text = "";
			return new TranscriptControl(context);
		});
	}
	Composer(options?: unknown) {
		return this.add("Composer", options, (context) => {
			if (context.options.Text === undefined) context.options.Text = "";
			// a draft is not configuration
			if (context.options.Persist === undefined) context.options.Persist = false;
			return new ComposerControl(context);
		});
	}

	// Internals -------------------------------------------------------------------------------------

	/** Builds a control transactionally: on error its rows are destroyed and the error re-raised. */
	private add<C extends Control>(
		kind: string,
		value: unknown,
		make: ((context: ControlContext) => C) | (new (context: ControlContext) => C),
	): C {
		if (!this.Alive || !this.tab.isAlive()) fail(`Section:${kind}: the section was destroyed`);
		// a copy: constructors normalise fields without touching the caller's table
		const options = { ...readOptions(value, `Section:${kind}`, "Text") };
		const id = options.Id;
		if (id !== undefined && (!typeIs(id, "string") || id === "")) fail(`${kind}: Id must be a non-empty string`);
		const scope = this.scope.child();
		this.nextRow += 1;
		const context: ControlContext = { core: this.tab.core, section: this, scope, options, order: this.nextRow };
		const [ok, result] = pcall(() => {
			const control = typeIs(make, "function") ? make(context) : new make(context);
			if (id !== undefined) this.tab.claimId(id, control);
			return control;
		});
		if (!ok) {
			scope.destroy();
			error(result, 0);
		}
		const control = result as C;
		control.finishConstruction();
		this.Controls.push(control);
		control.layout(this.tab.core.metrics.rowWidth);
		// a new last row: only its own visibility and rule change (no pass over earlier rows)
		const shown = control.Visible && !control.filtered;
		control.setRowShown(shown, this.shownRows === 0);
		if (shown) this.shownRows += 1;
		this.refit();
		this.tab.core.refilter();
		this.tab.sectionChanged();
		return control;
	}

	private refreshHeader() {
		const hasHeader = this.Title !== "" || this.Description !== "" || this.collapsible;
		this.header.Visible = hasHeader;
		if (this.toggle !== undefined) this.toggle.Text = this.Collapsed ? "Show" : "Hide";
	}

	/** Shows rows that are visible and match the search; hides the rule above the first one. */
	refreshRows() {
		this.Frame.Visible = this.Visible && !this.filtered;
		this.body.Visible = !this.Collapsed || this.tab.searching();
		let shownRows = 0;
		for (const control of this.Controls) {
			const shown = control.Visible && !control.filtered;
			control.setRowShown(shown, shownRows === 0);
			if (shown) shownRows += 1;
		}
		this.shownRows = shownRows;
		this.refit();
	}

	/** Number of rows shown (tab summaries). */
	shownCount(): number {
		return this.shownRows;
	}

	/** Re-measures the header and every row for `rowWidth`. */
	layout(rowWidth: number) {
		const core = this.tab.core;
		const scale = core.type.scale;
		const target = core.metrics.target;
		const toggleWidth = this.toggle !== undefined ? 64 : 0;
		const textWidth = rowWidth + 32 - toggleWidth;
		const titleHeight = textHeight(this.Title, "Heading", scale, textWidth);
		const descriptionHeight = textHeight(this.Description, "Caption", scale, textWidth);
		this.titleLabel.Size = UDim2.fromOffset(textWidth, titleHeight);
		this.titleLabel.Position = UDim2.fromOffset(0, 0);
		const gap = titleHeight > 0 && descriptionHeight > 0 ? LABEL_GAP : 0;
		if (this.descriptionLabel !== undefined) {
			this.descriptionLabel.Size = UDim2.fromOffset(textWidth, descriptionHeight);
			this.descriptionLabel.Position = UDim2.fromOffset(0, titleHeight + gap);
		}
		const text = titleHeight + descriptionHeight + gap;
		const height = math.max(text, this.toggle !== undefined ? target : 0);
		this.header.Size = new UDim2(1, 0, 0, height);
		if (this.toggle !== undefined) {
			this.toggle.Size = UDim2.fromOffset(toggleWidth, target);
			this.toggle.Position = new UDim2(1, 0, 0, math.floor((height - target) / 2));
		}
		this.measuring = true;
		for (const control of this.Controls) control.layout(rowWidth);
		this.measuring = false;
		this.refit();
	}
}
