// The client handle returned by the loader (`uai`). Runtime calls use dots: `uai.show("chat")`.
// Navigation (show, hide, toggle, openSession) goes to the standard application's navigator,
// which mounts the application on the first show.
import { PublicHooks } from "../agent/dispatch/hooks";
import { PublicPermissions } from "../agent/dispatch/permissions";
import { PublicSessions } from "../agent/conversation/sessions";
import { PublicTools } from "../agent/dispatch/services";
import { PublicSdk } from "../embedding/sdk";
import { Caps } from "../host/caps";
import { BlockerRegistry } from "../runtime/blockers";
import { CleanupRegistry } from "../runtime/cleanup";
import { Config, PublicConfig } from "../runtime/config";
import { Log, PublicLog } from "../runtime/log";
import { PublicProviders } from "../provider/registry";
import type { PublicBridge } from "./bridge";
import { Bundle } from "./bundle";
import { Env } from "./env";
import { noticeKind, Notices, PublicNotices } from "./notices";
import { RELOAD_PROTOCOL, ReloadPort } from "./reload";

type Outcome = LuaTuple<[boolean, string | undefined]>;

export const UNLOADED = "this UAI client has been unloaded";

export interface Handle {
	/** False once unloaded. */
	alive: boolean;
	readonly version: string;
	readonly build: string;
	/** Whether the standard application has been mounted (stays true when hidden). */
	uiMounted: boolean;
	/** The application controller: absent before the app is mounted and after unload. */
	app?: AppController;
	readonly sdk: PublicSdk;
	readonly show: (panel?: unknown) => Outcome;
	readonly toggle: () => Outcome;
	readonly hide: () => Outcome;
	readonly openSession: (id?: unknown) => Outcome;
	/** Full shutdown; returns the number of cleanups that ran (0 when already unloaded). */
	readonly destroy: () => number;
	readonly unload: () => number;
	readonly config: PublicConfig;
	readonly caps: Caps;
	readonly log: PublicLog;
	readonly env: Env;
	readonly providers: PublicProviders;
	readonly tools: PublicTools;
	readonly hooks: PublicHooks;
	readonly permissions: PublicPermissions;
	readonly sessions: PublicSessions;
	/** `uai.bridge`: the browser bridge connection (connect, disconnect, status). */
	readonly bridge: PublicBridge;
	/** What reruns of the loader did to this client (a waiting build, a blocked reload, a replacement). */
	readonly notices: PublicNotices;
	/** `uai.ask(text)`: sends `text` in the current conversation → true, or false and the reason. */
	readonly ask: (text: unknown) => Outcome;
	/** Set by a loader of another build that could not replace this client yet. */
	pendingBuild?: string;
	/** Set when an unload did not finish; a new copy needs a rejoin. */
	reloadBlocked?: string;
	/** True when some cleanup failed during unload. */
	cleanupFailed?: boolean;
	readonly _reload: ReloadPort;
	/** Internal: the bundle runtime, for debugging and the build scenarios. */
	readonly _bundle: Bundle | undefined;
}

/** The standard application's navigation (dot calls), built by the app layer from the handle. */
export interface Navigator {
	readonly show: (panel?: unknown) => Outcome;
	readonly hide: () => Outcome;
	readonly toggle: () => Outcome;
	readonly openSession: (id?: unknown) => Outcome;
	/** Whether a live application window exists (false once the ScreenGui was destroyed). */
	readonly mounted: () => boolean;
}

/** `uai.app`: the navigator, read-only. */
export type AppController = Navigator;

/** Builds the navigator once the handle exists (the application uses the public handle only). */
export type AppFactory = (handle: Handle) => Navigator;

export interface HandleDeps {
	readonly version: string;
	readonly build: string;
	readonly sdk: PublicSdk;
	readonly caps: Caps;
	readonly log: Log;
	readonly config: Config;
	readonly cleanup: CleanupRegistry;
	readonly blockers: BlockerRegistry;
	readonly env: Env;
	readonly providers: PublicProviders;
	readonly tools: PublicTools;
	readonly hooks: PublicHooks;
	readonly permissions: PublicPermissions;
	readonly sessions: PublicSessions;
	readonly bridge: PublicBridge;
	readonly notices: Notices;
	readonly genv: Record<string, unknown> | undefined;
	readonly bundle: Bundle | undefined;
	readonly app: AppFactory;
}

export function createHandle(deps: HandleDeps): Handle {
	const log = deps.log.scope("client");
	let unloaded = false;

	const app: { navigator?: Navigator } = {};
	// Navigation: refused after unload; otherwise the navigator's answer, with uiMounted kept true
	// once the application has been mounted (hiding it does not reset the flag).
	const navigate = (call: (nav: Navigator) => Outcome): Outcome => {
		const navigator = app.navigator;
		if (unloaded || navigator === undefined) return $tuple(false, UNLOADED);
		const [ok, reason] = call(navigator);
		if (navigator.mounted()) {
			handle.uiMounted = true;
			handle.app ??= controller;
		}
		return $tuple(ok, reason);
	};

	const destroy = (): number => {
		if (unloaded) return 0;
		unloaded = true;
		handle.alive = false;
		log.info("unloading");
		const result = deps.cleanup.drain();
		handle.uiMounted = false;
		handle.app = undefined;
		if (result.failed > 0) handle.cleanupFailed = true;
		const [canSave] = deps.config.public.persistence();
		if (canSave && deps.config.dirty()) {
			const [saved, reason] = deps.config.public.saveNow();
			if (!saved) deps.log.console(`settings were not saved at unload: ${reason}`);
		}
		if (deps.genv !== undefined && deps.genv.UAI === handle) deps.genv.UAI = undefined;
		log.info(`unloaded (${result.ran} cleanups, ${result.failed} failed)`);
		return result.ran;
	};

	const handle: Handle = {
		alive: true,
		version: deps.version,
		build: deps.build,
		uiMounted: false,
		sdk: deps.sdk,
		show: (panel) => navigate((nav) => nav.show(panel)),
		toggle: () => navigate((nav) => nav.toggle()),
		hide: () => navigate((nav) => nav.hide()),
		openSession: (id) => navigate((nav) => nav.openSession(id)),
		destroy,
		unload: destroy,
		config: deps.config.public,
		caps: deps.caps,
		log: deps.log.public,
		env: deps.env,
		providers: deps.providers,
		tools: deps.tools,
		hooks: deps.hooks,
		permissions: deps.permissions,
		sessions: deps.sessions,
		bridge: deps.bridge,
		notices: deps.notices.public,
		ask: (text) => {
			if (unloaded) return $tuple(false, UNLOADED);
			return deps.sessions.current().send(text);
		},
		_reload: table.freeze({
			protocol: RELOAD_PROTOCOL,
			check: () => deps.blockers.check().map((blocker) => blocker.reason),
			notify: (text: string, kind?: string) => deps.notices.add(noticeKind(kind), tostring(text)),
		}),
		_bundle: deps.bundle,
	};
	app.navigator = deps.app(handle);
	const controller: AppController = table.freeze({
		show: handle.show,
		hide: handle.hide,
		toggle: handle.toggle,
		openSession: handle.openSession,
		mounted: () => !unloaded && app.navigator?.mounted() === true,
	});
	return handle;
}
