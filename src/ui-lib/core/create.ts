// Instance factories with the library's defaults (no legacy border, no auto button colours,
// plain text without RichText). Properties are set before the parent, as Roblox recommends.

type Props<T extends Instance> = Partial<WritableInstanceProperties<T>>;

export function create<K extends keyof CreatableInstances>(
	className: K,
	props: Props<CreatableInstances[K]>,
	parent?: Instance,
): CreatableInstances[K] {
	const instance = new Instance(className);
	for (const [key, value] of pairs(props as object)) {
		(instance as unknown as Record<string, unknown>)[key as string] = value;
	}
	if (parent !== undefined) instance.Parent = parent;
	return instance;
}

/** A borderless Frame, transparent unless `props` says otherwise. */
export function frame(name: string, parent: Instance | undefined, props: Props<Frame> = {}): Frame {
	return create("Frame", { Name: name, BorderSizePixel: 0, BackgroundTransparency: 1, ...props }, parent);
}

/** A borderless Frame with an opaque background (painted by its owner). */
export function solid(name: string, parent: Instance | undefined, props: Props<Frame> = {}): Frame {
	return frame(name, parent, { BackgroundTransparency: 0, ...props });
}

/** A left-aligned, wrapping text label without RichText. */
export function label(name: string, parent: Instance | undefined, props: Props<TextLabel> = {}): TextLabel {
	return create(
		"TextLabel",
		{
			Name: name,
			BorderSizePixel: 0,
			BackgroundTransparency: 1,
			RichText: false,
			TextWrapped: true,
			TextXAlignment: Enum.TextXAlignment.Left,
			TextYAlignment: Enum.TextYAlignment.Top,
			...props,
		},
		parent,
	);
}

/** A text button with no automatic colours (the library paints its own states). */
export function button(name: string, parent: Instance | undefined, props: Props<TextButton> = {}): TextButton {
	return create(
		"TextButton",
		{
			Name: name,
			BorderSizePixel: 0,
			BackgroundTransparency: 1,
			AutoButtonColor: false,
			RichText: false,
			Text: "",
			Selectable: true,
			...props,
		},
		parent,
	);
}

export function corner(parent: Instance, radius: number): UICorner {
	return create("UICorner", { CornerRadius: new UDim(0, radius) }, parent);
}

/** Fully rounded corners (pills, dots, discs). */
export function round(parent: Instance): UICorner {
	return create("UICorner", { CornerRadius: new UDim(1, 0) }, parent);
}

export function stroke(parent: Instance, thickness = 1): UIStroke {
	return create("UIStroke", { Thickness: thickness, ApplyStrokeMode: Enum.ApplyStrokeMode.Border }, parent);
}

export function listLayout(parent: Instance, padding: number, direction = Enum.FillDirection.Vertical): UIListLayout {
	return create(
		"UIListLayout",
		{ FillDirection: direction, Padding: new UDim(0, padding), SortOrder: Enum.SortOrder.LayoutOrder },
		parent,
	);
}

/** Places `gui` at (x, y) with an offset size: Position, then Size. */
export function place(gui: GuiObject, x: number, y: number, width: number, height: number) {
	gui.Position = UDim2.fromOffset(x, y);
	gui.Size = UDim2.fromOffset(width, height);
}
