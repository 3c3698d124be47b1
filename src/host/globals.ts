// Executor globals, read in one place. Each name is an ordinary global read (what a user script
// would do); where getgenv exists its table is consulted too, since some executors only expose
// functions there. Nothing here is called: callers get the values and decide.

declare const request: unknown;
declare const http_request: unknown;
declare const syn: unknown;
declare const http: unknown;
declare const fluxus: unknown;
declare const setclipboard: unknown;
declare const toclipboard: unknown;
declare const set_clipboard: unknown;
declare const Clipboard: unknown;
declare const readfile: unknown;
declare const writefile: unknown;
declare const appendfile: unknown;
declare const isfile: unknown;
declare const isfolder: unknown;
declare const makefolder: unknown;
declare const listfiles: unknown;
declare const delfile: unknown;
declare const delfolder: unknown;
declare const loadstring: unknown;
declare const getgenv: unknown;
declare const gethui: unknown;
declare const identifyexecutor: unknown;
declare const getexecutorname: unknown;
declare const WebSocket: unknown;
declare const websocket: unknown;
declare const getidentity: unknown;
declare const getthreadidentity: unknown;
declare const setidentity: unknown;
declare const setthreadidentity: unknown;
declare const getconnections: unknown;
declare const decompile: unknown;
declare const getnilinstances: unknown;

/** The global names capability detection looks at (first segment of every lookup path). */
function directGlobals(): Map<string, unknown> {
	const found = new Map<string, unknown>();
	const candidates: Array<[string, unknown]> = [
		["request", request],
		["http_request", http_request],
		["syn", syn],
		["http", http],
		["fluxus", fluxus],
		["setclipboard", setclipboard],
		["toclipboard", toclipboard],
		["set_clipboard", set_clipboard],
		["Clipboard", Clipboard],
		["readfile", readfile],
		["writefile", writefile],
		["appendfile", appendfile],
		["isfile", isfile],
		["isfolder", isfolder],
		["makefolder", makefolder],
		["listfiles", listfiles],
		["delfile", delfile],
		["delfolder", delfolder],
		["loadstring", loadstring],
		["getgenv", getgenv],
		["gethui", gethui],
		["identifyexecutor", identifyexecutor],
		["getexecutorname", getexecutorname],
		["WebSocket", WebSocket],
		["websocket", websocket],
		["getidentity", getidentity],
		["getthreadidentity", getthreadidentity],
		["setidentity", setidentity],
		["setthreadidentity", setthreadidentity],
		["getconnections", getconnections],
		["decompile", decompile],
		["getnilinstances", getnilinstances],
	];
	for (const [name, value] of candidates) if (value !== undefined) found.set(name, value);
	return found;
}

/** Reads `object[key]`, treating a raising __index (some executor userdata) as absent. */
function field(object: unknown, key: string): unknown {
	if (!typeIs(object, "table") && !typeIs(object, "userdata")) return undefined;
	const [ok, value] = pcall(() => (object as Record<string, unknown>)[key]);
	return ok ? value : undefined;
}

export interface ExecutorGlobals {
	/** The value at a dotted path such as "syn.request", or undefined. */
	readonly lookup: (path: string) => unknown;
	/** The function at the first of `paths` that holds one, and that path. */
	readonly firstFunction: (paths: ReadonlyArray<string>) => LuaTuple<[Callback, string] | [undefined, undefined]>;
	/** getgenv()'s table, where getgenv exists and returns one. */
	readonly genv: Record<string, unknown> | undefined;
}

/** Snapshot of the executor's globals at boot. */
export function readExecutorGlobals(): ExecutorGlobals {
	const direct = directGlobals();
	const getter = direct.get("getgenv");
	let genv: Record<string, unknown> | undefined;
	if (typeIs(getter, "function")) {
		const [ok, value] = pcall(getter as () => unknown);
		if (ok && typeIs(value, "table")) genv = value as Record<string, unknown>;
	}
	const lookup = (path: string): unknown => {
		const segments = path.split(".");
		const rootName = segments[0];
		let value = direct.get(rootName) ?? field(genv, rootName);
		for (let i = 1; i < segments.size(); i++) value = field(value, segments[i]);
		return value;
	};
	return {
		lookup,
		firstFunction: (paths) => {
			for (const path of paths) {
				const value = lookup(path);
				if (typeIs(value, "function")) return $tuple(value as Callback, path);
			}
			return $tuple(undefined, undefined);
		},
		genv,
	};
}
