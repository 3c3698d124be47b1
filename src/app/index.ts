// The standard UAI application's navigator: what `uai.show/hide/toggle/openSession` reach. It mounts
// the application window on the first show (never at hide), keeps it while hidden or minimised, and
// mounts a new one after the user closed the window. `openSession` selects a registered conversation
// and shows it in Chat. It sees only the public handle.
import type { Handle, Navigator } from "../api";
import type { AppState, MountedApp } from "./mount";
import type * as Mount from "./mount";
import { createApprovalPresenter } from "./panels/chat/approvals";
import { PANEL_NAMES, PanelName } from "./panels";

type Outcome = LuaTuple<[boolean, string | undefined]>;

const NOT_MOUNTED = "the standard UAI application is not mounted";

let mountModule: typeof Mount | undefined;
/**
 * The window and all it draws (UI LIB, the panels, Markdown) load on the first show, not at boot.
 * A literal require of a child, so the bundler still finds and carries the module.
 */
function loadMount(): typeof Mount {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	mountModule ??= require(script.WaitForChild("mount") as ModuleScript) as typeof Mount;
	return mountModule;
}

function panelName(value: unknown): PanelName | undefined {
	return PANEL_NAMES.find((name) => name === value);
}

export function createApp(uai: Handle): Navigator {
	let app: MountedApp | undefined;
	// approvals are queued from boot, so a window mounted later presents the ones still waiting
	const state: AppState = {
		seen: { last: 0 },
		approvals: createApprovalPresenter(uai, uai.env.require("runtime/util")),
	};
	const cleanup = uai.env.require("runtime/cleanup");
	cleanup.add(state.approvals.destroy, "app: approvals");
	const note = (text: string) => uai.log.info(text, "app");

	const ensure = (): MountedApp => {
		if (app !== undefined && app.alive()) {
			app.ready();
			return app;
		}
		const mounted = loadMount().mountApp(
			uai,
			() => {
				if (app === mounted) app = undefined;
			},
			state,
		);
		app = mounted;
		// a show from another thread while this one waits between slices finishes the same mount
		const [ok, reason] = pcall(mounted.ready);
		if (!ok) {
			if (app === mounted) app = undefined;
			error(reason, 0);
		}
		return mounted;
	};

	const show = (panel?: unknown): Outcome => {
		let name: PanelName | undefined;
		if (panel !== undefined) {
			name = panelName(panel);
			if (name === undefined)
				return $tuple(false, `unknown panel "${tostring(panel)}"; panels: ${PANEL_NAMES.join(", ")}`);
		}
		const [ok, result] = pcall(ensure);
		if (!ok) {
			uai.log.error(`the application could not be mounted: ${tostring(result)}`, "app");
			return $tuple(false, `the application could not be mounted: ${tostring(result)}`);
		}
		(result as MountedApp).show(name);
		note(`show: ${name ?? "the last panel"}`);
		return $tuple(true, undefined);
	};

	return {
		show,
		hide: () => {
			if (app === undefined || !app.alive()) return $tuple(false, NOT_MOUNTED);
			app.hide();
			note("hide");
			return $tuple(true, undefined);
		},
		toggle: () => {
			if (app !== undefined && app.alive() && app.visible()) {
				app.minimize();
				note("toggle: minimised");
				return $tuple(true, undefined);
			}
			const [ok, reason] = show();
			note(`toggle: ${ok ? "shown" : reason}`);
			return $tuple(ok, reason);
		},
		openSession: (id) => {
			if (uai.sessions.get(id) === undefined)
				return $tuple(false, `no registered conversation "${tostring(id)}"`);
			uai.sessions.switch(id);
			return show("chat");
		},
		mounted: () => app !== undefined && app.alive(),
	};
}
