// `npm run bench [NAMEPART...]`: runs every benchmark in bench/*.luau and prints what each prints
// (ratios measured within one run, never absolute timings to compare across machines). A file
// whose header has `-- runner: host` runs in the offline host (Roblox emulation, see
// test/host/DESIGN.md), where `host.realClock()` gives real processor time; the others run in
// plain Lune. Exits non-zero when a benchmark fails. Lines a benchmark prints as
// `BENCH<tab>name<tab>value<tab>goal` are gathered into one table printed at the end, with the
// builds it measured (dist/ and out/ as they are: `npm run build` first), and a warning when a
// source changed after the last build. A resumption row's goal applies to its longest step (the
// least over repeats of each frame's longest resumption, bench/lib/steps.luau), with the single
// runs' longest resumption beside it; the benchmarks' total time is printed last.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";
import { ensureDeps } from "./ensure-deps.mjs";
import { runHost } from "./host.mjs";
import { runLune } from "./lune.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BENCH = path.join(ROOT, "bench");
// `--where`: the host records where each longest resumption started and yielded (`--trace-stalls`)
const where = process.argv.includes("--where");
const only = process.argv.slice(2).filter((a) => a !== "--where");

/** The newest file under `dir`: [mtime in ms, path]. */
function newest(dir) {
	let found = [0, ""];
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const file = path.join(dir, entry.name);
		const candidate = entry.isDirectory() ? newest(file) : [fs.statSync(file).mtimeMs, file];
		if (candidate[0] > found[0]) found = candidate;
	}
	return found;
}

/** Which builds the benchmarks measure (dist/*.manifest.json), and whether a source changed
 *  after the last build (out/src, which every build writes from src/, is older than src/). */
function measuredBuilds() {
	const builds = ["uai", "uai-ui"]
		.map((name) => path.join(ROOT, "dist", `${name}.manifest.json`))
		.filter((file) => fs.existsSync(file))
		.map((file) => JSON.parse(fs.readFileSync(file, "utf8")).build);
	const [changed, source] = newest(path.join(ROOT, "src"));
	const stale = changed > newest(path.join(ROOT, "out", "src"))[0];
	return `measured builds: ${builds.join(", ")}${stale ? ` — WARNING: ${path.relative(ROOT, source)} changed after the last build, so these may be an older build's numbers: run \`npm run build\` first` : ""}`;
}

function runner(file) {
	const head = fs.readFileSync(file, "utf8").split("\n").slice(0, 20).join("\n");
	return /^--\s*runner:\s*host\s*$/m.test(head) ? "host" : "lune";
}

async function main() {
	ensureDeps();
	// Lune benchmarks load the compiled modules in out/src: compile them on a fresh clone
	if (!fs.existsSync(path.join(ROOT, "out", "src"))) {
		const build = spawnSync(process.execPath, [path.join(ROOT, "scripts", "build.mjs")], { cwd: ROOT, stdio: "inherit" });
		if (build.status !== 0) process.exit(build.status ?? 1);
	}
	const files = fs
		.readdirSync(BENCH)
		.filter((f) => f.endsWith(".luau") && (only.length === 0 || only.some((o) => f.includes(o))))
		.sort();
	const builds = measuredBuilds();
	console.log(builds);
	let failed = 0;
	const table = [];
	const benchStarted = Date.now();
	for (const name of files) {
		const file = path.join(BENCH, name);
		const kind = runner(file);
		console.log(`== bench/${name} (${kind === "host" ? "offline host" : "Lune"})`);
		const started = Date.now();
		const result =
			kind === "host" ? await runHost(file, where ? ["--trace-stalls"] : [], { capture: true }) : await runLune(["run", file], { cwd: ROOT, capture: true });
		for (const line of `${result.stdout}`.split("\n")) {
			const m = /^BENCH\t([^\t]*)\t([^\t]*)\t?(.*)$/.exec(line);
			if (m) table.push({ bench: name, name: m[1], value: m[2], goal: m[3] });
			else if (line !== "") console.log(line);
		}
		if (result.stderr) process.stderr.write(result.stderr);
		if (result.code !== 0) {
			failed++;
			console.log(`FAIL bench/${name} (exit ${result.code})`);
		}
		console.log(`   (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
	}
	if (table.length > 0) {
		const widths = [0, 1, 2].map((i) => Math.max(...table.map((r) => [r.name, r.value, r.goal][i].length), ["measure", "this run", "goal"][i].length));
		const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
		console.log(line(["measure", "this run", "goal"]));
		console.log(line(widths.map((w) => "-".repeat(w))));
		for (const r of table) console.log(line([r.name, r.value, r.goal]));
		console.log(builds);
	}
	console.log(`benchmarks' total time: ${((Date.now() - benchStarted) / 1000).toFixed(1)} s`);
	process.exit(failed === 0 ? 0 : 1);
}

await main();
