// Renders a program's component tree with Roblox instances styled by UI LIB's palette and type
// (docs/OPENUI.md, "Components"): layout, text, metrics, tables, forms and buttons. Bounded (at
// most MAX_NODES components, MAX_DEPTH levels, MAX_ROWS table rows, text cut at MAX_TEXT bytes);
// one component that fails to render is left out and the rest renders. Inputs write the page's
// state (`$` bindings or form fields as {value, componentType}); buttons run their actions.
import { create, frame, label } from "../../ui-lib/core/create";
import { Palette, Token } from "../../ui-lib/theme/palette";
import { fontOf, TextStyle, textSize } from "../../ui-lib/theme/typography";
import { Page } from "../runtime";
import { validate } from "../validation";
import { ElementValue, isArray, isBinding, isElement, isNull, joinString, Value } from "../values";

export const MAX_NODES = 400;
export const MAX_DEPTH = 24;
export const MAX_ROWS = 50;
export const MAX_TEXT = 4000;

export interface RenderContext {
	readonly page: Page;
	readonly palette: Palette;
	/** Buttons and inputs are inert while the answer streams. */
	readonly interactive: boolean;
	readonly scale?: number;
}

interface Scope {
	readonly ctx: RenderContext;
	readonly form?: string;
	/** Per-form validation hooks, run by a primary button before it sends. */
	readonly checks: (() => boolean)[];
	count: { n: number };
}

const TAG_COLORS: Record<string, Token> = {
	green: "Success",
	red: "Danger",
	yellow: "Warning",
	blue: "Accent",
	gray: "Muted",
};
const CALLOUT_COLORS: Record<string, Token> = {
	info: "Accent",
	warning: "Warning",
	error: "Danger",
	success: "Success",
	neutral: "Muted",
};

function prop(el: ElementValue, name: string): Value | undefined {
	return el.props.map.get(name);
}
function textOf(v: Value | undefined): string {
	const s = isNull(v) ? "" : joinString(isBinding(v) ? v.value : v);
	return s.size() > MAX_TEXT ? string.sub(s, 1, MAX_TEXT) + "…" : s;
}
function items(v: Value | undefined): Value[] {
	return isArray(v) ? v.items : [];
}

function list(parent: Instance, horizontal = false, gap = 6) {
	create(
		"UIListLayout",
		{
			FillDirection: horizontal ? Enum.FillDirection.Horizontal : Enum.FillDirection.Vertical,
			Padding: new UDim(0, gap),
			SortOrder: Enum.SortOrder.LayoutOrder,
			Wraps: horizontal,
		},
		parent,
	);
}
function box(
	name: string,
	parent: Instance,
	s: Scope,
	color?: Token,
	auto: Enum.AutomaticSize = Enum.AutomaticSize.Y,
): Frame {
	const f = frame(name, parent, {
		Size: auto === Enum.AutomaticSize.XY ? new UDim2(0, 0, 0, 0) : new UDim2(1, 0, 0, 0),
		AutomaticSize: auto,
		BackgroundTransparency: color === undefined ? 1 : 0,
		BackgroundColor3: color === undefined ? new Color3() : s.ctx.palette[color],
		LayoutOrder: s.count.n,
	});
	if (color !== undefined) {
		create("UICorner", { CornerRadius: new UDim(0, 8) }, f);
		create("UIStroke", { Color: s.ctx.palette.Border, Thickness: 1 }, f);
		create(
			"UIPadding",
			{
				PaddingTop: new UDim(0, 10),
				PaddingBottom: new UDim(0, 10),
				PaddingLeft: new UDim(0, 12),
				PaddingRight: new UDim(0, 12),
			},
			f,
		);
	}
	return f;
}
function text(
	parent: Instance,
	s: Scope,
	value: string,
	style: TextStyle = "Body",
	color: Token = "Text",
	width?: number,
): TextLabel {
	return label("Text", parent, {
		Text: value,
		Font: fontOf(style),
		TextSize: textSize(style, s.ctx.scale ?? 1),
		TextColor3: s.ctx.palette[color],
		TextWrapped: true,
		TextXAlignment: Enum.TextXAlignment.Left,
		Size: width === undefined ? new UDim2(1, 0, 0, 0) : new UDim2(0, width, 0, 0),
		AutomaticSize: Enum.AutomaticSize.Y,
		BackgroundTransparency: 1,
		LayoutOrder: s.count.n,
	});
}
function button(parent: Instance, s: Scope, caption: string, variant: string, onPress: () => void): TextButton {
	const token: Token = variant === "primary" ? "Primary" : variant === "danger" ? "Danger" : "Raised";
	const b = create(
		"TextButton",
		{
			Name: "Button",
			Text: caption,
			AutoButtonColor: s.ctx.interactive,
			Font: fontOf("Heading"),
			TextSize: textSize("Body", s.ctx.scale ?? 1),
			TextColor3: token === "Raised" ? s.ctx.palette.Text : s.ctx.palette.OnPrimary,
			BackgroundColor3: s.ctx.palette[token],
			BorderSizePixel: 0,
			Size: new UDim2(0, 0, 0, 32),
			AutomaticSize: Enum.AutomaticSize.X,
			LayoutOrder: s.count.n,
			Active: s.ctx.interactive,
		},
		parent,
	);
	create("UICorner", { CornerRadius: new UDim(0, 6) }, b);
	create("UIPadding", { PaddingLeft: new UDim(0, 14), PaddingRight: new UDim(0, 14) }, b);
	if (token === "Raised")
		create("UIStroke", { Color: s.ctx.palette.Border, ApplyStrokeMode: Enum.ApplyStrokeMode.Border }, b);
	b.Activated.Connect(() => {
		if (s.ctx.interactive) onPress();
	});
	return b;
}

function field(parent: Instance, s: Scope, el: ElementValue, multiline: boolean) {
	const name = textOf(prop(el, "name"));
	const caption = textOf(prop(el, "label"));
	const holder = box("Field", parent, s);
	list(holder, false, 4);
	if (caption !== "") text(holder, s, caption, "Caption", "Secondary").LayoutOrder = 1;
	const bound = prop(el, "value");
	const stored = isBinding(bound) ? bound.value : s.ctx.page.fieldValue(s.form, name);
	const rows = math.clamp(tonumber(prop(el, "rows")) ?? 3, 2, 12);
	const input = create(
		"TextBox",
		{
			Name: `Input_${name}`,
			Text: isNull(stored) ? "" : joinString(stored as Value),
			PlaceholderText: textOf(prop(el, "placeholder")),
			PlaceholderColor3: s.ctx.palette.Muted,
			ClearTextOnFocus: false,
			MultiLine: multiline,
			TextWrapped: multiline,
			TextEditable: s.ctx.interactive,
			Font: fontOf("Body"),
			TextSize: textSize("Body", s.ctx.scale ?? 1),
			TextColor3: s.ctx.palette.Text,
			TextXAlignment: Enum.TextXAlignment.Left,
			TextYAlignment: multiline ? Enum.TextYAlignment.Top : Enum.TextYAlignment.Center,
			BackgroundColor3: s.ctx.palette.Input,
			BorderSizePixel: 0,
			Size: new UDim2(1, 0, 0, multiline ? 20 * rows : 32),
			LayoutOrder: 2,
		},
		holder,
	);
	create("UICorner", { CornerRadius: new UDim(0, 6) }, input);
	create("UIStroke", { Color: s.ctx.palette.Border }, input);
	create(
		"UIPadding",
		{ PaddingLeft: new UDim(0, 10), PaddingRight: new UDim(0, 10), PaddingTop: new UDim(0, multiline ? 6 : 0) },
		input,
	);
	const problem = text(holder, s, "", "Small", "Danger");
	problem.Visible = false;
	problem.LayoutOrder = 3;
	const rules = prop(el, "rules");
	const componentType = multiline ? "textarea" : "input";
	const write = () => {
		if (isBinding(bound)) s.ctx.page.setState(bound.name, input.Text);
		else s.ctx.page.setField(s.form, name, input.Text, componentType);
	};
	input.FocusLost.Connect(() => {
		if (s.ctx.interactive) write();
	});
	s.checks.push(() => {
		const message = validate(input.Text, rules);
		problem.Text = message ?? "";
		problem.Visible = message !== undefined;
		return message === undefined;
	});
}

function selectField(parent: Instance, s: Scope, el: ElementValue) {
	const name = textOf(prop(el, "name"));
	const holder = box("Select", parent, s);
	list(holder, false, 4);
	const caption = textOf(prop(el, "label"));
	if (caption !== "") text(holder, s, caption, "Caption", "Secondary").LayoutOrder = 1;
	const row = box("Options", holder, s);
	row.LayoutOrder = 2;
	list(row, true, 6);
	const bound = prop(el, "value");
	const current = () => (isBinding(bound) ? s.ctx.page.store.get(bound.name) : s.ctx.page.fieldValue(s.form, name));
	const buttons: [TextButton, string][] = [];
	const paint = () => {
		const chosen = current();
		for (const [b, value] of buttons) {
			const on = chosen === value;
			b.BackgroundColor3 = on ? s.ctx.palette.Primary : s.ctx.palette.Raised;
			b.TextColor3 = on ? s.ctx.palette.OnPrimary : s.ctx.palette.Text;
		}
	};
	for (const option of items(prop(el, "items"))) {
		if (!isElement(option)) continue;
		const value = textOf(prop(option, "value"));
		const b = button(row, s, textOf(prop(option, "label")), "secondary", () => {
			if (isBinding(bound)) s.ctx.page.setState(bound.name, value);
			else s.ctx.page.setField(s.form, name, value, "select");
			paint();
		});
		b.Name = `Option_${value}`;
		buttons.push([b, value]);
	}
	paint();
}

function tableOf(parent: Instance, s: Scope, el: ElementValue) {
	const columns = items(prop(el, "columns")).filter((c): c is ElementValue => isElement(c));
	const holder = box("Table", parent, s, "Surface");
	list(holder, false, 0);
	const width = columns.size() > 0 ? 1 / columns.size() : 1;
	let rows = 0;
	for (const c of columns) rows = math.max(rows, items(prop(c, "data")).size());
	const shown = math.min(rows, MAX_ROWS);
	for (let r = -1; r < shown; r++) {
		const line = frame(`Row${r + 1}`, holder, {
			Size: new UDim2(1, 0, 0, 0),
			AutomaticSize: Enum.AutomaticSize.Y,
			LayoutOrder: r + 2,
			BackgroundTransparency: r >= 0 && r % 2 === 1 ? 0 : 1,
			BackgroundColor3: s.ctx.palette.Raised,
		});
		list(line, true, 0);
		columns.forEach((c, i) => {
			const cell = r < 0 ? textOf(prop(c, "label")) : textOf(items(prop(c, "data"))[r]);
			const t = text(line, s, cell, r < 0 ? "Heading" : "Body", r < 0 ? "Secondary" : "Text");
			t.Size = new UDim2(width, 0, 0, 0);
			t.LayoutOrder = i;
			create(
				"UIPadding",
				{ PaddingTop: new UDim(0, 5), PaddingBottom: new UDim(0, 5), PaddingRight: new UDim(0, 8) },
				t,
			);
		});
	}
	if (rows > shown) text(holder, s, `${rows - shown} more rows not shown`, "Small", "Muted").LayoutOrder = shown + 3;
}

function children(parent: Instance, s: Scope, v: Value | undefined, depth: number) {
	for (const child of items(v)) node(parent, s, child, depth + 1);
}

function render(parent: Instance, s: Scope, el: ElementValue, depth: number) {
	const p = s.ctx.palette;
	switch (el.typeName) {
		case "Stack": {
			const f = box("Stack", parent, s);
			const row = prop(el, "direction") === "row";
			const gaps: Record<string, number> = { none: 0, s: 4, m: 8, l: 14 };
			list(f, row, gaps[textOf(prop(el, "gap"))] ?? 8);
			children(f, s, prop(el, "children"), depth);
			return;
		}
		case "Card": {
			const f = box("Card", parent, s, "Surface");
			list(f, false, 8);
			if (textOf(prop(el, "title")) !== "") text(f, s, textOf(prop(el, "title")), "Heading");
			children(f, s, prop(el, "children"), depth);
			return;
		}
		case "CardHeader": {
			const f = box("CardHeader", parent, s);
			list(f, false, 2);
			text(f, s, textOf(prop(el, "title")), "Title");
			if (!isNull(prop(el, "subtitle"))) text(f, s, textOf(prop(el, "subtitle")), "Caption", "Secondary");
			return;
		}
		case "Text": {
			const variant = textOf(prop(el, "variant"));
			const style: TextStyle = variant === "heading" ? "Title" : variant === "code" ? "Code" : "Body";
			text(parent, s, textOf(prop(el, "text")), style, variant === "muted" ? "Muted" : "Text");
			return;
		}
		case "Tag": {
			const t = label("Tag", parent, {
				Text: textOf(prop(el, "text")),
				Font: fontOf("Eyebrow"),
				TextSize: textSize("Small", s.ctx.scale ?? 1),
				TextColor3: p.OnPrimary,
				BackgroundColor3: p[TAG_COLORS[textOf(prop(el, "color"))] ?? "Muted"],
				BackgroundTransparency: 0,
				AutomaticSize: Enum.AutomaticSize.XY,
				Size: new UDim2(0, 0, 0, 0),
				LayoutOrder: s.count.n,
			});
			create("UICorner", { CornerRadius: new UDim(0, 10) }, t);
			create(
				"UIPadding",
				{
					PaddingLeft: new UDim(0, 8),
					PaddingRight: new UDim(0, 8),
					PaddingTop: new UDim(0, 3),
					PaddingBottom: new UDim(0, 3),
				},
				t,
			);
			return;
		}
		case "Metric": {
			const f = box("Metric", parent, s, "Raised", Enum.AutomaticSize.XY);
			create("UISizeConstraint", { MinSize: new Vector2(120, 0) }, f);
			list(f, false, 2);
			text(f, s, textOf(prop(el, "label")), "Caption", "Secondary", 140);
			const unit = textOf(prop(el, "unit"));
			text(f, s, textOf(prop(el, "value")) + (unit !== "" ? ` ${unit}` : ""), "Display", "Text", 140);
			return;
		}
		case "Callout": {
			const f = box("Callout", parent, s, "Raised");
			const stroke = f.FindFirstChildOfClass("UIStroke");
			if (stroke !== undefined) stroke.Color = p[CALLOUT_COLORS[textOf(prop(el, "variant"))] ?? "Accent"];
			list(f, false, 4);
			text(f, s, textOf(prop(el, "title")), "Heading");
			if (!isNull(prop(el, "description"))) text(f, s, textOf(prop(el, "description")), "Body", "Secondary");
			return;
		}
		case "Separator":
			frame("Separator", parent, {
				Size: new UDim2(1, 0, 0, 1),
				BackgroundTransparency: 0,
				BackgroundColor3: p.Border,
				LayoutOrder: s.count.n,
			});
			return;
		case "Button": {
			const caption = textOf(prop(el, "label"));
			const variant = textOf(prop(el, "variant"));
			const action = prop(el, "action");
			const checks = s.checks;
			button(parent, s, caption, variant, () => {
				if (variant === "primary" && s.form !== undefined && !checks.every((check) => check())) return;
				s.ctx.page.runAction(action, s.form, caption);
			});
			return;
		}
		case "Buttons": {
			const f = box("Buttons", parent, s);
			list(f, prop(el, "direction") !== "column", 8);
			children(f, s, prop(el, "buttons"), depth);
			return;
		}
		case "FollowUpBlock": {
			const f = box("FollowUps", parent, s);
			list(f, false, 6);
			for (const item of items(prop(el, "items"))) {
				if (!isElement(item)) continue;
				const message = textOf(prop(item, "text"));
				button(f, s, message, "secondary", () => s.ctx.page.runAction(undefined, undefined, message));
			}
			return;
		}
		case "ListBlock": {
			const f = box("List", parent, s);
			list(f, false, 6);
			const numbered = prop(el, "variant") !== "bullet";
			items(prop(el, "items")).forEach((item, i) => {
				if (!isElement(item)) return;
				const row = box("Item", f, s);
				list(row, false, 2);
				text(row, s, `${numbered ? `${i + 1}.` : "•"} ${textOf(prop(item, "title"))}`, "Body");
				if (!isNull(prop(item, "subtitle")))
					text(row, s, textOf(prop(item, "subtitle")), "Caption", "Secondary");
				const caption = textOf(prop(item, "actionLabel"));
				if (caption !== "")
					button(row, s, caption, "secondary", () =>
						s.ctx.page.runAction(prop(item, "action"), s.form, caption),
					);
			});
			return;
		}
		case "Form": {
			const f = box("Form", parent, s);
			list(f, false, 10);
			const inner: Scope = { ctx: s.ctx, form: textOf(prop(el, "name")), checks: [], count: s.count };
			children(f, inner, prop(el, "children"), depth);
			return;
		}
		case "Input":
			return field(parent, s, el, false);
		case "TextArea":
			return field(parent, s, el, true);
		case "Select":
			return selectField(parent, s, el);
		case "Table":
			return tableOf(parent, s, el);
		case "Tabs": {
			const tabs = items(prop(el, "items")).filter((t): t is ElementValue => isElement(t));
			const f = box("Tabs", parent, s);
			list(f, false, 8);
			const bar = box("TabBar", f, s);
			list(bar, true, 6);
			const pages: Frame[] = [];
			tabs.forEach((tab, i) => {
				const pageFrame = box(`Tab_${textOf(prop(tab, "value"))}`, f, s);
				list(pageFrame, false, 8);
				pageFrame.Visible = i === 0;
				children(pageFrame, s, prop(tab, "content"), depth);
				pages.push(pageFrame);
				button(bar, s, textOf(prop(tab, "trigger")), i === 0 ? "primary" : "secondary", () =>
					pages.forEach((other, k) => (other.Visible = k === i)),
				);
			});
			return;
		}
	}
}

function node(parent: Instance, s: Scope, v: Value, depth: number) {
	if (!isElement(v) || v.unknown === true || depth > MAX_DEPTH || s.count.n >= MAX_NODES) {
		if (typeIs(v, "string") || typeIs(v, "number") || typeIs(v, "boolean")) text(parent, s, textOf(v));
		return;
	}
	s.count.n += 1;
	// a component that fails to render is left out; the rest renders
	pcall(render, parent, s, v, depth);
}

/** Renders `root` into a new Frame under `parent` (full width, height from its content). */
export function renderTree(parent: Instance, root: ElementValue | undefined, ctx: RenderContext): Frame {
	const holder = frame("OpenUI", parent, { Size: new UDim2(1, 0, 0, 0), AutomaticSize: Enum.AutomaticSize.Y });
	list(holder, false, 8);
	if (root !== undefined) node(holder, { ctx, checks: [], count: { n: 0 } }, root, 0);
	return holder;
}
