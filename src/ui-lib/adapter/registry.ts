// The window registry shared by every copy of the library loaded in the session (a table in
// getgenv(), else _G), so a rerun with the same Id replaces the window of an earlier copy.
import { sharedGlobals } from "./executor";

export const REGISTRY_KEY = "__PROJECT_UAI_UI_LIB_V1";

/** What the registry needs of a window, whichever library copy made it. */
export interface RegisteredWindow {
	Destroy(): void;
}

interface Registry {
	Windows: Record<string, RegisteredWindow>;
}

/** The shared registry, created when absent or malformed. */
export function registry(): Registry {
	const globals = sharedGlobals();
	const current = globals[REGISTRY_KEY] as Registry | undefined;
	if (typeIs(current, "table") && typeIs(current.Windows, "table")) return current;
	const created: Registry = { Windows: {} };
	globals[REGISTRY_KEY] = created;
	return created;
}

export function registeredWindow(id: string): RegisteredWindow | undefined {
	return registry().Windows[id];
}

export function register(id: string, window: RegisteredWindow) {
	registry().Windows[id] = window;
}

/** Removes the entry only while it still names `window` (a replacement may have taken the Id). */
export function unregister(id: string, window: RegisteredWindow) {
	const windows = registry().Windows;
	if (windows[id] === window) delete windows[id];
}

/** Every registered window at this moment (DestroyAll iterates a snapshot). */
export function registeredWindows(): RegisteredWindow[] {
	const list: RegisteredWindow[] = [];
	for (const [, window] of pairs(registry().Windows)) list.push(window);
	return list;
}
