// The bundler: Rojo sourcemap + compiled Luau -> one Luau file that rebuilds the instance tree and
// loads modules lazily. Pure function of its inputs (no clock, no absolute paths, sorted output), so
// the same sources give byte-identical bundles anywhere. The format is described in docs/BUILDING.md.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compactModule } from "./compact.mjs";
import { namesIn, shortenLocals } from "./rename.mjs";
import { pack } from "./pack.mjs";
import { sameBytecode, sameMembers, samePacked } from "./verify.mjs";
import { renameMembers } from "./members.mjs";
import { shareClasses, shortenImports } from "./classes.mjs";
import { describeSteps, findModuleRefs, tokenize } from "./lex.mjs";

export const FORMAT = "uai-build v1";
/** Injected on line 1 of every module, so module line numbers stay those of the compiled file. */
export const PREFIX = "local script,require,_G,__bundle=...;";
const PREFIX_NAMES = ["script", "require", "_G", "__bundle"];

/** The compact build's line-1 locals: the prefix's names up to the last one the module reads. */
function compactPrefix(source) {
	const names = namesIn(source);
	let count = PREFIX_NAMES.length;
	while (count > 0 && !names.has(PREFIX_NAMES[count - 1])) count--;
	return count === 0 ? "" : `local ${PREFIX_NAMES.slice(0, count).join(",")}=...;`;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));

export function sha256(data) {
	return createHash("sha256").update(data).digest("hex");
}

/** Sources read on any OS compare equal: LF line ends, no BOM. */
export function normalizeText(text) {
	return text.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
}

/**
 * The runtime text; a bundle with packed modules carries their decoder (unpack.luau) ahead of it.
 * A bundle without the loadstring form leaves out the runtime's parts between `--[[loadstring]]` and
 * `--[[/loadstring]]` (pacing and compiling ahead: it has no module text to compile). A bundle that
 * shares roblox-ts's class boilerplate and imports (classes.mjs) carries the class helper (class.luau)
 * ahead of it and keeps the parts between `--[[shared]]` and `--[[/shared]]`; others leave them out.
 * A packed bundle (loadstring form only) gets `{ runtime, rest }`: the runtime's part between
 * `--[[rest]]` and `--[[/rest]]` (with the decoder) becomes text of its own, `rest`, which begins by
 * taking the locals the `--[[deferred]]` part hands it and which that part compiles after boot's
 * first pause (docs/BUILDING.md, "The frame door"); other bundles leave the `--[[deferred]]` part out.
 */
export function runtimeSource(packed = false, loadstring = true, classes = false) {
	const read = (file) => normalizeText(fs.readFileSync(path.join(HERE, file), "utf8"));
	let runtime = read("runtime.luau");
	const part = (name) => new RegExp(`^[ \\t]*--\\[\\[${name}\\]\\]\\n([\\s\\S]*?)^[ \\t]*--\\[\\[\\/${name}\\]\\]\\n`, "gm");
	const without = (name) => (text) => text.replace(part(name), "");
	if (!loadstring) runtime = without("loadstring")(runtime);
	let ahead = "";
	if (packed) ahead += `local unpackText = (function()\n${read("unpack.luau")}end)()\n`;
	if (classes) ahead += `local shareClass = (function()\n${read("class.luau")}end)()\n`;
	else runtime = without("shared")(runtime);
	if (!packed) return ahead + without("deferred")(runtime);
	const handed = /return rest\(([^)]*)\)/.exec(runtime);
	const rest = [...runtime.matchAll(part("rest"))];
	if (!handed || rest.length !== 1) throw new Error("runtime.luau: one --[[rest]] part and the --[[deferred]] call that hands it its locals");
	return { runtime: without("rest")(runtime), rest: `${ahead}local ${handed[1]} = ...\n${rest[0][1]}` };
}

/** roblox-ts's Promise, carried only when a bundled module uses it (TS.Promise, TS.async, TS.await). */
const PROMISE_FILE = "include/Promise.lua";
const RUNTIME_LIB_FILE = "include/RuntimeLib.lua";
/** What a bundle carries instead of an unused Promise: RuntimeLib stores it (TS.Promise) and never reads it. */
export const PROMISE_STUB =
	"-- roblox-ts's Promise is left out of this bundle: no bundled module uses it (docs/BUILDING.md).\n" +
	'return setmetatable({}, { __index = function(_, key) error("Promise." .. tostring(key) .. " is not in this bundle: no bundled module uses roblox-ts\'s Promise (docs/BUILDING.md)", 2) end })\n';

function usesPromise(source) {
	const tokens = tokenize(source);
	for (let i = 0; i + 2 < tokens.length; i++) {
		if (tokens[i].value === "TS" && tokens[i + 1].value === "." && ["Promise", "async", "await"].includes(tokens[i + 2].value))
			return true;
	}
	return false;
}

const byCodeUnit = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

function luaString(value) {
	let out = '"';
	for (const ch of value) {
		const code = ch.codePointAt(0);
		if (ch === '"' || ch === "\\") out += "\\" + ch;
		else if (code < 32 || code === 127) out += "\\" + code;
		else out += ch;
	}
	return out + '"';
}

/** `[==[` + newline + text + `]==]` with the smallest level whose closer first appears at the end. */
function longString(text) {
	for (let level = 0; ; level++) {
		const eq = "=".repeat(level);
		const close = `]${eq}]`;
		if ((text + close).indexOf(close) === text.length) return `[${eq}[\n${text}${close}`;
	}
}

function moduleFile(node) {
	return (node.filePaths ?? []).map((p) => p.replace(/\\/g, "/")).find((p) => /\.luau?$/.test(p));
}

/** Module id: `<name>/<path under idRoot>` for our sources, `<name>/<repo path>` for the rest; no extension. */
export function moduleId(name, idRoot, file) {
	const bare = file.replace(/\.luau?$/, "");
	const root = idRoot.replace(/\/$/, "") + "/";
	return `${name}/${bare.startsWith(root) ? bare.slice(root.length) : bare}`;
}

/**
 * A module's id in its tree entry, against the previous module's id: how many leading characters
 * the two share, then the rest of the id, left out when the rest is the node's name
 * (`uai/agent/loop` after `uai/agent/dispatch`: `10` and the name `loop`).
 */
export function idFields(previousId, id, name) {
	let shared = 0;
	while (shared < previousId.length && shared < id.length && previousId[shared] === id[shared]) shared++;
	const base = id.length - name.length;
	if (id.endsWith(name) && base <= shared) return [String(base)];
	return [String(shared), id.slice(shared)];
}

/**
 * The tree as text: an entry a line, its fields joined by commas (name, class, parent and, for a
 * module, its id fields), read by the runtime after boot's first pause. Text in a long string costs
 * the host's compile of the bundle chunk (the user's one `loadstring`) far less than table
 * constructors do (docs/BUILDING.md, "The frame door").
 */
function treeText(entries) {
	for (const fields of entries) {
		const bad = fields.find((field) => /[,\n]/.test(field) || field === "");
		if (bad !== undefined) throw new Error(`bundle tree: a name or id holds a comma or a line break: ${JSON.stringify(bad)}`);
	}
	return entries.map((fields) => fields.join(",")).join("\n");
}

function linkTree(root) {
	const walk = (node, parent) => {
		node.parent = parent;
		node.children = [...(node.children ?? [])].sort(
			(a, b) => byCodeUnit(a.name, b.name) || byCodeUnit(a.className, b.className),
		);
		for (const child of node.children) walk(child, node);
	};
	walk(root, undefined);
}

function instancePath(node) {
	const names = [];
	for (let n = node; n; n = n.parent) names.unshift(n.name);
	return names.join(".");
}

function resolveSteps(from, steps) {
	let node = from;
	for (const step of steps) {
		if (step.parent) {
			node = node.parent;
		} else if (step.getModule) {
			const [scope, name] = step.getModule;
			let found;
			for (let n = node; n && !found; n = n.parent) {
				found = n.children
					.find((c) => c.name === "node_modules")
					?.children.find((c) => c.name === scope)
					?.children.find((c) => c.name === name);
			}
			node = found;
		} else {
			node = node.children.find((c) => c.name === step.child);
		}
		if (!node) return undefined;
	}
	return node;
}

/**
 * Builds one bundle.
 * @param {object} o
 * @param {string} o.name        bundle name and module id prefix ("uai", "uai-ui")
 * @param {string} o.title       human name for the header
 * @param {string} o.version     product version (the build id starts with it)
 * @param {object} o.sourcemap   parsed `rojo sourcemap` output
 * @param {string[]} o.entry     instance names from the tree root to the entry module ([] = the root)
 * @param {string} o.idRoot      repo path whose files get ids relative to it ("out/src")
 * @param {(file: string) => string} o.readFile  reads a repo-relative file
 * @param {string[]} o.forms     "loadstring" (module sources as strings) and/or "functions"
 * @param {boolean} [o.readable] carry module text as compiled (default: compacted, compact.mjs)
 * @param {boolean} [o.pack]     pack the module sources (loadstring form, compact build; pack.mjs)
 * @param {string[]} [o.members] private member names of the modules under idRoot (members.mjs),
 *                               shortened in the compact build
 * @param {boolean} [o.classes]  share roblox-ts's class boilerplate (classes.mjs; compact build)
 * @param {string} o.usage       one line telling how the bundle is loaded
 * @param {object} [o.manifestExtra] extra manifest fields placed after "version"
 * @param {string} [o.hint]      printed after reference errors
 */
export function createBundle(o) {
	const root = structuredClone(o.sourcemap);
	linkTree(root);
	let entryNode = root;
	for (const name of o.entry) {
		entryNode = entryNode.children.find((c) => c.name === name);
		if (!entryNode) throw new Error(`${o.name}: entry ${o.entry.join(".")} is not in the sourcemap`);
	}

	// Reachability from the entry, following static requires and TS.import calls.
	const modules = new Map(); // node -> { id, file, source }
	const errors = [];
	const queue = [entryNode];
	while (queue.length > 0) {
		const node = queue.shift();
		if (modules.has(node)) continue;
		const file = moduleFile(node);
		if (node.className !== "ModuleScript" || !file) {
			errors.push(`${instancePath(node)} is required but is not a ModuleScript with a .lua/.luau file`);
			continue;
		}
		let source = normalizeText(o.readFile(file));
		if (!source.endsWith("\n")) source += "\n"; // the form embedded, hashed and line-mapped
		const imports = [];
		modules.set(node, { id: moduleId(o.name, o.idRoot, file), file, source, imports });
		const scan = findModuleRefs(source);
		for (const e of scan.errors) errors.push(`${file}:${e.line}: ${e.message}`);
		for (const ref of scan.refs) {
			const target = resolveSteps(node, ref.steps);
			if (!target) {
				errors.push(
					`${file}:${ref.line}: ${describeSteps(ref.steps)} is not in the ${o.name} tree (${instancePath(node)})`,
				);
			} else {
				if (ref.kind === "import" && !imports.includes(target)) imports.push(target);
				if (!modules.has(target)) queue.push(target);
			}
		}
	}
	if (errors.length > 0) {
		const hint = o.hint ? `\n${o.hint}` : "";
		throw new Error(`${o.name}: cannot bundle:\n  ${errors.join("\n  ")}${hint}`);
	}

	// The text each module carries: compacted (same lines) unless readable; an unused Promise is a stub.
	const promiseUsed = [...modules.values()].some(
		(m) => m.file !== PROMISE_FILE && m.file !== RUNTIME_LIB_FILE && usesPromise(m.source),
	);
	for (const m of modules.values()) {
		if (m.file === PROMISE_FILE && !promiseUsed) {
			m.source = PROMISE_STUB;
			m.stub = true;
		}
		m.prefix = PREFIX;
		if (!o.readable) {
			m.source = compactModule(m.source);
			m.prefix = compactPrefix(m.source);
		}
	}
	// Shortened local names, kept per module only where Luau proves the same bytecode (verify.mjs).
	const packed = Boolean(o.pack) && !o.readable && o.forms.length === 1 && o.forms[0] === "loadstring";
	const loadstring = o.forms.includes("loadstring");
	const sharesClasses = Boolean(o.classes) && !o.readable;
	const source = runtimeSource(packed && !o.readable, loadstring, sharesClasses);
	// a packed bundle's runtime: its first part, and the rest as text that part compiles (spec.runtime)
	let runtime = typeof source === "string" ? source : source.runtime;
	let runtimeRest = typeof source === "string" ? undefined : source.rest;
	if (!o.readable) {
		runtime = compactModule(runtime);
		if (runtimeRest !== undefined) runtimeRest = compactModule(runtimeRest);
		const list = [...modules.values()];
		// the line-1 locals are renamed with the module: `local a,b=...;` then `a.Parent`, `b(...)`
		const pairs = list.map((m) => ({ name: m.id, before: m.prefix + m.source, after: shortenLocals(m.prefix + m.source) }));
		pairs.push({ name: "runtime", before: runtime, after: shortenLocals(runtime) });
		if (runtimeRest !== undefined) pairs.push({ name: "runtime rest", before: runtimeRest, after: shortenLocals(runtimeRest) });
		const same = sameBytecode(pairs, "1");
		list.forEach((m, i) => {
			if (!same[i]) return;
			m.shortened = true;
			const after = pairs[i].after;
			const cut = m.prefix === "" ? 0 : after.indexOf("=...;") + "=...;".length;
			m.prefix = after.slice(0, cut);
			m.source = after.slice(cut);
		});
		if (same[list.length]) runtime = pairs[list.length].after;
		runtime = runtime.replace(/\n+/g, "\n");
		if (runtimeRest !== undefined) {
			if (same[list.length + 1]) runtimeRest = pairs[list.length + 1].after;
			runtimeRest = runtimeRest.replace(/\n+/g, "\n");
		}
	}

	// Private members renamed across the library's modules, each module proven (members.mjs).
	let memberRenames = new Map();
	if (o.members && !o.readable) {
		const list = [...modules.values()];
		const own = o.idRoot.replace(/\/$/, "") + "/";
		const input = list.map((m) => ({ text: m.prefix + m.source, member: m.file.startsWith(own) }));
		input.push({ text: runtime, member: false });
		const { texts, renames } = renameMembers(input, o.members);
		const changed = list.map((m, i) => i).filter((i) => texts[i] !== input[i].text);
		const same = sameMembers(
			changed.map((i) => ({ before: input[i].text, after: texts[i] })),
			renames,
		);
		const bad = changed.filter((i, k) => !same[k]).map((i) => list[i].id);
		if (bad.length > 0) throw new Error(`${o.name}: renamed private members change the bytecode (internal error): ${bad.join(", ")}`);
		for (const i of changed) list[i].source = texts[i].slice(list[i].prefix.length);
		memberRenames = renames;
	}

	// roblox-ts's class boilerplate and imports shared through TS.class and TS.I (classes.mjs), where the locals were proven.
	if (sharesClasses) {
		for (const m of modules.values()) {
			if (!m.shortened || m.prefix === "") continue;
			const [scriptName, requireName] = m.prefix.slice("local ".length, -"=...;".length).split(",");
			if (!requireName) continue;
			m.source = shareClasses(m.source, scriptName, requireName).text;
			m.source = shortenImports(m.source, scriptName, requireName).text;
		}
	}

	// Packed sources, each proven by the decoder the bundle carries to unpack to its text.
	if (packed) {
		const list = [...modules.values()];
		const items = list.map((m) => ({ text: m.prefix + m.source, packed: pack(m.prefix + m.source) }));
		const same = samePacked(items);
		const bad = list.filter((m, i) => !same[i]).map((m) => m.id);
		if (bad.length > 0) throw new Error(`${o.name}: packed text does not unpack to the module (internal error): ${bad.join(", ")}`);
		list.forEach((m, i) => {
			m.packed = items[i].packed;
		});
	}

	const ids = new Map();
	for (const m of modules.values()) {
		if (ids.has(m.id)) throw new Error(`${o.name}: two modules share the id ${m.id} (${ids.get(m.id)}, ${m.file})`);
		ids.set(m.id, m.file);
	}

	// The tree keeps the included modules and their ancestors, in preorder with sorted children.
	const keep = new Set();
	for (const node of modules.keys()) for (let n = node; n; n = n.parent) keep.add(n);
	const order = [];
	const visit = (node) => {
		if (!keep.has(node)) return;
		order.push(node);
		for (const child of node.children) visit(child);
	};
	visit(root);
	const indexOf = new Map(order.map((node, i) => [node, i + 1]));

	const sorted = [...modules.values()].sort((a, b) => byCodeUnit(a.id, b.id));
	// module texts and line map counts follow the tree's order of modules; ids are only in the tree
	const inTreeOrder = order.filter((node) => modules.has(node)).map((node) => modules.get(node));
	const classes = [...new Set(order.map((node) => node.className))].sort(byCodeUnit);
	const entryId = modules.get(entryNode).id;

	const tab = o.readable ? "\t" : "";
	const sp = o.readable ? " " : "";
	const render = (build) => {
		const lines = [];
		lines.push(
			`-- ${o.title} ${o.version}, build ${build} (${FORMAT}). Generated by scripts/build.mjs; do not edit.`,
		);
		lines.push(`-- ${o.usage} Verify against ${o.name}.manifest.json; see docs/BUILDING.md.`);
		lines.push("return (function()");
		for (const l of runtime.replace(/\n$/, "").split("\n")) lines.push(l);
		lines.push("end)()({");
		lines.push(`\tformat = ${luaString(FORMAT)},`);
		lines.push(`\tname = ${luaString(o.name)},`);
		lines.push(`\tversion = ${luaString(o.version)},`);
		lines.push(`\tbuild = ${luaString(build)},`);
		lines.push(`\tentry = ${luaString(entryId)},`);
		if (packed) lines.push("\tpacked = true,");
		if (runtimeRest !== undefined) for (const l of `\truntime = ${longString(runtimeRest)},`.split("\n")) lines.push(l);
		lines.push(`\tclasses = {${sp}${classes.map(luaString).join(`,${sp}`)}${sp}},`);
		const entries = [];
		let previousId = "";
		for (const node of order) {
			const parent = node.parent ? indexOf.get(node.parent) : 0;
			const m = modules.get(node);
			const fields = [node.name, String(classes.indexOf(node.className) + 1), String(parent)];
			if (m) {
				fields.push(...idFields(previousId, m.id, node.name));
				previousId = m.id;
			}
			entries.push(fields);
		}
		for (const l of `\ttree = ${longString(treeText(entries))},`.split("\n")) lines.push(l);
		if (o.forms.includes("loadstring")) {
			lines.push("\tsources = {");
			for (const m of inTreeOrder) {
				const body = longString(packed ? m.packed : m.prefix + m.source);
				for (const l of `${tab}${tab}${body},`.split("\n")) lines.push(l);
			}
			lines.push("\t},");
			// what each module imports at the top of its body, for __bundle.prepare: module indexes in tree order
			const position = new Map(inTreeOrder.map((m, i) => [m, i + 1]));
			const imports = inTreeOrder.map((m) => m.imports.map((node) => position.get(modules.get(node))).join(","));
			lines.push(`\timports = ${luaString(imports.join(";"))},`);
		}
		const lineMap = [];
		if (o.forms.includes("functions")) {
			lines.push("\tfunctions = {");
			for (const m of inTreeOrder) {
				const body = m.source.replace(/\n$/, "").split("\n");
				// the first module's first line, then line counts: each module starts after the previous one's `end,`
				if (lineMap.length === 0) lineMap.push(lines.length + 1);
				lineMap.push(body.length);
				// the line-1 locals as the function's parameters: `function(a,b)` is `function(...) local a,b=...;`
				// for a module body, which never reads `...` (one that did would not compile here)
				const params = m.prefix === "" ? "" : m.prefix.slice("local ".length, -"=...;".length);
				lines.push(`${tab}${tab}function(${params})${sp}${body[0]}`);
				for (const l of body.slice(1)) lines.push(l);
				lines.push(`${tab}${tab}end,`);
			}
			lines.push("\t},");
		}
		lines.push(lineMap.length > 0 ? `\tlineMap = { ${lineMap.join(`,${sp}`)} },` : "\tlineMap = {},");
		lines.push("}, ...)");
		return lines.join("\n") + "\n";
	};

	const blank = render("");
	const build = `${o.version}-${sha256(blank).slice(0, 16)}`;
	const text = render(build);
	if (text.split(build).join("") !== blank) throw new Error(`${o.name}: build id is not removable (internal error)`);

	const manifest = {
		format: FORMAT,
		name: o.name,
		file: `${o.name}.lua`,
		version: o.version,
		...(o.manifestExtra ?? {}),
		build,
		bytes: Buffer.byteLength(text),
		sha256: sha256(text),
		entry: entryId,
		forms: [...o.forms],
		compact: !o.readable,
		...(packed ? { packed: true } : {}),
		modules: sorted.map((m) => ({
			id: m.id,
			bytes: Buffer.byteLength(m.source),
			sha256: sha256(m.source),
			...(m.stub ? { unused: true } : {}),
		})),
	};
	return {
		text,
		build,
		manifest,
		manifestText: JSON.stringify(manifest, null, "\t") + "\n",
		modules: sorted.map((m) => ({ id: m.id, file: m.file, bytes: Buffer.byteLength(m.source) })),
		memberRenames,
	};
}
