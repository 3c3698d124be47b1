// LibrarySpec (docs/OPENUI.md, "Library spec") compiled for the parser: per component its props in
// positional order (always from `order`, falling back to the schema's key order, never a Luau
// table's order), what each prop accepts, and the aliases of renamed components.
import { BUILTINS } from "./ast";
import { isArray, isObject, Value } from "./values";

export type PropKind = "any" | "scalar" | "list" | "components" | "component" | "action" | "object";

export interface PropSpec {
	readonly name: string;
	readonly required: boolean;
	readonly defaultValue?: Value;
	readonly kind: PropKind;
	/** JSON type for scalars: "string" | "number" | "boolean" | "integer". */
	readonly scalar?: string;
	readonly enumValues?: Value[];
	readonly bindable: boolean;
}

export interface ComponentSpec {
	readonly name: string;
	readonly props: PropSpec[];
	readonly description: string;
}

export interface FunctionSpec {
	readonly name: string;
	readonly params: PropSpec[];
	readonly returns?: string;
}

export interface CompiledLibrary {
	readonly id?: string;
	readonly version?: string;
	readonly root?: string;
	readonly components: Map<string, ComponentSpec>;
	readonly aliases: Map<string, string>;
	readonly functions: Map<string, FunctionSpec>;
	readonly actions: Map<string, FunctionSpec>;
	readonly componentNames: string[];
}

function field(obj: Value | undefined, key: string): Value | undefined {
	return isObject(obj) ? obj.map.get(key) : undefined;
}
function str(v: Value | undefined): string | undefined {
	return typeIs(v, "string") ? v : undefined;
}
function strings(v: Value | undefined): string[] {
	if (!isArray(v)) return [];
	const out: string[] = [];
	for (const item of v.items) if (typeIs(item, "string")) out.push(item);
	return out;
}
function refName(schema: Value | undefined): string | undefined {
	const ref = str(field(schema, "$ref"));
	if (ref === undefined) return undefined;
	return string.match(ref, "([^/]+)$")[0] as string | undefined;
}

function classify(
	schema: Value | undefined,
	componentDefs: Set<string>,
	actionNames: Set<string>,
): { kind: PropKind; scalar?: string; enumValues?: Value[]; bindable: boolean } {
	const marker = str(field(schema, "x-openui"));
	const bindable = marker === "binding";
	if (marker === "action") return { kind: "action", bindable };
	if (marker === "component") return { kind: "component", bindable };
	const ref = refName(schema);
	if (ref !== undefined) {
		if (ref === "ActionExpression" || actionNames.has(ref)) return { kind: "action", bindable };
		if (componentDefs.has(ref)) return { kind: "component", bindable };
		return { kind: "any", bindable };
	}
	const anyOf = field(schema, "anyOf");
	if (isArray(anyOf) && anyOf.items.size() > 0) {
		const refs = anyOf.items.map((s) => refName(s) ?? "");
		if (refs.every((r) => r === "ActionExpression" || actionNames.has(r))) return { kind: "action", bindable };
		if (refs.every((r) => componentDefs.has(r))) return { kind: "component", bindable };
		return { kind: "any", bindable };
	}
	const jsonType = str(field(schema, "type"));
	const enumValues = field(schema, "enum");
	if (jsonType === "array") {
		const items = field(schema, "items");
		const inner = items === undefined ? undefined : classify(items, componentDefs, actionNames);
		return { kind: inner !== undefined && inner.kind === "component" ? "components" : "list", bindable };
	}
	if (jsonType === "object") return { kind: "object", bindable };
	if (jsonType === "string" || jsonType === "number" || jsonType === "integer" || jsonType === "boolean")
		return {
			kind: "scalar",
			scalar: jsonType,
			enumValues: isArray(enumValues) ? enumValues.items : undefined,
			bindable,
		};
	return { kind: "any", bindable };
}

function compileParams(
	def: Value | undefined,
	order: string[],
	componentDefs: Set<string>,
	actionNames: Set<string>,
): PropSpec[] {
	const properties = field(def, "properties");
	const required = strings(field(def, "required"));
	const names = order.size() > 0 ? order : isObject(properties) ? [...properties.keys] : [];
	return names.map((name) => {
		const schema = field(properties, name);
		const info = classify(schema, componentDefs, actionNames);
		const defaultValue = field(schema, "default");
		return {
			name,
			required: required.includes(name),
			defaultValue,
			kind: info.kind,
			scalar: info.scalar,
			enumValues: info.enumValues,
			bindable: info.bindable,
		};
	});
}

/** Compiles a decoded LibrarySpec document (see json.ts). Unknown shapes compile to an empty library. */
export function compileLibrary(spec: Value): CompiledLibrary {
	const schema = field(spec, "schema");
	const defs = field(schema, "$defs");
	const components = field(spec, "components");
	const functionsTop = field(spec, "functions");
	const actionsTop = field(spec, "actions");
	const functionsSchema = field(schema, "functions") ?? functionsTop;
	const actionsSchema = field(schema, "actions") ?? actionsTop;
	const componentNames: string[] = isObject(components) ? [...components.keys] : [];
	const componentDefs = new Set(componentNames);
	const actionNames = new Set<string>(["OpenUrl", "ToAssistant"]);
	if (isObject(actionsSchema)) for (const name of actionsSchema.keys) actionNames.add(name);
	const compiled = new Map<string, ComponentSpec>();
	const aliases = new Map<string, string>();
	for (const name of componentNames) {
		const meta = field(components, name);
		const def = field(defs, name);
		compiled.set(name, {
			name,
			props: compileParams(def, strings(field(meta, "order")), componentDefs, actionNames),
			description: str(field(meta, "description")) ?? str(field(def, "description")) ?? "",
		});
		for (const alias of strings(field(meta, "aliases"))) aliases.set(alias, name);
	}
	const compileCallables = (source: Value | undefined, top: Value | undefined) => {
		const out = new Map<string, FunctionSpec>();
		if (!isObject(source)) return out;
		for (const name of source.keys) {
			const entry = source.map.get(name);
			const params = field(entry, "params");
			const order = strings(field(entry, "order") ?? field(field(top, name), "order"));
			out.set(name, {
				name,
				params: compileParams(params, order, componentDefs, actionNames),
				returns: str(field(field(entry, "returns"), "type")),
			});
		}
		return out;
	};
	return {
		id: str(field(spec, "id")),
		version: str(field(spec, "version")),
		root: str(field(spec, "root")),
		components: compiled,
		aliases,
		functions: compileCallables(functionsSchema, functionsTop),
		actions: compileCallables(actionsSchema, actionsTop),
		componentNames,
	};
}

export function resolveComponent(library: CompiledLibrary, name: string): ComponentSpec | undefined {
	return library.components.get(name) ?? library.components.get(library.aliases.get(name) ?? "");
}

/** `Metric(label*, value*)`: the short signature used in error hints. */
export function shortSignature(name: string, params: PropSpec[]): string {
	return `${name}(${params.map((p) => (p.required && p.defaultValue === undefined ? `${p.name}*` : p.name)).join(", ")})`;
}

export function isReservedName(name: string): boolean {
	return (
		BUILTINS.includes(name) ||
		["Set", "Reset", "Run", "ToAssistant", "OpenUrl", "Query", "Mutation", "Action"].includes(name)
	);
}
