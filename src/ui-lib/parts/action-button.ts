// A filled action button (control Buttons, dialog actions, picker Done/Apply/Cancel) painted by
// style and pointer state: Primary, Danger or secondary; muted while disabled or loading.
import { button, corner } from "../core/create";
import type { Scope } from "../core/scope";
import { SIZE } from "../layout/geometry";
import { blend, type Palette } from "../theme/palette";
import type { WindowCore } from "../context/window-core";

export type ActionStyle = "Primary" | "Danger" | "Secondary";

export function actionStyle(value: unknown): ActionStyle {
	return value === "Primary" || value === "Danger" ? value : "Secondary";
}

export interface ActionButton {
	button: TextButton;
	/** Muted, non-interactive look (disabled controls, loading buttons). */
	setMuted: (muted: boolean) => void;
}

export function actionButton(
	core: WindowCore,
	scope: Scope,
	parent: Instance,
	name: string,
	text: string,
	style: ActionStyle,
): ActionButton {
	let muted = false;
	const face = button(name, parent, { Text: text, BackgroundTransparency: 0, TextTruncate: Enum.TextTruncate.AtEnd });
	corner(face, SIZE.FieldRadius);
	core.type.bind(scope, face, "Body");
	const state = core.pressables.track(scope, face, () => {
		for (const b of paint) b.update(true);
	});
	const background = (p: Palette) => {
		if (muted) return p.Raised;
		if (style === "Primary") {
			if (state.pressed) return blend(p.Primary, p.OnPrimary, 0.16);
			return state.hover ? blend(p.Primary, p.Accent, 0.1) : p.Primary;
		}
		if (style === "Danger") {
			if (state.pressed) return blend(p.Danger, p.OnPrimary, 0.16);
			return state.hover ? blend(p.Danger, p.Text, 0.08) : p.Danger;
		}
		return state.pressed ? p.Pressed : state.hover ? p.Hover : p.Raised;
	};
	const foreground = (p: Palette) => {
		if (muted) return p.Disabled;
		return style === "Secondary" ? p.Text : p.OnPrimary;
	};
	const paint = [
		core.painter.bind(scope, face, "BackgroundColor3", background),
		core.painter.bind(scope, face, "TextColor3", foreground),
	];
	return {
		button: face,
		setMuted: (value) => {
			muted = value;
			face.Active = !value;
			face.Selectable = !value;
			for (const b of paint) b.update();
		},
	};
}
