// The common part of every control: the row (label, description, value slot), the value protocol
// (Get returns a deep copy, Set validates, stores a copy, re-renders and emits when the value
// changed), OnChanged listeners, text, visibility, disabled state, search matching, layout and
// teardown. Each control kind supplies its value rules and its slot.
import {
	fail,
	frame,
	label,
	solid,
	deepCopy,
	deepEqual,
	Listeners,
	booleanOption,
	functionOption,
	textOption,
	type Options,
} from "../core";
import type { Scope } from "../core/scope";
import { textHeight } from "../layout/measure";
import type { Binding, Paint } from "../theme/painter";
import type { Palette } from "../theme/palette";
import type { TextStyle } from "../theme/typography";
import type { WindowCore } from "../context/window-core";

/** Inline: label left, slot right. Stack: slot under the label. Content: text only. */
export type RowMode = "inline" | "stack" | "content";

/** What a control needs of its section. */
export interface SectionHost {
	readonly Title: string;
	readonly body: Frame;
	/** Section alive, visible, body shown (expanded or revealed by search) and its tab active. */
	isOpen(): boolean;
	/** The row of `control` changed height or visibility. */
	rowChanged(control: Control): void;
	/** `control` was destroyed. */
	removed(control: Control): void;
	/** The row of `control` was re-measured to a new height (page-filling Lists refit). */
	rowResized(control: Control): void;
	/** Height of the section's rows shown now other than `control`'s (a page-filling List's room). */
	othersHeight(control: Control): number;
	/** Visible height of the tab's scrolling page (a docked footer excluded). */
	pageHeight(): number;
	/** Height the page leaves the row of `control` so that the page's content fits it exactly. */
	fillRoom(control: Control): number;
}

export interface ControlContext {
	core: WindowCore;
	section: SectionHost;
	scope: Scope;
	options: Options;
	order: number;
}

const ROW_PAD = 14;
/** Space between a row's title and its description (docs/UI_LIBRARY.md, "Rows"). */
export const LABEL_GAP = 5;
const STACK_GAP = 10;
const SLOT_GAP = 12;
/** Height of the readout pill of Slider and Progress, kept free above the slot. */
export const READOUT_HEIGHT = 20;

export abstract class Control {
	readonly Kind: string;
	readonly Id: string | undefined;
	Text: string;
	Description: string;
	Alive = true;
	Visible: boolean;
	Disabled: boolean;
	readonly Persist: boolean;
	readonly Frame: Frame;

	/** Hidden by the window's search. */
	filtered = false;
	/** Whether the last layout put the slot under the label (stack rows and narrow inline rows). */
	protected stacked = false;
	/** Type style of the label (Paragraph titles use Heading, Dividers Eyebrow). */
	protected labelStyle: TextStyle = "Body";
	protected value: unknown;
	protected defaultValue: unknown;
	protected readonly callback?: Callback;
	protected readonly listeners = new Listeners<unknown[]>();
	protected readonly core: WindowCore;
	protected readonly scope: Scope;
	protected readonly section: SectionHost;
	/** The value slot; content rows (Label, Paragraph, Divider) have none and never read it. */
	protected readonly slot!: Frame;
	protected readonly bindings: Binding[] = [];
	protected readonly labelText: TextLabel;
	private descriptionText?: TextLabel;
	/** The 1 px rule above the row, made the first time the row is not the first one shown. */
	private rule?: Frame;
	private rowWidth = 0;

	constructor(
		kind: string,
		context: ControlContext,
		protected readonly mode: RowMode,
		protected readonly slotWidth: number,
	) {
		const options = context.options;
		this.Kind = kind;
		this.core = context.core;
		this.scope = context.scope;
		this.section = context.section;
		this.Id = options.Id as string | undefined;
		this.Text = textOption(options, "Text", kind);
		this.Description = textOption(options, "Description", "");
		this.Visible = booleanOption(options, "Visible", true, kind);
		this.Disabled = booleanOption(options, "Disabled", false, kind);
		this.Persist = booleanOption(options, "Persist", true, kind);
		this.callback = functionOption(options, "Callback", kind);

		const core = this.core;
		this.Frame = frame(this.Id !== undefined ? `Control_${this.Id}` : kind, context.section.body, {
			LayoutOrder: context.order,
			Size: new UDim2(1, 0, 0, 0),
			Visible: this.Visible,
		});
		this.scope.give(this.Frame);
		this.labelText = label("Label", this.Frame, { Text: this.Text });
		core.type.bind(this.scope, this.labelText, "Body");
		this.paint(this.labelText, "TextColor3", (p) => this.labelColor(p));
		if (this.Description !== "") this.ensureDescription();
		if (mode !== "content") this.slot = frame("Value", this.Frame);
		// a window or section ending takes the control with it: it reads as destroyed from then on
		this.scope.onEnd(() => {
			this.Alive = false;
			this.listeners.clear();
		});
		// external destruction of the row destroys the control
		this.scope.give(
			this.Frame.Destroying.Connect(() => {
				if (this.Alive) task.defer(() => this.Destroy());
			}),
		);
	}

	// Value protocol ----------------------------------------------------------------------------

	/** Colour of the label (Divider uses Muted). */
	protected labelColor(palette: Palette): Color3 {
		return this.Disabled ? palette.Disabled : palette.Text;
	}

	/** Whether this kind holds a value (Button, Label, Paragraph and Divider do not). */
	hasValue(): boolean {
		return true;
	}

	/** Validates and normalises a value; raises a public error when it is invalid. */
	protected normalize(value: unknown): unknown {
		return value;
	}

	/** Stores the starting value: the Default option (or the `alias` option), else `fallback`. */
	protected startValue(options: Options, fallback: unknown, alias?: string) {
		let value = options.Default;
		if (value === undefined && alias !== undefined) value = options[alias];
		this.value = this.normalize(value !== undefined ? value : fallback);
	}

	/** Shows the current value. */
	protected render() {}

	/** Arguments of Callback and OnChanged listeners. */
	protected emitArgs(): unknown[] {
		return [deepCopy(this.value)];
	}

	/** Stops a pointer gesture, text editing, capture or picker of this control. */
	protected cancelInteraction() {
		this.core.releaseFocus(this.Frame);
	}

	/** Height of the value slot for `width`; `chrome` is the row's height around the slot. */
	protected slotHeight(_width: number, _chrome: number): number {
		return this.core.metrics.target;
	}

	/** Arranges the slot's parts once its size is known. */
	protected layoutSlot(_width: number, _height: number) {}

	/** Applies Disabled to the slot's interactive parts (Active, Selectable, TextEditable). */
	protected applyDisabled() {}

	/** The JSON value for ExportConfig. */
	exportValue(): unknown {
		return deepCopy(this.value);
	}

	/** The normalised value of a config record's `value`; raises with a reason when it is invalid. */
	importValue(encoded: unknown): unknown {
		return this.normalize(encoded);
	}

	/** Stores an imported value silently (keybinds override: they must not call back). */
	restore(value: unknown) {
		this.value = value;
		this.render();
	}

	/** What `emit` calls before the listeners: Callback (Keybind: its OnChanged option). */
	protected changeCallback(): Callback | undefined {
		return this.callback;
	}

	/** Calls Callback then every OnChanged listener, each protected; stops if the control died. */
	emit() {
		const args = this.emitArgs();
		const callback = this.changeCallback();
		if (callback !== undefined) this.core.protect(callback, ...args);
		this.listeners.each((fn) => {
			if (!this.Alive) return false;
			this.core.protect(fn, ...args);
			return this.Alive;
		});
	}

	/** Stores `value` (already normalised); emits when it changed and `silent` is not true. */
	protected commit(value: unknown, silent?: boolean): boolean {
		const changed = !deepEqual(value, this.value);
		this.value = deepCopy(value);
		this.render();
		if (changed && silent !== true) this.emit();
		return changed;
	}

	/** Raises "<Kind>:<method> expects a <kind>" unless `value` has that Luau type. */
	protected expect<K extends "boolean" | "function">(
		value: unknown,
		kind: K,
		method: string,
	): asserts value is CheckableTypes[K] {
		if (type(value) !== kind) fail(`${this.Kind}:${method} expects a ${kind}`);
	}

	protected assertAlive(method: string) {
		if (!this.Alive) fail(`${this.Kind}:${method}: the control was destroyed`);
	}

	/** Binds a colour and keeps the binding for state repaints. */
	protected paint<I extends Instance>(instance: I, property: keyof WritableInstanceProperties<I>, paint: Paint) {
		const binding = this.core.painter.bind(this.scope, instance, property, paint);
		this.bindings.push(binding);
		return binding;
	}

	protected repaint(animated = false) {
		for (const binding of this.bindings) binding.update(animated);
	}

	/** Whether user input may act now (programmatic Set ignores this). */
	isInteractive(): boolean {
		return (
			this.Alive &&
			this.core.alive &&
			this.core.visible &&
			this.Visible &&
			!this.Disabled &&
			!this.filtered &&
			this.section.isOpen()
		);
	}

	// Public members ------------------------------------------------------------------------------

	Get(): unknown {
		return deepCopy(this.value);
	}

	Set(value: unknown, silent?: boolean): this {
		this.assertAlive("Set");
		if (!this.hasValue()) fail(`${this.Kind}:Set: a ${this.Kind} has no value; use SetText or SetDescription`);
		this.commit(this.normalize(value), silent);
		return this;
	}

	Reset(silent?: boolean): this {
		this.assertAlive("Reset");
		if (this.hasValue()) this.Set(deepCopy(this.defaultValue), silent);
		return this;
	}

	OnChanged(fn: unknown): () => void {
		this.assertAlive("OnChanged");
		if (!this.hasValue()) fail(`${this.Kind}:OnChanged: a ${this.Kind} has no value to watch`);
		this.expect(fn, "function", "OnChanged");
		return this.listeners.add(fn as (...args: unknown[]) => void);
	}

	SetText(text: unknown): this {
		this.assertAlive("SetText");
		this.Text = text === undefined ? "" : tostring(text);
		this.labelText.Text = this.Text;
		this.relayout();
		this.core.refilter();
		return this;
	}

	SetDescription(text: unknown): this {
		this.assertAlive("SetDescription");
		this.Description = text === undefined ? "" : tostring(text);
		this.ensureDescription().Text = this.Description;
		this.relayout();
		this.core.refilter();
		return this;
	}

	SetDisabled(disabled: unknown): this {
		this.assertAlive("SetDisabled");
		this.expect(disabled, "boolean", "SetDisabled");
		this.Disabled = disabled;
		if (disabled) this.cancelInteraction();
		this.applyDisabled();
		this.repaint();
		return this;
	}

	SetVisible(visible: unknown): this {
		this.assertAlive("SetVisible");
		this.expect(visible, "boolean", "SetVisible");
		this.Visible = visible;
		if (!visible) this.cancelInteraction();
		this.core.refilter();
		this.section.rowChanged(this);
		this.core.shown.fire();
		return this;
	}

	Destroy() {
		if (!this.Alive) return;
		this.Alive = false;
		this.cancelInteraction();
		this.listeners.clear();
		this.scope.destroy();
		this.section.removed(this);
	}

	// Layout --------------------------------------------------------------------------------------

	/** The section or tab holding this control was hidden or collapsed. */
	cancelFromContainer() {
		this.cancelInteraction();
	}

	/** Shows or hides the row (search and visibility) and the rule above it. */
	setRowShown(shown: boolean, first: boolean) {
		if (this.Frame.Visible !== shown) this.Frame.Visible = shown;
		if (this.rule === undefined && !first) {
			this.rule = solid("RowRule", this.Frame, { Size: new UDim2(1, 0, 0, 1) });
			this.core.painter.bind(this.scope, this.rule, "BackgroundColor3", "Subtle");
		}
		if (this.rule !== undefined && this.rule.Visible === first) this.rule.Visible = !first;
	}

	/** Search text: label, description and section title. */
	searchText(): string {
		return `${this.Text} ${this.Description} ${this.section.Title}`.lower();
	}

	/** The room a row may take changed (page height, other rows): re-measures if it depends on it. */
	refit() {}

	/** Re-measures the row at the last width (text or slot changes). */
	relayout() {
		if (this.rowWidth > 0) this.layout(this.rowWidth);
	}

	/** Sizes the row for `rowWidth` from measured text; returns its height. */
	layout(rowWidth: number): number {
		this.rowWidth = rowWidth;
		const core = this.core;
		const scale = core.type.scale;
		let mode = this.mode;
		let slotWidth = 0;
		if (mode === "inline") {
			const stacked = this.slotWidth > 64 && rowWidth < 280 * scale;
			if (stacked) {
				mode = "stack";
				slotWidth = this.stackedSlotWidth(rowWidth);
			} else slotWidth = math.min(this.slotWidth, math.floor(rowWidth * 0.48));
		} else if (mode === "stack") slotWidth = rowWidth;
		this.stacked = mode === "stack";
		const captionWidth = mode === "inline" ? rowWidth - slotWidth - SLOT_GAP : rowWidth - this.captionReserve();
		const labelHeight = textHeight(this.Text, this.labelStyle, scale, captionWidth);
		const descriptionHeight = textHeight(this.Description, "Caption", scale, captionWidth);
		const text = labelHeight + (descriptionHeight > 0 ? LABEL_GAP + descriptionHeight : 0);
		const caption = this.captionReserve() > 0 ? math.max(text, READOUT_HEIGHT) : text;
		const pad = this.rowPad();
		const chrome = 2 * pad + (mode === "stack" ? caption + (caption > 0 ? STACK_GAP : 0) : 0);
		const slotHeight = mode === "content" ? 0 : this.slotHeight(slotWidth, chrome);
		const inner =
			mode === "stack"
				? caption + (caption > 0 ? STACK_GAP : 0) + slotHeight
				: mode === "content"
					? caption
					: math.max(caption, slotHeight);
		const height = 2 * pad + inner;
		const resized = this.Frame.Size.Y.Offset !== height;
		this.Frame.Size = new UDim2(1, 0, 0, height);
		const captionTop = mode === "inline" ? pad + math.floor((inner - caption) / 2) : pad;
		this.labelText.Position = UDim2.fromOffset(0, captionTop);
		this.labelText.Size = UDim2.fromOffset(captionWidth, labelHeight);
		this.labelText.Visible = labelHeight > 0;
		const description = this.descriptionText;
		if (description !== undefined) {
			description.Visible = descriptionHeight > 0;
			description.Position = UDim2.fromOffset(0, captionTop + labelHeight + LABEL_GAP);
			description.Size = UDim2.fromOffset(captionWidth, descriptionHeight);
		}
		if (mode !== "content") {
			this.slot.Position =
				mode === "inline"
					? UDim2.fromOffset(rowWidth - slotWidth, pad + math.floor((inner - slotHeight) / 2))
					: UDim2.fromOffset(0, pad + caption + (caption > 0 ? STACK_GAP : 0));
			this.slot.Size = UDim2.fromOffset(slotWidth, slotHeight);
			this.layoutSlot(slotWidth, slotHeight);
		}
		if (resized) this.section.rowResized(this);
		return height;
	}

	/** Space above and below the row's content (a Transcript's rows run to the card's edges). */
	protected rowPad(): number {
		return ROW_PAD;
	}

	/** Width kept free at the right of a stacked caption for a readout pill (READOUT_HEIGHT tall). */
	protected captionReserve(): number {
		return 0;
	}

	/** Slot width when an inline row stacks on a narrow layout (full width by default). */
	protected stackedSlotWidth(rowWidth: number): number {
		return rowWidth;
	}

	private ensureDescription(): TextLabel {
		if (this.descriptionText !== undefined) return this.descriptionText;
		const text = label("Description", this.Frame, { Text: this.Description });
		this.core.type.bind(this.scope, text, "Caption");
		this.core.painter.bind(this.scope, text, "TextColor3", "Muted");
		this.descriptionText = text;
		return text;
	}

	/** Called by the section once construction succeeded: snapshot the default, apply state. */
	finishConstruction() {
		this.defaultValue = deepCopy(this.value);
		this.applyDisabled();
		this.repaint();
	}
}
