// What both virtualised views share (VirtualList, pooled rows measured by text; KeyedRows, built
// rows measured by the engine): the ScrollingFrame they own the canvas of, the view's height,
// writes of the canvas position that do not count as the reader scrolling, the hidden state that
// defers rendering until shown, and settling on the end when measured rows move it.
import type { Scope } from "../core/scope";

const END_SLACK = 2;
/** Passes of scrollToEnd: each measures the rows that came into view (a few suffice). */
const END_PASSES = 6;

export abstract class ScrollView {
	protected viewHeight = 0;
	protected shown = true;
	/** Changes arrived while hidden (or before a width was known): render once shown. */
	protected dirty = false;
	/** Asked to show the end while hidden: done once shown (a hidden view writes no canvas). */
	private endPending = false;
	private writingCanvas = false;
	/** The canvas position the view wrote last. */
	private written = -1;

	constructor(
		protected readonly view: ScrollingFrame,
		scope: Scope,
	) {
		view.CanvasSize = new UDim2();
		view.AutomaticCanvasSize = Enum.AutomaticSize.None;
		scope.give(
			view.GetPropertyChangedSignal("CanvasPosition").Connect(() => {
				// the view's own write is no scroll, also when the signal arrives deferred, after it
				if (this.writingCanvas || view.CanvasPosition.Y === this.written) return;
				this.render();
			}),
		);
	}

	/** Height of everything on the canvas. */
	abstract contentHeight(): number;

	/** Mounts the rows in view and unmounts the rest. */
	abstract render(): void;

	/** Shows or hides the content; a hidden view reconciles when shown again. */
	setShown(shown: boolean) {
		if (shown === this.shown) return;
		this.shown = shown;
		if (!shown) return;
		if (this.endPending) this.scrollToEnd();
		else if (this.dirty) this.render();
	}

	/** Whether the view shows the end of the content (a view there follows new rows). */
	atEnd(): boolean {
		return this.endPending || this.view.CanvasPosition.Y >= this.maxCanvas() - END_SLACK;
	}

	/**
	 * Shows the last rows: rows measured taller than estimated move the end, so settle on it again.
	 * While hidden it only remembers to (writing the canvas would lay out a tree no one sees).
	 */
	scrollToEnd() {
		if (!this.shown) {
			this.endPending = true;
			this.dirty = true;
			return;
		}
		this.settleEnd();
	}

	/** Settles the shown view on the end (each pass measures the rows that came into view). */
	protected settleEnd() {
		for (const _ of $range(1, END_PASSES)) {
			this.view.CanvasSize = UDim2.fromOffset(0, this.contentHeight());
			this.setCanvas(this.maxCanvas());
			this.render();
			if (this.dirty || this.atEnd()) break;
		}
	}

	protected maxCanvas(): number {
		return math.max(0, this.contentHeight() - this.viewHeight);
	}

	/** Moves the canvas without it counting as the reader scrolling. */
	protected setCanvas(y: number) {
		this.endPending = false;
		this.written = y;
		const current = this.view.CanvasPosition;
		if (current.Y === y) return;
		this.writingCanvas = true;
		this.view.CanvasPosition = new Vector2(current.X, y);
		this.writingCanvas = false;
	}
}
