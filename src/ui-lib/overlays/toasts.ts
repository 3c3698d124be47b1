// Notifications: at most three toasts stacked at the bottom-right of the safe area (newest at
// the bottom), each with a kind dot, a title, a bounded message, Dismiss and an optional action.
// Older toasts that do not fit are hidden until space frees. While the window is minimized the
// restore pill says "New notification".
import { button, corner, frame, label, stroke } from "../core/create";
import { fail } from "../core/errors";
import { clampOr } from "../core/numbers";
import { readOptions, textOption } from "../core/options";
import { truncateBytes } from "../core/utf8-text";
import { SIZE } from "../layout/geometry";
import { textHeight } from "../layout/measure";
import { createVeil } from "../parts/veil";
import type { Palette } from "../theme/palette";
import type { WindowCore } from "../context/window-core";

const MAX_TOASTS = 3;
const TITLE_BYTES = 240;
const CONTENT_BYTES = 800;
const HOST_WIDTH = 360;
const MESSAGE_MAX_HEIGHT = 120;
const GAP = 8;

/** What `window:Notify` returns: `Close()`, `Closed`, `Frame`. */
export interface ToastHandle {
	Close: () => void;
	Closed: boolean;
	Frame: Frame;
}

interface Toast {
	handle: ToastHandle;
	/** Lays the toast out for `width` and returns its height. */
	measure: (width: number) => number;
}

function kindPaint(kind: unknown): (p: Palette) => Color3 {
	if (kind === "Success") return (p) => p.Success;
	if (kind === "Warning") return (p) => p.Warning;
	if (kind === "Danger") return (p) => p.Danger;
	return (p) => p.Accent;
}

export class Toasts {
	private readonly host: Frame;
	private readonly list: Toast[] = [];
	/** Set by the window: the pill reacts to toasts that arrive while minimized. */
	onArrival: () => void = () => {};

	constructor(private readonly core: WindowCore) {
		this.host = frame("Notifications", core.root, { ZIndex: 60, AnchorPoint: new Vector2(1, 1) });
		core.scope.give(core.reflows.add(() => this.layout()));
	}

	notify(value: unknown): ToastHandle | undefined {
		const core = this.core;
		if (!core.alive) return undefined;
		const options = readOptions(value, "Notify", "Content");
		const action = options.Action;
		if (action !== undefined) {
			if (!typeIs(action, "table")) fail("Notify: Action must be a table { Text?, Callback? }");
			const callback = (action as { Callback?: unknown }).Callback;
			if (callback !== undefined && !typeIs(callback, "function"))
				fail("Notify: Action.Callback must be a function");
		}
		const title = truncateBytes(textOption(options, "Title", "Project UAI"), TITLE_BYTES);
		const content = truncateBytes(textOption(options, "Content", ""), CONTENT_BYTES);
		const duration = clampOr(options.Duration, 0, 60, 5);
		const scope = core.scope.child();
		const painter = core.painter;
		const typeset = core.type;

		const card = frame("Notification", this.host, { BackgroundTransparency: 0, ClipsDescendants: true });
		scope.give(card);
		corner(card, 12);
		painter.bind(scope, card, "BackgroundColor3", "Surface");
		painter.bind(scope, stroke(card), "Color", "Border");
		const dot = frame("Dot", card, {
			Size: UDim2.fromOffset(8, 8),
			Position: UDim2.fromOffset(14, 18),
			BackgroundTransparency: 0,
		});
		corner(dot, 4);
		painter.bind(scope, dot, "BackgroundColor3", kindPaint(options.Kind));
		const titleLabel = label("Title", card, {
			Text: title,
			TextWrapped: false,
			TextTruncate: Enum.TextTruncate.AtEnd,
		});
		core.text(scope, titleLabel, "Heading", "Text");
		const message = label("Message", card, { Text: content, ClipsDescendants: true, Visible: content !== "" });
		core.text(scope, message, "Caption", "Secondary");
		const dismiss = button("Dismiss", card, { Text: "Dismiss", AnchorPoint: new Vector2(1, 0) });
		typeset.bind(scope, dismiss, "Caption");
		const dismissState = core.pressables.track(scope, dismiss, () => dismissPaint.update(true));
		const dismissPaint = painter.bind(scope, dismiss, "TextColor3", (p) => (dismissState.hover ? p.Text : p.Muted));

		let actionButton: TextButton | undefined;
		if (action !== undefined) {
			const record = action as { Text?: unknown; Callback?: Callback };
			const face = button("NotificationAction", card, {
				Text: record.Text === undefined ? "Open" : tostring(record.Text),
				BackgroundTransparency: 0,
			});
			corner(face, SIZE.FieldRadius);
			typeset.bind(scope, face, "Caption");
			const actionState = core.pressables.track(scope, face, () => actionPaint.update(true));
			const actionPaint = painter.bind(scope, face, "BackgroundColor3", (p) =>
				actionState.pressed ? p.Pressed : actionState.hover ? p.Hover : p.Raised,
			);
			painter.bind(scope, face, "TextColor3", "Text");
			scope.give(
				face.Activated.Connect(() => {
					handle.Close();
					const callback = record.Callback;
					if (callback !== undefined) core.spawn(() => callback());
				}),
			);
			actionButton = face;
		}

		const handle: ToastHandle = {
			Closed: false,
			Frame: card,
			Close: () => {
				if (handle.Closed) return;
				scope.destroy();
				this.layout();
			},
		};
		// however the toast ends (Close, its timer, the window's teardown) it leaves the stack
		scope.give(() => {
			handle.Closed = true;
			const index = this.list.indexOf(toast);
			if (index >= 0) this.list.remove(index);
		});
		const toast: Toast = {
			handle,
			measure: (width) => {
				const target = core.metrics.target;
				const textWidth = width - 34 - 16;
				const messageHeight = math.min(
					MESSAGE_MAX_HEIGHT,
					textHeight(content, "Caption", typeset.scale, textWidth),
				);
				const titleHeight = typeset.size("Heading") + 4;
				titleLabel.Position = UDim2.fromOffset(30, 12);
				titleLabel.Size = new UDim2(1, -30 - 16, 0, titleHeight);
				message.Position = UDim2.fromOffset(30, 12 + titleHeight + 2);
				message.Size = new UDim2(1, -30 - 16, 0, messageHeight);
				const buttonsTop = 12 + titleHeight + 2 + messageHeight + (messageHeight > 0 ? 8 : 4);
				dismiss.Size = UDim2.fromOffset(72, target);
				dismiss.Position = new UDim2(1, -10, 0, buttonsTop);
				if (actionButton !== undefined) {
					actionButton.Size = UDim2.fromOffset(96, target);
					actionButton.AnchorPoint = new Vector2(1, 0);
					actionButton.Position = new UDim2(1, -90, 0, buttonsTop);
				}
				return buttonsTop + target + 10;
			},
		};
		scope.give(dismiss.Activated.Connect(() => handle.Close()));
		if (duration > 0) {
			const release = scope.give(
				task.delay(duration, () => {
					release(false);
					handle.Close();
				}),
			);
		}
		this.list.push(toast);
		while (this.list.size() > MAX_TOASTS) this.list[0].handle.Close();
		this.layout();
		createVeil(core, scope, card, "Surface", 12).play(true);
		this.onArrival();
		return handle;
	}

	/** Stacks toasts from the bottom, newest first; those that do not fit are hidden. */
	layout() {
		if (!this.core.alive) return;
		const safe = this.core.metrics.geometry.safe;
		const width = math.min(HOST_WIDTH, safe.width);
		this.host.Size = UDim2.fromOffset(width, safe.height);
		this.host.Position = UDim2.fromOffset(safe.x + safe.width, safe.y + safe.height);
		let bottom = safe.height;
		for (let i = this.list.size() - 1; i >= 0; i--) {
			const toast = this.list[i];
			const height = toast.measure(width);
			const fits = bottom - height >= 0;
			toast.handle.Frame.Visible = fits;
			if (fits) {
				toast.handle.Frame.Size = UDim2.fromOffset(width, height);
				toast.handle.Frame.Position = UDim2.fromOffset(0, bottom - height);
				bottom -= height + GAP;
			} else {
				bottom = -math.huge;
			}
		}
	}

	count(): number {
		return this.list.size();
	}
}
