// Slider: a number in [Min, Max] on Step increments counted from Min (Max itself is always
// reachable), rounded to 10 significant digits. Mouse: press sets, drag follows, release commits
// (OnCommit once). Touch: horizontal intent (see input/drag.ts); vertical swipes scroll the page
// and change nothing. Keys while focused: Left/Down/DPadLeft and Right/Up/DPadRight step, Home and
// End jump; each key change also commits. Programmatic Set never calls OnCommit.
import {
	button,
	corner,
	round,
	solid,
	fail,
	finiteOption,
	functionOption,
	textOption,
	formatNumber,
	isFiniteNumber,
	roundSignificant,
} from "../core";
import { attachDrag } from "../input/drag";
import { Control, READOUT_HEIGHT, type ControlContext } from "./control";
import { readout, readRange } from "./range";

const TRACK = 6;
const THUMB = 18;
/** The knob's centre mark. */
const MARK = 6;
const READOUT = 72;

export class SliderControl extends Control {
	private readonly min: number;
	private readonly max: number;
	private readonly step: number;
	private readonly suffix: string;
	private readonly onCommit?: Callback;
	private readonly hit: TextButton;
	private readonly track: Frame;
	private readonly fill: Frame;
	private readonly thumb: Frame;
	private readonly readout: TextLabel;
	private dragging = false;

	constructor(context: ControlContext) {
		super("Slider", context, "stack", 0);
		const options = context.options;
		[this.min, this.max] = readRange(options, "Slider");
		this.step = finiteOption(options, "Step", 1, "Slider");
		if (this.step <= 0) fail("Slider: Step must be greater than 0");
		this.suffix = textOption(options, "Suffix", "");
		this.onCommit = functionOption(options, "OnCommit", "Slider");
		this.startValue(options, this.min);

		const core = this.core;
		this.hit = button("Slider", this.slot, { Size: UDim2.fromScale(1, 1) });
		this.hit.NextSelectionLeft = this.hit;
		this.hit.NextSelectionRight = this.hit;
		const press = core.pressables.track(this.scope, this.hit, () => this.repaint(true));
		this.track = solid("Track", this.hit, {
			AnchorPoint: new Vector2(0, 0.5),
			Position: new UDim2(0, THUMB / 2, 0.5, 0),
			Size: new UDim2(1, -THUMB, 0, TRACK),
		});
		corner(this.track, TRACK / 2);
		this.paint(this.track, "BackgroundColor3", (p) => (press.hover ? p.Hover : p.Track));
		this.fill = solid("Fill", this.track, { Size: UDim2.fromScale(0, 1) });
		corner(this.fill, TRACK / 2);
		this.paint(this.fill, "BackgroundColor3", (p) => (this.Disabled ? p.Disabled : p.Accent));
		this.thumb = solid("Thumb", this.track, {
			AnchorPoint: new Vector2(0.5, 0.5),
			Size: UDim2.fromOffset(THUMB, THUMB),
		});
		round(this.thumb);
		this.paint(this.thumb, "BackgroundColor3", (p) => (this.Disabled ? p.Disabled : p.Primary));
		const mark = solid("Mark", this.thumb, {
			AnchorPoint: new Vector2(0.5, 0.5),
			Position: UDim2.fromScale(0.5, 0.5),
			Size: UDim2.fromOffset(MARK, MARK),
		});
		round(mark);
		this.paint(mark, "BackgroundColor3", (p) => (this.Disabled ? p.Surface : p.Accent));
		this.readout = readout(core, this.scope, this.Frame, READOUT, READOUT_HEIGHT);

		attachDrag(core.gestures, this.scope, this.hit, {
			mode: "horizontal",
			canStart: () => this.isInteractive(),
			start: (point) => {
				this.dragging = true;
				this.setFromPoint(point);
			},
			move: (point) => this.setFromPoint(point),
			finish: () => {
				this.dragging = false;
				this.commitNow();
			},
		});
		core.arrowKeys(this.scope, this.hit, (key) => this.arrow(key));
		this.render(false);
	}

	protected normalize(value: unknown): unknown {
		if (!isFiniteNumber(value)) fail(`Slider: the value must be a finite number, got ${tostring(value)}`);
		if (value >= this.max) return this.max;
		if (value <= this.min) return this.min;
		const steps = math.round((value - this.min) / this.step);
		return roundSignificant(math.clamp(this.min + steps * this.step, this.min, this.max));
	}

	private ratio(): number {
		return ((this.value as number) - this.min) / (this.max - this.min);
	}

	protected render(animated = true) {
		this.readout.Text = formatNumber(this.value as number) + this.suffix;
		const ratio = this.ratio();
		const motion = this.core.motion;
		const fill = new UDim2(ratio, 0, 1, 0);
		const thumb = new UDim2(ratio, 0, 0.5, 0);
		// while dragging the thumb follows the pointer without easing
		if (animated && !this.dragging) {
			motion.to(this.fill, "Size", fill);
			motion.to(this.thumb, "Position", thumb);
		} else {
			motion.set(this.fill, "Size", fill);
			motion.set(this.thumb, "Position", thumb);
		}
	}

	private setFromPoint(point: Vector2) {
		if (!this.Alive) return;
		const left = this.track.AbsolutePosition.X;
		const width = math.max(1, this.track.AbsoluteSize.X);
		const ratio = math.clamp((point.X - left) / width, 0, 1);
		this.commit(this.normalize(this.min + ratio * (this.max - this.min)));
	}

	private commitNow() {
		if (!this.Alive || this.onCommit === undefined) return;
		this.core.protect(this.onCommit, this.value);
	}

	private arrow(key: Enum.KeyCode): boolean {
		if (!this.isInteractive()) return false;
		const value = this.value as number;
		let target: number;
		if (key === Enum.KeyCode.Left || key === Enum.KeyCode.Down || key === Enum.KeyCode.DPadLeft)
			target = value - this.step;
		else if (key === Enum.KeyCode.Right || key === Enum.KeyCode.Up || key === Enum.KeyCode.DPadRight)
			target = value + this.step;
		else if (key === Enum.KeyCode.Home) target = this.min;
		else if (key === Enum.KeyCode.End) target = this.max;
		else return false;
		if (this.commit(this.normalize(target))) this.commitNow();
		return true;
	}

	protected cancelInteraction() {
		super.cancelInteraction();
		if (this.dragging) this.core.gestures.cancel();
	}

	protected applyDisabled() {
		this.hit.Active = !this.Disabled;
		this.hit.Selectable = !this.Disabled;
	}

	protected captionReserve(): number {
		return READOUT + 8;
	}
}
