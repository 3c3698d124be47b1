// Local-name shortening for the compact build: each local variable and parameter of a module gets
// its own short name, unused anywhere else in the module (no shadowing, no capture of a global).
// Binding is worked out from tokens (blocks, `local`, parameters, `for` names); where that is wrong
// the module's bytecode changes, and the bundler keeps the unshortened text for that module: every
// shortened module is proven by Luau to compile to the same bytecode at debug level 1 (which has no
// local names), see verify.mjs. Names Luau keeps in bytecode are never changed: `local function f`
// and `local f = function` (function debug names). A method `function t:m(a)` is written
// `function t.m(s,a)` (the same function) so that its `self` is shortened like any parameter;
// names inside the `{...}` expressions of interpolated strings are renamed with the rest, except
// in an expression that holds a function, a local or another interpolated string (left as is).
import { skipCode, tokenize } from "./lex.mjs";

const KEYWORDS = new Set(
	"and break do else elseif end false for function if in local nil not or repeat return then true until while continue".split(
		" ",
	),
);
// `type`, `typeof` and `export` are soft keywords in Luau; `_ENV` is kept for readers of the text.
const PINNED = new Set(["_ENV", "type", "typeof", "export"]);
// tokens after which `if` starts an expression (if-then-else expression), not a statement
const EXPR_BEFORE = new Set(["=", "(", ",", "[", "{", "return", "if", "elseif", "while", "until", "then", "else", "and", "or", "not", "..", "+", "-", "*", "/", "//", "%", "^", "==", "~=", "<", "<=", ">", ">=", "#", "+=", "-=", "*=", "/=", "%=", "^=", "..=", "in"]);
// operand ends: a statement can end after these
const OPERAND_END = (t) =>
	t.type === "name" ? !KEYWORDS.has(t.value) || ["end", "true", "false", "nil"].includes(t.value) : t.type !== "op" || [")", "]", "}", "..."].includes(t.value);
const CONTINUES = new Set([".", ":", "(", "[", "{", ",", "..", "+", "-", "*", "/", "//", "%", "^", "==", "~=", "<", "<=", ">", ">=", "and", "or", "then", "else", "elseif", "::"]);

/** Short names, shortest first: a..Z, _, then two and three characters. */
export function* shortNames() {
	const first = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_";
	const rest = first + "0123456789";
	for (const a of first) yield a;
	for (const a of first) for (const b of rest) yield a + b;
	for (const a of first) for (const b of rest) for (const c of rest) yield a + b + c;
}

/** The `{...}` expressions of the interpolated string token `t`: [start, end) offsets in `source`. */
export function interpolationSegments(source, t) {
	const segments = [];
	let j = t.start + 1;
	while (j < t.end - 1) {
		if (source[j] === "\\") j += 2;
		else if (source[j] === "{") {
			const close = skipCode(source, j + 1, "}");
			segments.push([j + 1, close - 1]);
			j = close;
		} else j++;
	}
	return segments;
}

/** A `{...}` expression the pass renames inside: no nested interpolation, no function or local. */
function simpleSegment(inner) {
	return inner.every((u) => !(u.type === "string" && u.quote === "`") && u.value !== "function" && u.value !== "local");
}

/**
 * Names used inside interpolated strings whose expressions the pass does not follow (those are
 * left unrenamed); the others are renamed like any other reference.
 */
function interpolatedNames(tokens, source) {
	const names = new Set();
	for (const t of tokens) {
		if (t.type !== "string" || t.quote !== "`") continue;
		for (const [from, to] of interpolationSegments(source, t)) {
			const inner = tokenize(source.slice(from, to));
			if (simpleSegment(inner)) continue;
			for (const name of namesIn(source.slice(from, to))) names.add(name);
		}
	}
	return names;
}

/** Every name token in `source`, including those inside interpolated strings' expressions. */
export function namesIn(source, tokens = tokenize(source)) {
	const names = new Set();
	for (const t of tokens) {
		if (t.type === "name") names.add(t.value);
		if (t.type !== "string" || t.quote !== "`") continue;
		for (const [from, to] of interpolationSegments(source, t)) for (const n of namesIn(source.slice(from, to))) names.add(n);
	}
	return names;
}

/**
 * Returns the source with local names shortened, or the source unchanged when the module has
 * something the pass does not follow (goto-like constructs, unbalanced blocks).
 * @param {string} source
 */
export function shortenLocals(source) {
	const tokens = tokenize(source);
	const used = namesIn(source, tokens);
	const pinned = interpolatedNames(tokens, source);
	// `local f` ... `function f()`: the statement's name is the function's debug name, kept as is
	tokens.forEach((t, i) => {
		if (t.value === "function" && tokens[i + 1]?.type === "name" && tokens[i + 2]?.value === "(") pinned.add(tokens[i + 1].value);
	});
	const fresh = shortNames();
	const next = () => {
		for (;;) {
			const name = fresh.next().value;
			if (!used.has(name) && !KEYWORDS.has(name) && !PINNED.has(name)) return name;
		}
	};
	// A binding's short name is chosen at the end, most used first, so the most frequent names are
	// the shortest. Edits refer to bindings: { binding } | { binding, wrap } | { text }.
	const bindings = [];
	const renames = new Map(); // token index -> edit
	const inside = []; // [start, end, edit] of names inside interpolated strings
	const use = (binding, extra = {}) => {
		binding.uses++;
		return { binding, ...extra };
	};
	const scopes = [new Map()];
	// block stack entries: "function" | "block" | "repeat" | "ifexpr"
	const blocks = [];
	const pendingFor = []; // names of a `for` waiting for its `do`
	const pendingLocals = []; // { names, depth } declared when their statement ends
	let depth = 0; // ( [ { nesting
	const brackets = [];

	const declare = (name, index, renamable) => {
		const scope = scopes[scopes.length - 1];
		const keep = !renamable || PINNED.has(name) || pinned.has(name) || KEYWORDS.has(name);
		const target = keep ? null : { uses: 0, order: bindings.length, name: undefined };
		if (target) bindings.push(target);
		scope.set(name, target);
		if (target && index !== undefined) renames.set(index, use(target));
	};
	const lookup = (name) => {
		for (let s = scopes.length - 1; s >= 0; s--) if (scopes[s].has(name)) return scopes[s].get(name);
		return null;
	};
	const open = (kind) => {
		blocks.push(kind);
		scopes.push(new Map());
	};
	const close = () => {
		blocks.pop();
		scopes.pop();
	};
	const flushLocals = (atDepth) => {
		while (pendingLocals.length > 0 && pendingLocals[pendingLocals.length - 1].depth === atDepth && pendingLocals[pendingLocals.length - 1].blocks === blocks.length) {
			const p = pendingLocals.pop();
			for (const [name, index, renamable] of p.names) declare(name, index, renamable);
		}
	};

	for (let i = 0; i < tokens.length; i++) {
		const t = tokens[i];
		const prev = tokens[i - 1];
		const nextTok = tokens[i + 1];
		// a pending `local` ends where a new statement starts at its own nesting
		if (pendingLocals.length > 0) {
			const p = pendingLocals[pendingLocals.length - 1];
			if (i - 1 > p.eq && p.depth === depth && p.blocks === blocks.length && OPERAND_END(prev) && !CONTINUES.has(t.value) && t.type !== "string")
				flushLocals(depth);
		}
		if (t.type === "op") {
			if (t.value === "(" || t.value === "[" || t.value === "{") {
				depth++;
				brackets.push({ open: t.value, blocks: blocks.length });
			} else if (t.value === ")" || t.value === "]" || t.value === "}") {
				depth--;
				brackets.pop();
			} else if (t.value === ";") {
				flushLocals(depth);
			}
			continue;
		}
		if (t.type === "string" && t.quote === "`") {
			for (const [from, to] of interpolationSegments(source, t)) {
				const inner = tokenize(source.slice(from, to));
				if (!simpleSegment(inner)) continue;
				inner.forEach((u, k) => {
					const before = inner[k - 1]?.value;
					if (u.type !== "name" || KEYWORDS.has(u.value) || before === "." || before === ":" || before === "::") return;
					if (inner[k + 1]?.value === "=" && (before === "{" || before === ",")) return; // a table key
					const target = lookup(u.value);
					if (target) inside.push([from + u.start, from + u.end, use(target)]);
				});
			}
			continue;
		}
		if (t.type !== "name") continue;
		const v = t.value;
		if (prev && (prev.value === "." || prev.value === ":" || prev.value === "::")) continue; // a field or method
		if (v === "local") {
			if (nextTok?.value === "function") {
				// its name is the function's debug name: bound here (the body may recurse), kept as is
				declare(tokens[i + 2].value, undefined, false);
				continue;
			}
			const names = [];
			let k = i + 1;
			while (tokens[k]?.type === "name") {
				names.push([tokens[k].value, k, true]);
				if (tokens[k + 1]?.value !== ",") break;
				k += 2;
			}
			const hasInit = tokens[k + 1]?.value === "=";
			if (hasInit && tokens[k + 2]?.value === "function") for (const n of names) n[2] = false; // debug name
			if (!hasInit) {
				for (const [name, index, renamable] of names) declare(name, index, renamable);
				i = k;
			} else {
				pendingLocals.push({ names, depth, blocks: blocks.length, eq: k + 1 });
				i = k + 1; // at `=`
			}
			continue;
		}
		if (v === "function") {
			// `function a.b:c(` / `function name(` / anonymous `function(`
			let k = i + 1;
			let colon;
			if (tokens[k]?.type === "name") {
				const target = lookup(tokens[k].value);
				if (target) renames.set(k, use(target));
				k++;
				while (tokens[k]?.value === "." || tokens[k]?.value === ":") {
					if (tokens[k].value === ":") colon = k;
					k += 2;
				}
			}
			if (tokens[k]?.value !== "(") return source;
			open("function");
			if (colon !== undefined) {
				// `function t:m(a)` is `function t.m(self, a)`: written so, `self` gets a short name too
				declare("self", undefined, true);
				const target = lookup("self");
				if (target) {
					renames.set(colon, { text: "." });
					const empty = tokens[k + 1]?.value === ")";
					renames.set(k, use(target, { wrap: (name) => (empty ? `(${name}` : `(${name},`) }));
				}
			}
			k++;
			while (tokens[k] && tokens[k].value !== ")") {
				if (tokens[k].type === "name") declare(tokens[k].value, k, true);
				else if (tokens[k].value !== "," && tokens[k].value !== "...") return source;
				k++;
			}
			i = k; // at `)`
			continue;
		}
		if (v === "for") {
			let k = i + 1;
			while (tokens[k]?.type === "name") {
				pendingFor.push([tokens[k].value, k]);
				if (tokens[k + 1]?.value !== ",") break;
				k += 2;
			}
			blocks.push("for-head");
			i = k;
			continue;
		}
		if (v === "while") {
			blocks.push("while-head");
			continue;
		}
		if (v === "do") {
			const head = blocks[blocks.length - 1];
			if (head === "for-head" || head === "while-head") {
				blocks.pop();
				open("block");
				if (head === "for-head") for (const [name, index] of pendingFor.splice(0)) declare(name, index, true);
			} else {
				open("block");
			}
			continue;
		}
		if (v === "if") {
			const expr = prev && ((EXPR_BEFORE.has(prev.value) && prev.value !== "then" && prev.value !== "else") || prev.exprBranch);
			blocks.push(expr ? "ifexpr-cond" : "if-cond");
			continue;
		}
		if (v === "then") {
			const top = blocks[blocks.length - 1];
			if (top === "if-cond") {
				blocks.pop();
				open("if");
			} else if (top === "ifexpr-cond") {
				blocks[blocks.length - 1] = "ifexpr";
				t.exprBranch = true;
			} else return source;
			continue;
		}
		if (v === "elseif") {
			const top = blocks[blocks.length - 1];
			if (top === "if") {
				close();
				blocks.push("if-cond");
			} else if (top === "ifexpr") blocks[blocks.length - 1] = "ifexpr-cond";
			else return source;
			continue;
		}
		if (v === "else") {
			const top = blocks[blocks.length - 1];
			if (top === "if") {
				close();
				open("if");
			} else if (top === "ifexpr") {
				blocks.pop(); // the else branch is the rest of the expression
				t.exprBranch = true;
			} else return source;
			continue;
		}
		if (v === "repeat") {
			open("repeat");
			continue;
		}
		if (v === "until") {
			if (blocks[blocks.length - 1] !== "repeat") return source;
			close(); // the condition may read the body's locals: wrong binding shows in the bytecode check
			continue;
		}
		if (v === "end") {
			flushLocals(depth);
			const top = blocks[blocks.length - 1];
			if (top !== "function" && top !== "block" && top !== "if") return source;
			close();
			continue;
		}
		if (KEYWORDS.has(v)) continue;
		// a table key `{ name = ... }`
		const bracket = brackets[brackets.length - 1];
		if (
			bracket?.open === "{" &&
			bracket.blocks === blocks.length &&
			nextTok?.value === "=" &&
			(prev?.value === "{" || prev?.value === "," || prev?.value === ";")
		)
			continue;
		const target = lookup(v);
		if (target) renames.set(i, use(target));
	}
	if (blocks.length !== 0 || depth !== 0) return source;
	bindings.sort((a, b) => b.uses - a.uses || a.order - b.order);
	for (const binding of bindings) binding.name = next();
	const textOf = (edit) => edit.text ?? (edit.wrap ? edit.wrap(edit.binding.name) : edit.binding.name);
	const edits = inside.map(([start, end, edit]) => [start, end, textOf(edit)]);
	for (const [i, edit] of renames) edits.push([tokens[i].start, tokens[i].end, textOf(edit)]);
	edits.sort((a, b) => a[0] - b[0]);
	let out = "";
	let from = 0;
	for (const [start, end, target] of edits) {
		out += source.slice(from, start) + target;
		from = end;
	}
	return out + source.slice(from);
}
