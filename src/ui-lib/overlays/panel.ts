// The shared panel of dialogs and pickers: a backdrop, a rounded panel with a header (accent
// line, title, Close), a scrolling body, an actions row and the attribution band. One panel per
// window: opening one closes the previous, cancels key capture, releases held keys and gestures.
// Gamepad selection is trapped inside and restored on close.
import { services } from "../adapter/services";
import { button, corner, create, frame, label, stroke } from "../core/create";
import type { Scope } from "../core/scope";
import { SIZE } from "../layout/geometry";
import { createVeil, type Veil } from "../parts/veil";
import { attribution } from "../parts/brand";
import type { OverlayPanel, WindowCore } from "../context/window-core";

export interface PanelOptions {
	title: string;
	width: number;
	height: number;
	dismissible: boolean;
	/** Open under (or above) this field on desktop; a centred sheet on compact layouts. */
	anchor?: GuiObject;
	/** Lays out the actions row for the panel's inner width and returns its height (0: none). */
	layoutActions?: (width: number) => number;
	onClose?: () => void;
}

/** What Dialog, Confirm and the pickers' Open return: `Close()`, `Closed`, `Root`, `Frame`, `Body`. */
export interface PanelHandle {
	Close: () => void;
	Closed: boolean;
	Root: Frame;
	Frame: Frame;
	Body: ScrollingFrame;
}

export class Panel implements OverlayPanel {
	readonly scope: Scope;
	readonly root: Frame;
	readonly frame: Frame;
	readonly body: ScrollingFrame;
	readonly actions: Frame;
	readonly titleLabel: TextLabel;
	closed = false;
	/** The public handle; `Closed` turns true when the panel closes. */
	readonly handle: PanelHandle;
	/** Height the content wants inside the body; the body scrolls beyond it. */
	contentHeight = 0;
	/** Called after each layout with the body's inner width and height. */
	onLayout?: (width: number, height: number) => void;
	private readonly previousSelection?: GuiObject;
	private readonly header: Frame;
	private readonly dismissButton: TextButton;
	private readonly veil: Veil;

	constructor(
		private readonly core: WindowCore,
		private readonly options: PanelOptions,
	) {
		core.closeOverlay();
		core.interrupt();
		this.scope = core.scope.child();
		this.previousSelection = services.GuiService.SelectedObject;
		const painter = core.painter;
		const anchored = options.anchor !== undefined;
		this.root = frame("Overlay", core.root, { Size: UDim2.fromScale(1, 1), ZIndex: 40 });
		this.scope.give(this.root);
		const backdrop = button("Backdrop", this.root, {
			Size: UDim2.fromScale(1, 1),
			BackgroundTransparency: 0.4,
			Selectable: false,
		});
		painter.bind(this.scope, backdrop, "BackgroundColor3", "Scrim");
		this.scope.give(
			backdrop.Activated.Connect(() => {
				if (options.dismissible) this.close();
			}),
		);
		this.frame = frame("Panel", this.root, { BackgroundTransparency: 0, ClipsDescendants: true, ZIndex: 2 });
		this.frame.SelectionGroup = true;
		for (const side of ["Up", "Down", "Left", "Right"] as const)
			this.frame[`SelectionBehavior${side}`] = Enum.SelectionBehavior.Stop;
		corner(this.frame, SIZE.Radius);
		painter.bind(this.scope, this.frame, "BackgroundColor3", "Surface");
		painter.bind(this.scope, stroke(this.frame), "Color", "Border");

		this.header = frame("PanelHeader", this.frame, { Size: new UDim2(1, 0, 0, 54) });
		const line = frame("AccentLine", this.header, {
			Size: UDim2.fromOffset(40, 2),
			Position: UDim2.fromOffset(20, 0),
			BackgroundTransparency: 0,
		});
		painter.bind(this.scope, line, "BackgroundColor3", "Accent");
		this.titleLabel = label("Title", this.header, {
			Text: options.title,
			TextWrapped: false,
			TextTruncate: Enum.TextTruncate.AtEnd,
			TextYAlignment: Enum.TextYAlignment.Center,
		});
		core.text(this.scope, this.titleLabel, "Title", "Text");
		this.dismissButton = button("Dismiss", this.header, {
			Text: "Close",
			Visible: options.dismissible,
			AnchorPoint: new Vector2(1, 0),
		});
		core.type.bind(this.scope, this.dismissButton, "Body");
		const dismissState = core.pressables.track(this.scope, this.dismissButton, () => dismissPaint.update(true));
		const dismissPaint = painter.bind(this.scope, this.dismissButton, "TextColor3", (p) =>
			dismissState.hover ? p.Text : p.Muted,
		);
		this.scope.give(this.dismissButton.Activated.Connect(() => this.close()));

		this.body = create(
			"ScrollingFrame",
			{
				Name: "Body",
				BorderSizePixel: 0,
				BackgroundTransparency: 1,
				ScrollBarThickness: SIZE.Scrollbar,
				ScrollingDirection: Enum.ScrollingDirection.Y,
				CanvasSize: new UDim2(),
				ElasticBehavior: Enum.ElasticBehavior.Never,
			},
			this.frame,
		);
		painter.bind(this.scope, this.body, "ScrollBarImageColor3", "Border");
		this.actions = frame("Actions", this.frame, { Visible: options.layoutActions !== undefined });
		attribution(core, this.scope, this.frame);
		this.veil = createVeil(core, this.scope, this.frame, "Surface", SIZE.Radius);
		if (anchored && !core.metrics.geometry.compact) backdrop.BackgroundTransparency = 1;
		this.scope.give(core.reflows.add(() => this.reflow()));
		core.overlay = this;
		this.handle = { Close: () => this.close(), Closed: false, Root: this.root, Frame: this.frame, Body: this.body };
	}

	/** Lays out the built content, plays the entrance and moves gamepad selection to `focus`. */
	show(focus?: GuiObject) {
		this.reflow();
		this.veil.play(true);
		if (focus !== undefined && services.GuiService.SelectedObject !== undefined)
			services.GuiService.SelectedObject = focus;
	}

	dismissible(): boolean {
		return this.options.dismissible;
	}

	contains(instance: Instance): boolean {
		return instance.IsDescendantOf(this.root);
	}

	/** Asks for another height (its content grew or shrank) and lays the panel out again. */
	setHeight(height: number) {
		this.options.height = height;
		this.reflow();
	}

	/** Sizes and places the panel in the safe rect, then lays out its parts. */
	reflow() {
		if (this.closed) return;
		const metrics = this.core.metrics;
		const geometry = metrics.geometry;
		const safe = geometry.safe;
		const target = metrics.target;
		const width = math.floor(math.min(math.clamp(this.options.width, 160, 1200), safe.width));
		const headerHeight = math.max(54, target + 12);
		const layoutActions = this.options.layoutActions;
		const actionsHeight = layoutActions ? layoutActions(width - 40) : 0;
		const chrome = headerHeight + actionsHeight + SIZE.Footer;
		const wanted = math.clamp(this.options.height, 120, 1200);
		const height = math.floor(math.min(wanted, safe.height));
		const anchor = this.options.anchor;
		let position: Vector2;
		if (anchor !== undefined && !geometry.compact) {
			const fieldTop = anchor.AbsolutePosition.Y - this.core.root.AbsolutePosition.Y;
			const fieldLeft = anchor.AbsolutePosition.X - this.core.root.AbsolutePosition.X;
			const below = fieldTop + anchor.AbsoluteSize.Y + 4;
			const fitsBelow = below + height <= safe.y + safe.height;
			const y = fitsBelow ? below : math.max(safe.y, fieldTop - 4 - height);
			position = new Vector2(math.clamp(fieldLeft, safe.x, safe.x + safe.width - width), y);
		} else {
			position = new Vector2(safe.x + (safe.width - width) / 2, safe.y + (safe.height - height) / 2);
		}
		this.frame.Size = UDim2.fromOffset(width, height);
		this.frame.Position = UDim2.fromOffset(math.floor(position.X), math.floor(position.Y));
		this.header.Size = new UDim2(1, 0, 0, headerHeight);
		this.titleLabel.Position = UDim2.fromOffset(20, 2);
		this.titleLabel.Size = new UDim2(1, -40 - 80, 1, -2);
		this.dismissButton.Position = new UDim2(1, -12, 0, (headerHeight - target) / 2);
		this.dismissButton.Size = UDim2.fromOffset(72, target);
		// on touch, when the body would be shorter than two targets, the actions scroll with it
		const inline = metrics.touch && actionsHeight > 0 && height - chrome < 2 * target;
		const bodyHeight = math.max(0, height - chrome + (inline ? actionsHeight : 0));
		this.body.Position = UDim2.fromOffset(0, headerHeight);
		this.body.Size = new UDim2(1, 0, 0, bodyHeight);
		this.actions.Size = new UDim2(1, 0, 0, actionsHeight);
		if (this.onLayout) this.onLayout(width - 40, bodyHeight);
		if (inline) {
			this.actions.Parent = this.body;
			this.actions.Position = UDim2.fromOffset(0, this.contentHeight);
		} else {
			this.actions.Parent = this.frame;
			this.actions.Position = UDim2.fromOffset(0, headerHeight + bodyHeight);
		}
		this.body.CanvasSize = UDim2.fromOffset(0, this.contentHeight + (inline ? actionsHeight : 0));
	}

	close() {
		if (this.closed) return;
		this.closed = true;
		this.handle.Closed = true;
		if (this.core.overlay === this) this.core.overlay = undefined;
		const selected = services.GuiService.SelectedObject;
		if (selected !== undefined && selected.IsDescendantOf(this.root)) {
			const previous = this.previousSelection;
			services.GuiService.SelectedObject =
				previous !== undefined && previous.Parent !== undefined ? previous : undefined;
		}
		this.core.releaseFocus(this.root);
		this.scope.destroy();
		const onClose = this.options.onClose;
		if (onClose !== undefined) onClose();
	}
}
