// Builds the browser bridge into one file, dist/uai-bridge.js, that runs with plain `node`: the web
// client (bridge/web, built by Vite) is inlined into one HTML page, which esbuild embeds in the
// server bundle (bridge/src, with Fastify and ws). docs: bridge/README.md.
//   node scripts/bridge-bundle.mjs            writes dist/uai-bridge.js
//   node scripts/bridge-bundle.mjs --json ROOT prints {file: text} built from ROOT's sources
// build.mjs runs the --json form (bridgeOutputsSync) so `npm run build` and `--check` include it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The built web page with its script and stylesheet inlined. */
async function buildPage(root) {
	const { build } = await import("vite");
	const outDir = path.join(root, ".cache", "bridge-web");
	await build({ configFile: path.join(root, "bridge", "web", "vite.config.mjs"), root: path.join(root, "bridge", "web"), build: { outDir, emptyOutDir: true } });
	let html = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
	const read = (ref) => fs.readFileSync(path.join(outDir, ref.replace(/^\.?\//, "")), "utf8");
	html = html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_m, src) => `<script type="module">${read(src).replace(/<\/script/gi, "<\\/script")}</script>`);
	html = html.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_m, href) => `<style>${read(href)}</style>`);
	if (/src="\.\/assets|href="\.\/assets/.test(html)) throw new Error("bridge page: an asset was not inlined");
	return html;
}

/** { "dist/uai-bridge.js": text } built from the sources under `root`. */
export async function bridgeOutputs(root) {
	const esbuild = await import("esbuild");
	const page = await buildPage(root);
	const result = await esbuild.build({
		entryPoints: [path.join(root, "bridge", "src", "main.ts")],
		bundle: true,
		platform: "node",
		target: "node18",
		format: "cjs",
		write: false,
		legalComments: "none",
		minify: true,
		define: { __UAI_PAGE__: JSON.stringify(page) },
		banner: { js: "#!/usr/bin/env node\n// UAI browser bridge: node uai-bridge.js (see bridge/README.md). Generated; do not edit." },
		logLevel: "warning",
	});
	return { "dist/uai-bridge.js": result.outputFiles[0].text };
}

/** bridgeOutputs for build.mjs, whose steps are synchronous: built in a child process. */
export function bridgeOutputsSync(root) {
	const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--json", root], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
	if (r.status !== 0) throw new Error(`the bridge bundle failed:\n${r.stderr}`);
	return JSON.parse(r.stdout);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	if (process.argv[2] === "--json") {
		const text = JSON.stringify(await bridgeOutputs(path.resolve(process.argv[3])));
		process.stdout.write(text, () => process.exit(0));
	} else {
		const root = path.resolve(HERE, "..");
		const outputs = await bridgeOutputs(root);
		for (const [file, text] of Object.entries(outputs)) {
			fs.writeFileSync(path.join(root, file), text);
			console.log(`${file}: ${text.length} bytes`);
		}
	}
}
