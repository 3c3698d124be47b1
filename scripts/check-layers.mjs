// `node scripts/check-layers.mjs` (run by `npm test`): counts what the layering rules promise
// (docs/ARCHITECTURE.md, "Layers"), over every import in src/, type-only imports included:
//   - no import breaks a layer rule (the same rules `npm run lint` enforces per file);
//   - the app imports nothing but src/api, UI LIB's entry and its own files;
//   - the agent imports at most AGENT_PROVIDER_LIMIT provider modules;
//   - no two folders inside ui-lib import each other (a two-way folder pair).
// Prints the counts; exits non-zero when one is over its limit.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { APP_ALLOWED, importProblem, layerOf, moduleId, resolveImport, SRC } from "./lint/layers.mjs";

// The inference entry and the message vocabulary (AGENT_PROVIDER_DOORS; 18 modules before the
// entry existed).
const AGENT_PROVIDER_LIMIT = 2;

function sources(dir) {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return sources(full);
		return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
	});
}

/** Every (source module, target module) import edge inside src/. */
export function importEdges() {
	const edges = [];
	for (const file of sources(SRC)) {
		const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, false);
		for (const ref of info.importedFiles) {
			const target = resolveImport(file, ref.fileName);
			if (target !== undefined) edges.push({ source: moduleId(file), target: target.id, file });
		}
	}
	return edges;
}

const edges = importEdges();
const problems = edges.map((e) => ({ ...e, why: importProblem(e.source, e.target) })).filter((e) => e.why);

const appOutside = edges.filter(
	(e) => layerOf(e.source) === "app" && layerOf(e.target) !== "app" && !APP_ALLOWED.some((re) => re.test(e.target)),
);
const agentProviders = new Set(
	edges.filter((e) => layerOf(e.source) === "agent" && layerOf(e.target) === "provider").map((e) => e.target),
);

const uiFolder = (id) => (id.startsWith("ui-lib/") && id.split("/").length > 2 ? id.split("/")[1] : undefined);
const uiPairs = new Set();
for (const e of edges) {
	const [from, to] = [uiFolder(e.source), uiFolder(e.target)];
	if (from === undefined || to === undefined || from === to) continue;
	if (edges.some((back) => uiFolder(back.source) === to && uiFolder(back.target) === from))
		uiPairs.add([from, to].sort().join(" ↔ "));
}

const checks = [
	{
		name: "imports that break a layer rule",
		count: problems.length,
		limit: 0,
		list: problems.map((p) => `${p.source}: ${p.why}`),
	},
	{
		name: "app imports outside src/api and ui-lib's entry",
		count: appOutside.length,
		limit: 0,
		list: appOutside.map((e) => `${e.source} → ${e.target}`),
	},
	{
		name: "provider modules the agent imports",
		count: agentProviders.size,
		limit: AGENT_PROVIDER_LIMIT,
		list: [...agentProviders].sort(),
	},
	{ name: "two-way folder pairs inside ui-lib", count: uiPairs.size, limit: 0, list: [...uiPairs].sort() },
];
let failed = false;
for (const check of checks) {
	const ok = check.count <= check.limit;
	failed ||= !ok;
	console.log(`${ok ? "ok  " : "FAIL"} ${check.name}: ${check.count} (limit ${check.limit})`);
	if (!ok || process.argv.includes("--verbose")) for (const line of check.list) console.log(`       ${line}`);
}
process.exit(failed ? 1 : 0);
