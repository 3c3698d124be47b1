// Badge: a status pill (28 px tall, at most 120 px wide) whose value is its text. Kind picks the
// tone (Success, Warning, Danger, Secondary): a tinted background and text in the tone colour.
// Its text is exported and imported with the configuration unless Persist = false.
import { corner, label, fail, choiceOption } from "../core";
import { textWidth } from "../layout/measure";
import { blend, type Palette } from "../theme/palette";
import { Control, type ControlContext } from "./control";

const KINDS = ["Success", "Warning", "Danger", "Secondary"] as const;
type BadgeKind = (typeof KINDS)[number];

function tone(palette: Palette, kind: BadgeKind): Color3 {
	return kind === "Secondary" ? palette.Secondary : palette[kind];
}

export class BadgeControl extends Control {
	private readonly pill: TextLabel;

	constructor(context: ControlContext) {
		super("Badge", context, "inline", 120);
		const options = context.options;
		const kind = choiceOption(options, "Kind", KINDS, "Secondary", "Badge");
		this.startValue(options, "Ready", "Value");
		this.pill = label("Badge", this.slot, {
			AnchorPoint: new Vector2(1, 0.5),
			TextXAlignment: Enum.TextXAlignment.Center,
			TextYAlignment: Enum.TextYAlignment.Center,
			TextWrapped: false,
			TextTruncate: Enum.TextTruncate.AtEnd,
			BackgroundTransparency: 0,
		});
		corner(this.pill, 14);
		this.core.type.bind(this.scope, this.pill, "Caption");
		this.paint(this.pill, "BackgroundColor3", (p) => blend(p.Surface, tone(p, kind), 0.12));
		this.paint(this.pill, "TextColor3", (p) => tone(p, kind));
		this.render();
	}

	protected normalize(value: unknown): unknown {
		if (!typeIs(value, "string")) fail(`Badge: the value must be a string, got ${typeOf(value)}`);
		return value;
	}

	protected render() {
		this.pill.Text = this.value as string;
		this.relayout();
	}

	protected slotHeight(): number {
		return 28;
	}

	protected stackedSlotWidth(): number {
		return this.slotWidth;
	}

	protected layoutSlot(width: number, height: number) {
		const pillWidth = math.min(width, textWidth(this.pill.Text, "Caption", this.core.type.scale) + 24);
		this.pill.Size = UDim2.fromOffset(pillWidth, height);
		// inline rows keep the pill at the right edge; a stacked row puts it under the label
		this.pill.AnchorPoint = new Vector2(this.stacked ? 0 : 1, 0.5);
		this.pill.Position = new UDim2(this.stacked ? 0 : 1, 0, 0.5, 0);
	}
}
