// Owned transitions of one window. Each (instance, property) has at most one tween; a new goal
// starts from the current value, an identical pending goal is a no-op, and settling (hide,
// destroy, focus loss, theme change) jumps every tween to its goal exactly. Without motion
// (reduced motion, zero duration, or a node that is not on screen) values are set at once.
import { services } from "../adapter/services";

export const DURATION = { Fast: 0.1, Enter: 0.16, Toggle: 0.14 } as const;

interface Active {
	tween: Tween;
	completed: RBXScriptConnection;
	/** A destroyed node ends its tween (a closed panel, a destroyed control). */
	destroying: RBXScriptConnection;
	goal: unknown;
}

/** True when `instance` is drawn: every GuiObject ancestor visible, inside an enabled LayerCollector. */
export function isRendered(instance: Instance): boolean {
	let node: Instance | undefined = instance;
	while (node !== undefined) {
		if (node.IsA("GuiObject")) {
			if (!node.Visible) return false;
		} else if (node.IsA("LayerCollector")) {
			return node.Enabled;
		}
		node = node.Parent;
	}
	return false;
}

export class Motion {
	private readonly active = new Map<Instance, Map<string, Active>>();

	constructor(private readonly reduced: () => boolean) {}

	/** Sets a property at once, ending any tween of it. */
	set(instance: Instance, property: string, value: unknown) {
		this.stop(instance, property);
		(instance as unknown as Record<string, unknown>)[property] = value;
	}

	/** Animates a property to `goal` (Quad Out), or sets it when motion does not apply. */
	to(instance: Instance, property: string, goal: unknown, duration: number = DURATION.Fast) {
		const current = this.active.get(instance)?.get(property);
		if (current !== undefined && current.goal === goal) return;
		if (this.reduced() || duration <= 0 || !isRendered(instance)) {
			this.set(instance, property, goal);
			return;
		}
		if ((instance as unknown as Record<string, unknown>)[property] === goal && current === undefined) return;
		this.stop(instance, property);
		const info = new TweenInfo(duration, Enum.EasingStyle.Quad, Enum.EasingDirection.Out);
		const tween = services.TweenService.Create(instance, info, { [property]: goal } as never);
		let byInstance = this.active.get(instance);
		if (byInstance === undefined) {
			byInstance = new Map();
			this.active.set(instance, byInstance);
		}
		const entry: Active = {
			tween,
			goal,
			completed: tween.Completed.Connect((state) => {
				if (state === Enum.PlaybackState.Completed) this.finish(instance, property, entry, false);
			}),
			destroying: instance.Destroying.Connect(() => this.finish(instance, property, entry, false)),
		};
		byInstance.set(property, entry);
		tween.Play();
	}

	/** Jumps every running tween to its goal. */
	settleAll() {
		for (const [instance, byInstance] of this.active) {
			for (const [property, entry] of byInstance) this.finish(instance, property, entry, true);
		}
	}

	/** Jumps the tweens of `root` and its descendants to their goals (hidden subtrees). */
	settleWithin(root: Instance) {
		for (const [instance, byInstance] of this.active) {
			if (instance === root || instance.IsDescendantOf(root)) {
				for (const [property, entry] of byInstance) this.finish(instance, property, entry, true);
			}
		}
	}

	/** Number of running tweens (tests prove settling and teardown leave none). */
	count(): number {
		let total = 0;
		for (const [, byInstance] of this.active) total += byInstance.size();
		return total;
	}

	private stop(instance: Instance, property: string) {
		const entry = this.active.get(instance)?.get(property);
		if (entry !== undefined) this.finish(instance, property, entry, false);
	}

	private finish(instance: Instance, property: string, entry: Active, jump: boolean) {
		const byInstance = this.active.get(instance);
		if (byInstance === undefined || byInstance.get(property) !== entry) return;
		byInstance.delete(property);
		if (byInstance.size() === 0) this.active.delete(instance);
		entry.completed.Disconnect();
		entry.destroying.Disconnect();
		entry.tween.Cancel();
		entry.tween.Destroy();
		if (jump && instance.Parent !== undefined) {
			(instance as unknown as Record<string, unknown>)[property] = entry.goal;
		}
	}
}
