// Divider: a small upper-cased section label between rows; with Text = "" a plain separator.
// SetText upper-cases too, like the constructor.
import type { Palette } from "../theme/palette";
import { Control, type ControlContext } from "./control";

export class DividerControl extends Control {
	constructor(context: ControlContext) {
		const options = context.options;
		options.Text = options.Text === undefined ? "" : tostring(options.Text).upper();
		super("Divider", context, "content", 0);
		this.labelStyle = "Eyebrow";
		this.core.type.restyle(this.labelText, "Eyebrow");
	}

	protected labelColor(palette: Palette): Color3 {
		return palette.Muted;
	}

	hasValue(): boolean {
		return false;
	}

	SetText(text: unknown): this {
		return super.SetText((text === undefined ? "" : tostring(text)).upper());
	}
}
