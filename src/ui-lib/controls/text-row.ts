// The Transcript's built-in row: a List item (caption in its Kind colour, text in Body or Code,
// an optional Action link) laid out by the engine (AutomaticSize), so the Transcript measures it
// like any custom row. Pressing the link calls `activate` (click, tap, gamepad ButtonA, keyboard
// activation in UI navigation).
import { button, create, label } from "../core";
import type { Scope } from "../core/scope";
import { textWidth } from "../layout/measure";
import { titleColor, type Item } from "./list";
import type { WindowCore } from "../context/window-core";

const PAD = 10;
const GAP = 4;

export function buildTextRow(
	core: WindowCore,
	scope: Scope,
	container: Frame,
	item: Item,
	activate: (key: string | undefined) => void,
) {
	create(
		"UIPadding",
		{
			PaddingLeft: new UDim(0, PAD),
			PaddingRight: new UDim(0, PAD),
			PaddingTop: new UDim(0, PAD),
			PaddingBottom: new UDim(0, PAD),
		},
		container,
	);
	create(
		"UIListLayout",
		{
			SortOrder: Enum.SortOrder.LayoutOrder,
			Padding: new UDim(0, GAP),
			FillDirection: Enum.FillDirection.Vertical,
		},
		container,
	);
	const grow = { Size: new UDim2(1, 0, 0, 0), AutomaticSize: Enum.AutomaticSize.Y };
	// Title and Text always exist (hidden when empty), as in a List row
	const title = label("Title", container, { ...grow, Text: item.title, LayoutOrder: 1, Visible: item.title !== "" });
	core.type.bind(scope, title, "Caption");
	core.painter.bind(scope, title, "TextColor3", (p) => titleColor(p, item.kind));
	const text = label("Text", container, {
		...grow,
		Text: item.text,
		RichText: item.rich,
		LayoutOrder: 2,
		Visible: item.text !== "",
	});
	core.type.bind(scope, text, item.code ? "Code" : "Body");
	core.painter.bind(scope, text, "TextColor3", "Text");
	// the link always exists (hidden without an Action), as in a List row
	const action = item.action;
	const actionText = action === undefined ? "" : action;
	const scale = core.type.scale;
	const link = button("Action", container, {
		Text: actionText,
		LayoutOrder: 3,
		Visible: action !== undefined,
		Selectable: action !== undefined,
		TextXAlignment: Enum.TextXAlignment.Left,
		Size: UDim2.fromOffset(textWidth(actionText, "Caption", scale) + 8, core.type.size("Caption") + 8),
	});
	core.type.bind(scope, link, "Caption");
	const state = core.pressables.track(scope, link, () => paint.update());
	const paint = core.painter.bind(scope, link, "TextColor3", (p) =>
		state.hover || state.selected ? p.Text : p.Accent,
	);
	scope.give(link.Activated.Connect(() => activate(item.key)));
}
