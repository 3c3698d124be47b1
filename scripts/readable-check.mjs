// node scripts/readable-check.mjs: tests the readable build (npm run build -- --readable). It bundles
// the out/ the last build compiled into build/readable-check (build.mjs --out-dir: the committed
// dist/ and out/ stay as they are), checks that every compiled module is carried as is — comments
// and indentation kept — and runs scripts/readable_check.luau in the offline host: both bundles
// compile and load, and their errors name module:line with the line of the readable text.
// Run by `npm test` as a step; needs `npm run build` first (out/).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runHost } from "./host.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIR = path.join(ROOT, "build", "readable-check");
// bundle name -> the folder of out/ its module ids stand for (`uai-ui/x` is out/src/ui-lib/x)
const BUNDLES = { uai: "out/src", "uai-ui": "out/src/ui-lib" };
const LEFT_ALONE = ["dist/uai.lua", "dist/uai-ui.lua", "out/src/init.luau", "out/src/ui-lib/init.luau"];

const sha256 = (data) => crypto.createHash("sha256").update(data).digest("hex");
const hashes = () => LEFT_ALONE.map((file) => sha256(fs.readFileSync(path.join(ROOT, file))));

/** The compiled file a module id stands for, or undefined (include/ and packages come from elsewhere). */
function compiledFile(folder, rest) {
	return [`${rest}.luau`, `${rest}/init.luau`]
		.map((candidate) => path.join(ROOT, folder, candidate))
		.find((file) => fs.existsSync(file));
}

/** Problems with one readable bundle: a compiled module not carried as is, or no comments or indentation. */
function bundleProblems(name, folder) {
	const text = fs.readFileSync(path.join(DIR, `${name}.lua`), "utf8");
	const manifest = JSON.parse(fs.readFileSync(path.join(DIR, `${name}.manifest.json`), "utf8"));
	const problems = [];
	if (manifest.compact !== false) problems.push(`${name}: the manifest says compact = ${manifest.compact}`);
	let carried = 0;
	let commented = 0;
	let indented = 0;
	for (const module of manifest.modules) {
		const file = compiledFile(folder, module.id.slice(name.length + 1));
		if (file === undefined) continue;
		const compiled = fs.readFileSync(file, "utf8");
		if (module.sha256 !== sha256(compiled) || !text.includes(compiled)) {
			problems.push(`${name}: ${module.id} is not ${path.relative(ROOT, file)} as compiled`);
			continue;
		}
		carried += 1;
		// a comment besides the compiler's first line
		if (/\n\s*--/.test(compiled)) commented += 1;
		if (/^\t+\S/m.test(compiled)) indented += 1;
	}
	if (carried < manifest.modules.length / 2) problems.push(`${name}: only ${carried} modules found in out/`);
	if (commented === 0 || indented === 0)
		problems.push(`${name}: no comments (${commented}) or indentation (${indented})`);
	return {
		problems,
		summary: `${name} ${carried} modules as compiled (${commented} with comments, ${indented} indented)`,
	};
}

async function main() {
	if (!fs.existsSync(path.join(ROOT, "out", "src"))) throw new Error("no out/: run npm run build first");
	const before = hashes();
	fs.rmSync(DIR, { recursive: true, force: true });
	try {
		const build = spawnSync(
			process.execPath,
			[path.join(ROOT, "scripts", "build.mjs"), "--readable", "--out-dir", path.relative(ROOT, DIR)],
			{ cwd: ROOT, encoding: "utf8" },
		);
		if (build.status !== 0) throw new Error(`the readable build failed:\n${build.stdout}${build.stderr}`);
		const problems = [];
		const summaries = [];
		for (const [name, folder] of Object.entries(BUNDLES)) {
			const result = bundleProblems(name, folder);
			problems.push(...result.problems);
			summaries.push(result.summary);
		}
		if (hashes().some((hash, i) => hash !== before[i]))
			problems.push(`the readable build changed ${LEFT_ALONE.join(", ")}`);
		if (problems.length > 0) throw new Error(problems.join("\n"));
		const host = await runHost(path.join(ROOT, "scripts", "readable_check.luau"), ["--profile", "executor"], {
			capture: true,
		});
		if (host.code !== 0) throw new Error(`readable_check.luau failed:\n${host.stdout}${host.stderr}`);
		console.log(`readable build: ${summaries.join("; ")}; ${host.stdout.trim().split("\n").pop()}`);
	} finally {
		fs.rmSync(DIR, { recursive: true, force: true });
	}
}

main().catch((err) => {
	console.error(`readable-check: ${err.message}`);
	process.exitCode = 1;
});
