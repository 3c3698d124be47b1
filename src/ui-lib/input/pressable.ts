// Hover, press and gamepad-selection state of a button, read from GuiObject.GuiState and
// SelectionGained/SelectionLost. The owner repaints from the state in `changed`; the window
// clears every pressed look at once on release, hide and focus loss.
import type { Scope } from "../core/scope";

export interface PressState {
	hover: boolean;
	pressed: boolean;
	selected: boolean;
}

export class Pressables {
	private readonly entries = new Map<GuiButton, { state: PressState; changed: () => void }>();

	constructor(private readonly selectionImage: GuiObject) {}

	/** Tracks `button`; `changed` runs after every state change (animate the repaint there). */
	track(scope: Scope, button: GuiButton, changed: () => void): PressState {
		const state: PressState = { hover: false, pressed: false, selected: false };
		button.SelectionImageObject = this.selectionImage;
		const readGuiState = () => {
			const guiState = button.GuiState;
			state.hover = guiState === Enum.GuiState.Hover || guiState === Enum.GuiState.Press;
			state.pressed = guiState === Enum.GuiState.Press;
			changed();
		};
		scope.give(button.GetPropertyChangedSignal("GuiState").Connect(readGuiState));
		scope.give(
			button.SelectionGained.Connect(() => {
				state.selected = true;
				changed();
			}),
		);
		scope.give(
			button.SelectionLost.Connect(() => {
				state.selected = false;
				changed();
			}),
		);
		this.entries.set(button, { state, changed });
		scope.give(() => this.entries.delete(button));
		return state;
	}

	/** Drops every pressed look (input released elsewhere); `hover` too when hidden or unfocused. */
	clearPressed(hover = false) {
		for (const [, entry] of this.entries) {
			if (entry.state.pressed || (hover && entry.state.hover)) {
				entry.state.pressed = false;
				if (hover) entry.state.hover = false;
				entry.changed();
			}
		}
	}

	count(): number {
		return this.entries.size();
	}
}
