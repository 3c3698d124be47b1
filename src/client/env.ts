// `uai.env`: the factory-module environment hosts may read (`env.require(id)`, `env.context`,
// `env.info`, `env.caps`, `env.loadedModules`). It is read-only: hosts cannot replace
// `env.require` or `env.loadedModules` to inject behaviour.
import type { Caps } from "../host/caps";
import type { ClipboardModule } from "../host/clipboard";
import type { publicFrame } from "../host/frame";
import type { Attachments } from "../runtime/attachments";
import type { BlockerRegistry } from "../runtime/blockers";
import type { CleanupRegistry } from "../runtime/cleanup";
import type { PublicConfig } from "../runtime/config";
import type { PublicLog } from "../runtime/log";
import type { ModuleRegistry } from "../runtime/registry";
import type { publicUtil } from "../runtime/util";
import type { Context } from "./context";
import type { OpenUIModule } from "./optional_modules";
import type { BuiltinCatalogue } from "../tools/catalogue";

/** `env.require("runtime/util")`: JSON encode/decode, copies, the empty-object mark. */
export type PublicUtil = typeof publicUtil;

/** The public module ids `env.require` knows (docs/EMBEDDING.md, "Modules"), and what each returns. */
export interface PublicModules {
	"runtime/util": PublicUtil;
	"runtime/log": PublicLog;
	"runtime/config": PublicConfig;
	"runtime/caps": Caps;
	"runtime/blockers": BlockerRegistry;
	"runtime/clipboard": ClipboardModule;
	"runtime/cleanup": Pick<CleanupRegistry, "add" | "count">;
	"runtime/attachments": Pick<Attachments, "save" | "reference">;
	/** The frame door: long work counted in units, paused to the next frame (src/host/frame.ts). */
	"runtime/frame": typeof publicFrame;
	/** The built-in tool families and their tools (src/tools/catalogue.ts). */
	"tools/builtin": BuiltinCatalogue;
	/** Loaded on first require (src/client/optional_modules.ts). */
	openui: OpenUIModule;
}

/** `env.require(id)`: typed for the public ids; any other id is checked (and refused) at run time. */
export interface EnvRequire {
	<K extends keyof PublicModules>(id: K): PublicModules[K];
	(id: unknown): unknown;
}

/** Defines a public module id with a factory of the type `env.require` promises for it. */
export function definePublicModule<K extends keyof PublicModules>(
	registry: ModuleRegistry,
	id: K,
	factory: () => PublicModules[K],
) {
	registry.define(id, factory);
}

export interface EnvInfo {
	readonly name: string;
	readonly version: string;
	readonly build: string;
	readonly sdkVersion: string;
	/** The executor workspace folder holding the client's files. */
	readonly folder: string;
}

export interface Env {
	readonly require: EnvRequire;
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
