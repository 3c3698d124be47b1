// Tests for the shared class boilerplate (classes.mjs, class.luau). Run by `npm test`; alone:
// `node --test scripts/bundle/classes.test.mjs`.
import assert from "node:assert/strict";
import path from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";
import { shareClasses, shortenImports } from "./classes.mjs";
import { runLune } from "../lune.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));

// a compacted, local-shortened module as the bundler holds it: a class and a subclass
const MODULE = [
	"",
	"local c=b(a.Parent.include.RuntimeLib)",
	"local d",
	"do",
	"d=setmetatable({},{",
	"__tostring=function()",
	'return"Base"',
	"end,",
	"})",
	"d.__index=d",
	"function d.new(...)",
	"local e=setmetatable({},d)",
	"return e:constructor(...)or e",
	"end",
	"function d.constructor(f,g)",
	"f.g=g",
	"end",
	"end",
	"local h",
	"do",
	"local i=d",
	"h=setmetatable({},{",
	"__tostring=function()",
	'return"Derived"',
	"end,",
	"__index=i,",
	"})",
	"h.__index=h",
	"function h.new(...)",
	"local j=setmetatable({},h)",
	"return j:constructor(...)or j",
	"end",
	"function h.constructor(k)",
	"i.constructor(k,1)",
	"end",
	"end",
	"return{Base=d,Derived=h}",
	"",
].join("\n");

test("the boilerplate lines become TS.class calls, every line keeping its number", () => {
	const { text, classes } = shareClasses(MODULE, "a", "b");
	assert.equal(classes, 2);
	const lines = text.split("\n");
	assert.equal(lines.length, MODULE.split("\n").length);
	assert.equal(lines[4], 'd=c.class("Base")');
	assert.equal(lines[21], 'h=c.class("Derived",i)');
	for (const at of [5, 6, 7, 8, 9, 10, 11, 12, 13, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]) assert.equal(lines[at], "", `line ${at + 1}`);
	assert.equal(lines[14], "function d.constructor(f,g)");
	assert.equal(lines[32], "function h.constructor(k)");
});

test("anything but the exact boilerplate is left as is", () => {
	const same = (source, why, script = "a", req = "b") => assert.equal(shareClasses(source, script, req).text, source, why);
	same(MODULE, "another require", "a", "x");
	same(MODULE, "another script", "z", "b");
	same(MODULE.replace("local d\n", "local d\nc=nil\n"), "the RuntimeLib local assigned");
	same(MODULE.replace("local c=b(a.Parent.include.RuntimeLib)", "local c=b(a.Parent.include.Other)"), "not RuntimeLib");
	const one = (source) => shareClasses(source, "a", "b").classes;
	assert.equal(one(MODULE.replace("function d.constructor(f,g)", "function d.build(f,g)")), 1, "no constructor");
	assert.equal(one(MODULE.replace("return e:constructor(...)or e", "return e:constructor(...)")), 1, "another new");
	assert.equal(one(MODULE.replace("__tostring=function()\n" + 'return"Base"', "__tostring=function()\n" + 'return"Ba\\"se"')), 1, "an escaped name");
	assert.equal(one(MODULE.replace("__index=i,\n})", "__index=i,\n__call=i,\n})")), 1, "another metatable");
});

test("imports through TS.I: the same script, the Parent steps counted, strings and other calls left alone", () => {
	const source = [
		"",
		"local c=b(a.Parent.Parent.include.RuntimeLib)",
		'local d=c.import(a,a.Parent,"core","create").create',
		'local e=c.import(a,a.Parent.Parent.Parent,"x")',
		'local f=c.import(a,a,"child")',
		'local g=c.import(b,a.Parent,"y")',
		'local h="c.import(a,a.Parent,"',
		"local i=c.import(a,",
		'a.Parent,"z")',
		'local j=x.c.import(a,a.Parent,"w")',
		"",
	].join("\n");
	const { text, imports } = shortenImports(source, "a", "b");
	assert.equal(imports, 3);
	const lines = text.split("\n");
	assert.equal(lines.length, source.split("\n").length);
	assert.equal(lines[2], 'local d=c.I(a,1,"core","create").create');
	assert.equal(lines[3], 'local e=c.I(a,3,"x")');
	assert.equal(lines[4], 'local f=c.I(a,0,"child")');
	assert.deepEqual(lines.slice(5), source.split("\n").slice(5), "another context, a string, a call over two lines, a field");
	assert.equal(shortenImports(source, "a", "q").imports, 0, "not the module's require");
});

test("TS.class behaves as roblox-ts's boilerplate (class_check.luau)", async () => {
	const r = await runLune(["run", path.join(HERE, "class_check.luau")], { capture: true, cwd: HERE });
	assert.equal(r.code, 0, `${r.stdout}${r.stderr}`);
	assert.equal(r.stdout.trim(), "ok");
});
