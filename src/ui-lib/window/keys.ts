// Keyboard routing of one window (UserInputService), in this order on InputBegan:
//   1. an active key capture takes the key;  2. with a panel open, Escape or ButtonB closes it
//   when dismissible;  3. while no TextBox is focused, a focused slider or colour field takes its
//   arrow/Home/End/D-pad keys (gamepad D-pad input arrives processed);  4. processed input and
//   typing are ignored;  5. the ToggleKey toggles the window;  6. with a panel open nothing else
//   fires;  7. keybinds receive the key.
// InputEnded always reaches keybinds (a Hold releases even when the release was processed), and
// releases pressed looks and the pointer gesture. Losing window focus interrupts everything.
import { services } from "../adapter/services";
import { isPointerStart } from "../input/gestures";
import type { WindowCore } from "../context/window-core";

function isKeyInput(input: InputObject): boolean {
	return (
		input.UserInputType === Enum.UserInputType.Keyboard ||
		input.UserInputType.Name.match("^Gamepad")[0] !== undefined
	);
}

export function routeKeys(core: WindowCore, toggle: () => void) {
	const scope = core.scope;
	scope.give(
		services.UserInputService.InputBegan.Connect((input, processed) => {
			if (!core.alive) return;
			// a press anywhere but the focused field ends its keyboard focus
			if (isPointerStart(input) && input !== core.keyFocusInput) core.keyFocus = undefined;
			const key = input.KeyCode;
			const capture = core.capture;
			if (capture !== undefined && isKeyInput(input) && key !== Enum.KeyCode.Unknown) {
				capture.take(input);
				return;
			}
			const overlay = core.overlay;
			if (overlay !== undefined && (key === Enum.KeyCode.Escape || key === Enum.KeyCode.ButtonB)) {
				if (overlay.dismissible()) core.closeOverlay();
				return;
			}
			const typing = services.UserInputService.GetFocusedTextBox() !== undefined;
			if (!typing) {
				const arrows = core.arrowTarget(services.GuiService.SelectedObject);
				if (arrows !== undefined && arrows(key)) return;
			}
			if (processed || typing) return;
			if (core.toggleKey !== false && key === core.toggleKey) {
				toggle();
				return;
			}
			if (overlay !== undefined) return;
			for (const listener of [...core.keys]) listener.began(input);
		}),
	);
	scope.give(
		services.UserInputService.InputEnded.Connect((input) => {
			if (!core.alive) return;
			core.pressables.clearPressed();
			core.gestures.ended(input);
			for (const listener of [...core.keys]) listener.ended(input);
		}),
	);
	scope.give(services.UserInputService.InputChanged.Connect((input) => core.gestures.changed(input)));
	scope.give(
		services.UserInputService.WindowFocusReleased.Connect(() => {
			core.interrupt();
			core.pressables.clearPressed(true);
			core.motion.settleAll();
		}),
	);
}
