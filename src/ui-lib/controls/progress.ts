// Progress: an 8 px track and fill with the rounded percentage at the top-right. The value is a
// finite number clamped to [Min, Max]; it is exported with the configuration unless Persist = false.
import { corner, solid, fail, isFiniteNumber } from "../core";
import { Control, READOUT_HEIGHT, type ControlContext } from "./control";
import { readout, readRange } from "./range";

const TRACK = 8;
const READOUT = 56;

export class ProgressControl extends Control {
	private readonly min: number;
	private readonly max: number;
	private readonly track: Frame;
	private readonly fill: Frame;
	private readonly readout: TextLabel;

	constructor(context: ControlContext) {
		super("Progress", context, "stack", 0);
		const options = context.options;
		[this.min, this.max] = readRange(options, "Progress");
		this.startValue(options, this.min, "Value");
		this.track = solid("Track", this.slot, { Size: new UDim2(1, 0, 0, TRACK) });
		corner(this.track, TRACK / 2);
		this.paint(this.track, "BackgroundColor3", "Track");
		this.fill = solid("Fill", this.track);
		corner(this.fill, TRACK / 2);
		this.paint(this.fill, "BackgroundColor3", (p) => (this.Disabled ? p.Disabled : p.Accent));
		this.readout = readout(this.core, this.scope, this.Frame, READOUT, READOUT_HEIGHT);
		this.render();
	}

	protected normalize(value: unknown): unknown {
		if (!isFiniteNumber(value)) fail(`Progress: the value must be a finite number, got ${tostring(value)}`);
		return math.clamp(value, this.min, this.max);
	}

	private ratio(): number {
		return ((this.value as number) - this.min) / (this.max - this.min);
	}

	protected render() {
		this.readout.Text = `${math.round(this.ratio() * 100)}%`;
		this.core.motion.to(this.fill, "Size", new UDim2(this.ratio(), 0, 1, 0));
	}

	protected captionReserve(): number {
		return READOUT + 8;
	}

	protected slotHeight(): number {
		return TRACK + 4;
	}

	protected layoutSlot() {
		this.track.Position = UDim2.fromOffset(0, 2);
	}
}
