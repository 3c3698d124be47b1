// A small Luau tokenizer and a static scan for the module references the bundler must follow:
// `require(<path>)`, `TS.import(script, <path>, "a", "b")` and `TS.getModule(script, "@scope", "name")`.
// A path is `script` followed by `.Parent`, `.Child`, `["Child"]`, `:WaitForChild("Child")` or
// `:FindFirstChild("Child")`. Calls whose argument does not start at `script` (RuntimeLib's own
// `require(module)`) are dynamic and left alone; a `script` path we cannot follow is an error, so a
// module is never silently missing from a bundle.

const LONG_OPEN = /^\[(=*)\[/;

/**
 * Tokens: { type: "name"|"string"|"number"|"op", value, line, start, end } where start/end are the
 * token's offsets in `source` (end exclusive: `source.slice(start, end)` is its exact text).
 * Comments and whitespace are dropped. An interpolated string (backticks) is one string token whose
 * `{...}` expressions are skipped as code (they may hold strings, braces and backticks).
 */
export function tokenize(source) {
	const tokens = [];
	let i = 0;
	let start = 0;
	const push = (token, end) => tokens.push({ ...token, start, end });
	let line = 1;
	const n = source.length;
	const countLines = (text) => {
		for (const ch of text) if (ch === "\n") line++;
	};
	while (i < n) {
		const ch = source[i];
		start = i;
		if (ch === "\n") {
			line++;
			i++;
			continue;
		}
		if (ch === " " || ch === "\t" || ch === "\r" || ch === "\f" || ch === "\v") {
			i++;
			continue;
		}
		if (ch === "-" && source[i + 1] === "-") {
			const rest = source.slice(i + 2);
			const m = LONG_OPEN.exec(rest);
			if (m) {
				const close = "]" + m[1] + "]";
				const end = source.indexOf(close, i + 2 + m[0].length);
				const stop = end < 0 ? n : end + close.length;
				countLines(source.slice(i, stop));
				i = stop;
			} else {
				const end = source.indexOf("\n", i);
				i = end < 0 ? n : end;
			}
			continue;
		}
		if (ch === "[") {
			const m = LONG_OPEN.exec(source.slice(i, i + 64));
			if (m) {
				const close = "]" + m[1] + "]";
				const start = i + m[0].length;
				const end = source.indexOf(close, start);
				const stop = end < 0 ? n : end;
				let value = source.slice(start, stop);
				if (value.startsWith("\r\n")) value = value.slice(2);
				else if (value.startsWith("\n")) value = value.slice(1);
				push({ type: "string", value, line }, Math.min(n, stop + close.length));
				countLines(source.slice(i, Math.min(n, stop + close.length)));
				i = Math.min(n, stop + close.length);
				continue;
			}
		}
		if (ch === "`") {
			const startLine = line;
			const j = skipInterpolated(source, i);
			countLines(source.slice(i, j));
			push({ type: "string", value: source.slice(i + 1, j - 1), line: startLine, quote: ch }, j);
			i = j;
			continue;
		}
		if (ch === '"' || ch === "'") {
			const startLine = line;
			let j = i + 1;
			let value = "";
			while (j < n && source[j] !== ch) {
				if (source[j] === "\\") {
					const [text, next] = readEscape(source, j);
					value += text;
					if (source[j + 1] === "\n") line++;
					j = next;
				} else {
					if (source[j] === "\n") line++;
					value += source[j];
					j++;
				}
			}
			push({ type: "string", value, line: startLine, quote: ch }, j + 1);
			i = j + 1;
			continue;
		}
		if (/[A-Za-z_]/.test(ch)) {
			let j = i + 1;
			while (j < n && /[A-Za-z0-9_]/.test(source[j])) j++;
			push({ type: "name", value: source.slice(i, j), line }, j);
			i = j;
			continue;
		}
		if (/[0-9]/.test(ch) || (ch === "." && /[0-9]/.test(source[i + 1] ?? ""))) {
			let j = i + 1;
			while (j < n && /[0-9A-Za-z_.]/.test(source[j])) {
				if ((source[j] === "e" || source[j] === "E") && (source[j + 1] === "+" || source[j + 1] === "-")) j++;
				j++;
			}
			push({ type: "number", value: source.slice(i, j), line }, j);
			i = j;
			continue;
		}
		const three = source.slice(i, i + 3);
		const two = source.slice(i, i + 2);
		if (three === "...") {
			push({ type: "op", value: three, line }, i + 3);
			i += 3;
		} else if (["==", "~=", "<=", ">=", "..", "::", "->", "+=", "-=", "*=", "/=", "%=", "^="].includes(two)) {
			push({ type: "op", value: two, line }, i + 2);
			i += 2;
		} else {
			push({ type: "op", value: ch, line }, i + 1);
			i++;
		}
	}
	return tokens;
}

/**
 * The end (exclusive) of the interpolated string opening at `source[i]` (a backtick): escapes are
 * skipped, and each `{...}` expression is skipped as code, with its own strings and nested braces.
 */
function skipInterpolated(source, i) {
	const n = source.length;
	let j = i + 1;
	while (j < n && source[j] !== "`") {
		if (source[j] === "\\") j += 2;
		else if (source[j] === "{") j = skipCode(source, j + 1, "}");
		else j++;
	}
	return Math.min(n, j + 1);
}

/** Skips Luau code from `j` to the `closer` that balances it; returns the index after the closer. */
export function skipCode(source, j, closer) {
	const n = source.length;
	let depth = 0;
	while (j < n) {
		const c = source[j];
		if (c === "`") j = skipInterpolated(source, j);
		else if (c === '"' || c === "'") {
			j++;
			while (j < n && source[j] !== c) j += source[j] === "\\" ? 2 : 1;
			j++;
		} else if (c === "[" && LONG_OPEN.test(source.slice(j, j + 64))) {
			const m = LONG_OPEN.exec(source.slice(j, j + 64));
			const end = source.indexOf("]" + m[1] + "]", j + m[0].length);
			j = end < 0 ? n : end + m[1].length + 2;
		} else if (c === "-" && source[j + 1] === "-") {
			const m = LONG_OPEN.exec(source.slice(j + 2, j + 66));
			if (m) {
				const end = source.indexOf("]" + m[1] + "]", j + 2 + m[0].length);
				j = end < 0 ? n : end + m[1].length + 2;
			} else {
				const end = source.indexOf("\n", j);
				j = end < 0 ? n : end;
			}
		} else if (c === "{") {
			depth++;
			j++;
		} else if (c === closer && depth === 0) {
			return j + 1;
		} else {
			if (c === "}") depth--;
			j++;
		}
	}
	return n;
}

function readEscape(source, j) {
	const c = source[j + 1];
	const simple = {
		n: "\n",
		t: "\t",
		r: "\r",
		a: "\x07",
		b: "\b",
		f: "\f",
		v: "\v",
		"\\": "\\",
		'"': '"',
		"'": "'",
		"`": "`",
		"{": "{",
		"\n": "\n",
	};
	if (c in simple) return [simple[c], j + 2];
	if (c === "x") return [String.fromCharCode(parseInt(source.slice(j + 2, j + 4), 16)), j + 4];
	if (c === "z") {
		let k = j + 2;
		while (k < source.length && /\s/.test(source[k])) k++;
		return ["", k];
	}
	if (c === "u" && source[j + 2] === "{") {
		const end = source.indexOf("}", j + 3);
		return [String.fromCodePoint(parseInt(source.slice(j + 3, end), 16)), end + 1];
	}
	const digits = /^[0-9]{1,3}/.exec(source.slice(j + 1, j + 4));
	if (digits) return [String.fromCharCode(Number(digits[0])), j + 1 + digits[0].length];
	return [c ?? "", j + 2];
}

/**
 * Parses an instance path starting at tokens[i]. Returns { steps, next } or undefined when the
 * expression does not start at `script` (or `TS.getModule(script, ...)`).
 * Steps: { parent: true } | { child: name, how: "index"|"WaitForChild"|"FindFirstChild" } |
 * { getModule: [scope, name] }.
 */
function parsePath(tokens, i) {
	const t = tokens[i];
	const steps = [];
	let k;
	if (t?.type === "name" && t.value === "script") {
		k = i + 1;
	} else if (
		t?.value === "TS" &&
		tokens[i + 1]?.value === "." &&
		tokens[i + 2]?.value === "getModule" &&
		tokens[i + 3]?.value === "(" &&
		tokens[i + 4]?.value === "script" &&
		tokens[i + 5]?.value === ","
	) {
		const args = [];
		k = i + 6;
		while (tokens[k]?.type === "string") {
			args.push(tokens[k].value);
			k++;
			if (tokens[k]?.value === ",") k++;
		}
		if (tokens[k]?.value !== ")" || args.length < 1 || args.length > 2)
			return { error: "TS.getModule with arguments that are not string literals", next: k };
		steps.push({ getModule: args.length === 1 ? ["@rbxts", args[0]] : args });
		k++;
	} else {
		return undefined;
	}
	for (;;) {
		const a = tokens[k];
		const b = tokens[k + 1];
		if (a?.value === "." && b?.type === "name") {
			steps.push(b.value === "Parent" ? { parent: true } : { child: b.value, how: "index" });
			k += 2;
		} else if (a?.value === "[" && b?.type === "string" && tokens[k + 2]?.value === "]") {
			steps.push({ child: b.value, how: "index" });
			k += 3;
		} else if (
			a?.value === ":" &&
			(b?.value === "WaitForChild" || b?.value === "FindFirstChild") &&
			tokens[k + 2]?.value === "(" &&
			tokens[k + 3]?.type === "string"
		) {
			let m = k + 4;
			// optional second argument (timeout / recursive flag): a single literal
			if (tokens[m]?.value === ",") m += 2;
			if (tokens[m]?.value !== ")") return { error: `${b.value} with arguments we cannot read`, next: m };
			steps.push({ child: tokens[k + 3].value, how: b.value });
			k = m + 1;
		} else {
			break;
		}
	}
	return { steps, next: k };
}

/**
 * Finds static module references in a Luau source.
 * Returns { refs: [{ line, steps, kind }], errors: [{ line, message }] }; kind is "import" for
 * `TS.import` (roblox-ts's imports, at the top of a module body) and "require" for a literal require.
 */
export function findModuleRefs(source) {
	const tokens = tokenize(source);
	const refs = [];
	const errors = [];
	for (let i = 0; i < tokens.length; i++) {
		const t = tokens[i];
		const prev = tokens[i - 1];
		// a member or method named require/import is not the global (`x.require`, `function TS.import`)
		if (t.type !== "name") continue;
		if (
			t.value === "require" &&
			tokens[i + 1]?.value === "(" &&
			prev?.value !== "." &&
			prev?.value !== ":" &&
			prev?.value !== "function"
		) {
			const path = parsePath(tokens, i + 2);
			if (!path) continue; // dynamic require (a variable, a real instance): not ours to follow
			if (path.error) {
				errors.push({ line: t.line, message: `require(...): ${path.error}` });
				continue;
			}
			if (tokens[path.next]?.value !== ")") {
				errors.push({ line: t.line, message: "require(...) argument is not a plain instance path" });
				continue;
			}
			refs.push({ line: t.line, steps: path.steps, kind: "require" });
		} else if (
			t.value === "TS" &&
			tokens[i + 1]?.value === "." &&
			tokens[i + 2]?.value === "import" &&
			tokens[i + 3]?.value === "(" &&
			prev?.value !== "function"
		) {
			if (tokens[i + 4]?.value !== "script" || tokens[i + 5]?.value !== ",") continue;
			const path = parsePath(tokens, i + 6);
			if (!path) {
				errors.push({
					line: t.line,
					message: "TS.import(script, ...) whose module argument is not a path from script",
				});
				continue;
			}
			if (path.error) {
				errors.push({ line: t.line, message: `TS.import(...): ${path.error}` });
				continue;
			}
			const steps = [...path.steps];
			let k = path.next;
			while (tokens[k]?.value === ",") {
				if (tokens[k + 1]?.type !== "string") {
					errors.push({
						line: t.line,
						message: "TS.import(...) with a path segment that is not a string literal",
					});
					break;
				}
				steps.push({ child: tokens[k + 1].value, how: "WaitForChild" });
				k += 2;
			}
			if (tokens[k]?.value !== ")") {
				errors.push({ line: t.line, message: "TS.import(...) call we cannot read" });
				continue;
			}
			refs.push({ line: t.line, steps, kind: "import" });
		}
	}
	return { refs, errors };
}

/** Human form of a path, for error messages. */
export function describeSteps(steps) {
	let out = "script";
	for (const s of steps) {
		if (s.parent) out += ".Parent";
		else if (s.getModule) out = `TS.getModule(script, "${s.getModule[0]}", "${s.getModule[1]}")`;
		else if (s.how === "index") out += /^[A-Za-z_][A-Za-z0-9_]*$/.test(s.child) ? `.${s.child}` : `["${s.child}"]`;
		else out += `:${s.how}("${s.child}")`;
	}
	return out;
}
