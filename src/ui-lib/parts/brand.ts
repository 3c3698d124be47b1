// Library-drawn marks: the Project UAI mark (rays around a centre, no image asset), the window
// control glyphs (minus, close, resize strokes) and the fixed attribution band.
import { create, frame, label } from "../core/create";
import type { Scope } from "../core/scope";
import { ATTRIBUTION } from "../meta";
import type { Binding, Painter, Paint } from "../theme/painter";
import type { WindowCore } from "../context/window-core";
import { SIZE } from "../layout/geometry";

const RAYS = 11;

/** The mark: 11 rounded rays around the centre, painted Accent, filling `parent`'s square. */
export function drawMark(scope: Scope, painter: Painter, parent: GuiObject, name = "Brand"): Frame {
	const mark = frame(name, parent, { Size: UDim2.fromScale(1, 1), AnchorPoint: new Vector2(0.5, 0.5) });
	mark.Position = UDim2.fromScale(0.5, 0.5);
	for (let i = 0; i < RAYS; i++) {
		const angle = (i / RAYS) * 2 * math.pi - math.pi / 2;
		const ray = frame(`Ray${i + 1}`, mark, {
			AnchorPoint: new Vector2(0.5, 0.5),
			Size: UDim2.fromScale(0.11, 0.34),
			Position: UDim2.fromScale(0.5 + 0.31 * math.cos(angle), 0.5 + 0.31 * math.sin(angle)),
			Rotation: math.deg(angle) + 90,
			BackgroundTransparency: 0,
		});
		create("UICorner", { CornerRadius: new UDim(1, 0) }, ray);
		painter.bind(scope, ray, "BackgroundColor3", "Accent");
	}
	return mark;
}

function bar(
	scope: Scope,
	painter: Painter,
	parent: Frame,
	name: string,
	rotation: number,
	length: number,
	paint: Paint,
) {
	const stroke = frame(name, parent, {
		AnchorPoint: new Vector2(0.5, 0.5),
		Position: UDim2.fromScale(0.5, 0.5),
		Size: new UDim2(length, 0, 0, 2),
		Rotation: rotation,
		BackgroundTransparency: 0,
	});
	return painter.bind(scope, stroke, "BackgroundColor3", paint);
}

/** A glyph of thin bars, "minus" or "close", centred in `parent` (14 px); returns its paint bindings. */
export function drawGlyph(
	scope: Scope,
	painter: Painter,
	parent: GuiObject,
	kind: "minus" | "close",
	paint: Paint,
): Binding[] {
	const glyph = frame(kind, parent, {
		AnchorPoint: new Vector2(0.5, 0.5),
		Position: UDim2.fromScale(0.5, 0.5),
		Size: UDim2.fromOffset(14, 14),
	});
	if (kind === "minus") return [bar(scope, painter, glyph, "Bar", 0, 1, paint)];
	return [bar(scope, painter, glyph, "Bar1", 45, 1.2, paint), bar(scope, painter, glyph, "Bar2", -45, 1.2, paint)];
}

/** Three diagonal strokes of the resize grip, growing toward the bottom-right corner. */
export function drawResizeStrokes(scope: Scope, painter: Painter, parent: GuiObject) {
	for (let i = 1; i <= 3; i++) {
		const length = 4 + i * 5;
		const stroke = frame(`Stroke${i}`, parent, {
			AnchorPoint: new Vector2(0.5, 0.5),
			Size: UDim2.fromOffset(length, 1),
			Position: UDim2.fromOffset(24 - 3 - i * 2.5, 24 - 3 - i * 2.5),
			Rotation: -45,
			BackgroundTransparency: 0,
		});
		painter.bind(scope, stroke, "BackgroundColor3", "Muted");
	}
}

/** The fixed `Project UAI | UI LIB.` band at the bottom of `parent` (30 px, outside scrolling). */
export function attribution(core: WindowCore, scope: Scope, parent: GuiObject): Frame {
	const band = frame("ProjectUAI_Footer", parent, {
		AnchorPoint: new Vector2(0, 1),
		Position: UDim2.fromScale(0, 1),
		Size: new UDim2(1, 0, 0, SIZE.Footer),
		ZIndex: 5,
	});
	const text = label("Attribution", band, {
		Size: UDim2.fromScale(1, 1),
		Text: ATTRIBUTION,
		TextXAlignment: Enum.TextXAlignment.Center,
		TextYAlignment: Enum.TextYAlignment.Center,
		TextWrapped: false,
		TextTruncate: Enum.TextTruncate.AtEnd,
	});
	core.text(scope, text, "Small", "Muted");
	return band;
}
