// The entrance "reveal": a veil named Reveal (ZIndex 50, no input) over a node fades from opaque
// to transparent at fixed geometry, with no scaling. A repeated reveal of the same node while it
// is fading continues the same fade (rapid tab changes do not flash).
import { corner, frame } from "../core/create";
import type { Scope } from "../core/scope";
import type { Paint } from "../theme/painter";
import type { WindowCore } from "../context/window-core";
import { DURATION } from "../motion/motion";

export interface Veil {
	/** Starts the fade; `restart` makes the veil opaque first even if a fade is running. */
	play: (restart: boolean) => void;
}

export function createVeil(core: WindowCore, scope: Scope, parent: GuiObject, paint: Paint, radius: number): Veil {
	const veil = frame("Reveal", parent, {
		Size: UDim2.fromScale(1, 1),
		ZIndex: 50,
		BackgroundTransparency: 1,
		Active: false,
		Interactable: false,
	});
	if (radius > 0) corner(veil, radius);
	core.painter.bind(scope, veil, "BackgroundColor3", paint);
	return {
		play: (restart) => {
			if (core.reducedMotion) {
				core.motion.set(veil, "BackgroundTransparency", 1);
				return;
			}
			const fading = veil.BackgroundTransparency < 1;
			if (restart || !fading) core.motion.set(veil, "BackgroundTransparency", 0);
			core.motion.to(veil, "BackgroundTransparency", 1, DURATION.Enter);
		},
	};
}
