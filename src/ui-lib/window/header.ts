// The window header: the brand tile with the mark, title and subtitle, and the Minimize and Close
// glyph buttons (transparent at rest; the glyph brightens on hover, Close turns Danger).
import { button, corner, frame, label } from "../core/create";
import type { Geometry } from "../layout/geometry";
import { drawGlyph, drawMark } from "../parts/brand";
import type { WindowCore } from "../context/window-core";

export class Header {
	readonly frame: Frame;
	readonly minimize: TextButton;
	readonly close: TextButton;
	private readonly tile: Frame;
	private readonly title: TextLabel;
	private readonly subtitle: TextLabel;

	constructor(
		private readonly core: WindowCore,
		parent: Frame,
		title: string,
		subtitle: string,
	) {
		const scope = core.scope;
		const painter = core.painter;
		this.frame = frame("Header", parent, { Size: new UDim2(1, 0, 0, 80) });
		this.tile = frame("BrandTile", this.frame, { BackgroundTransparency: 0 });
		corner(this.tile, 12);
		painter.bind(scope, this.tile, "BackgroundColor3", "AccentSoft");
		drawMark(scope, painter, this.tile);
		this.title = label("Title", this.frame, {
			Text: title,
			TextWrapped: false,
			TextTruncate: Enum.TextTruncate.AtEnd,
		});
		core.text(scope, this.title, "Title", "Text");
		this.subtitle = label("Subtitle", this.frame, {
			Text: subtitle,
			TextWrapped: false,
			TextTruncate: Enum.TextTruncate.AtEnd,
		});
		core.text(scope, this.subtitle, "Caption", "Muted");
		this.minimize = this.glyphButton("Minimize", "minus", false);
		this.close = this.glyphButton("Close", "close", true);
	}

	private glyphButton(name: string, glyph: "minus" | "close", danger: boolean): TextButton {
		const core = this.core;
		// no resting fill: only the glyph changes colour
		const face = button(name, this.frame, { AnchorPoint: new Vector2(1, 0), BackgroundTransparency: 1 });
		const state = core.pressables.track(core.scope, face, () => {
			for (const binding of bindings) binding.update(true);
		});
		const bindings = drawGlyph(core.scope, core.painter, face, glyph, (p) =>
			state.hover || state.selected ? (danger ? p.Danger : p.Text) : p.Muted,
		);
		return face;
	}

	setText(title: string, subtitle: string) {
		this.title.Text = title;
		this.subtitle.Text = subtitle;
	}

	layout(geometry: Geometry) {
		const visible = geometry.headerVisible;
		this.frame.Visible = visible;
		if (!visible) return;
		const height = geometry.headerHeight;
		const target = geometry.target;
		const typeset = this.core.type;
		this.frame.Size = new UDim2(1, 0, 0, height);
		const mark = math.clamp(math.floor(18 * typeset.scale), 14, 22);
		const tileSize = mark + 16;
		this.tile.Visible = geometry.brandVisible;
		this.tile.Size = UDim2.fromOffset(tileSize, tileSize);
		this.tile.Position = UDim2.fromOffset(16, math.floor((height - tileSize) / 2));
		const brand = this.tile.FindFirstChild("Brand") as Frame;
		brand.Size = UDim2.fromOffset(mark, mark);
		const left = geometry.brandVisible ? 16 + tileSize + 12 : 16;
		const buttons = 2 * target + 4 + 12;
		const showSubtitle = geometry.subtitleVisible && this.subtitle.Text !== "";
		this.subtitle.Visible = showSubtitle;
		const titleHeight = typeset.size("Title") + 6;
		const subtitleHeight = typeset.size("Caption") + 4;
		const block = titleHeight + (showSubtitle ? 3 + subtitleHeight : 0);
		const top = math.floor((height - block) / 2);
		this.title.Position = UDim2.fromOffset(left, top);
		this.title.Size = new UDim2(1, -left - buttons, 0, titleHeight);
		this.subtitle.Position = UDim2.fromOffset(left, top + titleHeight + 3);
		this.subtitle.Size = new UDim2(1, -left - buttons, 0, subtitleHeight);
		const y = math.floor((height - target) / 2);
		this.close.Size = UDim2.fromOffset(target, target);
		this.close.Position = new UDim2(1, -12, 0, y);
		this.minimize.Size = UDim2.fromOffset(target, target);
		this.minimize.Position = new UDim2(1, -12 - target - 4, 0, y);
	}
}
