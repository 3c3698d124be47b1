// The field of a control that is one full-slot button (Dropdown, ColorPicker, Keybind): the field's
// hover fill, an accent outline while it is engaged (its picker open, a key being captured), and
// `activated` on click, tap or gamepad ButtonA. Disabling makes it inert; hiding, disabling or
// destroying the control closes an open picker.
import { button, corner, label, stroke } from "../core";
import type { PressState } from "../input/pressable";
import { SIZE } from "../layout/geometry";
import type { Panel } from "../overlays/panel";
import { Control, type ControlContext, type RowMode } from "./control";

type Props<T extends Instance> = Partial<WritableInstanceProperties<T>>;

export abstract class FieldControl<P extends { readonly panel: Panel } = { readonly panel: Panel }> extends Control {
	protected readonly field: TextButton;
	protected readonly press: PressState;
	/** The open picker, for the controls that open one. */
	protected picker?: P;

	constructor(
		kind: string,
		context: ControlContext,
		mode: RowMode,
		slotWidth: number,
		props: Props<TextButton> = {},
	) {
		super(kind, context, mode, slotWidth);
		this.field = button(kind, this.slot, { Size: UDim2.fromScale(1, 1), BackgroundTransparency: 0, ...props });
		corner(this.field, SIZE.FieldRadius);
		this.press = this.core.pressables.track(this.scope, this.field, () => this.repaint(true));
		this.paint(this.field, "BackgroundColor3", (p) => (this.press.hover && !this.Disabled ? p.Hover : p.Input));
		this.paint(stroke(this.field), "Color", (p) => (this.engaged() ? p.Accent : p.Edge));
		this.scope.give(this.field.Activated.Connect(() => this.activated()));
	}

	/** The field was clicked, tapped or activated with the gamepad. */
	protected abstract activated(): void;

	/** Whether the field shows the accent outline (by default: while its picker is open). */
	protected engaged(): boolean {
		return this.picker !== undefined;
	}

	/** A one-line Body label in the field, cut with an ellipsis, centred vertically. */
	protected fieldText(name: string, props: Props<TextLabel> = {}): TextLabel {
		const text = label(name, this.field, {
			TextWrapped: false,
			TextTruncate: Enum.TextTruncate.AtEnd,
			TextYAlignment: Enum.TextYAlignment.Center,
			...props,
		});
		this.core.type.bind(this.scope, text, "Body");
		return text;
	}

	/** The picker closed: forget it and repaint the field's outline. */
	protected pickerClosed() {
		this.picker = undefined;
		if (this.Alive) this.repaint(true);
	}

	protected cancelInteraction() {
		super.cancelInteraction();
		this.picker?.panel.close();
	}

	protected applyDisabled() {
		this.field.Active = !this.Disabled;
		this.field.Selectable = !this.Disabled;
	}
}
