// The tool registry: unique names, registration order (built-in tools before host tools), and the
// identity of each registration, so a removal through an old handle never removes a later tool
// registered under the same name. Registrations can be deferred (`defer`): the built-in tools are
// registered when the registry is first read or changed, so boot does not load them.
import { checkDefinition, DefinitionRules } from "./definition";
import { Tool } from "./tool";

export interface Entry {
	readonly tool: Tool;
	/** The table the host passed; `unregister(name, expected)` accepts it or `tool`. */
	readonly source: object;
	readonly builtin: boolean;
	readonly serial: number;
}

export interface AddOptions {
	readonly builtin?: boolean;
	readonly requireDescription?: boolean;
}

export interface Registry {
	readonly add: (definition: unknown, options?: AddOptions) => LuaTuple<[Entry, undefined] | [undefined, string]>;
	/** `true`, or `false` and the reason. */
	readonly remove: (name: unknown, expected?: unknown) => LuaTuple<[boolean, string | undefined]>;
	readonly lookup: (name: string) => Entry | undefined;
	/** Whether `entry` is still the registration under its name. */
	readonly current: (entry: Entry) => boolean;
	/** Every registration: built-in tools first, each kind in registration order. */
	readonly ordered: () => ReadonlyArray<Entry>;
	/** Runs `listener(entry)` after each removal. */
	readonly onRemove: (listener: (entry: Entry) => void) => void;
	/** Runs `fill` once, before the registry is next read or changed (before any later `add`). */
	readonly defer: (fill: () => void) => void;
}

export interface RegistryDeps {
	readonly capabilityKeys: ReadonlyArray<string>;
	/** Names the registry refuses (tools the dispatcher provides itself). */
	readonly reserved: ReadonlyArray<string>;
}

export function createRegistry(deps: RegistryDeps): Registry {
	const entries = new Map<string, Entry>();
	const removeListeners = new Array<(entry: Entry) => void>();
	let serial = 0;
	let cached: ReadonlyArray<Entry> | undefined;
	const pending = new Array<() => void>();
	const settle = () => {
		while (pending.size() > 0) pending.shift()!();
	};

	const ordered = () => {
		settle();
		if (cached === undefined) {
			const list = new Array<Entry>();
			for (const [, entry] of entries) list.push(entry);
			table.sort(list, (a, b) => (a.builtin !== b.builtin ? a.builtin : a.serial < b.serial));
			cached = list;
		}
		return cached;
	};

	return {
		add: (definition, options) => {
			settle();
			const rules: DefinitionRules = {
				requireDescription: options?.requireDescription === true,
				capabilityKeys: deps.capabilityKeys,
			};
			const [tool, problem] = checkDefinition(definition, rules);
			if (tool === undefined) return $tuple(undefined, problem);
			if (deps.reserved.includes(tool.name)) return $tuple(undefined, `${tool.name}: the name is reserved`);
			if (entries.has(tool.name)) return $tuple(undefined, `${tool.name}: a tool with this name is registered`);
			serial += 1;
			const entry: Entry = { tool, source: definition as object, builtin: options?.builtin === true, serial };
			entries.set(tool.name, entry);
			cached = undefined;
			return $tuple(entry, undefined);
		},
		remove: (name, expected) => {
			settle();
			if (!typeIs(name, "string")) return $tuple(false, "unregister expects a tool name");
			const entry = entries.get(name);
			if (entry === undefined) return $tuple(false, `no tool named ${name} is registered`);
			if (expected !== undefined && expected !== entry.tool && expected !== entry.source)
				return $tuple(false, `${name} is now registered by another definition`);
			entries.delete(name);
			cached = undefined;
			for (const listener of removeListeners) listener(entry);
			return $tuple(true, undefined);
		},
		lookup: (name) => {
			settle();
			return entries.get(name);
		},
		current: (entry) => {
			settle();
			return entries.get(entry.tool.name) === entry;
		},
		ordered,
		onRemove: (listener) => {
			removeListeners.push(listener);
		},
		defer: (fill) => {
			pending.push(fill);
		},
	};
}
