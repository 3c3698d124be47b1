// Text-only navigation: on desktop a sidebar (caption, vertical tab list, the built-in Light/Dark
// action, the profile at the bottom); on compact layouts a horizontal tab strip under the header
// with the mode action at its right. A tab button shows a 3×16 accent bar and a soft accent
// outline when active, a solid outline when gamepad-selected.
import { button, corner, create, frame, label, stroke, place } from "../core/create";
import type { Scope } from "../core/scope";
import type { Geometry } from "../layout/geometry";
import { textWidth } from "../layout/measure";
import type { PressState } from "../input/pressable";
import type { Binding } from "../theme/painter";
import type { NavEntry, WindowCore } from "../context/window-core";
import type { Profile } from "./profile";

export class Navigation {
	readonly rail: Frame;
	readonly list: ScrollingFrame;
	readonly themeToggle?: TextButton;
	private readonly caption: TextLabel;
	private readonly layoutObject: UIListLayout;
	private readonly themeLabel?: TextLabel;
	private readonly entries = new Map<TextButton, string>();

	constructor(
		private readonly core: WindowCore,
		parent: Frame,
		themeToggle: boolean,
		private readonly profile: Profile,
		onToggleTheme: () => void,
	) {
		const scope = core.scope;
		const painter = core.painter;
		this.rail = frame("NavigationRail", parent, { BackgroundTransparency: 0 });
		painter.bind(scope, this.rail, "BackgroundColor3", "Sidebar");
		this.caption = label("NavigationCaption", this.rail, { Text: "NAVIGATION", TextWrapped: false });
		core.text(scope, this.caption, "Eyebrow", "Muted");
		this.list = create(
			"ScrollingFrame",
			{
				Name: "Tabs",
				BorderSizePixel: 0,
				BackgroundTransparency: 1,
				ScrollBarThickness: 0,
				CanvasSize: new UDim2(),
				ElasticBehavior: Enum.ElasticBehavior.Never,
			},
			this.rail,
		);
		this.layoutObject = create(
			"UIListLayout",
			{ SortOrder: Enum.SortOrder.LayoutOrder, Padding: new UDim(0, 4) },
			this.list,
		);
		if (themeToggle) {
			const toggle = button("ThemeToggle", this.rail, { BackgroundTransparency: 0 });
			corner(toggle, 10);
			const state = core.pressables.track(scope, toggle, () => {
				for (const b of toggleBindings) b.update(true);
			});
			const toggleBindings = [
				painter.bind(scope, toggle, "BackgroundColor3", (p) =>
					state.pressed ? p.Pressed : state.hover ? p.Hover : p.Raised,
				),
			];
			const toggleStroke = stroke(toggle);
			toggleBindings.push(
				painter.bind(scope, toggleStroke, "Color", (p) => (state.selected ? p.Accent : p.Subtle)),
			);
			const text = label("ThemeLabel", toggle, {
				Size: UDim2.fromScale(1, 1),
				TextXAlignment: Enum.TextXAlignment.Center,
				TextYAlignment: Enum.TextYAlignment.Center,
				TextWrapped: false,
				TextTruncate: Enum.TextTruncate.AtEnd,
			});
			core.text(scope, text, "Body", "Text");
			scope.give(toggle.Activated.Connect(onToggleTheme));
			this.themeToggle = toggle;
			this.themeLabel = text;
		}
		this.updateThemeLabel();
	}

	/** "Light mode" while Dark is active, "Dark mode" while Light is. */
	updateThemeLabel() {
		if (this.themeLabel !== undefined) {
			this.themeLabel.Text = this.core.painter.palette.Name === "Dark" ? "Light mode" : "Dark mode";
		}
	}

	/** A text button for a tab; activation calls `onSelect`. */
	addTab(scope: Scope, id: string, title: string, order: number, onSelect: () => void): NavEntry {
		const core = this.core;
		const painter = core.painter;
		let active = false;
		const face = button(`Tab_${id}`, this.list, { BackgroundTransparency: 0, LayoutOrder: order });
		corner(face, 10);
		const text = label("Label", face, {
			Text: title,
			TextWrapped: false,
			TextTruncate: Enum.TextTruncate.AtEnd,
			TextYAlignment: Enum.TextYAlignment.Center,
			Position: UDim2.fromOffset(14, 0),
			Size: new UDim2(1, -20, 1, 0),
		});
		core.type.bind(scope, text, "Body");
		const indicator = frame("Indicator", face, {
			Size: UDim2.fromOffset(3, 16),
			AnchorPoint: new Vector2(0, 0.5),
			Position: new UDim2(0, 4, 0.5, 0),
			BackgroundTransparency: 0,
			Visible: false,
		});
		corner(indicator, 2);
		painter.bind(scope, indicator, "BackgroundColor3", "Accent");
		const outline = stroke(face);
		const state: PressState = core.pressables.track(scope, face, () => repaint(true));
		const bindings: Binding[] = [
			painter.bind(scope, face, "BackgroundColor3", (p) =>
				active ? p.Selected : state.hover ? p.Hover : p.Sidebar,
			),
			painter.bind(scope, text, "TextColor3", (p) => (active ? p.Text : p.Secondary)),
			painter.bind(scope, outline, "Color", "Accent"),
		];
		const repaint = (animated: boolean) => {
			for (const b of bindings) b.update(animated);
			core.motion.to(outline, "Transparency", state.selected ? 0 : active ? 0.6 : 1);
			outline.Thickness = state.selected ? 2 : 1;
		};
		outline.Transparency = 1;
		scope.give(face.Activated.Connect(onSelect));
		this.entries.set(face, title);
		scope.give(() => this.entries.delete(face));
		return {
			button: face,
			setActive: (value) => {
				active = value;
				indicator.Visible = value;
				repaint(true);
			},
		};
	}

	layout(geometry: Geometry, windowWidth: number, windowHeight: number) {
		const target = geometry.target;
		const scale = this.core.type.scale;
		const footer = 30;
		const top = geometry.headerHeight;
		const toggle = this.themeToggle;
		if (geometry.compact) {
			const visible = geometry.stripHeight > 0;
			this.rail.Visible = visible;
			this.caption.Visible = false;
			this.profile.frame.Visible = false;
			if (!visible) return;
			place(this.rail, 0, top, windowWidth, geometry.stripHeight);
			const toggleWidth = geometry.compactThemeWidth;
			const showToggle = toggle !== undefined && windowWidth - toggleWidth - 24 >= 100;
			if (toggle !== undefined) toggle.Visible = showToggle;
			const inset = geometry.inset;
			const stripWidth = windowWidth - 2 * inset - (showToggle ? toggleWidth + 12 : 0);
			const y = math.floor((geometry.stripHeight - target) / 2);
			place(this.list, inset, y, stripWidth, target);
			this.list.ScrollingDirection = Enum.ScrollingDirection.X;
			this.list.AutomaticCanvasSize = Enum.AutomaticSize.X;
			this.layoutObject.FillDirection = Enum.FillDirection.Horizontal;
			if (toggle !== undefined && showToggle) {
				place(toggle, windowWidth - inset - toggleWidth, y, toggleWidth, target);
			}
			for (const [face, title] of this.entries) {
				const width = math.clamp(textWidth(title, "Body", scale) + 28, 80, 220);
				face.Size = UDim2.fromOffset(width, target);
			}
			return;
		}
		this.rail.Visible = true;
		this.caption.Visible = true;
		const width = geometry.sidebarWidth;
		const height = windowHeight - top - footer;
		place(this.rail, 0, top, width, height);
		const captionHeight = this.core.type.size("Eyebrow") + 4;
		place(this.caption, 14, 10, width - 24, captionHeight);
		const profileHeight = geometry.profileVisible ? this.profile.layout(width - 24) : 0;
		this.profile.frame.Visible = geometry.profileVisible;
		this.profile.frame.Position = UDim2.fromOffset(12, height - profileHeight - 8);
		let bottom = height - (profileHeight > 0 ? profileHeight + 16 : 8);
		if (toggle !== undefined) {
			toggle.Visible = true;
			toggle.Size = UDim2.fromOffset(width - 24, target);
			toggle.Position = UDim2.fromOffset(12, bottom - target);
			bottom -= target + 8;
		}
		const listTop = 10 + captionHeight + 8;
		place(this.list, 12, listTop, width - 24, math.max(0, bottom - listTop));
		this.list.ScrollingDirection = Enum.ScrollingDirection.Y;
		this.list.AutomaticCanvasSize = Enum.AutomaticSize.Y;
		this.layoutObject.FillDirection = Enum.FillDirection.Vertical;
		for (const [face] of this.entries) face.Size = UDim2.fromOffset(width - 24, target);
	}
}
