// Composer: a message box for chats. A multi-line native TextBox that grows with its draft from
// MinLines to MaxLines (then scrolls), Send beside it (and Stop while SetRunning(true), when
// OnStop is given), and an optional status line under it. Enter sends and Shift+Enter inserts a
// line break on a keyboard; touch (the on-screen keyboard's return key inserts a line break) and
// gamepads use Send. A send calls OnSend(text): returning false refuses it and keeps the draft,
// anything else clears it. The value is the draft (each edit commits it and calls Callback).
// docs/UI_LIBRARY.md, "Composer".
import { services } from "../adapter/services";
import { label, fail, choiceOption, clampedOption, functionOption, textOption, truncateBytes } from "../core";
import { textHeight, textWidth } from "../layout/measure";
import { actionButton, type ActionButton } from "../parts/action-button";
import { textField, type TextField } from "../parts/text-field";
import { Control, type ControlContext } from "./control";

const SEND_MODES = ["Always", "Auto"] as const;
/** Space inside the field above and below the text. */
const FIELD_PAD = 10;
const BUTTON_GAP = 8;
const STATUS_GAP = 6;
const ROW_PAD = 8;
const CRAMPED_PAD = 4;

export class ComposerControl extends Control {
	/** The status line under the field. */
	Status: string;
	/** Whether a turn runs (Send refuses, Stop shows). */
	Running = false;
	private readonly maxLength: number;
	private readonly minLines: number;
	private readonly maxLines: number;
	private readonly sendMode: (typeof SEND_MODES)[number];
	private readonly onSend?: Callback;
	private readonly onStop?: Callback;
	private readonly field: TextField;
	private readonly box: TextBox;
	private readonly send: ActionButton;
	private readonly stop: ActionButton;
	private readonly statusLabel: TextLabel;
	private writing = false;
	private lastText = "";
	private fieldHeightNow = 0;
	/** Whether the last layout was for a short layout with the keyboard up. */
	private laidOutCramped = false;

	constructor(context: ControlContext) {
		super("Composer", context, "stack", 0);
		const options = context.options;
		this.maxLength = math.floor(clampedOption(options, "MaxLength", 1, 65536, 4096));
		this.minLines = math.floor(clampedOption(options, "MinLines", 1, 8, 1));
		this.maxLines = math.floor(clampedOption(options, "MaxLines", this.minLines, 16, 6));
		this.sendMode = choiceOption(options, "SendButton", SEND_MODES, "Always", "Composer");
		this.onSend = functionOption(options, "OnSend", "Composer");
		this.onStop = functionOption(options, "OnStop", "Composer");
		this.Status = textOption(options, "Status", "");
		this.startValue(options, "");
		const core = this.core;
		this.field = textField(core, this.scope, this.slot, {
			name: "Input",
			props: {
				MultiLine: true,
				TextWrapped: true,
				PlaceholderText: textOption(options, "Placeholder", ""),
				TextYAlignment: Enum.TextYAlignment.Top,
				ClipsDescendants: true,
			},
			text: (p) => (this.Disabled ? p.Disabled : p.Text),
		});
		this.box = this.field.box;
		const padding = this.box.FindFirstChildOfClass("UIPadding")!;
		padding.PaddingTop = new UDim(0, FIELD_PAD);
		padding.PaddingBottom = new UDim(0, FIELD_PAD);
		this.send = actionButton(
			core,
			this.scope,
			this.slot,
			"Send",
			textOption(options, "SendText", "Send"),
			"Primary",
		);
		this.stop = actionButton(
			core,
			this.scope,
			this.slot,
			"Stop",
			textOption(options, "StopText", "Stop"),
			"Danger",
		);
		this.stop.button.Visible = false;
		this.statusLabel = label("Status", this.slot, { Text: this.Status, TextTruncate: Enum.TextTruncate.AtEnd });
		core.type.bind(this.scope, this.statusLabel, "Caption");
		this.paint(this.statusLabel, "TextColor3", "Muted");
		this.scope.give(this.send.button.Activated.Connect(() => this.Send()));
		this.scope.give(this.stop.button.Activated.Connect(() => this.Stop()));
		this.scope.give(this.box.GetPropertyChangedSignal("Text").Connect(() => this.edited()));
		// a gamepad or a touch device may appear later ("Auto" shows Send then); the keyboard
		// coming up on a short layout hides the status line
		this.scope.give(
			core.reflows.add(() => {
				this.refreshButtons();
				if (this.cramped() !== this.laidOutCramped) this.relayout();
			}),
		);
		this.render();
	}

	protected rowPad(): number {
		return this.cramped() ? CRAMPED_PAD : ROW_PAD;
	}

	protected normalize(value: unknown): unknown {
		if (!typeIs(value, "string")) fail(`Composer: the draft must be a string, got ${typeOf(value)}`);
		return truncateBytes(value, this.maxLength);
	}

	protected render() {
		this.write(this.value as string);
		// the field grows or shrinks with the draft's lines
		const width = this.slot.Size.X.Offset;
		if (width > 0 && this.fieldHeight(width) !== this.fieldHeightNow) this.relayout();
	}

	private write(text: string) {
		this.lastText = text;
		if (this.box.Text === text) return;
		this.writing = true;
		this.box.Text = text;
		this.writing = false;
	}

	/** Whether Enter (without Shift) is held now: the line break it typed sends instead. */
	private enterSends(): boolean {
		const uis = services.UserInputService;
		const enter = uis.IsKeyDown(Enum.KeyCode.Return) || uis.IsKeyDown(Enum.KeyCode.KeypadEnter);
		const shift = uis.IsKeyDown(Enum.KeyCode.LeftShift) || uis.IsKeyDown(Enum.KeyCode.RightShift);
		return enter && !shift;
	}

	private edited() {
		if (this.writing) return;
		let text = this.box.Text;
		const previous = this.lastText;
		if (text.size() === previous.size() + 1 && this.enterSends()) {
			// one typed character: a line break typed with Enter is taken out, then the draft sends
			// (found by comparing texts: the cursor may not have moved yet when Text changes)
			let at = 1;
			while (at <= previous.size() && text.sub(at, at) === previous.sub(at, at)) at += 1;
			if (text.sub(at, at) === "\n" && text.sub(at + 1) === previous.sub(at)) {
				this.write(previous);
				this.box.CursorPosition = at;
				this.Send();
				return;
			}
		}
		if (text.size() > this.maxLength) {
			text = truncateBytes(text, this.maxLength);
			this.write(text);
		}
		this.lastText = text;
		if (!this.isInteractive()) return;
		this.commit(text);
	}

	// Public members --------------------------------------------------------------------------------

	/**
	 * Sends the draft: OnSend(text) unless it is blank, a turn runs or the composer cannot be used.
	 * Returns true when the draft was taken (and cleared); false keeps it.
	 */
	Send(): boolean {
		if (!this.isInteractive() || this.Running) return false;
		const text = this.value as string;
		if (text.match("%S")[0] === undefined) return false;
		const handler = this.onSend;
		let accepted = true;
		if (handler !== undefined) {
			const [ok, result] = pcall(() => (handler as (text: string) => unknown)(text));
			if (!ok) this.core.reportFailure(result);
			accepted = ok && result !== false;
		}
		if (!accepted || !this.Alive) return false;
		// the handler may have put another draft in place: only the sent text is cleared
		if (this.value === text) this.commit("");
		return true;
	}

	/** Calls OnStop while a turn runs. */
	Stop(): boolean {
		if (!this.Running || this.onStop === undefined || !this.isInteractive()) return false;
		this.core.protect(this.onStop);
		return true;
	}

	/** While running, Send refuses (the draft stays) and Stop shows beside it when OnStop is given. */
	SetRunning(running: unknown): this {
		this.assertAlive("SetRunning");
		this.expect(running, "boolean", "SetRunning");
		if (running === this.Running) return this;
		this.Running = running;
		this.refreshButtons();
		this.relayout();
		return this;
	}

	SetStatus(text: unknown): this {
		this.assertAlive("SetStatus");
		const status = text === undefined ? "" : tostring(text);
		if (status === this.Status) return this;
		const lineChange = (status === "") !== (this.Status === "");
		this.Status = status;
		this.statusLabel.Text = status;
		if (lineChange) this.relayout();
		return this;
	}

	Focus(): this {
		this.assertAlive("Focus");
		if (this.isInteractive()) this.box.CaptureFocus();
		return this;
	}

	protected applyDisabled() {
		this.field.repaint();
		this.box.TextEditable = !this.Disabled;
		this.box.Active = !this.Disabled;
		this.box.Selectable = !this.Disabled;
		this.refreshButtons();
	}

	private refreshButtons() {
		const touchOrPad =
			this.core.metrics.touch ||
			services.UserInputService.GamepadEnabled ||
			services.UserInputService.TouchEnabled;
		const sendShown = this.sendMode === "Always" || touchOrPad;
		const stopShown = this.Running && this.onStop !== undefined;
		const relayout = this.send.button.Visible !== sendShown || this.stop.button.Visible !== stopShown;
		this.send.button.Visible = sendShown;
		this.stop.button.Visible = stopShown;
		this.send.setMuted(this.Disabled || this.Running);
		this.stop.setMuted(this.Disabled);
		if (relayout) this.relayout();
	}

	// Layout ----------------------------------------------------------------------------------------

	private buttonWidth(face: ActionButton): number {
		if (!face.button.Visible) return 0;
		return math.max(this.core.metrics.target + 20, textWidth(face.button.Text, "Body", this.core.type.scale) + 28);
	}

	private buttonsWidth(): number {
		const send = this.buttonWidth(this.send);
		const stop = this.buttonWidth(this.stop);
		return send + stop + (send > 0 ? BUTTON_GAP : 0) + (stop > 0 ? BUTTON_GAP : 0);
	}

	/** The field grows with its draft between MinLines and MaxLines (at least one target). */
	private fieldHeight(width: number): number {
		const scale = this.core.type.scale;
		const inner = math.max(1, width - this.buttonsWidth() - 24);
		const line = textHeight("Ag", "Body", scale, inner);
		const draft = this.value as string;
		const lines = draft === "" ? 0 : textHeight(draft.sub(-1) === "\n" ? `${draft} ` : draft, "Body", scale, inner);
		const text = math.clamp(lines, this.minLines * line, this.maxLines * line);
		return math.max(this.core.metrics.target, text + 2 * FIELD_PAD);
	}

	/** Typing on a short touch layout (an on-screen keyboard over a landscape phone): no status line. */
	private cramped(): boolean {
		return this.core.metrics.geometry.typing;
	}

	private statusHeight(width: number): number {
		return this.Status === "" || this.cramped() ? 0 : textHeight("Ag", "Caption", this.core.type.scale, width);
	}

	protected slotHeight(width: number): number {
		const status = this.statusHeight(width);
		return this.fieldHeight(width) + (status > 0 ? STATUS_GAP + status : 0);
	}

	protected layoutSlot(width: number) {
		this.laidOutCramped = this.cramped();
		const target = this.core.metrics.target;
		const field = this.fieldHeight(width);
		this.fieldHeightNow = field;
		const buttons = this.buttonsWidth();
		this.box.Position = UDim2.fromOffset(0, 0);
		this.box.Size = UDim2.fromOffset(math.max(0, width - buttons), field);
		let x = width;
		for (const face of [this.send, this.stop]) {
			const faceWidth = this.buttonWidth(face);
			if (faceWidth === 0) continue;
			x -= faceWidth;
			face.button.Position = UDim2.fromOffset(x, field - target);
			face.button.Size = UDim2.fromOffset(faceWidth, target);
			x -= BUTTON_GAP;
		}
		const status = this.statusHeight(width);
		this.statusLabel.Visible = status > 0;
		this.statusLabel.Position = UDim2.fromOffset(0, field + STATUS_GAP);
		this.statusLabel.Size = UDim2.fromOffset(width, status);
	}
}
