// Button: an action face (ActionText, Style Primary/Danger/secondary). Pressing runs Callback in
// a task the window owns and shows LoadingText until it returns; presses while it runs are
// ignored. A Button holds no value.
import { textOption } from "../core";
import { actionButton, actionStyle, type ActionButton } from "../parts/action-button";
import { Control, type ControlContext } from "./control";

export class ButtonControl extends Control {
	private readonly face: ActionButton;
	private readonly actionText: string;
	private readonly loadingText: string;
	private loading = false;

	constructor(context: ControlContext) {
		super("Button", context, "inline", 116);
		const options = context.options;
		this.actionText = textOption(options, "ActionText", "Run");
		this.loadingText = textOption(options, "LoadingText", "Working…");
		this.face = actionButton(
			this.core,
			this.scope,
			this.slot,
			"Action",
			this.actionText,
			actionStyle(options.Style),
		);
		this.face.button.Size = UDim2.fromScale(1, 1);
		this.scope.give(this.face.button.Activated.Connect(() => this.Press()));
	}

	hasValue(): boolean {
		return false;
	}

	/** Runs the callback as a click would; false when the button cannot act or is already running. */
	Press(): boolean {
		if (!this.isInteractive() || this.loading) return false;
		this.SetLoading(true);
		const callback = this.callback;
		this.core.spawn(() => {
			const [ok, err] = pcall(() => {
				if (callback) callback();
			});
			if (this.Alive) this.SetLoading(false);
			if (!ok) error(err, 0);
		}, this.scope);
		return true;
	}

	SetLoading(loading: unknown): this {
		this.assertAlive("SetLoading");
		this.loading = loading === true;
		this.face.button.Text = this.loading ? this.loadingText : this.actionText;
		this.face.setMuted(this.loading || this.Disabled);
		return this;
	}

	protected applyDisabled() {
		this.face.setMuted(this.loading || this.Disabled);
	}
}
