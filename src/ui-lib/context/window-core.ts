// The shared internals of one window, handed to its tabs, sections, controls and overlays: the
// ownership scope, palette and type bindings, motion, the pointer gesture, the open overlay, the
// keybinds and key capture, layout metrics, and protected calls of script callbacks.
import { services } from "../adapter/services";
import { describeError, warnLib } from "../core/errors";
import { Listeners } from "../core/listeners";
import { Scope } from "../core/scope";
import { Gestures } from "../input/gestures";
import { Pressables } from "../input/pressable";
import type { Metrics } from "../layout/metrics";
import { Motion } from "../motion/motion";
import { Painter, type Paint } from "../theme/painter";
import type { Palette } from "../theme/palette";
import { Typesetter } from "../theme/typesetter";
import type { TextStyle } from "../theme/typography";

/** A tab's button in the window's navigation, made by the window and kept by the tab. */
export interface NavEntry {
	button: TextButton;
	setActive: (active: boolean) => void;
}

/** The open panel (dialog or picker): one per window. */
export interface OverlayPanel {
	close(): void;
	dismissible(): boolean;
	reflow(): void;
	contains(instance: Instance): boolean;
}

/** Arrow, Home/End and D-pad handling of a focused slider or colour field; true when used. */
export type ArrowHandler = (key: Enum.KeyCode) => boolean;

/** What the window's key routing needs of a keybind control. */
export interface KeyListener {
	began(input: InputObject): void;
	ended(input: InputObject): void;
	/** Ends an active Hold/Toggle (callback gets false). */
	release(): void;
}

/** A keybind waiting for the next key (capture mode). */
export interface KeyCapture {
	take: (input: InputObject) => void;
	cancel: () => void;
}

export interface NotifyRequest {
	Title: string;
	Content: string;
	Kind: string;
}

export class WindowCore {
	alive = true;
	visible = true;
	readonly scope = new Scope();
	readonly motion: Motion;
	readonly painter: Painter;
	readonly type: Typesetter;
	readonly gestures = new Gestures();
	readonly pressables: Pressables;
	readonly keys = new Set<KeyListener>();
	/** Layout passes: parts re-measure here (panels, lists). */
	readonly reflows = new Listeners<[]>();
	/** Visibility of the window, tabs or sections changed (virtual lists reconcile). */
	readonly shown = new Listeners<[]>();
	capture?: KeyCapture;
	/** Fields that take arrow keys while selected (gamepad) or last pressed (keyboard). */
	readonly arrowTargets = new Map<GuiObject, ArrowHandler>();
	keyFocus?: GuiObject;
	/** What the window keeps in view with a focused TextBox (Input:RevealWith). */
	readonly companions = new Map<TextBox, ReadonlyArray<GuiObject>>();
	/** The press that gave `keyFocus`; any other press takes the keyboard focus away. */
	keyFocusInput?: InputObject;
	overlay?: OverlayPanel;
	metrics!: Metrics;
	toggleKey: Enum.KeyCode | false;
	reducedMotion = false;
	/** Set by the window once its toasts exist. */
	notify: (request: NotifyRequest) => void = () => {};
	/** Set by the window: re-runs the search filter after rows change. */
	refilter: () => void = () => {};

	constructor(
		public readonly gui: ScreenGui,
		public readonly root: Frame,
		palette: Palette,
		textScale: number,
		toggleKey: Enum.KeyCode | false,
		public readonly selectionImage: Frame,
	) {
		this.motion = new Motion(() => this.reducedMotion);
		this.painter = new Painter(palette, this.motion);
		this.type = new Typesetter(textScale);
		this.pressables = new Pressables(selectionImage);
		this.toggleKey = toggleKey;
	}

	/** Binds `text` to a type style and its TextColor3 to a palette paint, both for the life of `scope`. */
	text<T extends TextLabel | TextButton | TextBox>(scope: Scope, text: T, style: TextStyle, color: Paint): T {
		this.type.bind(scope, text, style);
		this.painter.bind(scope, text as TextLabel, "TextColor3", color);
		return text;
	}

	/** Reports a failed script callback: a warning and a Danger notification titled "Action failed". */
	reportFailure(err: unknown) {
		const message = describeError(err);
		warnLib(`callback failed: ${message}`);
		if (this.alive) this.notify({ Title: "Action failed", Content: message, Kind: "Danger" });
	}

	/** Calls a script callback protected; returns false when it raised. */
	protect<A extends unknown[]>(fn: (...args: A) => unknown, ...args: A): boolean {
		const [ok, err] = pcall(fn, ...args);
		if (!ok) this.reportFailure(err);
		return ok;
	}

	/** Runs `fn` protected in a task the window owns (cancelled if the window goes first). */
	spawn(fn: () => void, scope: Scope = this.scope) {
		const thread = coroutine.create(() => {
			this.protect(fn);
			release(false);
		});
		// the thread starts after `release` exists (task.spawn below)
		const release = scope.give(thread);
		task.spawn(thread);
	}

	/** Releases text focus when the focused box is inside `root` (default: the whole window). */
	releaseFocus(root: Instance = this.gui) {
		const box = services.UserInputService.GetFocusedTextBox();
		if (box !== undefined && box.IsDescendantOf(root)) box.ReleaseFocus(false);
	}

	closeOverlay() {
		const overlay = this.overlay;
		this.overlay = undefined;
		overlay?.close();
	}

	cancelCapture() {
		const capture = this.capture;
		this.capture = undefined;
		capture?.cancel();
	}

	/** Ends every active Hold/Toggle keybind (their callbacks receive false). */
	releaseKeys() {
		for (const key of [...this.keys]) key.release();
	}

	/** The arrow handler for a key press: the gamepad-selected field, else the last pressed one. */
	arrowTarget(selected: GuiObject | undefined): ArrowHandler | undefined {
		for (const candidate of [selected, this.keyFocus]) {
			if (candidate === undefined) continue;
			const handler = this.arrowTargets.get(candidate);
			if (handler === undefined) continue;
			const overlay = this.overlay;
			if (overlay !== undefined && !overlay.contains(candidate)) continue;
			return handler;
		}
		return undefined;
	}

	/** Registers an arrow-key field in `scope`; pressing it makes it the keyboard focus. */
	arrowKeys(scope: Scope, field: GuiObject, handler: ArrowHandler) {
		this.arrowTargets.set(field, handler);
		scope.give(() => {
			this.arrowTargets.delete(field);
			if (this.keyFocus === field) this.keyFocus = undefined;
		});
		scope.give(
			field.InputBegan.Connect((input) => {
				if (
					input.UserInputType === Enum.UserInputType.MouseButton1 ||
					input.UserInputType === Enum.UserInputType.Touch
				) {
					this.keyFocus = field;
					this.keyFocusInput = input;
				}
			}),
		);
	}

	/** What hiding, tab changes and overlays interrupt: gestures, captures, held keys. */
	interrupt() {
		this.gestures.cancel();
		this.cancelCapture();
		this.releaseKeys();
	}
}
