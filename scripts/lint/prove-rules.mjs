// `node scripts/lint/prove-rules.mjs` (run by `npm test`): proves each house lint rule fires. It
// lints one deliberately wrong snippet per restricted direction, as a file at the path it names, with
// the rules exactly as eslint.config.mjs turns them on (scripts/lint/plugin.mjs), and expects the
// error; it also lints the allowed twin of each snippet and expects none.
import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { houseRules } from "./plugin.mjs";
import { ROOT } from "./layers.mjs";

const eslint = new ESLint({
	cwd: ROOT,
	overrideConfigFile: true,
	overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } }, houseRules],
});

// [file the snippet pretends to be, snippet, rule expected to fire (undefined: none)]
const CASES = [
	// layers point one way: each layer imports a higher one
	["src/host/probe.ts", 'import { createLog } from "../runtime/log";', "uai/layers"],
	["src/runtime/probe.ts", 'import { send } from "../net/http";', "uai/layers"],
	["src/net/probe.ts", 'import type { ProviderRecord } from "../provider/record";', "uai/layers"],
	["src/provider/probe.ts", 'import type { Tool } from "../agent/dispatch/tool";', "uai/layers"],
	["src/agent/probe.ts", 'import { createSdk } from "../embedding/sdk";', "uai/layers"],
	["src/agent/conversation/probe.ts", 'import { registerBuiltins } from "../../tools";', "uai/layers"],
	["src/tools/probe.ts", 'import type { Handle } from "../client/handle";', "uai/layers"],
	["src/embedding/probe.ts", 'import { createApp } from "../app";', "uai/layers"],
	["src/client/probe.ts", 'import { createApp } from "../app";', "uai/layers"],
	["src/client/probe.ts", 'import type { Handle } from "../api";', "uai/layers"],
	["src/runtime/probe.ts", 'export type { Handle } from "../client/handle";', "uai/layers"],
	["src/runtime/probe.ts", 'type H = import("../client/handle").Handle;', "uai/layers"],
	// ... and the allowed direction
	["src/agent/probe.ts", 'import type { ProtocolId } from "../provider/protocols/types";', undefined],
	// the agent reaches the providers through their doors; dispatch never imports conversations
	["src/agent/conversation/probe.ts", 'import type { ProviderRecord } from "../../provider/record";', "uai/layers"],
	["src/agent/dispatch/probe.ts", 'import type { Session } from "../conversation/session";', "uai/layers"],
	["src/provider/probe.ts", 'import { infer } from "./inference";', "uai/layers"],
	["src/client/probe.ts", 'import { createSessions } from "../agent/conversation/sessions";', undefined],
	// the app reaches into internals
	["src/app/probe.ts", 'import type { Handle } from "../client/handle";', "uai/layers"],
	["src/app/panels/probe.ts", 'import type { PublicSession } from "../../agent/conversation/session";', "uai/layers"],
	["src/app/probe.ts", 'import { utf8Prefix } from "../runtime/text_limit";', "uai/layers"],
	["src/app/probe.ts", 'import type { Window } from "../ui-lib/window/window";', "uai/layers"],
	["src/app/probe.ts", 'import { truncateBytes } from "../ui-lib/core/utf8-text";', "uai/layers"],
	["src/app/probe.ts", 'import type { Handle, Window } from "../api";\nimport UI from "../ui-lib";', undefined],
	// ui-lib imports nothing outside itself; only openui, api and app import ui-lib
	["src/ui-lib/controls/probe.ts", 'import { encode } from "../../runtime/json";', "uai/layers"],
	["src/ui-lib/probe.ts", 'import { VERSION } from "../version";', "uai/layers"],
	["src/runtime/probe.ts", 'import UI from "../ui-lib";', "uai/layers"],
	["src/tools/probe.ts", 'import type { Window } from "../ui-lib/window/window";', "uai/layers"],
	["src/tools/probe.ts", 'import UI from "../ui-lib";', undefined],
	["src/openui/probe.ts", 'import UI from "../ui-lib";', undefined],
	["src/ui-lib/controls/probe.ts", 'import { fail } from "../core/errors";', undefined],
	// one import style: modules of src/ import each other relatively
	["src/provider/probe.ts", 'import { parseUrl } from "net/url";', "uai/layers"],
	// the doors: game, GetService, executor globals, @rbxts/services
	["src/client/probe.ts", "export const place = game.PlaceId;", "uai/doors"],
	["src/ui-lib/window/probe.ts", 'export const core = pcall(() => game.GetService("CoreGui"));', "uai/doors"],
	["src/runtime/probe.ts", "export const write = (p: string, t: string) => writefile(p, t);", "uai/doors"],
	["src/agent/probe.ts", "export const env = getgenv();", "uai/doors"],
	["src/app/probe.ts", "export const hidden = gethui();", "uai/doors"],
	["src/tools/probe.ts", 'export const run = loadstring("return 1");', "uai/doors"],
	["src/net/probe.ts", 'export const r = request({ Url: "http://127.0.0.1" });', "uai/doors"],
	["src/app/probe.ts", 'setclipboard("x");', "uai/doors"],
	[
		"src/runtime/probe.ts",
		"declare const readfile: (path: string) => string;\nexport const r = readfile;",
		"uai/doors",
	],
	["src/ui-lib/controls/probe.ts", 'import { Players } from "@rbxts/services";', "uai/doors"],
	[
		"src/runtime/probe.ts",
		"export function f(x: { GetService(n: string): unknown }) { return x.GetService('A'); }",
		"uai/doors",
	],
	// ... allowed in the doors, and for locals of the same name
	["src/host/probe.ts", "export const place = game.PlaceId;", undefined],
	["src/ui-lib/adapter/probe.ts", 'export const core = game.GetService("CoreGui");', undefined],
	["src/net/probe.ts", "export function f(request: unknown) { return request; }", undefined],
];

let failed = 0;
for (const [file, code, rule] of CASES) {
	const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
	const fatal = result.messages.filter((m) => m.fatal);
	const fired = new Set(result.messages.map((m) => m.ruleId).filter(Boolean));
	const ok = fatal.length === 0 && (rule === undefined ? fired.size === 0 : fired.has(rule));
	if (!ok) {
		failed++;
		const seen = result.messages.map((m) => `${m.ruleId ?? "parse"}: ${m.message}`).join("; ") || "no error";
		console.log(`FAIL ${file}: ${JSON.stringify(code)} expected ${rule ?? "no error"}, got ${seen}`);
	}
}
console.log(
	`lint rules: ${CASES.length - failed} of ${CASES.length} cases behave (${CASES.filter((c) => c[2]).length} must fail)`,
);
process.exit(failed === 0 ? 0 : 1);
