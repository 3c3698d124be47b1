// UI LIB entry: `loadstring(dist/uai-ui.lua)()` or `require` of a ModuleScript holding that text
// returns this object. UI LIB objects use colon calls; later issues add the library itself.
// This folder imports nothing from the rest of src/: the UI library ships alone.
import { UI_LIB_VERSION } from "./version";

/** What the bundle runtime hands every module as the local `__bundle` (see docs/BUILDING.md). */
interface Bundle {
	readonly build: string;
	readonly loaded: ReadonlyArray<string>;
	readonly mapError: (text: string) => string;
}
declare const __bundle: Bundle | undefined;

const UI = {
	Version: UI_LIB_VERSION,
	/** Internal: the bundle runtime, for debugging and the build scenarios. */
	_bundle: __bundle,
};

export = UI;
