// Private member names for the UI bundle: fields and methods that TypeScript declares `private` or
// `protected` are only reachable from inside the library, so the compact build gives them short
// names, one name per member name across every module of the bundle (a member and every access to
// it change together). Two halves:
//
// 1. Which names: decided from the TypeScript program (`privateMemberNames`), never from the Luau
//    text. A name qualifies when every use of it as a member name in the library's sources — every
//    property access, declaration, object-literal key, binding pattern — resolves (by the type
//    checker) to a private or protected class member declared in the library, and no string
//    literal in the library spells it. TypeScript allows no dynamic access to a private member
//    (`keyof` leaves them out), so those accesses are every access there is.
// 2. The Luau rename (`renameMembers`): member tokens (after `.` or `:`, also inside interpolated
//    strings) spelling such a name get its short name. A name is left as is when anything else in
//    the bundle could meet it: a name token in a module outside the library or in the bundle
//    runtime (RuntimeLib, services), a table-constructor key, or any string that contains it. Short
//    names are fresh (no name token or string in the bundle contains them) and have the same Luau
//    string hash low byte as the name they replace, so each renamed module compiles to the same
//    bytecode except for the string table, which maps back to the original's exactly through the
//    rename; `verify.mjs` (`sameMembers`) proves that per module and the build fails otherwise.
//
// What changes for a user: nothing they can call or read in docs/UI_LIBRARY.md (public members
// keep their names); the function names a traceback prints for private methods are the short ones.
import path from "node:path";
import { createRequire } from "node:module";
import { tokenize } from "./lex.mjs";
import { interpolationSegments, shortNames } from "./rename.mjs";

const require = createRequire(import.meta.url);

/**
 * Member names of the TypeScript sources under `dir` (repository-relative) that only ever name
 * private or protected class members declared there.
 * @param {string} root repository root (its tsconfig.json is used)
 * @param {string} dir e.g. "src/ui-lib"
 * @returns {string[]} sorted
 */
export function privateMemberNames(root, dir) {
	const ts = require("typescript");
	const config = ts.getParsedCommandLineOfConfigFile(path.join(root, "tsconfig.json"), {}, {
		...ts.sys,
		onUnRecoverableConfigFileDiagnostic: (d) => {
			throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
		},
	});
	const base = path.join(root, dir) + path.sep;
	const inside = (file) => path.resolve(file).startsWith(base);
	const rootNames = config.fileNames.filter(inside);
	const program = ts.createProgram({ rootNames, options: { ...config.options, incremental: false, noEmit: true } });
	const checker = program.getTypeChecker();
	const hidden = ts.ModifierFlags.Private | ts.ModifierFlags.Protected;
	const isPrivateMember = (d) =>
		(ts.isPropertyDeclaration(d) || ts.isMethodDeclaration(d) || ts.isParameter(d) || ts.isGetAccessor(d) || ts.isSetAccessor(d)) &&
		(ts.getCombinedModifierFlags(d) & hidden) !== 0 &&
		inside(d.getSourceFile().fileName);
	const privateUses = new Set();
	const otherUses = new Set();
	const memberName = (node) => {
		if (ts.isPropertyAccessExpression(node)) return node.name;
		if (ts.isShorthandPropertyAssignment(node)) return node.name;
		if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) return node.propertyName ?? node.name;
		if (ts.isParameter(node)) return node.modifiers?.some((m) => ts.isParameterPropertyModifier?.(m) ?? m.kind !== ts.SyntaxKind.Decorator) ? node.name : undefined;
		if (
			ts.isPropertyDeclaration(node) || ts.isMethodDeclaration(node) || ts.isPropertyAssignment(node) || ts.isGetAccessor(node) ||
			ts.isSetAccessor(node) || ts.isPropertySignature(node) || ts.isMethodSignature(node) || ts.isEnumMember(node)
		)
			return node.name;
		return undefined;
	};
	for (const file of program.getSourceFiles()) {
		if (!inside(file.fileName)) continue;
		const visit = (node) => {
			const name = memberName(node);
			if (name && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name))) {
				const declarations = checker.getSymbolAtLocation(name)?.declarations ?? [];
				const text = name.text;
				if (declarations.length > 0 && declarations.every(isPrivateMember)) privateUses.add(text);
				else otherUses.add(text);
			} else if (name) {
				// a computed or string-literal member name: whatever it spells stays
				if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) otherUses.add(name.text);
			}
			if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
				for (const word of node.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) otherUses.add(word);
			ts.forEachChild(node, visit);
		};
		visit(file);
	}
	return [...privateUses].filter((n) => !otherUses.has(n) && !n.startsWith("__")).sort();
}

/** Luau's string hash (BytecodeBuilder::getStringHash, luaS_hash): the compiler writes its low byte into table-field instructions. */
export function luauHash(text) {
	const bytes = Buffer.from(text, "utf8");
	let h = bytes.length >>> 0;
	for (let i = bytes.length; i > 0; i--) h = (h ^ (((h << 5) >>> 0) + (h >>> 2) + bytes[i - 1])) >>> 0;
	return h;
}

const KEYWORDS = new Set(
	"and break do else elseif end false for function if in local nil not or repeat return then true until while continue type typeof export self".split(" "),
);

/**
 * Every token of `text`, with the tokens inside interpolated strings' `{...}` (offsets into
 * `text`), and the literal parts of every string (raw text, for the string check).
 */
function scan(text) {
	const tokens = [];
	const strings = [];
	const walk = (source, offset) => {
		for (const t of tokenize(source)) {
			if (t.type === "string" && t.quote === "`") {
				let from = t.start + 1;
				for (const [a, b] of interpolationSegments(source, t)) {
					strings.push(source.slice(from, a - 1));
					walk(source.slice(a, b), offset + a);
					from = b + 1;
				}
				strings.push(source.slice(from, t.end - 1));
				continue;
			}
			if (t.type === "string") {
				strings.push(source.slice(t.start, t.end), t.value);
				continue;
			}
			tokens.push({ ...t, start: t.start + offset, end: t.end + offset });
		}
	};
	walk(text, 0);
	return { tokens, strings };
}

/**
 * Renames private members across a bundle's modules.
 * @param {{ text: string, member: boolean }[]} modules every module's text (line-1 locals
 *   included) and the bundle runtime; `member: true` for the library's own modules (renamed),
 *   false for the rest (RuntimeLib, packages, runtime: only read, to leave their names alone)
 * @param {string[]} candidates names from `privateMemberNames`
 * @returns {{ texts: string[], renames: Map<string, string> }} each module's new text (unchanged
 *   where it has none of the names) and the name -> short name map
 */
export function renameMembers(modules, candidates) {
	const scans = modules.map((m) => scan(m.text));
	const wanted = new Set(candidates);
	const blocked = new Set();
	const everyName = new Set();
	const count = new Map();
	scans.forEach((s, i) => {
		s.tokens.forEach((t, k) => {
			if (t.type !== "name") return;
			everyName.add(t.value);
			if (!wanted.has(t.value)) return;
			const before = s.tokens[k - 1]?.value;
			const member = before === "." || before === ":";
			if (!modules[i].member) blocked.add(t.value);
			else if (!member && s.tokens[k + 1]?.value === "=" && ["{", ",", ";"].includes(before)) blocked.add(t.value); // a table key
			else if (member) count.set(t.value, (count.get(t.value) ?? 0) + 1);
		});
	});
	// every word any string of the bundle holds (a string equal to a member name could index it)
	const words = new Set(scans.flatMap((s) => s.strings.flatMap((t) => t.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [])));
	const inString = (name) => words.has(name);
	const names = [...count.keys()].filter((n) => !blocked.has(n) && !inString(n));
	// the most bytes saved first: a name's uses times its length
	names.sort((a, b) => count.get(b) * b.length - count.get(a) * a.length || (a < b ? -1 : 1));
	const free = new Map(); // hash low byte -> fresh short names, shortest first
	const fresh = shortNames();
	const taken = (s) => everyName.has(s) || KEYWORDS.has(s) || words.has(s);
	const renames = new Map();
	for (const name of names) {
		const byte = luauHash(name) & 0xff;
		let pool = free.get(byte);
		while (!pool?.length) {
			const next = fresh.next();
			if (next.done) break;
			const s = next.value;
			if (taken(s)) continue;
			const b = luauHash(s) & 0xff;
			if (!free.has(b)) free.set(b, []);
			free.get(b).push(s);
			pool = free.get(byte);
		}
		const short = pool?.shift();
		if (short !== undefined && short.length < name.length) renames.set(name, short);
	}
	const texts = modules.map((m, i) => {
		if (!m.member) return m.text;
		let out = "";
		let from = 0;
		const tokens = scans[i].tokens;
		tokens.forEach((t, k) => {
			const before = tokens[k - 1]?.value;
			if (t.type !== "name" || (before !== "." && before !== ":") || !renames.has(t.value)) return;
			out += m.text.slice(from, t.start) + renames.get(t.value);
			from = t.end;
		});
		return out + m.text.slice(from);
	});
	return { texts, renames };
}
