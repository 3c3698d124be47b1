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

/**
 * @param {string} source a module's compact text, without its line-1 locals
 * @param {string} scriptName the module's name for `script` (its first line-1 local)
 * @param {string} requireName the module's name for `require` (its second line-1 local)
 * @returns {{ text: string, classes: number }} the text with each class's boilerplate shared
 */
export function shareClasses(source, scriptName, requireName) {
	const lines = source.split("\n");
	const first = lines.findIndex((l) => l !== "");
	const head = /^local ([A-Za-z_][A-Za-z0-9_]*)=([A-Za-z_][A-Za-z0-9_]*)\(([A-Za-z_][A-Za-z0-9_]*)(?:\.Parent)+\.include\.RuntimeLib\)$/.exec(lines[first] ?? "");
	if (!head || head[2] !== requireName || head[3] !== scriptName) return { text: source, classes: 0 };
	const ts = head[1];
	// nothing may assign the RuntimeLib local after its line
	const assigned = new RegExp(`(^|[^A-Za-z0-9_.:])${ts}\\s*=[^=]`);
	if (lines.slice(first + 1).some((l) => assigned.test(l))) return { text: source, classes: 0 };
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
