// Round trip of the compact pass (compact.mjs) on every compiled module: out/src, include/ and the
// @rbxts packages the projects map. Each module and its compacted text are compiled by Luau
// (roundtrip.luau, in Lune) and must give the same bytecode — the same instructions, constants
// and line of every instruction — so they behave alike and raise the same errors at the same
// lines. Run by `npm test`; alone: `node scripts/bundle/roundtrip.mjs`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compactModule } from "./compact.mjs";
import { shortenLocals } from "./rename.mjs";
import { sameBytecode } from "./verify.mjs";
import { normalizeText } from "./bundler.mjs";
import { runLune } from "../lune.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

function luaFiles(dir) {
	if (!fs.existsSync(dir)) return [];
	const out = [];
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const file = path.join(dir, entry.name);
		if (entry.isDirectory()) out.push(...luaFiles(file));
		else if (/\.luau?$/.test(entry.name)) out.push(file);
	}
	return out.sort();
}

export async function roundTrip() {
	const files = [
		...luaFiles(path.join(ROOT, "out", "src")),
		...luaFiles(path.join(ROOT, "include")),
		...luaFiles(path.join(ROOT, "node_modules", "@rbxts", "services")),
		path.join(ROOT, "scripts", "bundle", "runtime.luau"),
	];
	if (files.length === 0) throw new Error("no compiled modules: run npm run build first");
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "uai-roundtrip-"));
	try {
		const list = [];
		let before = 0;
		let after = 0;
		files.forEach((file, i) => {
			let source = normalizeText(fs.readFileSync(file, "utf8"));
			if (!source.endsWith("\n")) source += "\n";
			const compact = compactModule(source);
			before += Buffer.byteLength(source);
			after += Buffer.byteLength(compact);
			if (compact.split("\n").length !== source.split("\n").length) throw new Error(`${file}: line count changed`);
			fs.writeFileSync(path.join(tmp, `${i}.a.luau`), source);
			fs.writeFileSync(path.join(tmp, `${i}.b.luau`), compact);
			list.push(path.relative(ROOT, file));
		});
		fs.writeFileSync(path.join(tmp, "list.txt"), list.join("\n") + "\n");
		const r = await runLune(["run", path.join(ROOT, "scripts", "bundle", "roundtrip.luau"), tmp], { cwd: ROOT, capture: true });
		if (r.code !== 0) throw new Error(`${r.stdout}${r.stderr}`.trim());
		// local names: where the pass's binding is right the bytecode is the same at debug level 1
		const pairs = files.map((file, i) => {
			const compact = fs.readFileSync(path.join(tmp, `${i}.b.luau`), "utf8");
			return { name: list[i], before: compact, after: shortenLocals(compact) };
		});
		const same = sameBytecode(pairs, "1");
		const shortened = pairs.filter((p, i) => same[i]);
		const short = shortened.reduce((n, p) => n + Buffer.byteLength(p.before) - Buffer.byteLength(p.after), 0);
		const kept = pairs.filter((p, i) => !same[i] && p.after !== p.before).map((p) => p.name);
		const note = `shortened locals: ${shortened.length}/${pairs.length} modules proven (-${short} bytes)${kept.length ? `; kept as is: ${kept.join(", ")}` : ""}`;
		return { modules: files.length, before, after, output: `${r.stdout.trim()}\n${note}` };
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	try {
		const r = await roundTrip();
		console.log(`${r.output}\ncompact: ${r.before} -> ${r.after} bytes of module text`);
	} catch (err) {
		console.error(`roundtrip: ${err.message}`);
		process.exitCode = 1;
	}
}
