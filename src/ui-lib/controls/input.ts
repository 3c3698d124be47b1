// Input: a native TextBox (so IME and on-screen keyboards work) holding text (at most MaxLength
// UTF-8 bytes, cut on a character boundary) or, with Numeric, a finite number clamped to Min/Max.
// The draft commits when focus is lost: an invalid number keeps the last value and shows a red
// border and "Enter a valid number."; a valid one is Set (callbacks when it changed) then OnCommit.
// Live = true validates each edit: a valid draft updates the value without rewriting the text
// (so "1." and "-" survive), invalid partial drafts are kept silently, and focus loss shows the
// canonical text.
import { services } from "../adapter/services";
import {
	label,
	fail,
	booleanOption,
	clampedOption,
	finiteOption,
	functionOption,
	textOption,
	formatNumber,
	isFiniteNumber,
	deepEqual,
	truncateBytes,
} from "../core";
import { textHeight } from "../layout/measure";
import { textField, type TextField } from "../parts/text-field";
import { Control, type ControlContext } from "./control";

const INVALID_NUMBER = "Enter a valid number.";
const VALIDATION_GAP = 4;

export class InputControl extends Control {
	private readonly numeric: boolean;
	private readonly live: boolean;
	private readonly multiLine: boolean;
	private readonly lines: number;
	private readonly maxLength: number;
	private readonly min: number;
	private readonly max: number;
	private readonly onCommit?: Callback;
	private readonly box: TextBox;
	/** The validation message, made the first time a draft is invalid. */
	private validation?: TextLabel;
	private readonly field: TextField;
	private invalid = false;
	/** Set while the library writes the box, so its own writes are not treated as typing. */
	private writing = false;
	/** The value parsed from the live draft; render keeps the draft text while the value equals it. */
	private draftValue?: unknown;

	constructor(context: ControlContext) {
		super("Input", context, "stack", 0);
		const options = context.options;
		this.numeric = booleanOption(options, "Numeric", false, "Input");
		this.live = booleanOption(options, "Live", false, "Input");
		this.multiLine = booleanOption(options, "MultiLine", false, "Input");
		this.lines = clampedOption(options, "Lines", 2, 8, 3);
		this.maxLength = math.floor(clampedOption(options, "MaxLength", 1, 65536, 4096));
		this.min = -math.huge;
		this.max = math.huge;
		if (this.numeric) {
			this.min = finiteOption(options, "Min", -math.huge, "Input");
			this.max = finiteOption(options, "Max", math.huge, "Input");
			if (this.min > this.max) fail("Input: Min must not be greater than Max");
		}
		this.onCommit = functionOption(options, "OnCommit", "Input");
		this.startValue(options, this.numeric ? 0 : "");

		const core = this.core;
		this.field = textField(core, this.scope, this.slot, {
			name: "Input",
			props: {
				MultiLine: this.multiLine,
				TextWrapped: this.multiLine,
				PlaceholderText: textOption(options, "Placeholder", ""),
				TextYAlignment: this.multiLine ? Enum.TextYAlignment.Top : Enum.TextYAlignment.Center,
				ClipsDescendants: true,
				Size: UDim2.fromScale(1, 1),
			},
			text: (p) => (this.Disabled ? p.Disabled : p.Text),
			outline: (p) => (this.invalid ? p.Danger : undefined),
		});
		this.box = this.field.box;
		if (this.multiLine) this.box.FindFirstChildOfClass("UIPadding")!.PaddingTop = new UDim(0, 10);

		if (this.multiLine) {
			// typing on a short touch layout: the page may show only the field's last lines, so the
			// text sits at the bottom of the field while the on-screen keyboard is up
			const align = () => {
				const typing =
					this.field.focused() &&
					core.metrics.touch &&
					core.metrics.geometry.short &&
					services.UserInputService.OnScreenKeyboardVisible;
				this.box.TextYAlignment = typing ? Enum.TextYAlignment.Bottom : Enum.TextYAlignment.Top;
			};
			this.scope.give(core.reflows.add(align));
			this.scope.give(this.box.Focused.Connect(align));
			this.scope.give(this.box.FocusLost.Connect(align));
		}
		this.scope.give(this.box.FocusLost.Connect(() => this.commitDraft()));
		this.scope.give(this.box.GetPropertyChangedSignal("Text").Connect(() => this.edited()));
		this.render();
	}

	protected normalize(value: unknown): unknown {
		if (this.numeric) {
			if (!isFiniteNumber(value)) fail(`Input: the value must be a finite number, got ${tostring(value)}`);
			return math.clamp(value, this.min, this.max);
		}
		if (!typeIs(value, "string")) fail(`Input: the value must be a string, got ${typeOf(value)}`);
		return truncateBytes(value, this.maxLength);
	}

	private text(): string {
		return this.numeric ? formatNumber(this.value as number) : (this.value as string);
	}

	protected render() {
		if (this.draftValue !== undefined && deepEqual(this.draftValue, this.value)) return;
		this.draftValue = undefined;
		this.write(this.text());
	}

	private write(text: string) {
		if (this.box.Text === text) return;
		this.writing = true;
		this.box.Text = text;
		this.writing = false;
	}

	private setInvalid(message: string | undefined) {
		const invalid = message !== undefined;
		const changed = invalid !== this.invalid || (message !== undefined && message !== this.validation?.Text);
		this.invalid = invalid;
		if (this.validation === undefined && invalid) {
			this.validation = label("Validation", this.slot, { TextWrapped: true });
			this.core.type.bind(this.scope, this.validation, "Caption");
			this.paint(this.validation, "TextColor3", "Danger");
		}
		if (this.validation !== undefined) {
			this.validation.Visible = invalid;
			this.validation.Text = invalid ? message : "";
		}
		this.field.repaint();
		if (changed) this.relayout();
	}

	/** The value a draft stands for, or undefined when it is not valid. */
	private parse(draft: string): unknown {
		if (!this.numeric) return truncateBytes(draft, this.maxLength);
		const [trimmed] = draft.gsub("^%s*(.-)%s*$", "%1");
		const number = tonumber(trimmed);
		return isFiniteNumber(number) ? math.clamp(number, this.min, this.max) : undefined;
	}

	private edited() {
		if (this.writing) return;
		const text = this.box.Text;
		if (!this.numeric && text.size() > this.maxLength) {
			// typing beyond MaxLength is cut at once
			this.write(truncateBytes(text, this.maxLength));
			return;
		}
		if (!this.live || !this.field.focused() || !this.isInteractive()) return;
		const parsed = this.parse(text);
		if (parsed === undefined) return;
		this.setInvalid(undefined);
		this.draftValue = parsed;
		this.commit(parsed);
		if (this.Alive && this.onCommit !== undefined) this.core.protect(this.onCommit, this.value);
	}

	private commitDraft() {
		this.draftValue = undefined;
		if (!this.isInteractive()) {
			this.render();
			return;
		}
		const parsed = this.parse(this.box.Text);
		if (parsed === undefined) {
			this.setInvalid(INVALID_NUMBER);
			return;
		}
		this.setInvalid(undefined);
		this.commit(parsed);
		this.render();
		if (this.Alive && this.onCommit !== undefined) this.core.protect(this.onCommit, this.value);
	}

	/** Captures text focus when the field can be used. */
	Focus(): this {
		this.assertAlive("Focus");
		if (this.isInteractive()) this.box.CaptureFocus();
		return this;
	}

	/**
	 * Controls (or GuiObjects) kept in view with the field while it has focus, e.g. the Send button
	 * under a message box when the on-screen keyboard leaves little room.
	 */
	RevealWith(...companions: defined[]): this {
		this.assertAlive("RevealWith");
		const objects = new Array<GuiObject>();
		for (const index of $range(1, companions.size())) {
			const companion = companions[index - 1];
			if (typeIs(companion, "Instance") && companion.IsA("GuiObject")) objects.push(companion);
			else if (companion instanceof Control) objects.push(companion.Frame);
			else fail(`Input:RevealWith: argument ${index} must be a control or a GuiObject`);
		}
		const box = this.box;
		const companionsOf = this.core.companions;
		if (!companionsOf.has(box)) this.scope.give(() => companionsOf.delete(box));
		companionsOf.set(box, objects);
		return this;
	}

	Set(value: unknown, silent?: boolean): this {
		super.Set(value, silent);
		if (this.Alive) this.setInvalid(undefined);
		return this;
	}

	restore(value: unknown) {
		super.restore(value);
		this.setInvalid(undefined);
	}

	protected applyDisabled() {
		this.field.repaint();
		this.box.TextEditable = !this.Disabled;
		this.box.Active = !this.Disabled;
		this.box.Selectable = !this.Disabled;
	}

	private fieldHeight(): number {
		const target = this.core.metrics.target;
		return this.multiLine ? this.lines * target : target;
	}

	private validationHeight(width: number): number {
		const message = this.validation;
		return this.invalid && message !== undefined
			? textHeight(message.Text, "Caption", this.core.type.scale, width)
			: 0;
	}

	protected slotHeight(width: number): number {
		const message = this.validationHeight(width);
		return this.fieldHeight() + (message > 0 ? VALIDATION_GAP + message : 0);
	}

	protected layoutSlot(width: number) {
		const field = this.fieldHeight();
		this.box.Size = new UDim2(1, 0, 0, field);
		const message = this.validation;
		if (message === undefined) return;
		message.Position = UDim2.fromOffset(0, field + VALIDATION_GAP);
		message.Size = UDim2.fromOffset(width, this.validationHeight(width));
	}
}
