// The field of a control that opens a picker panel (Dropdown, ColorPicker): a full-slot button with
// the field's hover fill and an accent outline while the picker is open; activating it calls Open.
// Disabling makes it inert; hiding, disabling or destroying the control closes the picker.
import { button, corner, label, stroke } from "../core/create";
import type { PressState } from "../input/pressable";
import { SIZE } from "../layout/geometry";
import type { Panel, PanelHandle } from "../overlays/panel";
import { Control, type ControlContext, type RowMode } from "./control";

export abstract class PickerControl<P extends { readonly panel: Panel }> extends Control {
	protected readonly field: TextButton;
	protected readonly press: PressState;
	/** The open picker. */
	protected picker?: P;

	constructor(kind: string, context: ControlContext, mode: RowMode, slotWidth: number) {
		super(kind, context, mode, slotWidth);
		this.field = button(kind, this.slot, { Size: UDim2.fromScale(1, 1), BackgroundTransparency: 0 });
		corner(this.field, SIZE.FieldRadius);
		this.press = this.core.pressables.track(this.scope, this.field, () => this.repaint(true));
		this.paint(this.field, "BackgroundColor3", (p) => (this.press.hover && !this.Disabled ? p.Hover : p.Input));
		this.paint(stroke(this.field), "Color", (p) => (this.picker !== undefined ? p.Accent : p.Edge));
		this.scope.give(this.field.Activated.Connect(() => this.Open()));
	}

	/** A one-line Body label in the field, cut with an ellipsis, centred vertically. */
	protected fieldText(name: string, props: Partial<WritableInstanceProperties<TextLabel>> = {}): TextLabel {
		const text = label(name, this.field, {
			TextWrapped: false,
			TextTruncate: Enum.TextTruncate.AtEnd,
			TextYAlignment: Enum.TextYAlignment.Center,
			...props,
		});
		this.core.type.bind(this.scope, text, "Body");
		return text;
	}

	/** Opens the picker; nil when the control cannot be used now. */
	abstract Open(): PanelHandle | undefined;

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
