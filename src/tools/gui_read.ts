// Reading the player's screen for gui_tree and gui_text: a walk of the GUI containers (the
// executor's hidden container, CoreGui, PlayerGui), bounded in nodes and depth, that can skip
// what the player cannot see. Each node is named by a dotted path from its container
// ("hidden.MyWindow.Main.Title") that highlight accepts back.
import { GuiRoot } from "../host/screen";

export const NODE_LIMIT = 3000;

export interface GuiNode {
	readonly path: string;
	readonly depth: number;
	readonly instance: Instance;
	readonly visible: boolean;
}

/** Whether the instance itself is shown (ScreenGui.Enabled, GuiObject.Visible). */
export function shown(instance: Instance): boolean {
	if (instance.IsA("LayerCollector")) return instance.Enabled;
	if (instance.IsA("GuiObject")) return instance.Visible;
	return true;
}

export interface WalkOptions {
	readonly depth: number;
	readonly visibleOnly: boolean;
	/** Instances never listed (another container nested in this one). */
	readonly skip: ReadonlySet<Instance>;
}

/** Nodes under each root, depth-first; `incomplete` when NODE_LIMIT stopped the walk. */
export function walkGui(
	roots: ReadonlyArray<{ readonly path: string; readonly instance: Instance }>,
	options: WalkOptions,
): LuaTuple<[ReadonlyArray<GuiNode>, boolean]> {
	const nodes = new Array<GuiNode>();
	let incomplete = false;
	const visit = (instance: Instance, path: string, depth: number) => {
		for (const child of instance.GetChildren()) {
			if (options.skip.has(child)) continue;
			if (nodes.size() >= NODE_LIMIT) {
				incomplete = true;
				return;
			}
			// layout and style objects (UICorner, UIStroke, UIListLayout…) are details, not things on screen
			if (!child.IsA("GuiBase2d") && !child.IsA("Folder")) continue;
			const visible = shown(child);
			if (options.visibleOnly && !visible) continue;
			const childPath = `${path}.${child.Name}`;
			nodes.push({ path: childPath, depth, instance: child, visible });
			if (depth < options.depth) visit(child, childPath, depth + 1);
		}
	};
	for (const root of roots) visit(root.instance, root.path, 1);
	return $tuple(nodes, incomplete);
}

/** The instance a dotted path names ("hidden.Win.Main", "PlayerGui.Hud"), or nil and why. */
export function resolveGuiPath(
	roots: ReadonlyArray<GuiRoot>,
	path: string,
): LuaTuple<[Instance, undefined] | [undefined, string]> {
	const parts = path.split(".");
	const root = roots.find((r) => r.label === parts[0]);
	if (root === undefined)
		return $tuple(undefined, `no GUI container "${parts[0]}" (have: ${roots.map((r) => r.label).join(", ")})`);
	let current: Instance = root.instance;
	for (let index = 1; index < parts.size(); index++) {
		const child = current.FindFirstChild(parts[index]);
		if (child === undefined)
			return $tuple(undefined, `${parts.move(0, index - 1, 0, []).join(".")} has no child "${parts[index]}"`);
		current = child;
	}
	return $tuple(current, undefined);
}

/** The text an object shows, if it shows text. */
export function textOf(instance: Instance): string | undefined {
	if (instance.IsA("TextLabel") || instance.IsA("TextButton") || instance.IsA("TextBox")) return instance.Text;
	return undefined;
}
