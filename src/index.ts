// Client bundle entry: `loadstring(dist/uai.lua)(context)` runs this module and returns its value.
// Later issues boot the client here (context -> boot -> handle); for now the handle only proves the
// pipeline: it is alive and names its version and build.
import { CLIENT_VERSION } from "./version";

/**
 * What the bundle runtime hands every module as the local `__bundle` (see docs/BUILDING.md).
 * Undefined when the code runs from the Rojo model (build/uai.rbxm) instead of dist/uai.lua.
 */
interface Bundle {
	readonly format: string;
	readonly name: string;
	readonly version: string;
	/** Content-derived build id, e.g. "1.0.0-0123456789abcdef". */
	readonly build: string;
	/** The chunk's `...`: `loadstring(source)(context)` puts context first. */
	readonly args: ReadonlyArray<unknown>;
	/** Module ids in the order their bodies finished running (debugging and tests). */
	readonly loaded: ReadonlyArray<string>;
	/** Rewrites bundle line numbers in an error or traceback to module ids and lines. */
	readonly mapError: (text: string) => string;
}
declare const __bundle: Bundle | undefined;

const handle = {
	alive: true,
	version: CLIENT_VERSION,
	build: __bundle !== undefined ? __bundle.build : `${CLIENT_VERSION}-dev`,
	/** Internal: the bundle runtime, for debugging and the build scenarios. */
	_bundle: __bundle,
};

export = handle;
