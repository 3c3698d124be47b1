// Capability detection, once per boot: which executor functions exist, which HTTP transport is
// usable, and a readable report (`uai.caps`). Only the executor's own globals and Roblox's
// services count; a context table passed by a host cannot grant a capability.
import { GuiService, HttpService, RunService } from "@rbxts/services";
import { ExecutorGlobals } from "./globals";

export type CapKey = "http" | "fs" | "exec" | "ws" | "clipboard" | "hooks" | "decompile" | "ua" | "gravity";

/** Every capability key, in report order. */
const KEYS: ReadonlyArray<CapKey> = ["http", "fs", "exec", "ws", "clipboard", "hooks", "decompile", "ua", "gravity"];

/**
 * Capability names written as the executor functions they stand for (`needs = { "loadstring" }`),
 * and the key each one means here. `uai.caps.has` and a tool's `needs` accept both spellings;
 * docs/EMBEDDING.md ("Tools") lists them.
 */
export const CAP_ALIASES: Readonly<Record<string, CapKey>> = {
	loadstring: "exec",
	request: "http",
	http_request: "http",
	httpget: "http",
	readfile: "fs",
	writefile: "fs",
	files: "fs",
	filesystem: "fs",
	websocket: "ws",
	setclipboard: "clipboard",
	toclipboard: "clipboard",
	getconnections: "hooks",
	useragent: "ua",
};

/** Our key for a capability name given either way (case-insensitive alias), or undefined. */
export function capabilityKey(name: unknown): CapKey | undefined {
	if (!typeIs(name, "string")) return undefined;
	if (KEYS.includes(name as CapKey)) return name as CapKey;
	return CAP_ALIASES[name.lower()];
}
export type HttpMode = "executor" | "roblox" | "none";

/** Executor HTTP functions, in the order they are preferred. */
export const HTTP_FUNCTIONS = ["request", "http_request", "syn.request", "http.request", "fluxus.request"];
/** Executor clipboard functions, in the order they are preferred. */
const CLIPBOARD_FUNCTIONS = ["setclipboard", "toclipboard", "set_clipboard", "Clipboard.set", "syn.write_clipboard"];
const WEBSOCKET_CONNECTORS = ["WebSocket.connect", "websocket.connect", "syn.websocket.connect"];
const FILE_FUNCTIONS = [
	"readfile",
	"writefile",
	"appendfile",
	"isfile",
	"isfolder",
	"makefolder",
	"listfiles",
	"delfile",
	"delfolder",
] as const;
export type FileFunctionName = (typeof FILE_FUNCTIONS)[number];

/** The executor's file functions that exist, by name. */
export type FileFunctions = Partial<Record<FileFunctionName, Callback>>;

/** `uai.caps`: read-only. */
export interface Caps {
	/** How HTTP requests go out: an executor function, Roblox's HttpService, or not at all. */
	readonly http: HttpMode;
	/** The executor HTTP function used ("request", "syn.request", ...), if any. */
	readonly httpFunction: string | undefined;
	/** Whether requests can carry our own User-Agent (HttpService refuses the header). */
	readonly uaSupported: boolean;
	/** identifyexecutor()/getexecutorname(), or "unknown". */
	readonly executor: string;
	readonly executorVersion: string | undefined;
	/** RunService:IsStudio() and GuiService:IsTenFootInterface() at boot. */
	readonly studio: boolean;
	readonly console: boolean;
	/** The thread identity the executor reports, when it has a function for it. */
	readonly identity: number | undefined;
	/** Every capability key and whether it is available. */
	readonly keys: Readonly<Record<CapKey, boolean>>;
	/** Executor functions found (names as looked up), sorted. */
	readonly functions: ReadonlyArray<string>;
	/** `has(key)`: false for unknown keys. */
	readonly has: (key: unknown) => boolean;
	/** `reason(key)`: why a capability is missing; nil when it is available. */
	readonly reason: (key: unknown) => string | undefined;
	/** One line: executor | transport (function) | ua | fs | exec | ws | clipboard. */
	readonly summary: () => string;
	/** What the client cannot do on this host, one sentence each. */
	readonly lost: ReadonlyArray<string>;
}

interface HttpProbe {
	readonly mode: HttpMode;
	readonly refusal?: string;
}

function safeCall<T>(fn: () => T): T | undefined {
	const [ok, value] = pcall(fn);
	return ok ? value : undefined;
}

// Roblox only lets game servers use HttpService; a client (what we are) normally gets a refusal.
// The probe sends a request with an empty URL: allowed clients fail on the URL instead, without
// touching the network.
function probeHttpService(): HttpProbe {
	const [ok, err] = pcall(() => HttpService.RequestAsync({ Url: "", Method: "GET" }));
	if (ok) return { mode: "roblox" };
	const message = tostring(err);
	if (string.find(message, "game server", 1, true)[0] !== undefined) {
		return {
			mode: "none",
			refusal: "HttpService refuses requests from client scripts (only game servers may use it)",
		};
	}
	if (string.find(message, "not enabled", 1, true)[0] !== undefined) {
		return { mode: "none", refusal: "HttpService requests are disabled in this game (HttpEnabled is off)" };
	}
	return { mode: "roblox" };
}

function executorIdentity(globals: ExecutorGlobals): LuaTuple<[string, string | undefined]> {
	const [identify] = globals.firstFunction(["identifyexecutor", "getexecutorname"]);
	if (identify === undefined) return $tuple("unknown", undefined);
	const [ok, name, version] = pcall(identify as () => LuaTuple<[unknown, unknown]>);
	if (!ok || !typeIs(name, "string") || name === "") return $tuple("unknown", undefined);
	return $tuple(name, typeIs(version, "string") || typeIs(version, "number") ? tostring(version) : undefined);
}

export interface Detection {
	readonly caps: Caps;
	readonly files: FileFunctions;
	/** The executor HTTP function, when there is one. */
	readonly request: Callback | undefined;
	/** The executor WebSocket connector (`WebSocket.connect`), when there is one. */
	readonly websocket: Callback | undefined;
	/** The executor clipboard function (`setclipboard`, ...), when there is one. */
	readonly clipboard: Callback | undefined;
	/** The executor's loadstring, when there is one. */
	readonly loadstring: Callback | undefined;
	/** The executor's hidden GUI container function, when there is one. */
	readonly gethui: Callback | undefined;
	/** The executor's script decompiler (`decompile(script)` → source), when there is one. */
	readonly decompile: Callback | undefined;
	/** The executor's `getnilinstances()` (instances whose Parent is nil), when there is one. */
	readonly getnilinstances: Callback | undefined;
}

export function detectCapabilities(globals: ExecutorGlobals): Detection {
	const found = new Set<string>();
	const pick = (paths: ReadonlyArray<string>): LuaTuple<[Callback | undefined, string | undefined]> => {
		const [fn, path] = globals.firstFunction(paths);
		if (path !== undefined) found.add(path);
		return $tuple(fn, path);
	};

	const [request, requestName] = pick(HTTP_FUNCTIONS);
	const [clipboard] = pick(CLIPBOARD_FUNCTIONS);
	const [loadstringFn] = pick(["loadstring"]);
	const [gethui] = pick(["gethui"]);
	const [websocketConnect] = pick(WEBSOCKET_CONNECTORS);
	const [getconnections] = pick(["getconnections"]);
	const [decompile] = pick(["decompile"]);
	const [getnilinstances] = pick(["getnilinstances"]);
	pick(["getgenv"]);
	const files: FileFunctions = {};
	for (const name of FILE_FUNCTIONS) {
		const [fn] = pick([name]);
		if (fn !== undefined) files[name] = fn;
	}
	const [getIdentity] = pick(["getthreadidentity", "getidentity"]);
	pick(["setthreadidentity", "setidentity"]);
	const [executor, executorVersion] = executorIdentity(globals);
	if (executor !== "unknown") pick(["identifyexecutor", "getexecutorname"]);

	const probe: HttpProbe = request !== undefined ? { mode: "executor" } : probeHttpService();
	const identity = getIdentity !== undefined ? safeCall(getIdentity as () => unknown) : undefined;

	const reasons = new Map<CapKey, string>();
	if (probe.mode === "none") {
		reasons.set(
			"http",
			`no executor HTTP function (${HTTP_FUNCTIONS.join(", ")}) and ${probe.refusal}: no model provider can be reached, so the agent cannot run`,
		);
	}
	if (files.readfile === undefined || files.writefile === undefined) {
		reasons.set(
			"fs",
			"no executor file functions (readfile, writefile): settings and conversations last only for this session",
		);
	}
	if (loadstringFn === undefined) reasons.set("exec", "no loadstring: tools that run Luau are unavailable");
	if (websocketConnect === undefined) {
		reasons.set(
			"ws",
			`no WebSocket connector (${WEBSOCKET_CONNECTORS.join(", ")}): the WebSocket gateway is unavailable`,
		);
	}
	if (clipboard === undefined) {
		reasons.set(
			"clipboard",
			`no clipboard function (${CLIPBOARD_FUNCTIONS.join(", ")}): copying to the clipboard is unavailable`,
		);
	}
	if (getconnections === undefined)
		reasons.set("hooks", "no getconnections: tools that fire GUI connections are unavailable");
	if (decompile === undefined)
		reasons.set("decompile", "no decompile: the source of the game's scripts cannot be read");
	if (probe.mode === "roblox") {
		reasons.set(
			"ua",
			"requests go through HttpService, which refuses custom User-Agent and other locked headers, and cannot reach local model servers",
		);
	} else if (probe.mode === "none") {
		reasons.set("ua", "no HTTP transport");
	}
	reasons.set("gravity", "Project Gravity integration is not part of this build");

	const keys = {} as Record<CapKey, boolean>;
	for (const key of KEYS) {
		keys[key] = !reasons.has(key);
	}
	const has = (key: unknown) => {
		const canonical = capabilityKey(key);
		return canonical !== undefined && keys[canonical] === true;
	};
	const yesNo = (key: CapKey) => (keys[key] ? "yes" : "no");
	const functionList = [...found];
	table.sort(functionList);
	const lost = new Array<string>();
	for (const key of ["http", "ua", "fs", "exec", "ws", "clipboard", "hooks", "decompile"] as const) {
		const reason = reasons.get(key);
		if (reason !== undefined) lost.push(`${key}: ${reason}`);
	}

	const caps: Caps = {
		http: probe.mode,
		httpFunction: requestName,
		uaSupported: probe.mode === "executor",
		executor,
		executorVersion,
		studio: safeCall(() => RunService.IsStudio()) === true,
		console: safeCall(() => GuiService.IsTenFootInterface()) === true,
		identity: typeIs(identity, "number") ? identity : undefined,
		keys: table.freeze(keys),
		functions: table.freeze(functionList),
		has,
		reason: (key) => {
			if (has(key)) return undefined;
			const canonical = capabilityKey(key);
			return (
				(canonical !== undefined ? reasons.get(canonical) : undefined) ??
				`capability unavailable: ${tostring(key)}`
			);
		},
		summary: () => {
			const transport = requestName !== undefined ? `${probe.mode} (${requestName})` : probe.mode;
			const name = executorVersion !== undefined ? `${executor} ${executorVersion}` : executor;
			return `${name} | http ${transport} | ua ${yesNo("ua")} | fs ${yesNo("fs")} | exec ${yesNo("exec")} | ws ${yesNo("ws")} | clipboard ${yesNo("clipboard")}`;
		},
		lost: table.freeze(lost),
	};
	return {
		caps: table.freeze(caps),
		files: table.freeze(files),
		request,
		websocket: websocketConnect,
		clipboard,
		loadstring: loadstringFn,
		gethui,
		decompile,
		getnilinstances,
	};
}
