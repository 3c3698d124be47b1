// Segmented: a single choice among 1–8 options shown as buttons (Segment_<n>) in a grid of
// clamp(floor(width / (100 × TextScale)), 1, count) columns, Target tall with 6 px gaps, wrapping
// on narrow layouts. Without Default the first enabled option is selected.
import {
	button,
	corner,
	stroke,
	fail,
	indexChoices,
	normalizeSingle,
	readChoices,
	valueKey,
	type Choice,
} from "../core";
import type { Scope } from "../core/scope";
import { SIZE } from "../layout/geometry";
import type { Binding } from "../theme/painter";
import { Control, type ControlContext } from "./control";

const GAP = 6;
const MAX_OPTIONS = 8;

export class SegmentedControl extends Control {
	private choices: Choice[];
	private index: Map<string, number>;
	private buttonsScope: Scope;
	private segments: TextButton[] = [];
	/** Paint bindings of the current segment buttons (rebuilt with them). */
	private segmentPaints: Binding[] = [];

	constructor(context: ControlContext) {
		super("Segmented", context, "stack", 0);
		const options = context.options;
		if (options.Multi === true) fail("Segmented: Multi is not supported; use a Dropdown with Multi = true");
		this.choices = readChoices(options.Options, "Segmented", 1, MAX_OPTIONS);
		this.index = indexChoices(this.choices);
		this.value = options.Default === undefined ? this.firstEnabled() : this.normalize(options.Default);
		this.buttonsScope = this.scope.child();
		this.build();
	}

	private firstEnabled(): unknown {
		for (const choice of this.choices) if (!choice.disabled) return choice.value;
		return undefined;
	}

	protected normalize(value: unknown): unknown {
		return normalizeSingle(value, this.index, "Segmented");
	}

	private build() {
		const core = this.core;
		const scope = this.buttonsScope;
		this.segmentPaints = [];
		this.segments = [];
		for (const i of $range(0, this.choices.size() - 1)) {
			const choice = this.choices[i];
			const face = button(`Segment_${i + 1}`, this.slot, {
				Text: choice.label,
				BackgroundTransparency: 0,
				TextTruncate: Enum.TextTruncate.AtEnd,
			});
			corner(face, SIZE.FieldRadius);
			core.type.bind(scope, face, "Body");
			const selected = () => this.value !== undefined && valueKey(this.value) === valueKey(choice.value);
			const usable = () => !this.Disabled && !choice.disabled;
			const state = core.pressables.track(scope, face, () => {
				for (const binding of paints) binding.update(true);
			});
			const paints = [
				core.painter.bind(scope, face, "BackgroundColor3", (p) =>
					selected() ? (usable() ? p.Accent : p.Raised) : state.hover && usable() ? p.Hover : p.Input,
				),
				core.painter.bind(scope, face, "TextColor3", (p) =>
					!usable() ? p.Disabled : selected() ? p.OnAccent : p.Secondary,
				),
				core.painter.bind(scope, stroke(face), "Color", (p) => (selected() && usable() ? p.Accent : p.Edge)),
			];
			for (const binding of paints) this.segmentPaints.push(binding);
			scope.give(
				face.Activated.Connect(() => {
					if (this.isInteractive() && !choice.disabled) this.Set(choice.value);
				}),
			);
			this.segments.push(face);
		}
		this.applyDisabled();
	}

	protected render() {
		for (const binding of this.segmentPaints) binding.update(true);
	}

	/** Replaces the options (1–8); the selection is kept when still present. */
	SetOptions(list: unknown, silent?: boolean): this {
		this.assertAlive("SetOptions");
		const choices = readChoices(list, "Segmented", 1, MAX_OPTIONS);
		const index = indexChoices(choices);
		const kept = this.value !== undefined && index.has(valueKey(this.value)) ? this.value : undefined;
		this.buttonsScope.destroy();
		this.buttonsScope = this.scope.child();
		this.choices = choices;
		this.index = index;
		this.build();
		this.commit(kept !== undefined ? kept : this.firstEnabled(), silent);
		this.relayout();
		return this;
	}

	exportValue(): unknown {
		return this.value === undefined ? { empty: true } : { value: this.value };
	}

	importValue(encoded: unknown): unknown {
		if (!typeIs(encoded, "table")) error("a segmented value must be { value = ... } or { empty = true }", 0);
		const record = encoded as { value?: unknown; empty?: unknown };
		return record.empty === true ? undefined : this.normalize(record.value);
	}

	private columns(width: number): number {
		return math.clamp(math.floor(width / (100 * this.core.type.scale)), 1, this.segments.size());
	}

	protected slotHeight(width: number): number {
		const rows = math.ceil(this.segments.size() / this.columns(width));
		return rows * this.core.metrics.target + (rows - 1) * GAP;
	}

	protected layoutSlot(width: number) {
		const columns = this.columns(width);
		const target = this.core.metrics.target;
		const cell = (width - (columns - 1) * GAP) / columns;
		for (const i of $range(0, this.segments.size() - 1)) {
			const face = this.segments[i];
			const column = i % columns;
			const row = math.floor(i / columns);
			face.Position = UDim2.fromOffset(math.floor(column * (cell + GAP)), row * (target + GAP));
			face.Size = UDim2.fromOffset(math.floor(cell), target);
		}
	}

	protected applyDisabled() {
		for (const i of $range(0, this.segments.size() - 1)) {
			const usable = !this.Disabled && !this.choices[i].disabled;
			this.segments[i].Active = usable;
			this.segments[i].Selectable = usable;
		}
		for (const binding of this.segmentPaints) binding.update();
	}
}
