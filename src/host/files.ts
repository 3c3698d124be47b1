// The executor's file functions behind one typed, protected interface. Paths are relative to the
// executor workspace. Every failure (a missing function, a raising executor call) comes back as a
// reason, never as an error.
import { FileFunctionName, FileFunctions } from "./caps";

/** `true`, or `false` and the reason. */
export type FileResult = LuaTuple<[boolean, string | undefined]>;
export type ReadResult = LuaTuple<[string, undefined] | [undefined, string]>;

export interface HostFiles {
	readonly read: (path: string) => ReadResult;
	readonly write: (path: string, data: string) => FileResult;
	readonly isFile: (path: string) => boolean;
	readonly isFolder: (path: string) => boolean;
	/** Creates the folder and its parents (each parent separately: executors differ). */
	readonly makeFolder: (path: string) => FileResult;
	readonly remove: (path: string) => FileResult;
	/** The names of the files directly inside `folder` (empty when it is missing or unlistable). */
	readonly list: (folder: string) => ReadonlyArray<string>;
}

function message(err: unknown): string {
	return tostring(err);
}

/** File access, or undefined when the executor lacks readfile or writefile. */
export function createHostFiles(functions: FileFunctions): HostFiles | undefined {
	const readfile = functions.readfile;
	const writefile = functions.writefile;
	if (readfile === undefined || writefile === undefined) return undefined;

	const call = (name: FileFunctionName, ...args: Array<unknown>): LuaTuple<[boolean, unknown]> => {
		const fn = functions[name];
		if (fn === undefined) return $tuple(false, `${name} is not available`);
		return pcall(fn as (...a: Array<unknown>) => unknown, ...args);
	};
	const isFolder = (path: string): boolean => {
		const [ok, result] = call("isfolder", path);
		return ok && result === true;
	};

	return table.freeze({
		isFolder,
		read: (path: string) => {
			const [ok, result] = call("readfile", path);
			if (!ok) return $tuple(undefined, message(result));
			if (!typeIs(result, "string")) return $tuple(undefined, `readfile returned a ${typeOf(result)}`);
			return $tuple(result, undefined);
		},
		write: (path: string, data: string) => {
			const [ok, err] = call("writefile", path, data);
			return $tuple(ok, ok ? undefined : message(err));
		},
		isFile: (path: string) => {
			if (functions.isfile !== undefined) {
				const [ok, result] = call("isfile", path);
				return ok && result === true;
			}
			const [ok] = call("readfile", path);
			return ok;
		},
		makeFolder: (path: string) => {
			if (functions.makefolder === undefined) return $tuple(true, undefined); // writefile creates parents on such executors
			let built = "";
			for (const part of path.split("/")) {
				built = built === "" ? part : `${built}/${part}`;
				if (isFolder(built)) continue;
				const [ok, err] = call("makefolder", built);
				if (!ok) return $tuple(false, message(err));
			}
			return $tuple(true, undefined);
		},
		remove: (path: string) => {
			const [ok, err] = call("delfile", path);
			return $tuple(ok, ok ? undefined : message(err));
		},
		list: (folder: string) => {
			const names = new Array<string>();
			if (!isFolder(folder)) return names;
			const [ok, result] = call("listfiles", folder);
			if (!ok || !typeIs(result, "table")) return names;
			for (const entry of result as Array<unknown>) {
				if (!typeIs(entry, "string")) continue;
				const [name] = string.match(entry, "([^/\\\\]+)$");
				if (typeIs(name, "string")) names.push(name);
			}
			return names;
		},
	});
}
