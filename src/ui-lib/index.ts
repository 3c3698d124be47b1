// UI LIB entry: `loadstring(dist/uai-ui.lua)()` or `require` of a ModuleScript holding that text
// returns this object. UI LIB objects use colon calls (`UI:CreateWindow{...}`). Loading mounts
// nothing, requests nothing and downloads nothing; CreateWindow mounts a window.
// This folder imports nothing from the rest of src/: the UI library ships alone.
import { registeredWindow, registeredWindows } from "./adapter/registry";
import { warnLib } from "./core/errors";
import { BUNDLE_URL, REPOSITORY_URL, VERSION } from "./meta";
import { readWindowOptions } from "./window/options";
import { Window } from "./window/window";

/** What the bundle runtime hands every module as the local `__bundle` (see docs/BUILDING.md). */
interface Bundle {
	readonly build: string;
	readonly loaded: ReadonlyArray<string>;
	readonly mapError: (text: string) => string;
}
declare const __bundle: Bundle | undefined;

class Library {
	readonly Version = VERSION;
	readonly URL = BUNDLE_URL;
	readonly Repository = REPOSITORY_URL;
	/** Internal: the bundle runtime, for debugging and the build scenarios. */
	readonly _bundle = __bundle;

	/**
	 * Mounts a window. A live window with the same Id (from any library copy) is destroyed once the
	 * options are valid and the new ScreenGui is parented, so a failing call leaves it alive.
	 */
	CreateWindow(options?: unknown): Window {
		const parsed = readWindowOptions(options);
		return new Window(parsed, () => {
			const previous = registeredWindow(parsed.id);
			if (previous === undefined) return;
			const [ok, err] = pcall(() => previous.Destroy());
			if (!ok) warnLib(`destroying the previous window "${parsed.id}" failed: ${tostring(err)}`);
		});
	}

	/** The live window registered under `id` by any copy of the library, or nil. */
	GetWindow(id: unknown): unknown {
		if (!typeIs(id, "string")) return undefined;
		const window = registeredWindow(id) as { Alive?: unknown } | undefined;
		return window !== undefined && window.Alive === true ? window : undefined;
	}

	/** Destroys every registered library window (never other ScreenGuis). */
	DestroyAll() {
		for (const window of registeredWindows()) {
			const [ok, err] = pcall(() => window.Destroy());
			if (!ok) warnLib(`DestroyAll: a window failed to close: ${tostring(err)}`);
		}
	}
}

export = new Library();
