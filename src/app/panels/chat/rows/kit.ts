// What the chat's custom rows are drawn with: the row context the transcript hands a builder
// (docs/UI_LIBRARY.md, "Transcript"), and small makers of the instances rows are made of — a
// column, a line of text (body, caption, code) that wraps and grows with its text, a tinted code
// block, a button and a text box. Every size follows the window's text scale; colours come from
// the row's theme, so a theme change (which rebuilds rows) repaints them.

import type { RowContext } from "../../../../api";

export type { RowContext };

export type TextStyle = "Title" | "Body" | "Caption" | "Code";

const SIZES: Record<TextStyle, number> = { Title: 14, Body: 14, Caption: 12, Code: 13 };
const FONTS: Record<TextStyle, Enum.Font> = {
	Title: Enum.Font.BuilderSansMedium,
	Body: Enum.Font.BuilderSans,
	Caption: Enum.Font.BuilderSans,
	Code: Enum.Font.RobotoMono,
};
/** Inner padding of blocks and buttons, in pixels. */
const PAD = 6;

function padding(parent: Instance, x: number, y: number) {
	const pad = new Instance("UIPadding");
	pad.PaddingLeft = new UDim(0, x);
	pad.PaddingRight = new UDim(0, x);
	pad.PaddingTop = new UDim(0, y);
	pad.PaddingBottom = new UDim(0, y);
	pad.Parent = parent;
}

function corner(parent: Instance, radius = 6) {
	const round = new Instance("UICorner");
	round.CornerRadius = new UDim(0, radius);
	round.Parent = parent;
}

/** `object` named and ordered, full width, as tall as its content, with no background. */
function placed<T extends GuiObject>(object: T, name: string, order: number): T {
	object.Name = name;
	object.LayoutOrder = order;
	object.Size = new UDim2(1, 0, 0, 0);
	object.AutomaticSize = Enum.AutomaticSize.Y;
	object.BackgroundTransparency = 1;
	object.BorderSizePixel = 0;
	return object;
}

/** A full-width frame that grows with its children, stacked top to bottom `gap` pixels apart. */
export function column(parent: Instance, name: string, order: number, gap = 4): Frame {
	const frame = placed(new Instance("Frame"), name, order);
	const layout = new Instance("UIListLayout");
	layout.SortOrder = Enum.SortOrder.LayoutOrder;
	layout.Padding = new UDim(0, gap);
	layout.Parent = frame;
	frame.Parent = parent;
	return frame;
}

/** A frame laying its children left to right, as tall as the tallest. */
export function line(parent: Instance, name: string, order: number, gap = 6): Frame {
	const frame = column(parent, name, order, gap);
	const layout = frame.FindFirstChildOfClass("UIListLayout")!;
	layout.FillDirection = Enum.FillDirection.Horizontal;
	layout.Wraps = true;
	return frame;
}

export interface TextOptions {
	readonly style?: TextStyle;
	readonly color?: Color3;
	readonly rich?: boolean;
}

/** A full-width label that wraps and grows with its text. */
export function text(
	parent: Instance,
	ctx: RowContext,
	name: string,
	order: number,
	content: string,
	options: TextOptions = {},
): TextLabel {
	const style = options.style ?? "Body";
	const label = placed(new Instance("TextLabel"), name, order);
	label.Font = FONTS[style];
	label.TextSize = math.round(SIZES[style] * ctx.TextScale);
	label.TextColor3 = options.color ?? (style === "Caption" ? ctx.Theme.Secondary : ctx.Theme.Text);
	label.TextWrapped = true;
	label.TextXAlignment = Enum.TextXAlignment.Left;
	label.TextYAlignment = Enum.TextYAlignment.Top;
	label.RichText = options.rich === true;
	label.Text = content;
	label.Parent = parent;
	return label;
}

/** A monospace block on a tinted background: `tint` at `transparency` (the code-block colour by default). */
export function block(
	parent: Instance,
	ctx: RowContext,
	name: string,
	order: number,
	content: string,
	tint?: Color3,
	transparency = 0,
): TextLabel {
	const label = text(parent, ctx, name, order, content, { style: "Code" });
	label.BackgroundColor3 = tint ?? ctx.Theme.Input;
	label.BackgroundTransparency = tint !== undefined ? transparency : 0;
	padding(label, PAD, PAD / 2);
	corner(label, 4);
	return label;
}

/** A button sized to its label; `onPress` runs on Activated (mouse, touch or gamepad). */
export function button(
	parent: Instance,
	ctx: RowContext,
	name: string,
	order: number,
	label: string,
	onPress: () => void,
	primary = false,
): TextButton {
	const control = new Instance("TextButton");
	control.Name = name;
	control.LayoutOrder = order;
	control.Size = new UDim2(0, 0, 0, math.round(26 * ctx.TextScale));
	control.AutomaticSize = Enum.AutomaticSize.X;
	control.BackgroundColor3 = primary ? ctx.Theme.Accent : ctx.Theme.Raised;
	control.BorderSizePixel = 0;
	control.AutoButtonColor = true;
	control.Font = FONTS.Title;
	control.TextSize = math.round(SIZES.Body * ctx.TextScale);
	control.TextColor3 = primary ? ctx.Theme.OnAccent : ctx.Theme.Text;
	control.Text = label;
	padding(control, PAD * 2, 0);
	corner(control);
	const stroke = new Instance("UIStroke");
	stroke.ApplyStrokeMode = Enum.ApplyStrokeMode.Border;
	stroke.Color = ctx.Theme.Border;
	stroke.Parent = control;
	control.Parent = parent;
	ctx.Give(control.Activated.Connect(onPress));
	return control;
}

/** A one-line text box `width` pixels wide (scale 0..1 of the row), with a placeholder. */
export function input(
	parent: Instance,
	ctx: RowContext,
	name: string,
	order: number,
	placeholder: string,
	widthScale: number,
	draft: string,
): TextBox {
	const box = new Instance("TextBox");
	box.Name = name;
	box.LayoutOrder = order;
	box.Size = new UDim2(widthScale, 0, 0, math.round(26 * ctx.TextScale));
	box.BackgroundColor3 = ctx.Theme.Input;
	box.BorderSizePixel = 0;
	box.ClearTextOnFocus = false;
	box.Font = FONTS.Body;
	box.TextSize = math.round(SIZES.Body * ctx.TextScale);
	box.TextColor3 = ctx.Theme.Text;
	box.PlaceholderText = placeholder;
	box.PlaceholderColor3 = ctx.Theme.Muted;
	box.TextXAlignment = Enum.TextXAlignment.Left;
	box.Text = draft;
	padding(box, PAD, 0);
	corner(box, 4);
	box.Parent = parent;
	return box;
}

/** A rounded card filling the row: raised background, a thin border, padding, stacked content. */
export function card(parent: Instance, ctx: RowContext, name: string, accent?: Color3): Frame {
	// a little room above and below, so cards in a row of cards do not touch
	const room = new Instance("UIPadding");
	room.PaddingTop = new UDim(0, 3);
	room.PaddingBottom = new UDim(0, 3);
	room.Parent = parent;
	const frame = column(parent, name, 0, 6);
	frame.BackgroundColor3 = ctx.Theme.Raised;
	frame.BackgroundTransparency = 0;
	padding(frame, PAD * 2, PAD + 2);
	corner(frame, 8);
	const stroke = new Instance("UIStroke");
	stroke.ApplyStrokeMode = Enum.ApplyStrokeMode.Border;
	stroke.Color = accent ?? ctx.Theme.Border;
	stroke.Parent = frame;
	return frame;
}
