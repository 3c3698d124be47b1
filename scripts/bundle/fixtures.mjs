// Fixture bundles for the build scenarios (test/scenarios/build_*.luau). They use the bundler as a
// library on hand-written Luau in test/fixtures/bundle/src, with the real RuntimeLib from include/:
// lazy loading, a require cycle, a TS.import cycle and an error on a known line.
// `npm run build` regenerates them and `npm run build -- --check` checks them like dist/.
import { createBundle } from "./bundler.mjs";

export const FIXTURE_DIR = "test/fixtures/bundle";

function module(name, file, children) {
	const node = { name, className: "ModuleScript", filePaths: [file] };
	if (children) node.children = children;
	return node;
}

function folder(name, children) {
	return { name, className: "Folder", children };
}

/** The tree Rojo would produce for the fixture (written out, so the fixture needs no project file). */
export function fixtureSourcemap() {
	const src = `${FIXTURE_DIR}/src`;
	return folder("fixture", [
		module("main", `${src}/main.luau`),
		module("counter", `${src}/counter.luau`),
		module("lazy", `${src}/lazy.luau`),
		module("boom", `${src}/boom.luau`),
		folder(
			"cycle",
			["a", "b", "c", "d"].map((n) => module(n, `${src}/cycle/${n}.luau`)),
		),
		folder("include", [module("Promise", "include/Promise.lua"), module("RuntimeLib", "include/RuntimeLib.lua")]),
	]);
}

/** { "test/fixtures/bundle/fixture.lua": text } */
export function fixtureOutputs(readFile) {
	const bundle = createBundle({
		name: "fixture",
		title: "UAI build fixture",
		version: "0.0.0",
		sourcemap: fixtureSourcemap(),
		entry: ["main"],
		idRoot: `${FIXTURE_DIR}/src`,
		readFile,
		forms: ["loadstring", "functions"],
		classes: true, // TS.I and TS.class as in the UI bundle: the TS.import cycle below goes through TS.I
		usage: "Test fixture: loadstring(source)() or a ModuleScript's Source.",
	});
	return { [`${FIXTURE_DIR}/fixture.lua`]: bundle.text };
}
