// TestEZ specs: compile src/ and test/spec/ with rbxtsc into .cache/spec-out (tsconfig.spec.json,
// test/spec.project.json), describe the instance tree from Rojo's sourcemap, and run them inside
// the offline host (test/host/specs.luau, studio profile). Exit code is the host's.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runHost } from "./host.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, ".cache", "spec-out");
const PROJECT = path.join(ROOT, "test", "spec.project.json");

function run(command, args, cwd = ROOT) {
	const r = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
	if (r.status !== 0) {
		process.stderr.write(`${command} ${args.join(" ")} failed\n${r.stdout}${r.stderr}`);
		process.exit(r.status ?? 1);
	}
	return r.stdout;
}

fs.rmSync(OUT, { recursive: true, force: true });
const bin = path.join(ROOT, "node_modules", ".bin");
run(path.join(bin, "rbxtsc"), ["-p", "tsconfig.spec.json", "--rojo", PROJECT, "-i", path.join(OUT, "include")]);
const map = JSON.parse(run(path.join(bin, "rojo"), ["sourcemap", path.basename(PROJECT)], path.dirname(PROJECT)));

// Only script files become ModuleScripts with a source; paths become repository-relative.
function convert(node) {
	const file = (node.filePaths ?? []).find((f) => /\.luau?$/.test(f));
	const out = { name: node.name, className: node.className };
	if (file) out.file = path.relative(ROOT, path.resolve(path.dirname(PROJECT), file));
	if (node.children?.length) out.children = node.children.map(convert);
	return out;
}
// `node scripts/specs.mjs NAME...` runs only the spec files whose names contain a NAME.
const only = process.argv.slice(2);
function keep(node) {
	if (only.length === 0) return node;
	const walk = (n) => ({
		...n,
		children: n.children
			?.filter((c) => !c.name.endsWith(".spec") || only.some((o) => c.name.includes(o)))
			.map(walk),
	});
	return { ...node, children: node.children?.map((c) => (c.name === "spec" ? walk(c) : c)) };
}
fs.writeFileSync(path.join(ROOT, ".cache", "spec-tree.json"), JSON.stringify(keep(convert(map))));
const { code } = await runHost(path.join(ROOT, "test", "host", "specs.luau"), ["--profile", "studio"]);
process.exit(code);
