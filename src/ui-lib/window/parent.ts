// Where the library-owned ScreenGui goes: the given Parent, else gethui(), else CoreGui, else the
// local player's PlayerGui (waited for up to 10 s). Parent is the ScreenGui's parent, never a
// Frame to dock into.
import { hiddenGuiContainer } from "../adapter/executor";
import { coreGui, services } from "../adapter/services";
import { fail } from "../core/errors";

function tryParent(gui: ScreenGui, parent: Instance): boolean {
	const [ok] = pcall(() => {
		gui.Parent = parent;
	});
	return ok && gui.Parent === parent;
}

/** Parents `gui`; raises (after destroying it) when no parent accepts it. */
export function placeScreenGui(gui: ScreenGui, requested: Instance | undefined) {
	if (requested !== undefined) {
		const [ok, err] = pcall(() => {
			gui.Parent = requested;
		});
		if (!ok) {
			gui.Destroy();
			error(err, 0);
		}
		return;
	}
	const hidden = hiddenGuiContainer();
	if (hidden !== undefined && tryParent(gui, hidden)) return;
	const core = coreGui();
	if (core !== undefined && tryParent(gui, core)) return;
	const player = services.Players.LocalPlayer;
	const playerGui = player?.WaitForChild("PlayerGui", 10);
	if (playerGui !== undefined && tryParent(gui, playerGui)) return;
	gui.Destroy();
	fail(
		player === undefined
			? "CreateWindow: no LocalPlayer and no GUI container; pass Parent"
			: "CreateWindow: could not parent the window; pass Parent",
	);
}
