// Mounts the application window: one UI LIB window whose tabs are the panels. The window owns every
// subscription the panels make; unloading the client destroys it (a client cleanup), while closing
// it only releases the view — the client, its conversations and providers keep running.
import type { Handle, Tab, Window } from "../api";
import UI from "../ui-lib";
import { followAppearance, windowAppearance } from "./appearance";
import { NoticesSeen, presentNotices } from "./notices";
import type { ApprovalPresenter } from "./panels/chat/approvals";
import { PanelName } from "./panels";
import { buildChatPanel } from "./panels/chat";
import { buildLogsPanel } from "./panels/logs";
import { buildProvidersPanel } from "./panels/providers";
import { buildSettingsPanel } from "./panels/settings";

export const APP_WINDOW_ID = "project-uai-app";

export interface MountedApp {
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
	const window: Window = UI.CreateWindow({
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
	});
	const cleanup = uai.env.require("runtime/cleanup");
	const [release] = cleanup.add(() => window.Destroy(), "app: window");
	window.Give(() => {
		if (release !== undefined) release(false);
		onGone();
	});

	const tabs = new Map<PanelName, Tab>();
	// app pages are not script-tool lists: no search box, counter or eyebrow (the chat no heading)
	const tab = (name: PanelName, title: string, heading = true) => {
		const made = window.Tab({
			Id: name,
			Title: title,
			Search: false,
			Summary: false,
			Eyebrow: false,
			Heading: heading,
		});
		tabs.set(name, made);
		return made;
	};
	const chat = tab("chat", "Chat", false);
	buildChatPanel(uai, window, chat, tab("conversations", "Conversations"));
	buildProvidersPanel(uai, window, tab("providers", "Providers"));
	buildSettingsPanel(uai, window, tab("settings", "Settings"));
	buildLogsPanel(uai, window, tab("logs", "Logs"));
	followAppearance(uai.config, window);
	state.approvals.attach(window);
	presentNotices(uai, window, state.seen);

	return {
		alive: () => window.Alive,
		visible: () => window.Visible,
		show: (panel) => {
			window.Show();
			const target = panel !== undefined ? tabs.get(panel) : undefined;
			if (target !== undefined) window.SelectTab(target);
		},
		hide: () => window.Hide(),
		minimize: () => window.Minimize(),
	};
}
