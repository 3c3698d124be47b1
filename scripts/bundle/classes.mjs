// roblox-ts's class boilerplate, shared (UI bundle, compact build). roblox-ts writes the same ten
// lines for every class; in a compacted, local-shortened module they read exactly
//
//   C=setmetatable({},{            C=T.class("Name")      (or C=T.class("Name",K) with the
//   __tostring=function()                                  `__index=K,` line of a subclass)
//   return"Name"                   and the other lines left empty, so every line keeps its number
//   end,
//   __index=K,                     (a subclass only)
//   })
//   C.__index=C
//   function C.new(...)
//   local O=setmetatable({},C)
//   return O:constructor(...)or O
//   end
//
// where T is the module's RuntimeLib local (its first line: `local T=R(S.Parent….include.RuntimeLib)`)
// and `T.class` is class.luau, which the bundle runtime stores in RuntimeLib's table when it loads:
// the same class table, metatable (`__tostring`, `__index`), `__index` field and `new`. Only these
// exact lines are replaced, only in modules whose locals the rename pass proved (every binding has
// a name of its own there, so T is the RuntimeLib local wherever it appears) and where nothing
// assigns T and the class defines `constructor`.
import { tokenize } from "./lex.mjs";

/**
 * The module's RuntimeLib local: its first line is `local T=R(S.Parent….include.RuntimeLib)` with R
 * its require and S its script, and nothing assigns T after that line.
 * @param {string[]} lines the module's compact text, without its line-1 locals, split in lines
 * @returns {{ ts?: string, first: number }} T (undefined when there is none) and that line's index
 */
export function runtimeLibLocal(lines, scriptName, requireName) {
	const first = lines.findIndex((l) => l !== "");
	const head = /^local ([A-Za-z_][A-Za-z0-9_]*)=([A-Za-z_][A-Za-z0-9_]*)\(([A-Za-z_][A-Za-z0-9_]*)(?:\.Parent)+\.include\.RuntimeLib\)$/.exec(lines[first] ?? "");
	if (!head || head[2] !== requireName || head[3] !== scriptName) return { first };
	const assigned = new RegExp(`(^|[^A-Za-z0-9_.:])${head[1]}\\s*=[^=]`);
	if (lines.slice(first + 1).some((l) => assigned.test(l))) return { first };
	return { ts: head[1], first };
}

/**
 * @param {string} source a module's compact text, without its line-1 locals
 * @param {string} scriptName the module's name for `script` (its first line-1 local)
 * @param {string} requireName the module's name for `require` (its second line-1 local)
 * @returns {{ text: string, classes: number }} the text with each class's boilerplate shared
 */
export function shareClasses(source, scriptName, requireName) {
	const lines = source.split("\n");
	const { ts, first } = runtimeLibLocal(lines, scriptName, requireName);
	if (ts === undefined) return { text: source, classes: 0 };
	let classes = 0;
	for (let i = first + 1; i < lines.length; i++) {
		const open = /^([A-Za-z_][A-Za-z0-9_]*)=setmetatable\(\{\},\{$/.exec(lines[i]);
		if (!open) continue;
		const c = open[1];
		const name = /^return"([A-Za-z0-9_]+)"$/.exec(lines[i + 2] ?? "");
		if (lines[i + 1] !== "__tostring=function()" || !name || lines[i + 3] !== "end,") continue;
		const base = /^__index=([A-Za-z_][A-Za-z0-9_]*),$/.exec(lines[i + 4] ?? "");
		const at = base ? i + 5 : i + 4;
		const self = /^local ([A-Za-z_][A-Za-z0-9_]*)=setmetatable\(\{\},(.*)\)$/.exec(lines[at + 3] ?? "");
		if (
			lines[at] !== "})" ||
			lines[at + 1] !== `${c}.__index=${c}` ||
			lines[at + 2] !== `function ${c}.new(...)` ||
			!self ||
			self[2] !== c ||
			lines[at + 4] !== `return ${self[1]}:constructor(...)or ${self[1]}` ||
			lines[at + 5] !== "end" ||
			!lines.some((l) => l.startsWith(`function ${c}.constructor(`))
		)
			continue;
		lines[i] = `${c}=${ts}.class("${name[1]}"${base ? `,${base[1]}` : ""})`;
		for (let k = i + 1; k <= at + 5; k++) lines[k] = "";
		classes++;
		i = at + 5;
	}
	return { text: lines.join("\n"), classes };
}

/**
 * roblox-ts's imports, shorter: `T.import(S,S.Parent.Parent,"a","b")` (S the module's script, T its
 * RuntimeLib local, as above) is written `T.I(S,2,"a","b")`, where the runtime's `TS.I(script, n,
 * ...)` walks n `.Parent`s up from the script and imports the same as `TS.import`, raising its
 * errors at the module's line as `TS.import` does. Token by token, so strings are never touched.
 * @param {string} source a module's compact text, without its line-1 locals
 * @param {string} scriptName the module's name for `script`
 * @param {string} requireName the module's name for `require`
 * @returns {{ text: string, imports: number }}
 */
export function shortenImports(source, scriptName, requireName) {
	const { ts } = runtimeLibLocal(source.split("\n"), scriptName, requireName);
	if (ts === undefined) return { text: source, imports: 0 };
	const tokens = tokenize(source);
	let out = "";
	let from = 0;
	let imports = 0;
	for (let i = 0; i < tokens.length; i++) {
		const at = (k, value, type = "name") => tokens[i + k]?.value === value && tokens[i + k].type === type;
		if (!at(0, ts) || tokens[i - 1]?.value === "." || tokens[i - 1]?.value === ":") continue;
		if (!(at(1, ".", "op") && at(2, "import") && at(3, "(", "op") && at(4, scriptName) && at(5, ",", "op") && at(6, scriptName))) continue;
		let k = 7;
		let depth = 0;
		while (at(k, ".", "op") && at(k + 1, "Parent")) {
			depth++;
			k += 2;
		}
		if (!at(k, ",", "op") || tokens[i + k].line !== tokens[i].line) continue;
		// `T.import(S,S.Parent…,` -> `T.I(S,n,`
		out += source.slice(from, tokens[i + 2].start) + `I(${scriptName},${depth},`;
		from = tokens[i + k].end;
		imports++;
		i += k;
	}
	return { text: out + source.slice(from), imports };
}
