// Parsing a program: statements, state declarations, the entry (`root`, else a first statement
// that calls the library's root component), the rendered tree, orphans, unresolved names and
// errors — the ParseResult of docs/OPENUI.md. Never raises.
import { collectRefs } from "./ast";
import { OpenUIError } from "./errors";
import { CustomFunction, EvalContext, Evaluator, reachable } from "./evaluate";
import { CompiledLibrary, resolveComponent } from "./library";
import { prepareProgram } from "./prepare";
import { Program, readProgram, StatementCache } from "./program";
import { ElementValue, isElement, newObject, NULL, ObjectValue, objSet, Value } from "./values";

export interface ParseOptions {
	readonly library: CompiledLibrary;
	readonly functions?: ReadonlyMap<string, CustomFunction>;
	/** The text is still arriving: no `no-root`, no enum checks, nodes marked partial. */
	readonly streaming?: boolean;
	/** The page state to read `$name` from (defaults are used for keys it lacks). */
	readonly readState?: (name: string) => Value | undefined;
	readonly queryResult?: (name: string) => Value | undefined;
	readonly mutationResult?: (name: string) => Value | undefined;
}

export interface ParseResult {
	readonly root?: ElementValue;
	readonly errors: OpenUIError[];
	readonly unresolved: string[];
	readonly orphaned: string[];
	readonly incomplete: boolean;
	readonly statementCount: number;
	/** Every `$name` with its default (auto-declared ones with null), in first-use order. */
	readonly stateDeclarations: ObjectValue;
	/** `$names` whose default came from a statement that was cut (implicitly closed). */
	readonly provisional: string[];
	readonly queryStatements: string[];
	readonly mutationStatements: string[];
	readonly program: Program;
	/** Evaluates statements and steps later (runtime actions, tool calls). */
	readonly evaluator: Evaluator;
}

function declarations(program: Program): LuaTuple<[ObjectValue, string[]]> {
	const decls = newObject();
	const provisional: string[] = [];
	for (const name of program.names) {
		const stmt = program.byName.get(name)!;
		if (stmt.kind !== "state") continue;
		objSet(decls, name, NULL);
		if (stmt.closed) provisional.push(name);
	}
	for (const stmt of program.statements) {
		const states: string[] = [];
		collectRefs(stmt.expr, [], states);
		for (const name of states) if (!decls.map.has(name)) objSet(decls, name, NULL);
	}
	return $tuple(decls, provisional);
}

export function evaluateProgram(program: Program, options: ParseOptions): ParseResult {
	const streaming = options.streaming === true;
	const library = options.library;
	let decls = newObject();
	const ctx: EvalContext = {
		program,
		library,
		functions: options.functions ?? new Map(),
		streaming,
		readState: (name) => options.readState?.(name) ?? decls.map.get(name) ?? NULL,
		queryResult: (name) => options.queryResult?.(name),
		mutationResult: (name) => options.mutationResult?.(name),
	};
	const evaluator = new Evaluator(ctx);
	const [declared, provisional] = declarations(program);
	decls = declared;
	for (const name of program.names) {
		const stmt = program.byName.get(name)!;
		if (stmt.kind === "state") objSet(decls, name, evaluator.stateDefault(stmt));
		if (stmt.kind === "query" && string.sub(name, 1, 1) === "$")
			evaluator.errors.add({
				source: "parser",
				code: "state-query",
				statementId: name,
				message: `Query "${name}" is named like state; $${string.sub(name, 2)} reads the state store, not the result`,
				hint: `Name queries without $: ${string.sub(name, 2)} = Query(...)`,
			});
	}

	let root: ElementValue | undefined;
	let entry: string | undefined;
	const noRoot = (message: string) => {
		if (!streaming)
			evaluator.errors.add({
				source: "parser",
				code: "no-root",
				message,
				hint: `Start with: root = ${library.root ?? "Component"}(...)`,
			});
	};
	if (program.byName.has("root")) {
		entry = "root";
		const value = evaluator.statement("root", "value");
		if (isElement(value) && value.unknown !== true) root = value;
		else noRoot('"root" is not a component');
	} else {
		const first = program.statements[0];
		const spec =
			first !== undefined && first.kind === "value" && first.expr.t === "comp"
				? resolveComponent(library, first.expr.name)
				: undefined;
		if (first !== undefined && spec !== undefined && library.root !== undefined && spec.name === library.root) {
			entry = first.name;
			const value = evaluator.statement(first.name, "value");
			if (isElement(value)) root = value;
			noRoot(`No "root" statement; rendering "${first.name}"`);
		} else if (first !== undefined) noRoot('No "root" statement');
	}
	if (program.empty && !streaming)
		evaluator.errors.add({
			source: "parser",
			code: "parse-failed",
			message: "No statement could be read from the text",
		});

	const reached = entry === undefined ? new Set<string>() : reachable(program, entry);
	const orphaned = program.names.filter((name) => {
		const stmt = program.byName.get(name)!;
		return stmt.kind === "value" && name !== "root" && !reached.has(name);
	});
	return {
		root,
		errors: evaluator.errors.list,
		unresolved: evaluator.unresolved,
		orphaned,
		incomplete: program.incomplete,
		statementCount: program.names.size(),
		stateDeclarations: decls,
		provisional,
		queryStatements: program.names.filter((n) => program.byName.get(n)!.kind === "query"),
		mutationStatements: program.names.filter((n) => program.byName.get(n)!.kind === "mutation"),
		program,
		evaluator,
	};
}

/** Parses a whole program text (a model's answer: prose with fences, or a bare program). */
export function parseText(text: string, options: ParseOptions): ParseResult {
	return evaluateProgram(readProgram(prepareProgram(text), options.streaming === true), options);
}

/** The streaming parser: `push` a chunk, read a valid result after each, `finish` at the end. */
export class StreamParser {
	private buffer = "";
	private cache: StatementCache = new Map();
	private prepared = "";
	private ended = false;

	constructor(private readonly options: ParseOptions) {}

	/** Appends a chunk (after `finish`, a chunk starts a new stream). */
	push(chunk: string): ParseResult {
		if (this.ended) this.reset();
		this.buffer += chunk;
		return this.current();
	}

	/** Replaces the whole text (a new stream unless it extends the old one). */
	set(text: string): ParseResult {
		if (this.ended || string.sub(text, 1, this.buffer.size()) !== this.buffer) this.reset();
		this.buffer = text;
		return this.current();
	}

	/** Ends the stream: the pending tail is finalized and may redefine earlier statements. */
	finish(): ParseResult {
		this.ended = true;
		return evaluateProgram(readProgram(prepareProgram(this.buffer), false, this.cache), {
			...this.options,
			streaming: false,
		});
	}

	text(): string {
		return this.buffer;
	}

	private reset() {
		this.buffer = "";
		this.prepared = "";
		this.cache = new Map();
		this.ended = false;
	}

	private current(): ParseResult {
		const prepared = prepareProgram(this.buffer);
		// the prepared text no longer extends what was read (a fence opener arrived): start over
		if (string.sub(prepared, 1, this.prepared.size()) !== this.prepared) this.cache = new Map();
		this.prepared = prepared;
		return evaluateProgram(readProgram(prepared, true, this.cache), { ...this.options, streaming: true });
	}
}
