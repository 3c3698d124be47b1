// Mounts the application window: one UI LIB window whose tabs are the panels. The window owns every
// subscription the panels make; unloading the client destroys it (a client cleanup), while closing
// it only releases the view — the client, its conversations and providers keep running.
// The mount is sliced (slices.ts): it draws the window, the tab strip and the Chat page, a frame's
// share at a time where the showing thread may yield; the other pages are built after it in the
// background, a slice a frame, and a page not built yet when it is shown (`uai.show(panel)` or its
// tab pressed) is finished then, so every page is whole whenever a user or a host sees it.
import type { Handle, Tab, Window } from "../api";
type UILib = typeof import("../ui-lib");
import { followAppearance, windowAppearance } from "./appearance";
import { NoticesSeen, presentNotices } from "./notices";
import type { ApprovalPresenter } from "./panels/chat/approvals";
import type * as ChatPanel from "./panels/chat";
import type * as LogsPanel from "./panels/logs";
import type * as ProvidersPanel from "./panels/providers";
import type * as SettingsPanel from "./panels/settings";
import { PanelName } from "./panels";
import { Build, CONTROL_UNITS, createBuild, loadPaced, Pause } from "./slices";

/** Drawing a tab (its page, its button in the rail, the window's layout): one a frame. */
const TAB_UNITS = 2000;
/** Drawing a part of the window (`CreateWindow`'s Pause): a frame's share. */
const WINDOW_UNITS = 2000;

// The module groups the mount and the pages load on first use (UI LIB, a panel): each is compiled
// a frame's share at a time (slices.ts, loadPaced), then required. The requires are literal, so the
// bundler still finds and carries the modules.
const panel = (name: string) => script.Parent!.WaitForChild("panels").WaitForChild(name);
/* eslint-disable @typescript-eslint/no-require-imports */
const loaders = {
	ui: () => require(script.Parent!.Parent!.WaitForChild("ui-lib") as ModuleScript) as UILib,
	chat: () => require(script.Parent!.WaitForChild("panels").WaitForChild("chat") as ModuleScript) as typeof ChatPanel,
	providers: () =>
		require(
			script.Parent!.WaitForChild("panels").WaitForChild("providers") as ModuleScript,
		) as typeof ProvidersPanel,
	settings: () =>
		require(script.Parent!.WaitForChild("panels").WaitForChild("settings") as ModuleScript) as typeof SettingsPanel,
	logs: () => require(script.Parent!.WaitForChild("panels").WaitForChild("logs") as ModuleScript) as typeof LogsPanel,
};
/* eslint-enable @typescript-eslint/no-require-imports */

export const APP_WINDOW_ID = "project-uai-app";

export interface MountedApp {
	/** Finishes the mount (sliced where the thread may yield); the other pages follow behind. */
	readonly ready: () => void;
	readonly alive: () => boolean;
	readonly visible: () => boolean;
	readonly show: (panel?: PanelName) => void;
	readonly hide: () => void;
	readonly minimize: () => void;
}

/** What outlives a window: the notices already shown and the queue of approvals. */
export interface AppState {
	readonly seen: NoticesSeen;
	readonly approvals: ApprovalPresenter;
}

export function mountApp(uai: Handle, onGone: () => void, state: AppState): MountedApp {
	let window: Window | undefined;
	let closed = false;
	const tabs = new Map<PanelName, Tab>();
	const pages = new Map<PanelName, Build>();
	const background = new Array<Build>();
	let behind = false;
	// the background build's thread, cancelled when the window goes so unloading leaves no thread
	let behindThread: thread | undefined;

	const mounting = createBuild(uai, (pause) => {
		const UI = loadPaced(uai, pause, script.Parent!.Parent!.WaitForChild("ui-lib"), loaders.ui);
		const { buildChatPanel } = loadPaced(uai, pause, panel("chat"), loaders.chat);
		const made: Window = UI.CreateWindow({
			Id: APP_WINDOW_ID,
			Title: "Project UAI",
			Subtitle: `v${uai.version}`,
			// The theme is a client setting (`ui.theme`, Settings → Appearance) that the window follows;
			// UI LIB's built-in Light/Dark action would change the window alone, so the app omits it.
			ThemeToggle: false,
			// room for a conversation: UI LIB fits these to the safe viewport on smaller screens
			Width: 960,
			Height: 800,
			...windowAppearance(uai.config),
			// the window is drawn over slices of the mount too (it stays hidden until whole)
			Pause: () => pause(WINDOW_UNITS),
		});
		window = made;
		const cleanup = uai.env.require("runtime/cleanup");
		const [release] = cleanup.add(() => made.Destroy(), "app: window");
		made.Give(() => {
			closed = true;
			if (behindThread !== undefined && behindThread !== coroutine.running()) task.cancel(behindThread);
			behindThread = undefined;
			if (release !== undefined) release(false);
			onGone();
		});
		pause(WINDOW_UNITS);

		// app pages are not script-tool lists: no search box, counter or eyebrow (the chat no heading)
		const tab = (name: PanelName, title: string, heading = true) => {
			const page = made.Tab({
				Id: name,
				Title: title,
				Search: false,
				Summary: false,
				Eyebrow: false,
				Heading: heading,
			});
			tabs.set(name, page);
			pause(TAB_UNITS);
			return page;
		};
		const chat = tab("chat", "Chat", false);
		const conversations = tab("conversations", "Conversations");
		// the other pages: built after the mount, or when first shown (their tab pressed)
		const later = (name: PanelName, title: string, build: (page: Tab, pause: Pause) => void) => {
			const page = tab(name, title);
			const built = createBuild(uai, (pausePage) => build(page, pausePage));
			pages.set(name, built);
			background.push(built);
			made.Give(
				page.Frame.GetPropertyChangedSignal("Visible").Connect(() => {
					// its tab was pressed: the page is seen now, so it is finished in one go
					if (page.Frame.Visible) built.finish(true);
				}),
			);
		};
		later("providers", "Providers", (page, pausePage) => {
			const { buildProvidersPanel } = loadPaced(uai, pausePage, panel("providers"), loaders.providers);
			buildProvidersPanel(uai, made, page, pausePage);
		});
		later("settings", "Settings", (page, pausePage) => {
			const { buildSettingsPanel } = loadPaced(uai, pausePage, panel("settings"), loaders.settings);
			buildSettingsPanel(uai, made, page, pausePage);
		});
		later("logs", "Logs", (page, pausePage) => {
			const { buildLogsPanel } = loadPaced(uai, pausePage, panel("logs"), loaders.logs);
			buildLogsPanel(uai, made, page, pausePage);
		});
		buildChatPanel(uai, made, chat, conversations, pause);
		pause(CONTROL_UNITS * 4);
		followAppearance(uai.config, made);
		state.approvals.attach(made);
		presentNotices(uai, made, state.seen);
	});

	// the background: one slice a frame of the first page not built yet, while the window lives
	const buildBehind = () => {
		// a client loaded from a model may have had its module tree removed: nothing left to load
		while (!closed && script.Parent !== undefined) {
			const waiting = background.find((page) => !page.done());
			if (waiting === undefined) return;
			waiting.slice();
			task.wait();
		}
	};
	const ready = (): Window => {
		mounting.finish();
		if (window === undefined || !mounting.done()) error("the application is still mounting", 0);
		return window;
	};

	return {
		ready: () => {
			ready();
			if (behind) return;
			behind = true;
			behindThread = task.defer(buildBehind);
		},
		alive: () => !closed && (window === undefined || window.Alive),
		visible: () => window !== undefined && window.Visible,
		show: (panel) => {
			const shown = ready();
			shown.Show();
			if (panel === undefined) return;
			pages.get(panel)?.finish();
			const target = tabs.get(panel);
			if (target !== undefined) shown.SelectTab(target);
		},
		hide: () => ready().Hide(),
		minimize: () => ready().Minimize(),
	};
}
