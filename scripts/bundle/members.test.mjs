// Tests for the private-member rename (members.mjs) and its proof (verify.mjs sameMembers,
// members_check.luau). Run by `npm test`; alone: `node --test scripts/bundle/members.test.mjs`.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";
import { luauHash, privateMemberNames, renameMembers } from "./members.mjs";
import { sameMembers } from "./verify.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

const LIBRARY = [
	"local a,b=...;local t={}",
	"t.__index=t",
	"function t.new(v)local s=setmetatable({},t)s.secret=v s.other=1 s.shown=true s.keyed={keyed=2}return s end",
	'function t.read(s)return s.secret+s:helper()..`{s.secret}:{s.shown and "shown" or ""}` end',
	"function t.helper(s)return s.secret*2 end",
	"return t",
	"",
].join("\n");
const PACKAGE = "local x={}\nx.other=3\nreturn x\n";
const CANDIDATES = ["secret", "other", "helper", "shown", "keyed", "absent"];

test("renames only names nothing else in the bundle can meet", () => {
	const { texts, renames } = renameMembers(
		[
			{ text: LIBRARY, member: true },
			{ text: PACKAGE, member: false },
		],
		CANDIDATES,
	);
	assert.deepEqual([...renames.keys()].sort(), ["helper", "secret"]);
	// a package's name, a string's word and a table key stay; the package is never rewritten
	assert.equal(texts[1], PACKAGE);
	for (const kept of ["s.other", "s.shown", "keyed=2", "s.keyed"]) assert.ok(texts[0].includes(kept), kept);
	const secret = renames.get("secret");
	const helper = renames.get("helper");
	assert.ok(texts[0].includes(`s.${secret}=v`) && texts[0].includes(`\`{s.${secret}}:`), "inside interpolated strings too");
	assert.ok(texts[0].includes(`function t.${helper}(s)`) && texts[0].includes(`s:${helper}()`));
	assert.equal(texts[0].split("\n").length, LIBRARY.split("\n").length);
	for (const [name, short] of renames) {
		assert.equal(luauHash(short) & 0xff, luauHash(name) & 0xff, `${short} has ${name}'s hash byte`);
		const words = new Set((LIBRARY + PACKAGE).match(/[A-Za-z_][A-Za-z0-9_]*/g));
		assert.ok(!words.has(short), `${short} is used nowhere`);
	}
	assert.deepEqual(sameMembers([{ before: LIBRARY, after: texts[0] }], renames), [true]);
});

test("the proof fails a rename that is not the same program", () => {
	const { texts, renames } = renameMembers([{ text: LIBRARY, member: true }], CANDIDATES);
	const secret = renames.get("secret");
	// one access left behind: reads a field nothing writes
	const partial = texts[0].replace(`s.${secret}*2`, "s.secret*2");
	// a short name whose hash byte differs: same program, but table-field hints differ, so not proven
	let other = "zz";
	while ((luauHash(other) & 0xff) === (luauHash("secret") & 0xff)) other = other + "z";
	const wrongHash = texts[0].split(`.${secret}`).join(`.${other}`);
	const badMap = new Map(renames);
	badMap.set("secret", other);
	// two names given one short name
	const merged = texts[0].split(`.${renames.get("helper")}`).join(`.${secret}`);
	assert.deepEqual(
		sameMembers(
			[
				{ before: LIBRARY, after: partial },
				{ before: LIBRARY, after: merged },
			],
			renames,
		),
		[false, false],
	);
	assert.deepEqual(sameMembers([{ before: LIBRARY, after: wrongHash }], badMap), [false]);
});

test("the library's private members, from the TypeScript program", () => {
	const names = new Set(privateMemberNames(ROOT, "src/ui-lib"));
	// `private readonly offsets` (virtual list) and `private assertAlive()` (controls) are private
	assert.ok(names.has("assertAlive"));
	// public API and Roblox members never qualify
	for (const name of ["CreateWindow", "Destroy", "SetValue", "Parent", "Text", "Visible", "Alive", "new", "constructor"])
		assert.ok(!names.has(name), name);
	// nothing the UI LIB guide names as a member
	const guide = fs.readFileSync(path.join(ROOT, "docs", "UI_LIBRARY.md"), "utf8");
	for (const m of guide.matchAll(/[.:]([A-Za-z_][A-Za-z0-9_]*)/g)) assert.ok(!names.has(m[1]), `${m[1]} is in docs/UI_LIBRARY.md`);
});
