// `uai.env`: the factory-module environment hosts may read (`env.require(id)`, `env.context`,
// `env.info`, `env.caps`, `env.loadedModules`). It is read-only: hosts cannot replace
// `env.require` or `env.loadedModules` to inject behaviour.
import { Caps } from "../host/caps";
import { ModuleRegistry } from "../runtime/registry";
import { Context } from "./context";

export interface EnvInfo {
	readonly name: string;
	readonly version: string;
	readonly build: string;
	readonly sdkVersion: string;
	/** The executor workspace folder holding the client's files. */
	readonly folder: string;
}

export interface Env {
	readonly require: (id: unknown) => unknown;
	/** A frozen copy of the modules `require` has loaded, by id. */
	readonly loadedModules: ReadonlyMap<string, unknown>;
	/** The host context table chosen at boot (not copied). */
	readonly context: Context;
	readonly info: EnvInfo;
	readonly caps: Caps;
}

export function createEnv(registry: ModuleRegistry, context: Context, info: EnvInfo, caps: Caps): Env {
	const fields: Record<string, () => unknown> = {
		require: () => registry.require,
		loadedModules: () => registry.loaded(),
		context: () => context,
		info: () => info,
		caps: () => caps,
	};
	return setmetatable({} as Env, {
		__index: (_, key) => fields[key as string]?.(),
		__newindex: (_, key) => error(`uai.env is read-only (cannot set ${tostring(key)})`, 2),
		__metatable: "uai.env is read-only",
	});
}
