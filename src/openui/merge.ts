// Edit merge (docs/OPENUI.md, "Edits"): the model answers with only the statements that changed.
// A statement with an existing name replaces it in place, a new name is appended, `name = null`
// deletes (a `$name = null` keeps the declaration with a null default), and when a `root`
// statement exists, what it no longer reaches is removed. Same boundaries as the parser.
import { collectRefs, parseStatement, Statement } from "./ast";
import { prepareProgram } from "./prepare";
import { splitStatements } from "./split";

function statementsOf(text: string): Statement[] {
	const out: Statement[] = [];
	for (const raw of splitStatements(prepareProgram(text)).statements) {
		const stmt = parseStatement(raw.text, false);
		if (stmt !== undefined) out.push(stmt);
	}
	return out;
}

function isNullLiteral(stmt: Statement): boolean {
	return stmt.expr.t === "lit" && (stmt.expr.value as { t?: string }).t === "null";
}

/** Merges a patch (a full reply: prose with a fence, or bare statements) into a program's text. */
export function mergeProgram(program: string, patch: string): string {
	const names: string[] = [];
	const texts = new Map<string, string>();
	const parsed = new Map<string, Statement>();
	const put = (stmt: Statement) => {
		if (!texts.has(stmt.name)) names.push(stmt.name);
		texts.set(stmt.name, stmt.text);
		parsed.set(stmt.name, stmt);
	};
	for (const stmt of statementsOf(program)) put(stmt);
	const patchStatements = statementsOf(patch);
	if (patchStatements.size() === 0) return program;
	for (const stmt of patchStatements) {
		if (isNullLiteral(stmt) && string.sub(stmt.name, 1, 1) !== "$") {
			texts.delete(stmt.name);
			parsed.delete(stmt.name);
			const at = names.indexOf(stmt.name);
			if (at >= 0) names.remove(at);
		} else put(stmt);
	}
	let kept = names;
	if (parsed.has("root")) {
		const seen = new Set<string>();
		const walk = (name: string) => {
			if (seen.has(name)) return;
			seen.add(name);
			const stmt = parsed.get(name);
			if (stmt === undefined) return;
			const refs: string[] = [];
			collectRefs(stmt.expr, refs);
			for (const ref of refs) walk(ref);
		};
		walk("root");
		kept = names.filter((name) => string.sub(name, 1, 1) === "$" || seen.has(name));
	}
	return kept.map((name) => texts.get(name)!).join("\n");
}
