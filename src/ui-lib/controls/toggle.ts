// Toggle and Checkbox: a boolean. The whole slot is the hit target (a button named Toggle). A
// Toggle draws a 46×26 track with an 18 px thumb; a Checkbox a 44×26 box reading On or Off. On and
// enabled: Accent track and edge, OnAccent thumb/text; otherwise Input track, Edge stroke,
// Secondary thumb. The first render is instant; later changes animate.
import { button, corner, label, round, solid, stroke, fail } from "../core";
import { DURATION } from "../motion/motion";
import type { PressState } from "../input/pressable";
import { Control, type ControlContext } from "./control";

export class ToggleControl extends Control {
	private readonly hit: TextButton;
	private readonly track: Frame;
	private readonly thumb?: Frame;
	private readonly text?: TextLabel;
	private readonly press: PressState;

	constructor(kind: "Toggle" | "Checkbox", context: ControlContext) {
		super(kind, context, "inline", 48);
		this.startValue(context.options, false);
		this.hit = button("Toggle", this.slot, { Size: UDim2.fromScale(1, 1) });
		this.press = this.core.pressables.track(this.scope, this.hit, () => this.repaint(true));
		const checkbox = kind === "Checkbox";
		this.track = solid("Track", this.hit, {
			AnchorPoint: new Vector2(1, 0.5),
			Position: UDim2.fromScale(1, 0.5),
			Size: UDim2.fromOffset(checkbox ? 44 : 46, 26),
		});
		corner(this.track, checkbox ? 8 : 13);
		const on = () => this.value === true && !this.Disabled;
		this.paint(this.track, "BackgroundColor3", (p) => (on() ? p.Accent : this.press.hover ? p.Hover : p.Input));
		this.paint(stroke(this.track), "Color", (p) => (on() ? p.Accent : p.Edge));
		if (checkbox) {
			this.text = label("State", this.track, {
				Size: UDim2.fromScale(1, 1),
				TextXAlignment: Enum.TextXAlignment.Center,
				TextYAlignment: Enum.TextYAlignment.Center,
				TextWrapped: false,
			});
			this.core.type.bind(this.scope, this.text, "Caption");
			this.paint(this.text, "TextColor3", (p) => (on() ? p.OnAccent : p.Secondary));
		} else {
			const thumb = solid("Thumb", this.track, {
				AnchorPoint: new Vector2(0, 0.5),
				Size: UDim2.fromOffset(18, 18),
			});
			round(thumb);
			this.paint(thumb, "BackgroundColor3", (p) => (on() ? p.OnAccent : p.Secondary));
			this.thumb = thumb;
		}
		this.scope.give(
			this.hit.Activated.Connect(() => {
				if (this.isInteractive()) this.Set(!(this.value as boolean));
			}),
		);
		this.render(false);
	}

	protected normalize(value: unknown): unknown {
		if (!typeIs(value, "boolean")) fail(`${this.Kind}: the value must be a boolean, got ${typeOf(value)}`);
		return value;
	}

	protected render(animated = true) {
		const on = this.value === true;
		if (this.text !== undefined) this.text.Text = on ? "On" : "Off";
		if (this.thumb !== undefined) {
			const goal = new UDim2(0, on ? 24 : 4, 0.5, 0);
			if (animated) this.core.motion.to(this.thumb, "Position", goal, DURATION.Toggle);
			else this.core.motion.set(this.thumb, "Position", goal);
		}
		this.repaint(animated);
	}

	protected applyDisabled() {
		this.hit.Active = !this.Disabled;
		this.hit.Selectable = !this.Disabled;
	}

	protected slotHeight(): number {
		return this.core.metrics.target;
	}
}
