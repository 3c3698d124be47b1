// The executor's script decompiler behind one call: `decompile(script)` returns the source the
// executor reconstructs from the script's bytecode, or nil and why (the executor raised, or
// returned something that is not text). Executors decompile synchronously or yield while they do;
// either way the caller waits here.
export type Decompiled = LuaTuple<[string, undefined] | [undefined, string]>;

export type Decompiler = (target: LuaSourceContainer) => Decompiled;

export function createDecompiler(decompile: Callback | undefined): Decompiler | undefined {
	if (decompile === undefined) return undefined;
	return (target: LuaSourceContainer): Decompiled => {
		const [ok, source] = pcall(decompile as (s: LuaSourceContainer) => unknown, target);
		if (!ok) return $tuple(undefined, `the executor's decompile failed: ${tostring(source)}`);
		if (!typeIs(source, "string"))
			return $tuple(undefined, `the executor's decompile returned ${typeOf(source)}, not source text`);
		return $tuple(source, undefined);
	};
}
