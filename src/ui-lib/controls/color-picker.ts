// ColorPicker: a colour and an opacity ({ Color, Alpha }). Get returns two values (Color3, alpha);
// Set takes a Color3 (keeping the alpha) or { Color, Alpha }; components must be finite and within
// 0–1, alpha is clamped. The field shows a 22 px swatch and #RRGGBB; Open() shows the panel.
import { corner, solid, stroke, toHex, fail, booleanOption, isFiniteNumber } from "../core";
import { ColorPanel } from "../overlays/color-panel";
import type { PanelHandle } from "../overlays/panel";
import { isValidColor } from "../theme/palette";
import type { ControlContext } from "./control";
import { FieldControl } from "./field";

interface ColorValue {
	Color: Color3;
	Alpha: number;
}

const SWATCH = 22;

export class ColorPickerControl extends FieldControl<ColorPanel> {
	private readonly showAlpha: boolean;
	private readonly swatch: Frame;
	private readonly text: TextLabel;

	constructor(context: ControlContext) {
		super("ColorPicker", context, "inline", 144);
		const options = context.options;
		const alpha = options.Alpha;
		if (alpha !== undefined && !isFiniteNumber(alpha)) fail("ColorPicker: Alpha must be a finite number");
		this.showAlpha = booleanOption(options, "ShowAlpha", alpha !== undefined, "ColorPicker");
		// a starting value, so normalize can read the current alpha
		this.value = { Color: this.core.painter.palette.Accent, Alpha: 1 };
		this.value = this.normalize({
			Color: options.Default !== undefined ? options.Default : this.current().Color,
			Alpha: alpha !== undefined ? alpha : 1,
		});

		this.swatch = solid("Swatch", this.field, {
			Size: UDim2.fromOffset(SWATCH, SWATCH),
			AnchorPoint: new Vector2(0, 0.5),
			Position: new UDim2(0, 10, 0.5, 0),
		});
		corner(this.swatch, 6);
		this.paint(stroke(this.swatch), "Color", "Edge");
		this.text = this.fieldText("Hex", {
			Position: UDim2.fromOffset(10 + SWATCH + 8, 0),
			Size: new UDim2(1, -(10 + SWATCH + 8) - 8, 1, 0),
		});
		this.paint(this.text, "TextColor3", (p) => (this.Disabled ? p.Disabled : p.Text));
		this.render();
	}

	private current(): ColorValue {
		return this.value as ColorValue;
	}

	protected normalize(value: unknown): unknown {
		if (typeIs(value, "Color3")) {
			if (!isValidColor(value)) fail("ColorPicker: colour components must be finite numbers from 0 to 1");
			return { Color: value, Alpha: this.current().Alpha };
		}
		if (!typeIs(value, "table"))
			fail("ColorPicker: the value must be a Color3 or { Color = Color3, Alpha = number }");
		const record = value as { Color?: unknown; Alpha?: unknown };
		if (!isValidColor(record.Color)) fail("ColorPicker: Color must be a Color3 with components from 0 to 1");
		const alpha = record.Alpha !== undefined ? record.Alpha : this.current().Alpha;
		if (!isFiniteNumber(alpha)) fail("ColorPicker: Alpha must be a finite number");
		return { Color: record.Color, Alpha: math.clamp(alpha, 0, 1) };
	}

	protected render() {
		const { Color, Alpha } = this.current();
		this.swatch.BackgroundColor3 = Color;
		this.swatch.BackgroundTransparency = 1 - Alpha;
		this.text.Text = toHex(Color);
	}

	protected emitArgs(): unknown[] {
		const { Color, Alpha } = this.current();
		return [Color, Alpha];
	}

	/** Two values for Luau callers: the colour and the alpha. */
	Get(): LuaTuple<[Color3, number]> {
		const { Color, Alpha } = this.current();
		return $tuple(Color, Alpha);
	}

	GetAlpha(): number {
		return this.current().Alpha;
	}

	SetAlpha(alpha: unknown, silent?: boolean): this {
		this.assertAlive("SetAlpha");
		if (!isFiniteNumber(alpha)) fail("ColorPicker:SetAlpha expects a finite number");
		return this.Set({ Color: this.current().Color, Alpha: alpha }, silent);
	}

	protected activated() {
		this.Open();
	}

	/** Opens the colour panel. */
	Open(): PanelHandle | undefined {
		this.assertAlive("Open");
		if (!this.isInteractive()) return undefined;
		const { Color, Alpha } = this.current();
		this.picker = new ColorPanel(this.core, {
			title: this.Text,
			color: Color,
			alpha: Alpha,
			showAlpha: this.showAlpha,
			anchor: this.field,
			apply: (color, alpha) => {
				if (this.Alive) this.Set({ Color: color, Alpha: alpha });
			},
			onClose: () => this.pickerClosed(),
		});
		this.repaint(true);
		return this.picker.panel.handle;
	}

	exportValue(): unknown {
		const { Color, Alpha } = this.current();
		return { rgb: [Color.R, Color.G, Color.B], alpha: Alpha };
	}

	importValue(encoded: unknown): unknown {
		const record = encoded as { rgb?: unknown; alpha?: unknown };
		const rgb = record?.rgb as unknown[] | undefined;
		if (!typeIs(encoded, "table") || !typeIs(rgb, "table") || rgb.size() !== 3) {
			error("a colour value must be { rgb = { r, g, b }, alpha = a }", 0);
		}
		for (const component of rgb) {
			if (!isFiniteNumber(component) || component < 0 || component > 1)
				error("colour components must be numbers from 0 to 1", 0);
		}
		return this.normalize({
			Color: new Color3(rgb[0] as number, rgb[1] as number, rgb[2] as number),
			Alpha: record.alpha !== undefined ? record.alpha : 1,
		});
	}
}
