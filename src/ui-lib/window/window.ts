// A library window: the ScreenGui it owns, its chrome (header, navigation, workspace with search
// and tab pages, footer, resize grip, restore pill, notifications) and the public Window API.
import { services } from "../adapter/services";
import { register, unregister } from "../adapter/registry";
import { exportConfig, importConfig, type ConfigWindow } from "../config/codec";
import { loadFile, saveFile } from "../config/files";
import { readTabLook, Tab, type WindowHost } from "../containers/tab";
import type { Control } from "../controls/control";
import { button, corner, create, frame, stroke, place } from "../core/create";
import { fail } from "../core/errors";
import { readOptions, textOption } from "../core/options";
import { isResource, type Release } from "../core/scope";
import { isPointerStart, pointOf } from "../input/gestures";
import { computeGeometry, SIZE, type Geometry } from "../layout/geometry";
import { createVeil, type Veil } from "../parts/veil";
import { openConfirm, openDialog, type DialogHandle } from "../overlays/dialog";
import { Toasts, type ToastHandle } from "../overlays/toasts";
import { buildPalette, isValidColor, THEME_NAMES, type Palette, type ThemeName } from "../theme/palette";
import { attribution, drawResizeStrokes } from "../parts/brand";
import { WindowCore } from "../context/window-core";
import { Header } from "./header";
import { routeKeys } from "./keys";
import { Navigation } from "./navigation";
import { clampTextScale, type WindowOptions } from "./options";
import { placeScreenGui } from "./parent";
import { Pill } from "./pill";
import { Profile } from "./profile";
import { Search } from "./search";

const FALLBACK_VIEWPORT = new Vector2(800, 600);

export class Window {
	readonly Id: string;
	Title: string;
	Alive = true;
	Visible = true;
	Theme: Palette;
	TextScale: number;
	ReducedMotion: boolean;
	ToggleKey: Enum.KeyCode | false;
	readonly Controls: Record<string, Control> = {};
	readonly Tabs: Tab[] = [];
	readonly ScreenGui: ScreenGui;
	readonly Frame: Frame;
	Touch = false;
	Target: number = SIZE.Target;

	private readonly core: WindowCore;
	private readonly header: Header;
	private readonly navigation: Navigation;
	private readonly workspace: Frame;
	private readonly content: Frame;
	private readonly search: Search;
	private readonly searchEnabled: boolean;
	private readonly resize: TextButton;
	private readonly pill: Pill;
	private readonly toasts: Toasts;
	private readonly windowVeil: Veil;
	private readonly contentVeil: Veil;
	private readonly host: WindowHost;
	private activeTab?: Tab;
	private subtitle: string;
	private themeName: ThemeName;
	private accent?: Color3;
	private reducedOverride?: boolean;
	private requested: { width: number; height: number; heightGiven: boolean };
	private dragged?: Vector2;
	private reflowKey = "";
	private lastSize?: Vector2;

	/** `replace` closes a live window with the same Id once this one has its ScreenGui parented. */
	constructor(options: WindowOptions, replace: () => void) {
		this.Id = options.id;
		this.Title = options.title;
		this.subtitle = options.subtitle;
		this.themeName = options.theme;
		this.accent = options.accent;
		this.reducedOverride = options.reducedMotion;
		this.TextScale = options.textScale;
		this.ToggleKey = options.toggleKey;
		this.searchEnabled = options.search;
		this.requested = { width: options.width, height: options.height, heightGiven: options.heightGiven };
		this.Theme = buildPalette(this.themeName, this.accent);

		const gui = create("ScreenGui", {
			Name: `ProjectUAI_UI_${options.id}`,
			ResetOnSpawn: false,
			IgnoreGuiInset: false,
			ZIndexBehavior: Enum.ZIndexBehavior.Sibling,
			DisplayOrder: options.displayOrder,
		});
		pcall(() => {
			gui.ScreenInsets = Enum.ScreenInsets.CoreUISafeInsets;
		});
		placeScreenGui(gui, options.parent);
		// only now that the new window can exist does the old one go (a failed Parent leaves it alive)
		replace();
		this.ScreenGui = gui;
		const root = frame("SafeViewport", gui, { Size: UDim2.fromScale(1, 1) });
		const selectionImage = frame("FocusRing", undefined, { Size: UDim2.fromScale(1, 1) });
		const core = new WindowCore(gui, root, this.Theme, this.TextScale, this.ToggleKey, selectionImage);
		this.core = core;
		core.reducedMotion = this.resolveReducedMotion();
		this.ReducedMotion = core.reducedMotion;
		const scope = core.scope;
		scope.give(gui);
		scope.give(selectionImage);
		corner(selectionImage, SIZE.FieldRadius);
		const ring = stroke(selectionImage, 2);
		core.painter.bind(scope, ring, "Color", "Accent");
		if (options.onDestroy !== undefined) scope.give(options.onDestroy);

		// first metrics, so every part can size itself while it is built
		core.metrics = {
			geometry: this.measureGeometry(),
			target: SIZE.Target,
			textScale: this.TextScale,
			touch: false,
			rowWidth: 0,
			pageHeight: 0,
		};

		// built in slices (the Pause option): unseen until it is whole
		const pause = options.pause;
		this.Frame = frame("Window", root, {
			BackgroundTransparency: 0,
			ClipsDescendants: true,
			Visible: pause === undefined,
		});
		corner(this.Frame, SIZE.Radius);
		core.painter.bind(scope, this.Frame, "BackgroundColor3", "Chrome");
		core.painter.bind(scope, stroke(this.Frame), "Color", "Subtle");
		pause?.();

		this.header = new Header(core, this.Frame, this.Title, this.subtitle);
		scope.give(this.header.minimize.Activated.Connect(() => this.Minimize()));
		scope.give(this.header.close.Activated.Connect(() => this.Destroy()));
		const profile = new Profile(core, this.Frame, options.gameName);
		this.navigation = new Navigation(core, this.Frame, options.themeToggle, profile, () => this.ToggleTheme());
		profile.frame.Parent = this.navigation.rail;
		pause?.();

		this.workspace = frame("Workspace", this.Frame, { BackgroundTransparency: 0, ClipsDescendants: true });
		corner(this.workspace, 14);
		core.painter.bind(scope, this.workspace, "BackgroundColor3", "Canvas");
		core.painter.bind(scope, stroke(this.workspace), "Color", "Subtle");
		this.content = frame("Content", this.workspace, { ClipsDescendants: true });
		this.contentVeil = createVeil(core, scope, this.content, "Canvas", 0);
		const tabs = () => this.Tabs;
		this.search = new Search(core, this.workspace, this.content, options.search, tabs, () => this.activeTab);
		core.refilter = () => this.search.refilter();

		attribution(core, scope, this.Frame);
		this.resize = button("Resize", this.Frame, {
			AnchorPoint: new Vector2(1, 1),
			Position: UDim2.fromScale(1, 1),
			Size: UDim2.fromOffset(24, 24),
			ZIndex: 6,
			Selectable: false,
		});
		drawResizeStrokes(scope, core.painter, this.resize);
		this.windowVeil = createVeil(core, scope, this.Frame, "Chrome", SIZE.Radius);
		pause?.();

		this.pill = new Pill(core, this.Title, () => this.Show());
		this.pill.setStatus(this.subtitle !== "" ? this.subtitle : "Minimized");
		this.toasts = new Toasts(core);
		core.notify = (request) => this.toasts.notify(request);
		this.toasts.onArrival = () => {
			if (!this.Visible && this.pill.button.Visible) this.pill.flash();
		};
		pause?.();

		this.host = {
			core,
			isActive: (tab) => this.activeTab === tab,
			select: (tab) => this.SelectTab(tab),
			tabHidden: (tab) => this.tabHidden(tab),
			tabRemoved: (tab) => {
				const index = this.Tabs.indexOf(tab);
				if (index >= 0) this.Tabs.remove(index);
				if (this.activeTab === tab) this.activeTab = undefined;
				core.refilter();
			},
			searchQuery: () => this.search.query,
			claimId: (id, control) => {
				if (this.Controls[id] !== undefined)
					fail(`${control.Kind}: a control with Id "${id}" already exists in this window`);
				this.Controls[id] = control;
			},
			releaseId: (id, control) => {
				if (this.Controls[id] === control) delete this.Controls[id];
			},
		};

		this.attachDragging();
		this.attachLayoutTriggers();
		routeKeys(core, () => this.Toggle());
		scope.give(gui.Destroying.Connect(() => this.Destroy()));
		scope.give(this.Frame.Destroying.Connect(() => this.Destroy()));
		register(this.Id, this);
		this.Frame.Visible = true;
		this.layout();
		this.windowVeil.play(true);
	}

	// Tabs ------------------------------------------------------------------------------------------

	Tab(value?: unknown): Tab {
		this.assertAlive("Tab");
		const options = readOptions(value, "Tab", "Title");
		const title = textOption(options, "Title", "Tab");
		const id = textOption(options, "Id", title);
		for (const tab of this.Tabs)
			if (tab.Id === id) fail(`Tab: a tab with Id "${id}" already exists in this window`);
		const look = readTabLook(options);
		const scope = this.core.scope.child();
		const tab = new Tab(this.host, scope, id, title, this.content, look);
		tab.nav = this.navigation.addTab(scope, id, title, this.Tabs.size() + 1, () => this.SelectTab(tab));
		this.Tabs.push(tab);
		this.layout();
		tab.layout();
		if (this.activeTab === undefined) this.SelectTab(tab);
		return tab;
	}

	SelectTab(value: unknown): this {
		this.assertAlive("SelectTab");
		const byId = typeIs(value, "string");
		let tab: Tab | undefined;
		for (const candidate of this.Tabs)
			if ((byId ? candidate.Id : candidate) === value) {
				tab = candidate;
				break;
			}
		if (tab === undefined)
			fail(
				byId
					? `SelectTab: no tab with Id "${value}"`
					: "SelectTab: the tab does not belong to this window or was destroyed",
			);
		if (!tab.Visible || tab === this.activeTab) return this;
		const previous = this.activeTab;
		const core = this.core;
		if (previous !== undefined) core.releaseFocus(previous.Frame);
		core.closeOverlay();
		core.interrupt();
		if (previous !== undefined) {
			previous.Frame.Visible = false;
			previous.nav.setActive(false);
			core.motion.settleWithin(previous.Frame);
		}
		this.activeTab = tab;
		tab.Frame.Visible = true;
		tab.nav.setActive(true);
		// tabs without search hide the box: the page gets its room
		if (previous === undefined || previous.look.search !== tab.look.search) this.layout();
		core.refilter();
		if (previous !== undefined) this.contentVeil.play(false);
		core.shown.fire();
		return this;
	}

	private tabHidden(tab: Tab) {
		if (this.activeTab !== tab) return;
		this.core.closeOverlay();
		tab.Frame.Visible = false;
		tab.nav.setActive(false);
		this.activeTab = undefined;
		for (const candidate of this.Tabs)
			if (candidate !== tab && candidate.Visible && candidate.Alive) {
				this.SelectTab(candidate);
				break;
			}
		this.core.shown.fire();
	}

	// Ownership -------------------------------------------------------------------------------------

	Give(resource: unknown): Release {
		if (resource === undefined) fail("Give: resource is nil");
		if (!isResource(resource)) {
			fail("Give expects a function, connection, Instance, thread or object with Destroy/Disconnect");
		}
		return this.core.scope.give(resource);
	}

	OnDestroy(resource: unknown): Release {
		return this.Give(resource);
	}

	Get(id: unknown): Control | undefined {
		return typeIs(id, "string") ? this.Controls[id] : undefined;
	}

	// Overlays --------------------------------------------------------------------------------------

	Notify(options?: unknown): ToastHandle | undefined {
		if (!this.Alive) return undefined;
		return this.toasts.notify(options);
	}

	Dialog(options?: unknown): DialogHandle {
		this.assertAlive("Dialog");
		return openDialog(this.core, options);
	}

	Confirm(options?: unknown): DialogHandle {
		this.assertAlive("Confirm");
		return openConfirm(this.core, options);
	}

	// Visibility ------------------------------------------------------------------------------------

	Show(): this {
		if (!this.Alive || this.Visible) return this;
		const core = this.core;
		core.motion.settleAll();
		this.Visible = true;
		core.visible = true;
		this.Frame.Visible = true;
		this.pill.hide();
		this.layout();
		this.windowVeil.play(true);
		core.shown.fire();
		return this;
	}

	Hide(): this {
		if (!this.Alive) return this;
		const core = this.core;
		core.releaseFocus();
		core.closeOverlay();
		core.interrupt();
		core.pressables.clearPressed(true);
		core.motion.settleAll();
		this.Visible = false;
		core.visible = false;
		this.Frame.Visible = false;
		this.pill.hide();
		const selected = services.GuiService.SelectedObject;
		if (selected !== undefined && selected.IsDescendantOf(this.ScreenGui))
			services.GuiService.SelectedObject = undefined;
		core.shown.fire();
		return this;
	}

	Minimize(): this {
		if (!this.Alive || !this.Visible) return this;
		this.Hide();
		this.pill.show();
		return this;
	}

	Toggle(): this {
		return this.Visible ? this.Minimize() : this.Show();
	}

	Destroy() {
		if (!this.Alive) return;
		const core = this.core;
		core.releaseFocus();
		core.closeOverlay();
		core.cancelCapture();
		core.releaseKeys();
		core.motion.settleAll();
		this.Alive = false;
		this.Visible = false;
		core.alive = false;
		core.gestures.cancel();
		unregister(this.Id, this);
		core.scope.destroy();
		for (const [id] of pairs(this.Controls)) delete this.Controls[id];
		this.Tabs.clear();
		this.activeTab = undefined;
	}

	// Title, theme, text scale, motion --------------------------------------------------------------

	SetTitle(title: unknown, subtitle?: unknown): this {
		this.assertAlive("SetTitle");
		this.Title = title !== undefined ? tostring(title) : "";
		if (subtitle !== undefined) {
			this.subtitle = tostring(subtitle);
			this.pill.setStatus(this.subtitle !== "" ? this.subtitle : "Minimized");
		}
		this.header.setText(this.Title, this.subtitle);
		this.pill.setTitle(this.Title);
		this.layout();
		return this;
	}

	SetTheme(name?: unknown, accent?: unknown): this {
		this.assertAlive("SetTheme");
		const theme = name !== undefined ? name : "Dark";
		if (!THEME_NAMES.includes(theme as ThemeName))
			fail(`SetTheme: theme must be Dark or Light, got ${tostring(theme)}`);
		if (accent !== undefined && !isValidColor(accent)) {
			fail("SetTheme: accent must be a Color3 with components between 0 and 1");
		}
		this.applyAppearance(theme as ThemeName, accent as Color3 | undefined);
		return this;
	}

	GetTheme(): LuaTuple<[ThemeName, Color3 | undefined]> {
		return $tuple(this.themeName, this.accent);
	}

	ToggleTheme(): this {
		this.assertAlive("ToggleTheme");
		this.applyAppearance(this.themeName === "Dark" ? "Light" : "Dark", this.accent);
		return this;
	}

	SetTextScale(scale: unknown): this {
		this.assertAlive("SetTextScale");
		if (!typeIs(scale, "number") || scale !== scale || math.abs(scale) === math.huge) {
			fail("SetTextScale expects a finite number");
		}
		this.TextScale = clampTextScale(scale);
		this.core.type.setScale(this.TextScale);
		this.layout();
		return this;
	}

	SetReducedMotion(reduced: unknown): this {
		this.assertAlive("SetReducedMotion");
		if (!typeIs(reduced, "boolean")) fail("SetReducedMotion expects a boolean");
		this.reducedOverride = reduced;
		this.applyReducedMotion();
		return this;
	}

	// Configuration ---------------------------------------------------------------------------------

	ExportConfig(): string {
		this.assertAlive("ExportConfig");
		return exportConfig(this.configView());
	}

	ImportConfig(json: unknown, options?: unknown): LuaTuple<[boolean, number | string]> {
		const silent = !(typeIs(options, "table") && (options as { Silent?: unknown }).Silent === false);
		return importConfig(this.configView(), json, silent);
	}

	SaveConfig(name: unknown): LuaTuple<[boolean, string]> {
		if (!this.Alive) return $tuple(false, "the window was destroyed");
		return saveFile(this.Id, name, () => this.ExportConfig());
	}

	LoadConfig(name: unknown, options?: unknown): LuaTuple<[boolean, number | string]> {
		if (!this.Alive) return $tuple(false, "the window was destroyed");
		const [ok, text] = loadFile(this.Id, name);
		if (!ok) return $tuple(false, text);
		return this.ImportConfig(text, options);
	}

	// Internals -------------------------------------------------------------------------------------

	/**
	 * Internal: how many bindings, tweens, listeners and owned resources the window holds, for
	 * tests proving that teardown and repeated panels leave nothing behind. Not public API.
	 */
	_counts() {
		const core = this.core;
		return {
			resources: core.scope.count(),
			paints: core.painter.count(),
			texts: core.type.count(),
			motions: core.motion.count(),
			presses: core.pressables.count(),
			keys: core.keys.size(),
			arrows: core.arrowTargets.size(),
			reflows: core.reflows.size(),
			shown: core.shown.size(),
			toasts: this.toasts.count(),
		};
	}

	private assertAlive(method: string) {
		if (!this.Alive) fail(`${method}: the window was destroyed`);
	}

	private configView(): ConfigWindow {
		return {
			Id: this.Id,
			Alive: this.Alive,
			persistedControls: () => {
				const list: Control[] = [];
				for (const [, control] of pairs(this.Controls)) {
					if (control.Persist && control.hasValue()) list.push(control);
				}
				return list;
			},
			appearance: () => ({ theme: this.themeName, accent: this.accent }),
			applyAppearance: (theme, accent) => this.applyAppearance(theme, accent),
		};
	}

	private applyAppearance(theme: ThemeName, accent: Color3 | undefined) {
		this.themeName = theme;
		this.accent = accent;
		this.Theme = buildPalette(theme, accent);
		this.core.painter.repaint(this.Theme);
		this.navigation.updateThemeLabel();
	}

	private resolveReducedMotion(): boolean {
		const override = this.reducedOverride;
		return override !== undefined ? override : services.GuiService.ReducedMotionEnabled;
	}

	private applyReducedMotion() {
		const reduced = this.resolveReducedMotion();
		this.ReducedMotion = reduced;
		this.core.reducedMotion = reduced;
		if (reduced) this.core.motion.settleAll();
	}

	private viewport(): Vector2 {
		const size = this.core?.root.AbsoluteSize;
		if (size !== undefined && size.X > 0 && size.Y > 0) return size;
		const camera = services.Workspace.CurrentCamera;
		return camera !== undefined ? camera.ViewportSize : FALLBACK_VIEWPORT;
	}

	private measureGeometry(): Geometry {
		const viewport = this.viewport();
		const keyboard = services.UserInputService.OnScreenKeyboardVisible;
		let available: number | undefined;
		if (keyboard) {
			const [inset] = services.GuiService.GetGuiInset();
			const top = this.core !== undefined ? this.core.root.AbsolutePosition.Y + inset.Y : inset.Y;
			available = services.UserInputService.OnScreenKeyboardPosition.Y - top;
		}
		return computeGeometry({
			viewport,
			availableHeight: available,
			touch: services.UserInputService.TouchEnabled,
			textScale: this.TextScale,
			width: this.requested.width,
			height: this.requested.height,
			heightGiven: this.requested.heightGiven,
			dragged: this.dragged,
			searchFocused: this.search !== undefined && this.searchEnabled && this.search.focused(),
			keyboardVisible: keyboard,
		});
	}

	/** Recomputes the geometry and places everything; re-measures rows when widths changed. */
	private layout() {
		const core = this.core;
		if (!this.Alive) return;
		const geometry = this.measureGeometry();
		const touch = services.UserInputService.TouchEnabled;
		const previousTouch = this.Touch;
		this.Touch = touch;
		this.Target = geometry.target;
		const width = geometry.size.X;
		const height = geometry.size.Y;
		this.Frame.Size = UDim2.fromOffset(width, height);
		this.Frame.Position = UDim2.fromOffset(geometry.position.X, geometry.position.Y);
		this.header.layout(geometry);
		this.navigation.layout(geometry, width, height);
		const inset = geometry.inset;
		const top = geometry.headerHeight + (geometry.compact ? geometry.stripHeight : 0);
		const left = geometry.compact ? inset : geometry.sidebarWidth;
		const workspaceWidth = math.max(0, width - left - inset);
		const workspaceHeight = math.max(0, height - top - SIZE.Footer);
		place(this.workspace, left, top, workspaceWidth, workspaceHeight);
		const active = this.activeTab;
		const searchShown =
			this.searchEnabled && geometry.searchVisible && (active === undefined || active.look.search);
		const box = this.search.box;
		box.Visible = searchShown;
		const searchBlock = searchShown ? geometry.searchBlock : 0;
		box.Position = UDim2.fromOffset(geometry.pad, 10);
		box.Size = new UDim2(1, -2 * geometry.pad, 0, geometry.target);
		this.content.Position = UDim2.fromOffset(0, searchBlock);
		this.content.Size = new UDim2(1, 0, 1, -searchBlock);
		this.resize.Visible = geometry.resizeVisible;
		const rowWidth = math.max(0, workspaceWidth - 2 * geometry.pad - 32 - 4);
		const pageHeight = math.max(0, workspaceHeight - searchBlock);
		core.metrics = { geometry, target: geometry.target, textScale: this.TextScale, touch, rowWidth, pageHeight };
		const key = `${rowWidth}|${geometry.target}|${this.TextScale}`;
		if (key !== this.reflowKey) {
			this.reflowKey = key;
			for (const tab of this.Tabs) tab.layout();
		}
		// a touch layout that changes size (rotation, keyboard) ends the gesture under the finger
		const resized = this.lastSize !== undefined && this.lastSize !== geometry.size;
		if (previousTouch !== touch || (touch && resized)) core.gestures.cancel();
		this.lastSize = geometry.size;
		this.pill.place(geometry);
		core.reflows.fire();
	}

	/** Header drag moves the window; the resize grip changes the requested size (mouse only). */
	private attachDragging() {
		const core = this.core;
		const begin = (input: InputObject, move: (delta: Vector2) => void) => {
			if (!isPointerStart(input)) return;
			const start = pointOf(input);
			core.gestures.begin(input, {
				move: (point) => move(point.sub(start)),
				finish: () => {},
				cancel: () => {},
			});
		};
		core.scope.give(
			this.header.frame.InputBegan.Connect((input) => {
				const origin = new Vector2(this.Frame.Position.X.Offset, this.Frame.Position.Y.Offset);
				begin(input, (delta) => {
					const geometry = core.metrics.geometry;
					this.dragged = origin.add(delta);
					const x = math.clamp(
						this.dragged.X,
						geometry.margin,
						math.max(geometry.margin, geometry.safe.x + geometry.safe.width - geometry.size.X),
					);
					const y = math.clamp(
						this.dragged.Y,
						geometry.margin,
						math.max(geometry.margin, geometry.safe.y + geometry.safe.height - geometry.size.Y),
					);
					// moving the frame only: rows are not re-measured while dragging
					this.Frame.Position = UDim2.fromOffset(math.floor(x), math.floor(y));
				});
			}),
		);
		core.scope.give(
			this.resize.InputBegan.Connect((input) => {
				const size = core.metrics.geometry.size;
				begin(input, (delta) => {
					this.requested.width = math.clamp(size.X + delta.X, SIZE.MinWidth, 1600);
					this.requested.height = math.clamp(size.Y + delta.Y, SIZE.MinHeight, 1200);
					this.requested.heightGiven = true;
					this.layout();
				});
			}),
		);
	}

	/** Everything that changes the geometry triggers a layout pass. */
	private attachLayoutTriggers() {
		const core = this.core;
		const scope = core.scope;
		const relayout = () => this.layout();
		scope.give(core.root.GetPropertyChangedSignal("AbsoluteSize").Connect(relayout));
		scope.give(core.root.GetPropertyChangedSignal("AbsolutePosition").Connect(relayout));
		let cameraConnection: RBXScriptConnection | undefined;
		const connectCamera = () => {
			if (cameraConnection) cameraConnection.Disconnect();
			const camera = services.Workspace.CurrentCamera;
			cameraConnection = camera && camera.GetPropertyChangedSignal("ViewportSize").Connect(relayout);
		};
		scope.give(
			services.Workspace.GetPropertyChangedSignal("CurrentCamera").Connect(() => {
				connectCamera();
				relayout();
			}),
		);
		scope.give(() => {
			if (cameraConnection) cameraConnection.Disconnect();
		});
		connectCamera();
		const keyboardRelayout = this.keyboardLayoutTrigger(relayout);
		for (const property of ["OnScreenKeyboardVisible", "OnScreenKeyboardSize", "OnScreenKeyboardPosition"] as const)
			scope.give(services.UserInputService.GetPropertyChangedSignal(property).Connect(keyboardRelayout));
		scope.give(services.UserInputService.GetPropertyChangedSignal("TouchEnabled").Connect(relayout));
		const revealFocused = () => {
			// typing starts: a pending key capture would take the typed keys
			core.cancelCapture();
			relayout();
			const release = scope.give(
				task.delay(0.05, () => {
					release(false);
					this.revealFocusedField();
				}),
			);
		};
		scope.give(services.UserInputService.TextBoxFocused.Connect(revealFocused));
		scope.give(services.UserInputService.TextBoxFocusReleased.Connect(keyboardRelayout));
		scope.give(
			services.GuiService.GetPropertyChangedSignal("ReducedMotionEnabled").Connect(() => {
				if (this.reducedOverride === undefined) this.applyReducedMotion();
			}),
		);
	}

	/**
	 * Layout after an on-screen keyboard change. Showing lays out at once; hiding lays out at the
	 * next resumption point, or when every touch has ended if one is down by then: a tap on Send
	 * that takes the focus from the message box hides the keyboard as the touch starts, and
	 * growing the window under the finger would move Send away before the touch ends.
	 */
	private keyboardLayoutTrigger(relayout: () => void): () => void {
		const scope = this.core.scope;
		const uis = services.UserInputService;
		let touches = 0;
		let waiting = false;
		let timer: thread | undefined;
		const release = () => {
			if (!waiting || touches > 0 || timer !== undefined) return;
			waiting = false;
			relayout();
		};
		const isTouch = (input: InputObject) => input.UserInputType === Enum.UserInputType.Touch;
		scope.give(
			uis.InputBegan.Connect((input) => {
				if (isTouch(input)) touches += 1;
			}),
		);
		scope.give(
			uis.InputEnded.Connect((input) => {
				if (!isTouch(input)) return;
				touches = math.max(0, touches - 1);
				release();
			}),
		);
		scope.give(() => {
			if (timer !== undefined) task.cancel(timer);
		});
		return () => {
			if (!uis.TouchEnabled || (uis.OnScreenKeyboardVisible && uis.GetFocusedTextBox() !== undefined)) {
				waiting = false;
				relayout();
				return;
			}
			waiting = true;
			if (timer !== undefined) return;
			timer = task.defer(() => {
				timer = undefined;
				release();
			});
		};
	}

	/**
	 * Scrolls the focused field of this window into view (8 px margins), with its companions
	 * (Input:RevealWith) when it has some: when field and companions do not fit together, their
	 * bottom is kept in view (the companions and the field's last lines, where typing goes).
	 */
	private revealFocusedField() {
		const box = services.UserInputService.GetFocusedTextBox();
		if (box === undefined || !this.Alive || !box.IsDescendantOf(this.ScreenGui)) return;
		const companions: GuiObject[] = [];
		for (const companion of this.core.companions.get(box) ?? [])
			if (companion.Parent !== undefined && companion.Visible) companions.push(companion);
		let node = box.Parent;
		while (node !== undefined && node !== this.ScreenGui) {
			if (node.IsA("ScrollingFrame")) {
				let top = box.AbsolutePosition.Y;
				let bottom = top + box.AbsoluteSize.Y;
				for (const companion of companions) {
					if (!companion.IsDescendantOf(node)) continue;
					top = math.min(top, companion.AbsolutePosition.Y);
					bottom = math.max(bottom, companion.AbsolutePosition.Y + companion.AbsoluteSize.Y);
				}
				const view = node.AbsoluteWindowSize.Y;
				const canvas = node.CanvasPosition;
				top -= node.AbsolutePosition.Y;
				bottom -= node.AbsolutePosition.Y;
				const fits = companions.isEmpty() || bottom - top <= view - 16;
				if (fits && top < 8) node.CanvasPosition = new Vector2(canvas.X, math.max(0, canvas.Y + top - 8));
				else if (!fits || bottom > view - 8)
					node.CanvasPosition = new Vector2(
						canvas.X,
						math.max(0, canvas.Y + (fits ? math.min(top - 8, bottom - view + 8) : bottom - view + 8)),
					);
			}
			node = node.Parent;
		}
	}
}
