// The module registry behind `uai.env.require(id)`: public module ids mapped to factories that
// run on first require, once. Subsystems define their ids as they are built; requiring an id
// raises (as Luau's require does) with a distinct message for an unknown id, a cycle, a factory
// that raises and a factory that returns nothing.

export type ModuleFactory = () => unknown;

export interface ModuleRegistry {
	/** Adds `id`; defining an id twice is a programming error and raises. */
	readonly define: (id: string, factory: ModuleFactory) => void;
	/** `require(id)`: the module, loaded on first use. */
	readonly require: (id: unknown) => unknown;
	/** A frozen copy of the modules loaded so far, by id. */
	readonly loaded: () => ReadonlyMap<string, unknown>;
	/** Every defined id, sorted. */
	readonly ids: () => ReadonlyArray<string>;
}

export function createModuleRegistry(): ModuleRegistry {
	const factories = new Map<string, ModuleFactory>();
	const modules = new Map<string, unknown>();
	const loading = new Array<string>();

	const ids = () => {
		const list = [...factories].map(([id]) => id);
		table.sort(list);
		return list;
	};

	const requireModule = (id: unknown): unknown => {
		if (!typeIs(id, "string")) error(`env.require expects a module id string, got ${typeOf(id)}`, 2);
		const existing = modules.get(id);
		if (existing !== undefined) return existing;
		const factory = factories.get(id);
		if (factory === undefined) {
			error(`env.require: unknown module "${id}" (known: ${ids().join(", ")})`, 2);
		}
		if (loading.includes(id)) error(`env.require: circular require ${[...loading, id].join(" -> ")}`, 2);
		loading.push(id);
		const [ok, value] = pcall(factory);
		loading.pop();
		if (!ok) error(`env.require: module "${id}" failed to load: ${tostring(value)}`, 2);
		if (value === undefined) error(`env.require: module "${id}" returned nothing`, 2);
		modules.set(id, value);
		return value;
	};

	return table.freeze({
		define: (id: string, factory: ModuleFactory) => {
			if (factories.has(id)) error(`module "${id}" is already defined`, 2);
			factories.set(id, factory);
		},
		require: requireModule,
		loaded: () => table.freeze(table.clone(modules)),
		ids,
	});
}
