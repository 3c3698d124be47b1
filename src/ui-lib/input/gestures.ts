// One pointer gesture per window: the mouse button or finger that started a drag owns it until it
// ends; other fingers and the mouse are ignored meanwhile. The window forwards UserInputService
// movement and release to the owner; Hide, focus loss, layout changes and destruction cancel it.

export const TOUCH_SLOP = 8;

export type Intent = "horizontal" | "vertical" | undefined;

/** Direction of a touch that moved `delta` from its start: undecided within the slop. */
export function touchIntent(delta: Vector2): Intent {
	if (math.max(math.abs(delta.X), math.abs(delta.Y)) < TOUCH_SLOP) return undefined;
	return math.abs(delta.X) > math.abs(delta.Y) ? "horizontal" : "vertical";
}

export function isPointerStart(input: InputObject): boolean {
	return input.UserInputType === Enum.UserInputType.MouseButton1 || input.UserInputType === Enum.UserInputType.Touch;
}

export function pointOf(input: InputObject): Vector2 {
	return new Vector2(input.Position.X, input.Position.Y);
}

export interface GestureHandlers {
	move: (point: Vector2) => void;
	finish: (point: Vector2) => void;
	cancel: () => void;
}

interface Gesture extends GestureHandlers {
	input: InputObject;
}

export class Gestures {
	private current?: Gesture;

	/** Claims the window's gesture for `input`; false while another input owns it. */
	begin(input: InputObject, handlers: GestureHandlers): boolean {
		if (this.current !== undefined) return false;
		this.current = { input, ...handlers };
		return true;
	}

	active(): boolean {
		return this.current !== undefined;
	}

	/** UserInputService.InputChanged, forwarded by the window. */
	changed(input: InputObject) {
		const current = this.current;
		if (current === undefined) return;
		const mouse = current.input.UserInputType === Enum.UserInputType.MouseButton1;
		if (input === current.input || (mouse && input.UserInputType === Enum.UserInputType.MouseMovement)) {
			current.move(pointOf(input));
		}
	}

	/** UserInputService.InputEnded, forwarded by the window: the owner's release finishes it. */
	ended(input: InputObject) {
		const current = this.current;
		if (current === undefined) return;
		const mouse = current.input.UserInputType === Enum.UserInputType.MouseButton1;
		if (input === current.input || (mouse && input.UserInputType === Enum.UserInputType.MouseButton1)) {
			this.current = undefined;
			current.finish(pointOf(input));
		}
	}

	/** Ends the current gesture without committing it. */
	cancel() {
		const current = this.current;
		this.current = undefined;
		if (current !== undefined) current.cancel();
	}
}
