// Compiling Luau source with the executor's loadstring, into a function that runs in an
// environment of the caller's making (its own globals first, then the executor's).
// setfenv is the only way to give a compiled chunk its own globals; Roblox keeps it (deprecated,
// it only turns off some optimisations for that one function).
declare function setfenv<T extends Callback>(fn: T, env: object): T;
declare function getfenv(fn: Callback): object;

export type Compiled = LuaTuple<[Callback, undefined] | [undefined, string]>;

export interface HostLuau {
	/** Compiles `source` as chunk `name` (errors read "name:line: message"); nothing runs. */
	readonly compile: (source: string, name: string) => Compiled;
	/** Compiles and gives the chunk `globals`, falling back to the executor's environment. */
	readonly compileWith: (source: string, name: string, globals: object) => Compiled;
}

export function createHostLuau(loadstring: Callback | undefined): HostLuau | undefined {
	if (loadstring === undefined) return undefined;
	const compile = (source: string, name: string): Compiled => {
		const [ok, fn, why] = pcall(
			loadstring as (s: string, n: string) => LuaTuple<[unknown, unknown]>,
			source,
			`=${name}`,
		);
		if (!ok) return $tuple(undefined, tostring(fn));
		if (!typeIs(fn, "function")) return $tuple(undefined, tostring(why ?? "loadstring returned no function"));
		return $tuple(fn as Callback, undefined);
	};
	return table.freeze({
		compile,
		compileWith: (source: string, name: string, globals: object) => {
			const [fn, why] = compile(source, name);
			if (fn === undefined) return $tuple(undefined, why as string);
			const fallback = getfenv(fn);
			setmetatable(globals, { __index: fallback as never });
			return $tuple(setfenv(fn, globals), undefined);
		},
	});
}
