// The ColorPicker panel: a saturation/brightness square with a cursor, a hue bar, an optional
// opacity bar ("Opacity · NN%"), Current/New previews, Hex and R/G/B fields, a validation line,
// Cancel and Apply. Arrow keys and the D-pad move the focused part (square ±0.01, hue ±1/360
// wrapping, opacity ±0.01). Apply first takes pending typed Hex/RGB text; invalid text keeps the
// panel open with the error. The draft survives theme changes and reflows.
import { button, corner, create, frame, label, place, stroke } from "../core/create";
import { channel255, parseChannel, parseHex, toHex } from "../core/color";
import { SIZE } from "../layout/geometry";
import { attachDrag } from "../input/drag";
import { actionButton } from "../parts/action-button";
import { textField } from "../parts/text-field";
import type { WindowCore } from "../context/window-core";
import { Panel } from "./panel";

export interface ColorSource {
	title: string;
	color: Color3;
	alpha: number;
	showAlpha: boolean;
	anchor: GuiObject;
	apply: (color: Color3, alpha: number) => void;
	onClose: () => void;
}

const BAR = 14;
const GAP = 12;

function hueSequence(): ColorSequence {
	const keys: ColorSequenceKeypoint[] = [];
	for (let i = 0; i <= 6; i++) keys.push(new ColorSequenceKeypoint(i / 6, Color3.fromHSV((i % 6) / 6, 1, 1)));
	return new ColorSequence(keys);
}

export class ColorPanel {
	readonly panel: Panel;
	private hue: number;
	private saturation: number;
	private brightness: number;
	private alpha: number;
	/** The colour typed into Hex or R/G/B, kept exactly until the square, bar or keys move the draft. */
	private exact?: Color3;
	private readonly square: TextButton;
	private readonly cursor: Frame;
	private readonly hueBar: TextButton;
	private readonly hueCursor: Frame;
	private readonly alphaBar?: TextButton;
	private readonly alphaFill?: Frame;
	private readonly alphaCursor?: Frame;
	private readonly alphaLabel?: TextLabel;
	private readonly current: Frame;
	private readonly fresh: Frame;
	private readonly hex: TextBox;
	private readonly rgb: Frame;
	private readonly channels: TextBox[];
	private readonly validation: TextLabel;
	private cancelButton?: TextButton;
	private applyButton?: TextButton;

	constructor(
		private readonly core: WindowCore,
		private readonly source: ColorSource,
	) {
		[this.hue, this.saturation, this.brightness] = source.color.ToHSV();
		this.exact = source.color;
		this.alpha = source.alpha;
		this.panel = new Panel(core, {
			title: source.title,
			width: 380,
			height: source.showAlpha ? 640 : 580,
			dismissible: true,
			anchor: source.anchor,
			layoutActions: (width) => this.layoutActions(width),
			onClose: () => source.onClose(),
		});
		const panel = this.panel;
		const scope = panel.scope;
		const painter = core.painter;
		const body = panel.body;

		this.square = this.hitArea("SaturationBrightness", body);
		this.square.BackgroundTransparency = 0;
		corner(this.square, SIZE.FieldRadius);
		// white fades out to the right, black fades in downwards
		for (const [name, shade, rotation] of [
			["White", 1, 0],
			["Black", 0, 90],
		] as const) {
			const layer = frame(name, this.square, {
				Size: UDim2.fromScale(1, 1),
				BackgroundTransparency: 0,
				BackgroundColor3: new Color3(shade, shade, shade),
			});
			corner(layer, SIZE.FieldRadius);
			create("UIGradient", { Transparency: new NumberSequence(1 - shade, shade), Rotation: rotation }, layer);
		}
		this.cursor = this.ring("Cursor", this.square, 14);

		this.hueBar = this.hitArea("Hue", body);
		const hueTrack = this.track(this.hueBar);
		hueTrack.BackgroundColor3 = new Color3(1, 1, 1);
		create("UIGradient", { Color: hueSequence() }, hueTrack);
		this.hueCursor = this.ring("HueCursor", this.hueBar, BAR + 4);

		if (source.showAlpha) {
			this.alphaBar = this.hitArea("Alpha", body);
			const alphaTrack = this.track(this.alphaBar);
			painter.bind(scope, alphaTrack, "BackgroundColor3", "Track");
			this.alphaFill = frame("Fill", alphaTrack, { Size: UDim2.fromScale(1, 1), BackgroundTransparency: 0 });
			corner(this.alphaFill, BAR / 2);
			create("UIGradient", { Transparency: new NumberSequence(1, 0) }, this.alphaFill);
			this.alphaCursor = this.ring("AlphaCursor", this.alphaBar, BAR + 4);
			this.alphaLabel = this.caption("AlphaLabel", body);
		}

		const preview = frame("Preview", body, { Size: UDim2.fromScale(1, 1) });
		this.current = this.swatch("Current", preview, source.color, source.alpha);
		this.fresh = this.swatch("New", preview, source.color, source.alpha);
		this.hex = this.field("Hex", body);
		this.rgb = frame("RGB", body);
		this.channels = ["R", "G", "B"].map((name) => this.field(name, this.rgb));
		this.validation = this.caption("Validation", body);
		this.validation.Visible = false;
		painter.bind(scope, this.validation, "TextColor3", "Danger");

		const drag = (area: TextButton, mode: "free" | "horizontal", pick: (point: Vector2) => void) =>
			attachDrag(core.gestures, scope, area, {
				mode,
				canStart: () => !panel.closed,
				start: pick,
				move: pick,
				finish: () => {},
			});
		drag(this.square, "free", (point) => this.pickSquare(point));
		drag(this.hueBar, "horizontal", (point) => this.pickHue(point));
		const alphaBar = this.alphaBar;
		if (alphaBar !== undefined) {
			drag(alphaBar, "horizontal", (point) => this.pickAlpha(point, alphaBar));
			core.arrowKeys(scope, alphaBar, (key) => this.step(key, 0, 0, 0, 0.01));
		}
		core.arrowKeys(scope, this.square, (key) => this.step(key, 0, 0.01, 0.01, 0));
		core.arrowKeys(scope, this.hueBar, (key) => this.step(key, 1 / 360, 0, 0, 0));
		scope.give(this.hex.FocusLost.Connect(() => this.takeHex()));
		for (const box of this.channels) scope.give(box.FocusLost.Connect(() => this.takeChannels()));

		panel.onLayout = (width, height) => this.layout(width, height);
		this.paintDraft(true);
		panel.show(this.square);
	}

	// Parts -----------------------------------------------------------------------------------------

	private hitArea(name: string, parent: Instance): TextButton {
		const area = button(name, parent);
		area.SelectionImageObject = this.core.selectionImage;
		return area;
	}

	private track(parent: TextButton): Frame {
		const bar = frame("Track", parent, {
			AnchorPoint: new Vector2(0, 0.5),
			Position: UDim2.fromScale(0, 0.5),
			Size: new UDim2(1, 0, 0, BAR),
			BackgroundTransparency: 0,
		});
		corner(bar, BAR / 2);
		return bar;
	}

	private ring(name: string, parent: Instance, size: number): Frame {
		const ring = frame(name, parent, {
			Size: UDim2.fromOffset(size, size),
			AnchorPoint: new Vector2(0.5, 0.5),
			ZIndex: 3,
		});
		create("UICorner", { CornerRadius: new UDim(1, 0) }, ring);
		const edge = stroke(ring, 2);
		edge.Color = new Color3(1, 1, 1);
		return ring;
	}

	private swatch(name: string, parent: Instance, color: Color3, alpha: number): Frame {
		const swatch = frame(name, parent, { BackgroundTransparency: 1 - alpha, BackgroundColor3: color });
		corner(swatch, SIZE.FieldRadius);
		this.core.painter.bind(this.panel.scope, stroke(swatch), "Color", "Edge");
		const text = label("Label", swatch, {
			Text: name,
			Position: UDim2.fromOffset(0, -18),
			Size: new UDim2(1, 0, 0, 16),
			TextWrapped: false,
		});
		this.core.text(this.panel.scope, text, "Caption", "Muted");
		return swatch;
	}

	private field(name: string, parent: Instance): TextBox {
		return textField(this.core, this.panel.scope, parent, { name, props: { PlaceholderText: name } }).box;
	}

	private caption(name: string, parent: Instance): TextLabel {
		const text = label(name, parent, { TextWrapped: true });
		this.core.text(this.panel.scope, text, "Caption", "Secondary");
		return text;
	}

	private layoutActions(width: number): number {
		const target = this.core.metrics.target;
		const half = math.floor((width - 8) / 2);
		if (this.cancelButton === undefined) {
			const scope = this.panel.scope;
			const cancel = actionButton(this.core, scope, this.panel.actions, "Cancel", "Cancel", "Secondary");
			const apply = actionButton(this.core, scope, this.panel.actions, "Apply", "Apply", "Primary");
			scope.give(cancel.button.Activated.Connect(() => this.panel.close()));
			scope.give(apply.button.Activated.Connect(() => this.apply()));
			this.cancelButton = cancel.button;
			this.applyButton = apply.button;
		}
		place(this.cancelButton, 20, 8, half, target);
		place(this.applyButton!, 20 + half + 8, 8, half, target);
		return target + 16;
	}

	// Draft -----------------------------------------------------------------------------------------

	private color(): Color3 {
		return this.exact !== undefined ? this.exact : Color3.fromHSV(this.hue, this.saturation, this.brightness);
	}

	private paintDraft(fields: boolean) {
		const color = this.color();
		this.square.BackgroundColor3 = Color3.fromHSV(this.hue, 1, 1);
		this.cursor.Position = UDim2.fromScale(this.saturation, 1 - this.brightness);
		this.hueCursor.Position = UDim2.fromScale(this.hue, 0.5);
		this.fresh.BackgroundColor3 = color;
		this.fresh.BackgroundTransparency = 1 - this.alpha;
		if (this.alphaFill !== undefined) this.alphaFill.BackgroundColor3 = color;
		if (this.alphaCursor !== undefined) this.alphaCursor.Position = UDim2.fromScale(this.alpha, 0.5);
		if (this.alphaLabel !== undefined) this.alphaLabel.Text = `Opacity · ${math.round(this.alpha * 100)}%`;
		if (fields) {
			this.hex.Text = toHex(color);
			this.channels[0].Text = tostring(channel255(color.R));
			this.channels[1].Text = tostring(channel255(color.G));
			this.channels[2].Text = tostring(channel255(color.B));
			this.setError(undefined);
		}
	}

	private setColor(color: Color3) {
		this.exact = color;
		const [h, s, v] = color.ToHSV();
		// keep the hue of greys and black, where HSV has none
		if (s > 0 && v > 0) this.hue = h;
		this.saturation = s;
		this.brightness = v;
	}

	private setError(message: string | undefined) {
		this.validation.Visible = message !== undefined;
		this.validation.Text = message !== undefined ? message : "";
	}

	private pickSquare(point: Vector2) {
		const position = this.square.AbsolutePosition;
		const size = this.square.AbsoluteSize;
		this.exact = undefined;
		this.saturation = math.clamp((point.X - position.X) / math.max(1, size.X), 0, 1);
		this.brightness = 1 - math.clamp((point.Y - position.Y) / math.max(1, size.Y), 0, 1);
		this.paintDraft(true);
	}

	private pickHue(point: Vector2) {
		const position = this.hueBar.AbsolutePosition;
		this.exact = undefined;
		this.hue = math.clamp((point.X - position.X) / math.max(1, this.hueBar.AbsoluteSize.X), 0, 1);
		this.paintDraft(true);
	}

	private pickAlpha(point: Vector2, bar: TextButton) {
		this.alpha = math.clamp((point.X - bar.AbsolutePosition.X) / math.max(1, bar.AbsoluteSize.X), 0, 1);
		this.paintDraft(true);
	}

	/** Arrow keys: hue wraps, the other parts clamp. */
	private step(key: Enum.KeyCode, hue: number, saturation: number, brightness: number, alpha: number): boolean {
		const K = Enum.KeyCode;
		const horizontal = key === K.Left || key === K.DPadLeft ? -1 : key === K.Right || key === K.DPadRight ? 1 : 0;
		const vertical = key === K.Down || key === K.DPadDown ? -1 : key === K.Up || key === K.DPadUp ? 1 : 0;
		if (horizontal === 0 && vertical === 0) return false;
		const along = horizontal !== 0 ? horizontal : vertical;
		if (hue !== 0 || saturation !== 0) this.exact = undefined;
		if (hue !== 0) this.hue = (this.hue + along * hue) % 1;
		if (saturation !== 0) this.saturation = math.clamp(this.saturation + horizontal * saturation, 0, 1);
		if (brightness !== 0) this.brightness = math.clamp(this.brightness + vertical * brightness, 0, 1);
		if (alpha !== 0) this.alpha = math.clamp(this.alpha + along * alpha, 0, 1);
		this.paintDraft(true);
		return true;
	}

	/** Takes the Hex field; false (with the error shown) when it is not a colour. */
	private takeHex(): boolean {
		const color = parseHex(this.hex.Text);
		if (color === undefined) {
			this.setError("Enter a hex colour such as #EB9475.");
			return false;
		}
		if (toHex(color) !== toHex(this.color())) this.setColor(color);
		this.paintDraft(true);
		return true;
	}

	/** Takes the R/G/B fields; false (with the error shown) when one is not 0–255. */
	private takeChannels(): boolean {
		const [r, g, b] = this.channels.map((box) => parseChannel(box.Text));
		if (r === undefined || g === undefined || b === undefined) {
			this.setError("R, G and B must be whole numbers from 0 to 255.");
			return false;
		}
		const color = Color3.fromRGB(r, g, b);
		if (toHex(color) !== toHex(this.color())) this.setColor(color);
		this.paintDraft(true);
		return true;
	}

	/** Commits pending text, then closes and applies the draft; stays open on invalid text. */
	private apply() {
		const color = this.color();
		const hexPending = this.hex.Text !== toHex(color);
		const values = [color.R, color.G, color.B];
		let channelsPending = false;
		for (const i of $range(0, 2))
			if (this.channels[i].Text !== tostring(channel255(values[i]))) channelsPending = true;
		if (hexPending && !this.takeHex()) return;
		if (!hexPending && channelsPending && !this.takeChannels()) return;
		const chosen = this.color();
		const alpha = this.alpha;
		this.panel.close();
		this.source.apply(chosen, alpha);
	}

	// Layout ------------------------------------------------------------------------------------------

	private layout(width: number, height: number) {
		const target = this.core.metrics.target;
		const x = 20;
		const fixed = (target + GAP) * (this.alphaBar !== undefined ? 3 : 2) + 18 + 32 + GAP + 2 * (target + GAP) + 24;
		const squareHeight = math.clamp(height - fixed, 112, 210);
		let y = 4;
		place(this.square, x, y, width, squareHeight);
		y += squareHeight + GAP;
		place(this.hueBar, x, y, width, target);
		y += target + GAP;
		if (this.alphaBar !== undefined && this.alphaLabel !== undefined) {
			place(this.alphaLabel, x, y, width, 16);
			y += 18;
			place(this.alphaBar, x, y, width, target);
			y += target + GAP;
		}
		y += 18;
		const half = math.floor((width - GAP) / 2);
		place(this.current, x, y, half, 32);
		place(this.fresh, x + half + GAP, y, half, 32);
		y += 32 + GAP;
		place(this.hex, x, y, width, target);
		y += target + GAP;
		place(this.rgb, x, y, width, target);
		const third = math.floor((width - 2 * 8) / 3);
		for (const i of $range(0, 2)) place(this.channels[i], i * (third + 8), 0, third, target);
		y += target + GAP;
		place(this.validation, x, y, width, 18);
		this.panel.contentHeight = y + 24;
	}
}
