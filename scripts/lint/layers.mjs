// The layering rules of src/ (docs/ARCHITECTURE.md, "Layers"), in one place: the ESLint rules
// (scripts/lint/plugin.mjs) and the counting check (scripts/check-layers.mjs) both read them.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SRC = path.join(ROOT, "src");

/**
 * Rank of each layer: a module may import its own folder and folders of a lower rank only.
 * host ← runtime ← net ← provider ← agent ← tools/embedding ← client ← api ← app ← the entry.
 * `version.ts` holds constants every layer may read.
 */
export const RANKS = {
	"version.ts": -1,
	host: 0,
	runtime: 1,
	net: 2,
	provider: 3,
	agent: 4,
	tools: 5,
	embedding: 5,
	openui: 5,
	client: 6,
	api: 7,
	app: 8,
	"index.ts": 9,
};

/**
 * The self-contained UI library: imports only itself. These layers may import it: the app and the
 * script tools (which hand UI LIB to scripts as `UI`) through its entry only, the api (which names
 * the types of UI LIB's objects for the app) and openui's renderer anywhere.
 */
export const UI_LIB = "ui-lib";
export const UI_LIB_USERS = new Set(["openui", "api", "tools", "app"]);
const UI_LIB_ENTRY_ONLY = new Set(["tools", "app"]);

/** What the app may import besides its own files: the public API and UI LIB's entry. */
export const APP_ALLOWED = [/^api(\/|$)/, /^ui-lib(\/index)?$/];

/**
 * The agent's only ways into the provider layer: the inference entry (one call per attempt) and the
 * message vocabulary (docs/ARCHITECTURE.md, "One turn through the files").
 */
export const AGENT_PROVIDER_DOORS = ["provider/inference", "provider/protocols/types"];

/**
 * Folders inside a layer that point one way: modules under `from` must not import modules under
 * `to`. The conversation uses dispatch, never the reverse; the inference entry sits on top of the
 * rest of the provider layer.
 */
export const ONE_WAY = [
	{
		from: "agent/dispatch/",
		to: "agent/conversation/",
		why: "dispatch serves conversations and must not import them",
	},
	{
		from: "provider/",
		except: "provider/inference/",
		to: "provider/inference/",
		why: "provider/inference is the top of the provider layer; nothing below it imports it",
	},
];

/** The two doors to executor globals and Roblox services. */
export const DOORS = ["host", "ui-lib/adapter"];

/** Executor globals (src/host/globals.ts reads them) and Roblox entry points, allowed in the doors only. */
export const DOOR_GLOBALS = new Set([
	"game",
	"workspace",
	"getfenv",
	"setfenv",
	"request",
	"http_request",
	"syn",
	"http",
	"fluxus",
	"setclipboard",
	"toclipboard",
	"set_clipboard",
	"Clipboard",
	"readfile",
	"writefile",
	"appendfile",
	"isfile",
	"isfolder",
	"makefolder",
	"listfiles",
	"delfile",
	"delfolder",
	"loadstring",
	"getgenv",
	"getrenv",
	"gethui",
	"identifyexecutor",
	"getexecutorname",
	"WebSocket",
	"websocket",
	"getidentity",
	"getthreadidentity",
	"setidentity",
	"setthreadidentity",
	"getconnections",
	"decompile",
	"getcustomasset",
	"hookfunction",
]);
export const DOOR_MEMBERS = new Set(["GetService"]);
export const DOOR_MODULES = new Set(["@rbxts/services"]);

/** src-relative path ("agent/loop") of a module file, without extension or a trailing /index. */
export function moduleId(file) {
	const rel = path.relative(SRC, file).split(path.sep).join("/");
	return rel.replace(/\.(d\.)?tsx?$/, "");
}

/** The layer a src-relative module id belongs to ("agent", "ui-lib", "version.ts"), or undefined. */
export function layerOf(id) {
	if (id.startsWith("..")) return undefined;
	const [first, ...rest] = id.split("/");
	if (first === UI_LIB || first in RANKS) return first;
	return rest.length === 0 && `${first}.ts` in RANKS ? `${first}.ts` : undefined;
}

/**
 * What `specifier` in `file` names inside src/, as a module id ("provider/record"), or undefined for
 * packages and files outside src. `relative` tells which style the specifier used.
 */
export function resolveImport(file, specifier) {
	if (specifier.startsWith(".")) {
		const id = moduleId(path.resolve(path.dirname(file), specifier)).replace(/\/index$/, "");
		return id.startsWith("..") ? undefined : { id, relative: true };
	}
	const first = specifier.split("/")[0];
	if (first === UI_LIB || first in RANKS || `${first}.ts` in RANKS)
		return { id: specifier.replace(/\/index$/, ""), relative: false };
	return undefined;
}

export function isDoor(id) {
	return DOORS.some((door) => id === door || id.startsWith(`${door}/`));
}

/** Why importing `target` from `source` (module ids) breaks a rule, or undefined when it is allowed. */
export function importProblem(source, target) {
	const from = layerOf(source);
	const to = layerOf(target);
	if (from === undefined || to === undefined) return undefined;
	if (from === UI_LIB) {
		return to === UI_LIB ? undefined : `ui-lib imports nothing outside itself (it ships alone); "${target}"`;
	}
	if (to === UI_LIB) {
		if (!UI_LIB_USERS.has(from)) return `only ${[...UI_LIB_USERS].join(", ")} may import ui-lib; "${target}"`;
		if (UI_LIB_ENTRY_ONLY.has(from) && !/^ui-lib(\/index)?$/.test(target))
			return `${from} imports UI LIB through its entry ("ui-lib")${from === "app" ? " and src/api" : ""} only; "${target}" is internal`;
		return undefined;
	}
	if (from === "app") {
		return to === "app" || APP_ALLOWED.some((re) => re.test(target))
			? undefined
			: `the app imports only src/api, ui-lib's entry and its own files; "${target}" is internal`;
	}
	if (from === to) {
		const within = ONE_WAY.find(
			(rule) =>
				source.startsWith(rule.from) &&
				!(rule.except !== undefined && source.startsWith(rule.except)) &&
				`${target}/`.startsWith(rule.to),
		);
		return within !== undefined ? `${within.why}; "${target}"` : undefined;
	}
	if (from === "agent" && to === "provider" && !AGENT_PROVIDER_DOORS.includes(target))
		return `the agent reaches the providers only through ${AGENT_PROVIDER_DOORS.join(" and ")}; "${target}" is internal`;
	if (RANKS[to] >= RANKS[from])
		return `${from} must not import ${to} (layers point one way: host ← runtime ← net ← provider ← agent ← tools/embedding ← client ← api ← app); "${target}"`;
	return undefined;
}
