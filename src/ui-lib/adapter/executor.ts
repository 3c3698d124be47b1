// The executor functions UI LIB uses, looked up at call time: the shared globals table
// (getgenv(), else _G), file functions for SaveConfig/LoadConfig, and gethui for parenting.
// A Studio LocalScript has none of the executor ones; callers handle their absence.

declare const getgenv: (() => Record<string, unknown>) | undefined;
declare const gethui: (() => Instance) | undefined;
declare const writefile: unknown;
declare const readfile: unknown;
declare const makefolder: unknown;
declare const isfolder: unknown;

/** The table shared by every script of the session: getgenv() when it exists, else _G. */
export function sharedGlobals(): Record<string, unknown> {
	if (typeIs(getgenv, "function")) {
		const [ok, env] = pcall(getgenv);
		if (ok && typeIs(env, "table")) return env;
	}
	return _G as Record<string, unknown>;
}

export interface FileFunctions {
	writefile?: (path: string, contents: string) => void;
	readfile?: (path: string) => string;
	makefolder?: (path: string) => void;
	isfolder?: (path: string) => boolean;
}

/** File functions found on the shared globals table first, then as plain globals. */
export function fileFunctions(): FileFunctions {
	const shared = sharedGlobals();
	const plain: Record<keyof FileFunctions, unknown> = { writefile, readfile, makefolder, isfolder };
	const found: Record<string, unknown> = {};
	// an array of names: `plain` has no key for a function the host lacks
	for (const name of ["writefile", "readfile", "makefolder", "isfolder"] as const) {
		const fn = typeIs(shared[name], "function") ? shared[name] : plain[name];
		if (typeIs(fn, "function")) found[name] = fn;
	}
	return found as FileFunctions;
}

/** The executor's hidden GUI container, when it has one. */
export function hiddenGuiContainer(): Instance | undefined {
	if (!typeIs(gethui, "function")) return undefined;
	const [ok, container] = pcall(gethui);
	return ok && typeIs(container, "Instance") ? container : undefined;
}
