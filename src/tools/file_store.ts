// File operations of the file tools on checked paths (./paths): listing, a bounded walk for
// searching, and writes that never leave a half-written file. Executors have no rename, so a
// write goes to a temporary copy first (read back and compared), then to the file (read back and
// compared); if the file does not read back as written, its previous content is put back.
import { HostFiles } from "../host/files";
import { parentOf, ScopedPath } from "./paths";
import { serially } from "./serial";

/** The most bytes a file tool writes at once (file_write, file_append) and reads per file. */
export const WRITE_LIMIT = 2 * 1024 * 1024;
export const READ_LIMIT = 8 * 1024 * 1024;
const TEMP_SUFFIX = ".uai-tmp";

export type Done = LuaTuple<[boolean, string | undefined]>;

export interface Entry {
	readonly name: string;
	readonly folder: boolean;
}

/** Whether a name is one of our temporary copies (hidden from listings and searches). */
export function isTemporary(name: string): boolean {
	return name.sub(-TEMP_SUFFIX.size()) === TEMP_SUFFIX;
}

/** The entries of a folder: folders first, then files, each sorted by name. */
export function listFolder(files: HostFiles, folder: string): ReadonlyArray<Entry> {
	const entries = new Array<Entry>();
	for (const name of files.list(folder)) {
		if (isTemporary(name)) continue;
		entries.push({ name, folder: files.isFolder(`${folder}/${name}`) });
	}
	table.sort(entries, (a, b) => (a.folder !== b.folder ? a.folder : a.name < b.name));
	return entries;
}

export interface Walk {
	/** Paths relative to the walked folder. */
	readonly files: ReadonlyArray<string>;
	/** Whether the walk stopped at its limit before seeing everything. */
	readonly incomplete: boolean;
}

/** Every file under `folder`, depth-first in name order, at most `limit` files and 16 levels. */
export function walk(files: HostFiles, folder: string, limit: number): Walk {
	const found = new Array<string>();
	let incomplete = false;
	const visit = (host: string, prefix: string, depth: number) => {
		for (const entry of listFolder(files, host)) {
			if (found.size() >= limit) {
				incomplete = true;
				return;
			}
			const inner = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
			if (!entry.folder) found.push(inner);
			else if (depth < 16) visit(`${host}/${entry.name}`, inner, depth + 1);
			else incomplete = true;
		}
	};
	visit(folder, "", 0);
	return { files: found, incomplete };
}

/** A file's text, or nil and why (missing, unreadable, over READ_LIMIT). */
export function readText(files: HostFiles, path: ScopedPath): LuaTuple<[string, undefined] | [undefined, string]> {
	if (!files.isFile(path.host)) {
		if (files.isFolder(path.host)) return $tuple(undefined, `${path.display} is a folder`);
		return $tuple(undefined, `${path.display} does not exist`);
	}
	const [content, why] = files.read(path.host);
	if (content === undefined) return $tuple(undefined, `could not read ${path.display}: ${why}`);
	if (content.size() > READ_LIMIT)
		return $tuple(undefined, `${path.display} is ${content.size()} bytes, over the ${READ_LIMIT}-byte limit`);
	return $tuple(content, undefined);
}

function writeChecked(files: HostFiles, host: string, content: string): string | undefined {
	const [wrote, why] = files.write(host, content);
	if (!wrote) return why;
	const [back, readWhy] = files.read(host);
	if (back === undefined) return `it could not be read back (${readWhy})`;
	if (back !== content) return "it reads back different from what was written";
	return undefined;
}

/** Replaces `path` with `content` (see the header); `previous` is its current text, if any. */
export function writeSafely(files: HostFiles, path: ScopedPath, content: string, previous?: string): Done {
	const [ok, why] = serially(path.host, () => {
		const [done, reason] = writeUnlocked(files, path, content, previous);
		return [done, reason] as const;
	});
	return $tuple(ok, why);
}

function writeUnlocked(files: HostFiles, path: ScopedPath, content: string, previous?: string): Done {
	const folder = parentOf(path.host);
	if (files.isFolder(path.host)) return $tuple(false, `${path.display} is a folder`);
	const [made, folderWhy] = files.makeFolder(folder);
	if (!made) return $tuple(false, `could not create the folder for ${path.display}: ${folderWhy}`);
	const [name] = string.match(path.host, "([^/]+)$");
	const temp = `${folder}/.${name as string}${TEMP_SUFFIX}`;
	const tempProblem = writeChecked(files, temp, content);
	if (tempProblem !== undefined) {
		files.remove(temp);
		return $tuple(false, `could not write ${path.display} (${tempProblem}); the file is unchanged`);
	}
	const problem = writeChecked(files, path.host, content);
	if (problem === undefined) {
		files.remove(temp);
		return $tuple(true, undefined);
	}
	if (previous === undefined) {
		files.remove(path.host);
		files.remove(temp);
		return $tuple(false, `could not write ${path.display} (${problem}); nothing was left behind`);
	}
	const [current] = files.read(path.host);
	const restored = current === previous || writeChecked(files, path.host, previous) === undefined;
	if (restored) {
		files.remove(temp);
		return $tuple(false, `could not write ${path.display} (${problem}); its previous content is kept`);
	}
	return $tuple(
		false,
		`could not write ${path.display} (${problem}) nor put its previous content back; the new content is kept in ${temp}`,
	);
}
