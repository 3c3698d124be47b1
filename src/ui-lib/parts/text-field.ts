// A native TextBox styled as a field (Input fill, Edge outline that turns Accent and 2 px while
// focused, muted placeholder): the search boxes, Inputs and the colour panel's Hex/RGB fields.
// Native TextBoxes keep IME composition and on-screen keyboards working.
import { corner, create, stroke } from "../core/create";
import type { Scope } from "../core/scope";
import { SIZE } from "../layout/geometry";
import type { Palette } from "../theme/palette";
import type { Binding, Paint } from "../theme/painter";
import type { WindowCore } from "../context/window-core";

type Props = Partial<WritableInstanceProperties<TextBox>>;

export interface TextField {
	box: TextBox;
	/** Whether the box has text focus (tracked from Focused/FocusLost). */
	focused: () => boolean;
	/** Repaints the text and outline (the owner's disabled or invalid state changed). */
	repaint: () => void;
}

export interface TextFieldOptions {
	name: string;
	props?: Props;
	/** Text colour (default Text); an Input mutes it while disabled. */
	text?: Paint;
	/** An owner state that overrides the outline (an invalid Input is Danger). */
	outline?: (palette: Palette) => Color3 | undefined;
}

export function textField(
	core: WindowCore,
	scope: Scope,
	parent: Instance | undefined,
	options: TextFieldOptions,
): TextField {
	const box = create(
		"TextBox",
		{
			Name: options.name,
			BorderSizePixel: 0,
			BackgroundTransparency: 0,
			ClearTextOnFocus: false,
			RichText: false,
			Text: "",
			TextXAlignment: Enum.TextXAlignment.Left,
			...options.props,
		},
		parent,
	);
	corner(box, SIZE.FieldRadius);
	create("UIPadding", { PaddingLeft: new UDim(0, 12), PaddingRight: new UDim(0, 12) }, box);
	core.type.bind(scope, box, "Body");
	core.painter.bind(scope, box, "BackgroundColor3", "Input");
	const textPaint = core.painter.bind(scope, box, "TextColor3", options.text ?? "Text");
	core.painter.bind(scope, box, "PlaceholderColor3", "Muted");
	let focused = false;
	const edge = stroke(box);
	const outlinePaint: Binding = core.painter.bind(
		scope,
		edge,
		"Color",
		(p) => options.outline?.(p) ?? (focused ? p.Accent : p.Edge),
	);
	const focus = (value: boolean) => {
		focused = value;
		edge.Thickness = value ? 2 : 1;
		outlinePaint.update(true);
	};
	scope.give(box.Focused.Connect(() => focus(true)));
	scope.give(box.FocusLost.Connect(() => focus(false)));
	return {
		box,
		focused: () => focused,
		repaint: () => {
			textPaint.update();
			outlinePaint.update();
		},
	};
}
