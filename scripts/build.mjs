// npm run build            compile (rbxtsc), bundle dist/, write manifests, rojo build into build/
// npm run build -- --check rebuild in a temporary copy and fail, naming each stale file, when the
//                          committed dist/, generated version files, include/ or fixtures differ
// npm run build -- --measure  also print what carrying both module forms would cost
// npm run build -- --readable module text as compiled (comments, indentation) for debugging;
//                          the committed dist/ is the compact build (npm test's --check says so)
// npm run build -- --out-dir DIR  only bundle the out/ the last build compiled, writing the two
//                          bundles and their manifests into DIR: no compile, and nothing else is
//                          written (not dist/, out/, build/ or generated files); with --readable,
//                          what scripts/readable-check.mjs tests
// How the bundles work: docs/BUILDING.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bridgeOutputsSync } from "./bridge-bundle.mjs";
import { createBundle } from "./bundle/bundler.mjs";
import { privateMemberNames } from "./bundle/members.mjs";
import { fixtureOutputs, FIXTURE_DIR } from "./bundle/fixtures.mjs";
import { compile, readVersions, rojoBuild, sourcemap, versionFiles } from "./bundle/project.mjs";
import { guideFiles } from "./bundle/guide.mjs";
import { ensureDeps } from "./ensure-deps.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The two shipped bundles, one module form each, chosen for the hosts that load them: the client is
 * loaded by executors (loadstring: each module compiled on first require under its own chunk name);
 * the UI library is also pasted into Studio ModuleScripts (no loadstring: plain functions with a line
 * map). Studio and game-embedded users of the full client use the Rojo model build/uai.rbxm.
 * docs/BUILDING.md explains the choice. */
export function bundleConfigs(versions) {
	return [
		{
			name: "uai",
			title: "Project UAI client",
			version: versions.client,
			project: "default.project.json",
			entry: [],
			idRoot: "out/src",
			forms: ["loadstring"],
			pack: true,
			usage: "Load: loadstring(source)(context) in an executor returns the client handle (Studio and games: the Rojo model uai.rbxm).",
			manifestExtra: { clientVersion: versions.client, sdkVersion: versions.sdk },
			hint: "Every module and @rbxts package the client uses must be in default.project.json.",
		},
		{
			name: "uai-ui",
			title: "UAI UI LIB",
			version: versions.uiLib,
			project: "ui-lib.project.json",
			entry: ["ui-lib"],
			idRoot: "out/src/ui-lib",
			forms: ["functions"],
			members: "src/ui-lib",
			classes: true,
			usage: "Load: loadstring(source)() or require() of a ModuleScript with this Source returns the UI object.",
			manifestExtra: { uiLibVersion: versions.uiLib },
			hint: "The UI library may import only from src/ui-lib and the packages listed in ui-lib.project.json.",
		},
	];
}

const readerFor = (root) => (file) => fs.readFileSync(path.join(root, file), "utf8");

/** Bundles the compiled out/ in `root`: the dist/ files as { repoPath: text }, plus bundle details. */
function bundleOutputs(root, versions, { measure = false, readable = false } = {}) {
	const outputs = {};
	const bundles = [];
	for (const config of bundleConfigs(versions)) {
		const map = sourcemap(root, config.project);
		// private members of the library get short names in the compact build (members.mjs)
		const members = config.members && !readable ? privateMemberNames(root, config.members) : undefined;
		const input = { ...config, members, sourcemap: map, readFile: readerFor(root), readable };
		const bundle = createBundle(input);
		outputs[`dist/${config.name}.lua`] = bundle.text;
		outputs[`dist/${config.name}.manifest.json`] = bundle.manifestText;
		const info = {
			name: config.name,
			build: bundle.build,
			bytes: bundle.manifest.bytes,
			modules: bundle.modules.length,
			moduleFiles: bundle.modules,
		};
		if (measure) {
			const forms = ["loadstring", "functions"];
			info.alternative = { forms, bytes: createBundle({ ...input, forms }).manifest.bytes };
			info.functionsOnly = createBundle({ ...input, forms: ["functions"] }).manifest.bytes;
		}
		bundles.push({ ...info, forms: config.forms });
	}
	return { outputs, bundles };
}

/** Compiles in `root` and returns every generated file as { repoPath: text }, plus bundle details. */
export function produce(root, options = {}) {
	const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
	const versions = readVersions(pkg);
	compile(root);
	const { outputs, bundles } = bundleOutputs(root, versions, options);
	Object.assign(outputs, fixtureOutputs(readerFor(root)));
	Object.assign(outputs, bridgeOutputsSync(root));
	for (const name of ["RuntimeLib.lua", "Promise.lua"])
		outputs[`include/${name}`] = readerFor(root)(`include/${name}`);
	return { outputs, bundles, versions };
}

/** Files a fresh checkout needs for the compile, copied into a temporary root for --check. */
function mirror(tmp) {
	for (const file of ["package.json", "tsconfig.json", "default.project.json", "ui-lib.project.json"]) {
		fs.copyFileSync(path.join(ROOT, file), path.join(tmp, file));
	}
	for (const dir of ["src", "include", "test/spec", `${FIXTURE_DIR}/src`, "bridge/src", "bridge/web"]) {
		const from = path.join(ROOT, dir);
		if (fs.existsSync(from)) fs.cpSync(from, path.join(tmp, dir), { recursive: true });
		else fs.mkdirSync(path.join(tmp, dir), { recursive: true });
	}
	fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(tmp, "node_modules"), "junction");
}

const normalize = (text) => text.replace(/\r\n/g, "\n");

/** The source a compiled module came from: out/src/a/init.luau -> src/a/index.ts, when it exists. */
function sourceOf(root, file) {
	if (!file.startsWith("out/src/")) return file;
	const bare = file.slice("out/".length).replace(/\.luau?$/, "");
	const candidates = [`${bare}.ts`, `${bare}.tsx`, `${bare}.lua`, `${bare}.luau`];
	if (bare.endsWith("/init"))
		candidates.unshift(`${bare.slice(0, -"init".length)}index.ts`, `${bare.slice(0, -"init".length)}index.tsx`);
	return candidates.find((c) => fs.existsSync(path.join(root, c))) ?? file;
}

function moduleChanges(committedText, freshText, files) {
	try {
		const before = new Map(JSON.parse(committedText).modules.map((m) => [m.id, m.sha256]));
		const after = new Map(JSON.parse(freshText).modules.map((m) => [m.id, m.sha256]));
		const changed = [];
		for (const [id, hash] of after) {
			if (before.get(id) !== hash) changed.push(`${id} (${files[id] ?? "?"}${before.has(id) ? "" : ", new"})`);
		}
		for (const id of before.keys()) if (!after.has(id)) changed.push(`${id} (removed)`);
		return changed;
	} catch {
		return [];
	}
}

function check() {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "uai-build-check-"));
	try {
		mirror(tmp);
		const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
		// the guide module is generated from the checkout's guide (ROOT), not the copy
		const generated = { ...versionFiles(readVersions(pkg)), ...guideFiles(ROOT) };
		for (const [file, text] of Object.entries(generated)) fs.writeFileSync(path.join(tmp, file), text);
		const { outputs, bundles } = produce(tmp);
		const files = {};
		for (const b of bundles) for (const m of b.moduleFiles) files[m.id] = sourceOf(tmp, m.file);
		const stale = [];
		for (const [file, text] of Object.entries({ ...generated, ...outputs })) {
			const target = path.join(ROOT, file);
			const committed = fs.existsSync(target) ? normalize(fs.readFileSync(target, "utf8")) : undefined;
			if (committed === text) continue;
			let why = committed === undefined ? "missing" : "differs from the sources";
			const manifestFile = file.replace(/\.lua$/, ".manifest.json");
			if (committed !== undefined && file.startsWith("dist/") && outputs[manifestFile]) {
				const committedManifest = fs.existsSync(path.join(ROOT, manifestFile))
					? fs.readFileSync(path.join(ROOT, manifestFile), "utf8")
					: "";
				const changed = moduleChanges(committedManifest, outputs[manifestFile], files);
				if (changed.length > 0) why += `; modules changed: ${changed.join(", ")}`;
			}
			stale.push(`${file}: ${why}`);
		}
		if (stale.length > 0) {
			console.error(`build --check: ${stale.length} stale file(s); run "npm run build" and commit:`);
			for (const line of stale) console.error(`  ${line}`);
			return 1;
		}
		console.log(
			`build --check: dist/, version files, include/ and fixtures are current (${Object.keys(outputs).length + Object.keys(generated).length} files)`,
		);
		return 0;
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}

function writeIfChanged(file, text) {
	const target = path.join(ROOT, file);
	if (fs.existsSync(target) && normalize(fs.readFileSync(target, "utf8")) === text) return false;
	fs.mkdirSync(path.dirname(target), { recursive: true });
	fs.writeFileSync(target, text);
	return true;
}

function report(bundles) {
	for (const b of bundles) {
		console.log(`${b.name}: build ${b.build}, ${b.bytes} bytes, ${b.modules} modules, forms ${b.forms.join("+")}`);
		if (b.alternative) {
			const delta = b.alternative.bytes - b.bytes;
			console.log(
				`  measure: forms ${b.alternative.forms.join("+")} would be ${b.alternative.bytes} bytes (${delta >= 0 ? "+" : ""}${delta}); functions only ${b.functionsOnly} bytes`,
			);
		}
	}
}

/** The bundles of the out/ already compiled, written into `dir` (dist/ and out/ are left as they are). */
function bundleInto(dir, { measure, readable }) {
	if (!fs.existsSync(path.join(ROOT, "out", "src")))
		throw new Error("--out-dir bundles out/: run npm run build first");
	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
	const { outputs, bundles } = bundleOutputs(ROOT, readVersions(pkg), { measure, readable });
	const target = path.resolve(dir);
	fs.mkdirSync(target, { recursive: true });
	for (const [file, text] of Object.entries(outputs)) {
		fs.writeFileSync(path.join(target, path.basename(file)), text);
		console.log(`wrote ${path.join(path.relative(ROOT, target), path.basename(file))}`);
	}
	report(bundles);
}

function build({ measure, readable }) {
	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
	for (const [file, text] of Object.entries({ ...versionFiles(readVersions(pkg)), ...guideFiles(ROOT) })) {
		if (writeIfChanged(file, text)) console.log(`wrote ${file}`);
	}
	const { outputs, bundles } = produce(ROOT, { measure, readable });
	if (readable) console.log("readable build: for debugging only; commit the compact build (npm run build)");
	for (const [file, text] of Object.entries(outputs)) {
		if (writeIfChanged(file, text)) console.log(`wrote ${file}`);
	}
	report(bundles);
	for (const config of bundleConfigs(readVersions(pkg))) {
		rojoBuild(ROOT, config.project, `build/${config.name}.rbxm`);
		console.log(`rojo: build/${config.name}.rbxm`);
	}
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const args = process.argv.slice(2);
	const started = Date.now();
	ensureDeps();
	try {
		const options = { measure: args.includes("--measure"), readable: args.includes("--readable") };
		const outDir = args.indexOf("--out-dir");
		if (args.includes("--check")) {
			process.exitCode = check();
		} else if (outDir >= 0) {
			if (!args[outDir + 1] || args[outDir + 1].startsWith("--")) throw new Error("--out-dir takes a directory");
			bundleInto(args[outDir + 1], options);
		} else {
			build(options);
		}
		console.log(`build: ${((Date.now() - started) / 1000).toFixed(1)} s`);
	} catch (err) {
		console.error(`build: ${err.message}`);
		process.exitCode = 1;
	}
}
