// Binds instance colour properties to the window's palette. Each binding recomputes its colour
// from the palette (and from the state its closure reads) on theme changes and on `update()`;
// bindings live in the scope of what they paint, so teardown leaves none behind.
import type { Scope } from "../core/scope";
import type { Motion } from "../motion/motion";
import type { Palette, Token } from "./palette";

export type Paint = Token | ((palette: Palette) => Color3);

export interface Binding {
	/** Recomputes and applies the colour; `animated` tweens it (hover, press, state changes). */
	update: (animated?: boolean) => void;
}

interface Entry extends Binding {
	apply: () => void;
}

export class Painter {
	private readonly entries = new Set<Entry>();

	constructor(
		public palette: Palette,
		private readonly motion: Motion,
	) {}

	/** Paints `property` of `instance` with `paint` now and on every later repaint. */
	bind<I extends Instance>(scope: Scope, instance: I, property: keyof WritableInstanceProperties<I>, paint: Paint) {
		const resolve = () => (typeIs(paint, "string") ? this.palette[paint] : paint(this.palette));
		const key = property as string;
		const entry: Entry = {
			apply: () => {
				(instance as unknown as Record<string, unknown>)[key] = resolve();
			},
			update: (animated?: boolean) => {
				if (animated === true) this.motion.to(instance, key, resolve());
				else this.motion.set(instance, key, resolve());
			},
		};
		entry.apply();
		this.entries.add(entry);
		scope.give(() => this.entries.delete(entry));
		return entry as Binding;
	}

	/** Switches palette and repaints every bound property at once (motions are settled first). */
	repaint(palette: Palette) {
		this.palette = palette;
		this.motion.settleAll();
		for (const entry of this.entries) entry.apply();
	}

	/** Number of live bindings (tests prove teardown and repeated overlays leave none). */
	count(): number {
		return this.entries.size();
	}
}
