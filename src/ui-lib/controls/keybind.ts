// Keybind: a key (Enum.KeyCode or nil) that activates Callback(active, key) while the window is
// open (from any tab). Mode Press calls back true on each press; Hold true on press and false on
// release or any interruption; Toggle alternates until interrupted. Rebinding (capture, Set)
// calls the OnChanged option and listeners with the key, never the activation. Clicking the
// field captures the next key: Escape/ButtonB cancel, Backspace/Delete unbind, the window's
// ToggleKey is refused with a "Choose another key" warning.
import { fail, booleanOption, choiceOption, functionOption } from "../core";
import type { KeyCapture, KeyListener } from "../context/window-core";
import { isKeyCode, keyFromName } from "./keys";
import type { ControlContext } from "./control";
import { FieldControl } from "./field";

const MODES = ["Press", "Hold", "Toggle"] as const;
type Mode = (typeof MODES)[number];

export class KeybindControl extends FieldControl implements KeyListener {
	readonly Mode: Mode;
	Active = false;
	private readonly activeWhenHidden: boolean;
	private readonly onRebind?: Callback;
	private capturing?: KeyCapture;
	/** The key that made the current activation (released with it). */
	private activeKey?: Enum.KeyCode;

	constructor(context: ControlContext) {
		super("Keybind", context, "inline", 136, { TextTruncate: Enum.TextTruncate.AtEnd });
		const options = context.options;
		// the OnChanged option is the rebind callback (control:OnChanged adds listeners)
		this.onRebind = functionOption(options, "OnChanged", "Keybind");
		this.Mode = choiceOption(options, "Mode", MODES, "Press", "Keybind");
		this.activeWhenHidden = booleanOption(options, "ActiveWhenHidden", false, "Keybind");
		this.value = this.normalize(options.Default);

		const core = this.core;
		core.type.bind(this.scope, this.field, "Body");
		this.paint(this.field, "TextColor3", (p) =>
			this.Disabled
				? p.Disabled
				: this.capturing !== undefined
					? p.Accent
					: this.value === undefined
						? p.Muted
						: p.Text,
		);
		core.keys.add(this);
		this.scope.give(() => core.keys.delete(this));
		this.render();
	}

	protected engaged(): boolean {
		return this.capturing !== undefined;
	}

	protected activated() {
		if (this.capturing !== undefined) this.core.cancelCapture();
		else if (this.isInteractive()) this.startCapture();
	}

	protected normalize(value: unknown): unknown {
		if (value === undefined || value === false || value === "None") return undefined;
		let key: Enum.KeyCode | undefined;
		if (typeIs(value, "string")) {
			key = keyFromName(value);
			if (key === undefined) fail(`Keybind: unknown key name "${value}"`);
		} else if (isKeyCode(value)) key = value;
		else fail(`Keybind: the value must be an Enum.KeyCode, a key name or nil, got ${typeOf(value)}`);
		if (key === Enum.KeyCode.Unknown) return undefined;
		if (this.core.toggleKey !== false && key === this.core.toggleKey) {
			fail(`Keybind: ${key.Name} is the window's ToggleKey and cannot be bound`);
		}
		return key;
	}

	protected render() {
		const key = this.value as Enum.KeyCode | undefined;
		this.field.Text = this.capturing !== undefined ? "Press a key…" : key !== undefined ? key.Name : "Not set";
		this.repaint(true);
	}

	protected emitArgs(): unknown[] {
		return [this.value];
	}

	/** A rebind: the OnChanged option, then OnChanged listeners (never the activation Callback). */
	protected changeCallback(): Callback | undefined {
		return this.onRebind;
	}

	Set(value: unknown, silent?: boolean): this {
		this.assertAlive("Set");
		const key = this.normalize(value);
		this.release();
		this.commit(key, silent);
		return this;
	}

	// Activation --------------------------------------------------------------------------------

	private canActivate(): boolean {
		return (
			this.Alive &&
			this.core.alive &&
			!this.Disabled &&
			this.Visible &&
			this.value !== undefined &&
			(this.core.visible || this.activeWhenHidden)
		);
	}

	began(input: InputObject) {
		const key = this.value as Enum.KeyCode | undefined;
		if (key === undefined || input.KeyCode !== key || !this.canActivate()) return;
		if (this.Mode === "Press") {
			if (this.callback !== undefined) this.core.protect(this.callback, true, key);
			return;
		}
		if (this.Mode === "Hold") {
			if (this.Active) return;
			this.setActive(true, key);
			return;
		}
		this.setActive(!this.Active, key);
	}

	ended(input: InputObject) {
		if (this.Mode === "Hold" && this.Active && input.KeyCode === this.activeKey) this.release();
	}

	/** Ends an active Hold/Toggle: Callback(false, key). */
	release() {
		if (!this.Active) return;
		this.setActive(false, this.activeKey!);
	}

	private setActive(active: boolean, key: Enum.KeyCode) {
		this.Active = active;
		this.activeKey = active ? key : undefined;
		if (this.callback !== undefined) this.core.protect(this.callback, active, key);
	}

	/** Import: restores the key without calling back; an active hold is released afterwards. */
	restoreQuietly(value: unknown): (() => void) | undefined {
		const wasActive = this.Active;
		const previous = this.activeKey;
		this.Active = false;
		this.activeKey = undefined;
		this.value = value;
		this.render();
		if (!wasActive || previous === undefined || this.callback === undefined) return undefined;
		const callback = this.callback;
		return () => this.core.protect(callback, false, previous);
	}

	// Capture -----------------------------------------------------------------------------------

	private startCapture() {
		const core = this.core;
		core.cancelCapture();
		core.releaseKeys();
		const capture: KeyCapture = {
			take: (input) => this.take(input),
			cancel: () => {
				this.capturing = undefined;
				if (this.Alive) this.render();
			},
		};
		this.capturing = capture;
		core.capture = capture;
		this.render();
	}

	private take(input: InputObject) {
		const key = input.KeyCode;
		const core = this.core;
		if (key === Enum.KeyCode.Escape || key === Enum.KeyCode.ButtonB) {
			core.cancelCapture();
			return;
		}
		if (key === Enum.KeyCode.Backspace || key === Enum.KeyCode.Delete) {
			core.cancelCapture();
			this.Set(undefined);
			return;
		}
		if (core.toggleKey !== false && key === core.toggleKey) {
			core.notify({
				Title: "Choose another key",
				Content: `${key.Name} opens and closes this window.`,
				Kind: "Warning",
			});
			return;
		}
		core.cancelCapture();
		this.Set(key);
	}

	protected cancelInteraction() {
		super.cancelInteraction();
		if (this.capturing !== undefined) this.core.cancelCapture();
		this.release();
	}

	exportValue(): unknown {
		const key = this.value as Enum.KeyCode | undefined;
		return key !== undefined ? key.Name : false;
	}

	importValue(encoded: unknown): unknown {
		if (encoded !== false && !typeIs(encoded, "string")) error("a keybind value must be a key name or false", 0);
		return this.normalize(encoded);
	}
}
