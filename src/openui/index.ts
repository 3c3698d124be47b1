// The `openui` module (`uai.env.require("openui")`, docs/OPENUI.md): OpenUI Lang 1.0 programs —
// parse (whole or streamed), evaluate, serialize — the stored-message format, the edit merge, and
// a page runtime with state, queries and actions. Loaded on first require.
import { decodeJson, encodeJson } from "./json";
import { compileLibrary, CompiledLibrary } from "./library";
import { buildMessage, modelText, parseMessage, replaceContext } from "./message";
import { mergeProgram } from "./merge";
import { CustomFunction } from "./evaluate";
import { ParseOptions, ParseResult, parseText, StreamParser } from "./parse";
import { mountAnswer } from "./roblox/answer";
import { promptSection, robloxLibrary } from "./roblox/library";
import { LIBRARY_JSON } from "./roblox/library_spec";
import { Page, PageOptions } from "./runtime";
import { serializeTree } from "./serialize";
import { validate } from "./validation";
import { ElementValue, Value } from "./values";

export { NULL } from "./values";
export type { Value } from "./values";
export type { CompiledLibrary } from "./library";

export interface LibraryInput {
	/** A decoded LibrarySpec, its JSON text, or an already compiled library. */
	readonly library: Value | string | CompiledLibrary;
	readonly functions?: ReadonlyMap<string, CustomFunction> | Record<string, CustomFunction>;
}

function isCompiled(v: unknown): v is CompiledLibrary {
	return (
		typeIs(v, "table") &&
		(v as { components?: unknown }).components !== undefined &&
		(v as { t?: unknown }).t === undefined
	);
}

/** A library from a LibrarySpec (decoded value or JSON text); raises on JSON that does not decode. */
export function library(spec: Value | string | CompiledLibrary): CompiledLibrary {
	if (isCompiled(spec)) return spec;
	if (typeIs(spec, "string")) {
		const decoded = decodeJson(spec);
		if (!decoded.ok) error(`openui.library: ${decoded.error}`, 2);
		return compileLibrary(decoded.value);
	}
	return compileLibrary(spec as Value);
}

function functionMap(fns: LibraryInput["functions"]): ReadonlyMap<string, CustomFunction> {
	if (fns === undefined) return new Map();
	const map = new Map<string, CustomFunction>();
	for (const [k, v] of pairs(fns as object))
		if (typeIs(k, "string") && typeIs(v, "function")) map.set(k, v as CustomFunction);
	return map;
}

function options(input: LibraryInput, streaming: boolean): ParseOptions {
	if (!typeIs(input, "table") || (input as { library?: unknown }).library === undefined)
		error("openui: options need a library ({ library = spec })", 3);
	return { library: library(input.library), functions: functionMap(input.functions), streaming };
}

export const Message = table.freeze({
	/** Writes a stored message (no trailing newline). */
	build: (
		content: string,
		context?: string | Value,
		attributes?: Parameters<typeof buildMessage>[2],
		ended?: boolean,
	) => {
		if (!typeIs(content, "string")) error("Message.build: content must be a string", 2);
		const text =
			context === undefined || typeIs(context, "string")
				? (context as string | undefined)
				: encodeJson(context as Value);
		return buildMessage(content, text, attributes, ended);
	},
	/** Reads a stored message: { content, context?, attributes, ended, marked, header? }. */
	parse: (text: string, streaming?: boolean) => {
		if (!typeIs(text, "string")) error("Message.parse: text must be a string", 2);
		return table.freeze(parseMessage(text, streaming === true));
	},
	/** The text the model sees for a stored message in history. */
	modelText: (stored: string, role: "assistant" | "user") => {
		if (!typeIs(stored, "string")) error("Message.modelText: stored must be a string", 2);
		if (role !== "assistant" && role !== "user") error('Message.modelText: role must be "assistant" or "user"', 2);
		return modelText(stored, role);
	},
	/** The same message with a new context section (header and program byte for byte). */
	withContext: (stored: string, context: string | Value | undefined) => {
		const text =
			context === undefined || typeIs(context, "string")
				? (context as string | undefined)
				: encodeJson(context as Value);
		return replaceContext(stored, text);
	},
});

export const Edit = table.freeze({
	/** Merges a patch into a program's text. */
	merge: (program: string, patch: string) => {
		if (!typeIs(program, "string") || !typeIs(patch, "string"))
			error("Edit.merge: program and patch must be strings", 2);
		return mergeProgram(program, patch);
	},
});

export const json = table.freeze({
	decode: (text: string) => {
		const result = decodeJson(text);
		if (!result.ok) error(result.error, 2);
		return result.value;
	},
	encode: (v: Value) => encodeJson(v),
});

/** What hosts read of a parse: frozen, without the internals used by the runtime. */
function publicResult(result: ParseResult) {
	return table.freeze({
		root: result.root,
		errors: result.errors,
		unresolved: result.unresolved,
		orphaned: result.orphaned,
		incomplete: result.incomplete,
		statementCount: result.statementCount,
		stateDeclarations: result.stateDeclarations,
		queryStatements: result.queryStatements,
		mutationStatements: result.mutationStatements,
	});
}

/** Parses a whole program (a model's answer). Never raises on program text. */
export function parse(text: string, input: LibraryInput) {
	if (!typeIs(text, "string")) error("openui.parse: text must be a string", 2);
	return publicResult(parseText(text, options(input, false)));
}

/** A streaming parser: `push(chunk)`, `set(text)`, `finish()`, each returning the current result. */
export function stream(input: LibraryInput) {
	const parser = new StreamParser(options(input, true));
	return table.freeze({
		push: (chunk: string) => publicResult(parser.push(tostring(chunk))),
		set: (text: string) => publicResult(parser.set(tostring(text))),
		finish: () => publicResult(parser.finish()),
		text: () => parser.text(),
	});
}

/** Program text for a rendered tree. */
export function serialize(root: ElementValue, input: LibraryInput) {
	return serializeTree(root, library(input.library));
}

/** A page: a program with its state, tools and actions (docs/OPENUI.md, "Pages"). */
export function page(input: LibraryInput & Omit<PageOptions, "library" | "functions">) {
	const p = new Page({ ...input, library: library(input.library), functions: functionMap(input.functions) });
	return table.freeze({
		push: (chunk: string) => publicResult(p.push(tostring(chunk))),
		finish: (text?: string) => publicResult(p.finish(text)),
		current: () => publicResult(p.current()),
		setState: (name: string, value: Value) => p.setState(name, value),
		setField: (formName: string | undefined, field: string, value: Value, componentType?: string) =>
			p.setField(formName, field, value, componentType),
		fieldValue: (formName: string | undefined, field: string) => p.fieldValue(formName, field),
		runAction: (action: Value | undefined, formName?: string, label?: string) =>
			p.runAction(action, formName, label),
		snapshot: () => p.store.snapshot(),
		restore: (persisted: Value | string) => {
			const value = typeIs(persisted, "string") ? decodeJson(persisted) : { ok: true as const, value: persisted };
			if (value.ok) p.store.restore(value.value);
		},
		errors: () => [...p.runtimeErrors],
	});
}

export { validate };

/** The Roblox component library (docs/OPENUI.md, "Components"): compiled, its spec text, its prompt section. */
export const roblox = table.freeze({
	library: () => robloxLibrary(),
	spec: () => LIBRARY_JSON,
	prompt: () => promptSection(),
	/** Renders a stored answer under `parent` (docs/OPENUI.md, "Rendering an answer"). */
	mount: (parent: Instance, stored: string, options?: Parameters<typeof mountAnswer>[2]) => {
		if (!typeIs(parent, "Instance")) error("openui.roblox.mount: parent must be an Instance", 2);
		if (!typeIs(stored, "string")) error("openui.roblox.mount: stored must be a string", 2);
		return mountAnswer(parent, stored, options);
	},
});
