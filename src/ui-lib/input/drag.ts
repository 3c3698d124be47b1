// Pointer drags on a control (slider track, colour square and bars). The mouse acts at once. A
// touch in "horizontal" mode waits: a tap acts on release, movement past the slop decides the
// intent, and a mostly vertical swipe gives the gesture back to the page (no change, no commit).
// While a drag is active the scrolling ancestors are locked.
import type { Scope } from "../core/scope";
import { isPointerStart, pointOf, touchIntent, type Gestures } from "./gestures";
import { lockScrolling } from "./scroll-lock";

export interface DragOptions {
	/** "horizontal": touch waits for horizontal intent (sliders, bars); "free": acts at once. */
	mode: "horizontal" | "free";
	canStart: () => boolean;
	/** The drag became active at `point` (a press, a tap or a decided touch). */
	start: (point: Vector2) => void;
	move: (point: Vector2) => void;
	/** The drag ended after being active (release, or cancellation by hide/destroy/layout). */
	finish: () => void;
}

export function attachDrag(gestures: Gestures, scope: Scope, target: GuiObject, options: DragOptions) {
	scope.give(
		target.InputBegan.Connect((input) => {
			if (!isPointerStart(input) || !options.canStart()) return;
			const origin = pointOf(input);
			const touch = input.UserInputType === Enum.UserInputType.Touch;
			let active = false;
			let unlock: (() => void) | undefined;
			const activate = (point: Vector2) => {
				active = true;
				unlock = lockScrolling(target);
				options.start(point);
			};
			const stop = () => {
				if (unlock) unlock();
				if (active) options.finish();
			};
			const claimed = gestures.begin(input, {
				move: (point) => {
					if (active) {
						options.move(point);
						return;
					}
					const intent = touchIntent(point.sub(origin));
					if (intent === "horizontal") activate(point);
					else if (intent === "vertical") gestures.cancel();
				},
				finish: (point) => {
					// a touch that never left the slop is a tap: it acts where it landed
					if (!active) activate(origin);
					else options.move(point);
					stop();
				},
				cancel: stop,
			});
			if (claimed && (!touch || options.mode === "free")) activate(origin);
		}),
	);
}
