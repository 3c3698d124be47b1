// The executor's script functions behind one call each: `decompile(script)` returns the source the
// executor reconstructs from the script's bytecode, or nil and why (the executor raised, or
// returned something that is not text); executors decompile synchronously or yield while they do,
// either way the caller waits here. `nilInstances()` returns what the executor's getnilinstances
// lists: instances the client still holds whose Parent is nil (kept out of the game's tree).
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

export type NilInstances = () => LuaTuple<[Array<Instance>, undefined] | [undefined, string]>;

export function createNilInstances(getnilinstances: Callback | undefined): NilInstances | undefined {
	if (getnilinstances === undefined) return undefined;
	return () => {
		const [ok, listed] = pcall(getnilinstances as () => unknown);
		if (!ok) return $tuple(undefined, `the executor's getnilinstances failed: ${tostring(listed)}`);
		if (!typeIs(listed, "table"))
			return $tuple(undefined, `the executor's getnilinstances returned ${typeOf(listed)}, not a list`);
		// only the tops of detached trees: an entry that is not an Instance, the DataModel or one
		// that has a parent by now is left out
		const roots = new Array<Instance>();
		for (const entry of listed as Array<unknown>)
			if (typeIs(entry, "Instance") && entry !== game && entry.Parent === undefined) roots.push(entry);
		return $tuple(roots, undefined);
	};
}
