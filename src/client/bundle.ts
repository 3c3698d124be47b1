// What the bundle runtime hands every module as the local `__bundle` (docs/BUILDING.md).
// Undefined when the code runs from the Rojo model (build/uai.rbxm) instead of dist/uai.lua.
import type { Prepare } from "./warm";

export interface Bundle {
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
	/** Loadstring form only: compiles modules ahead, paced, without running a body (docs/BUILDING.md). */
	readonly prepare?: Prepare;
}
