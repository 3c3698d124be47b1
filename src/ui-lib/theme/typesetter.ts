// Binds text objects to a type style: font and size follow the window's TextScale, so
// SetTextScale re-sizes every text at once (the layout pass then re-measures rows).
import type { Scope } from "../core/scope";
import { fontOf, textSize, type TextStyle } from "./typography";

type TextObject = TextLabel | TextButton | TextBox;

export class Typesetter {
	private readonly entries = new Map<TextObject, TextStyle>();

	constructor(public scale: number) {}

	/** Sets the font and size of `text` for `style` now and on every scale change. */
	bind(scope: Scope, text: TextObject, style: TextStyle): TextObject {
		this.entries.set(text, style);
		this.apply(text, style);
		scope.give(() => this.entries.delete(text));
		return text;
	}

	/** Changes the style of a bound text (for example a heading that becomes a caption). */
	restyle(text: TextObject, style: TextStyle) {
		this.entries.set(text, style);
		this.apply(text, style);
	}

	setScale(scale: number) {
		this.scale = scale;
		for (const [text, style] of this.entries) this.apply(text, style);
	}

	size(style: TextStyle): number {
		return textSize(style, this.scale);
	}

	count(): number {
		return this.entries.size();
	}

	private apply(text: TextObject, style: TextStyle) {
		text.Font = fontOf(style);
		text.TextSize = textSize(style, this.scale);
	}
}
