// The restore pill shown while a window is minimized: the mark, the title, a status line
// (subtitle, "Minimized" or "New notification"), an "Open" hint and the attribution. It can be
// dragged anywhere in the safe area (a move beyond 4 px is a drag, and a drag never restores);
// a click or tap restores the window. Its position is remembered and re-clamped on every layout.
import { button, corner, frame, label, stroke } from "../core/create";
import { isPointerStart, pointOf } from "../input/gestures";
import type { Geometry } from "../layout/geometry";
import { createVeil, type Veil } from "../parts/veil";
import type { Binding } from "../theme/painter";
import { attribution, drawMark } from "../parts/brand";
import type { WindowCore } from "../context/window-core";

const DRAG_THRESHOLD = 4;

export class Pill {
	readonly button: TextButton;
	private readonly title: TextLabel;
	private readonly detail: TextLabel;
	private readonly hint: TextLabel;
	private readonly markHolder: Frame;
	private readonly outline: UIStroke;
	private readonly veil: Veil;
	private readonly outlinePaint: Binding;
	private position?: Vector2;
	private dragged = false;
	private status = "";

	constructor(
		private readonly core: WindowCore,
		title: string,
		onRestore: () => void,
	) {
		const scope = core.scope;
		const painter = core.painter;
		this.button = button("Restore", core.root, { BackgroundTransparency: 0, Visible: false, ZIndex: 30 });
		corner(this.button, 18);
		const state = core.pressables.track(scope, this.button, () => {
			fill.update(true);
			this.outlinePaint.update(true);
		});
		const fill = painter.bind(scope, this.button, "BackgroundColor3", (p) => (state.hover ? p.Hover : p.Canvas));
		this.outline = stroke(this.button);
		this.outlinePaint = painter.bind(scope, this.outline, "Color", (p) =>
			state.hover || state.selected ? p.Accent : p.Border,
		);
		this.markHolder = frame("Mark", this.button);
		drawMark(scope, painter, this.markHolder);
		this.title = label("RestoreTitle", this.button, {
			Text: title,
			TextWrapped: false,
			TextTruncate: Enum.TextTruncate.AtEnd,
		});
		core.text(scope, this.title, "Heading", "Text");
		this.detail = label("RestoreDetail", this.button, {
			TextWrapped: false,
			TextTruncate: Enum.TextTruncate.AtEnd,
		});
		core.text(scope, this.detail, "Caption", "Muted");
		this.hint = label("Hint", this.button, {
			Text: "Open",
			TextWrapped: false,
			TextXAlignment: Enum.TextXAlignment.Right,
			AnchorPoint: new Vector2(1, 0),
		});
		core.text(scope, this.hint, "Caption", "Accent");
		attribution(core, scope, this.button);
		this.veil = createVeil(core, scope, this.button, "Canvas", 18);

		scope.give(
			this.button.InputBegan.Connect((input) => {
				if (!isPointerStart(input)) return;
				this.dragged = false;
				const start = pointOf(input);
				const origin = this.button.AbsolutePosition.sub(core.root.AbsolutePosition);
				core.gestures.begin(input, {
					move: (point) => {
						const delta = point.sub(start);
						if (!this.dragged && math.max(math.abs(delta.X), math.abs(delta.Y)) <= DRAG_THRESHOLD) return;
						this.dragged = true;
						this.position = origin.add(delta);
						this.place(core.metrics.geometry);
					},
					finish: () => {},
					cancel: () => {},
				});
			}),
		);
		scope.give(
			this.button.Activated.Connect(() => {
				if (this.dragged) {
					this.dragged = false;
					return;
				}
				onRestore();
			}),
		);
	}

	setTitle(title: string) {
		this.title.Text = title;
	}

	/** The status line: the subtitle, "Minimized" when there is none, or "New notification". */
	setStatus(text: string) {
		this.status = text;
		this.detail.Text = text;
	}

	/** A toast arrived while minimized: say so and flash the border accent, settling to Border. */
	flash() {
		this.detail.Text = "New notification";
		this.core.motion.set(this.outline, "Color", this.core.painter.palette.Accent);
		this.outlinePaint.update(true);
	}

	show() {
		this.detail.Text = this.status;
		this.button.Visible = true;
		this.place(this.core.metrics.geometry);
		this.veil.play(true);
	}

	hide() {
		this.button.Visible = false;
	}

	/** Sizes the pill and clamps its (remembered) position into the safe rect. */
	place(geometry: Geometry) {
		const scale = this.core.type.scale;
		const safe = geometry.safe;
		const width = math.min(264, safe.width);
		const titleHeight = math.ceil(15 * scale);
		const detailHeight = math.ceil(12 * scale);
		const height = titleHeight + detailHeight + 16 + 30;
		const wanted = this.position ?? new Vector2(safe.x, safe.y + safe.height - height);
		const x = math.clamp(wanted.X, safe.x, math.max(safe.x, safe.x + safe.width - width));
		const y = math.clamp(wanted.Y, safe.y, math.max(safe.y, safe.y + safe.height - height));
		this.button.Size = UDim2.fromOffset(width, height);
		this.button.Position = UDim2.fromOffset(math.floor(x), math.floor(y));
		const mark = math.min(24, titleHeight + detailHeight);
		this.markHolder.Size = UDim2.fromOffset(mark, mark);
		this.markHolder.Position = UDim2.fromOffset(14, 8 + (titleHeight + detailHeight - mark) / 2);
		const left = 14 + mark + 10;
		this.title.Position = UDim2.fromOffset(left, 8);
		this.title.Size = new UDim2(1, -left - 60, 0, titleHeight);
		this.detail.Position = UDim2.fromOffset(left, 8 + titleHeight);
		this.detail.Size = new UDim2(1, -left - 60, 0, detailHeight);
		this.hint.Position = new UDim2(1, -14, 0, 8);
		this.hint.Size = UDim2.fromOffset(48, titleHeight + detailHeight);
	}
}
