// The GUI containers of the player's screen: the executor's hidden container (gethui), CoreGui
// where the executor may read it, and the local player's PlayerGui. The interface tools read
// what is on screen from these, and put their temporary outlines in the first that accepts one.
import { Players } from "@rbxts/services";

export interface GuiRoot {
	/** How tools name it: "hidden", "CoreGui" or "PlayerGui". */
	readonly label: string;
	readonly instance: Instance;
}

export interface HostScreen {
	/** The containers that exist right now, in that order (the hidden one first). */
	readonly roots: () => ReadonlyArray<GuiRoot>;
}

export function createHostScreen(gethui: Callback | undefined): HostScreen {
	return table.freeze({
		roots: () => {
			const list = new Array<GuiRoot>();
			if (gethui !== undefined) {
				const [ok, hidden] = pcall(gethui);
				if (ok && typeIs(hidden, "Instance")) list.push({ label: "hidden", instance: hidden });
			}
			const [coreOk, core] = pcall(() => game.GetService("CoreGui" as keyof Services) as Instance);
			// CoreGui is readable only with executor identity; a refusal just leaves it out
			if (coreOk && core !== undefined && pcall(() => core.GetChildren())[0]) {
				if (!list.some((root) => root.instance === core)) list.push({ label: "CoreGui", instance: core });
			}
			const playerGui = Players.LocalPlayer?.FindFirstChildOfClass("PlayerGui");
			if (playerGui !== undefined) list.push({ label: "PlayerGui", instance: playerGui });
			return list;
		},
	});
}
