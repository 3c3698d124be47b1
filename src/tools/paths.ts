// The one place a model-supplied path becomes a path on the executor's file system. The agent's
// files live in `UAI/files/`; saved long inputs in `UAI/pastes/` can be read but not changed.
// Everything else under `UAI/` (settings with their API keys and backups, conversations, memory,
// tokens, caches) is the client's private state and no path can name it: a path is always taken
// inside one of the two scopes, and every form that could climb out or mean something else on
// another executor's file system is refused with the reason.
import { STORAGE_FOLDER } from "../runtime/storage";

export type Scope = "files" | "pastes";
export const SCOPES: ReadonlyArray<Scope> = ["files", "pastes"];

/** Longest path (inside its scope) and longest single name, in bytes. */
export const PATH_LIMIT = 180;
export const NAME_LIMIT = 120;

/** A checked path: its scope, the part inside the scope, and where it is on the host. */
export interface ScopedPath {
	readonly scope: Scope;
	/** Inside the scope ("notes/a.txt"); "" is the scope's own folder. */
	readonly inner: string;
	/** What the model and the user see: "files/notes/a.txt". */
	readonly display: string;
	/** Relative to the executor workspace: "UAI/files/notes/a.txt". */
	readonly host: string;
	/** Whether the scope was named in the path (reads fall back to pastes only when it was not). */
	readonly explicit: boolean;
}

export type Checked = LuaTuple<[ScopedPath, undefined] | [undefined, string]>;

const DEVICE_NAMES = new Set(["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]);
const SUPERSCRIPT_DIGITS = ["¹", "²", "³"];

function isDeviceName(name: string): boolean {
	const [stem] = string.match(name, "^([^%.]*)");
	const upper = (stem as string).upper();
	if (DEVICE_NAMES.has(upper)) return true;
	const [kind, digit] = string.match(upper, "^(%u%u%u)(.+)$");
	if (kind !== "COM" && kind !== "LPT") return false;
	return string.find(digit as string, "^[0-9]$")[0] !== undefined || SUPERSCRIPT_DIGITS.includes(digit as string);
}

/** Why one name of a path is refused, or nil. */
function nameProblem(name: string): string | undefined {
	if (name === "") return "it has an empty name (two slashes in a row)";
	if (name === "." || name === "..")
		return `"${name}" segments are not allowed: paths cannot climb out of the folder`;
	if (name.size() > NAME_LIMIT) return `the name "${name.sub(1, 24)}…" is over ${NAME_LIMIT} bytes`;
	if (string.find(name, '[<>:"|%?%*]')[0] !== undefined)
		return `the name "${name}" contains a character file systems refuse (< > : " | ? *)`;
	const last = name.sub(-1);
	if (last === "." || last === " ") return `the name "${name}" ends with a dot or a space`;
	if (isDeviceName(name)) return `"${name}" is a reserved device name on Windows`;
	return undefined;
}

function scoped(scope: Scope, inner: string, explicit: boolean): ScopedPath {
	const suffix = inner === "" ? "" : `/${inner}`;
	return { scope, inner, display: `${scope}${suffix}`, host: `${STORAGE_FOLDER}/${scope}${suffix}`, explicit };
}

/**
 * Checks a model-facing path. A leading `UAI/` is dropped; a leading `files/` or `pastes/` picks
 * the scope (otherwise `files`). `allowRoot` lets "" (or "files") name the scope's folder itself.
 */
export function checkPath(input: unknown, allowRoot = false): Checked {
	if (!typeIs(input, "string")) return $tuple(undefined, "the path must be a string");
	let path = input;
	if (utf8.len(path)[0] === undefined) return $tuple(undefined, "the path is not valid UTF-8");
	if (string.find(path, "%z")[0] !== undefined) return $tuple(undefined, "the path contains a NUL byte");
	if (string.find(path, "%c")[0] !== undefined) return $tuple(undefined, "the path contains a control character");
	if (string.find(path, "\\", 1, true)[0] !== undefined)
		return $tuple(undefined, 'the path contains a backslash; separate folders with "/"');
	if (string.find(path, "^%a:")[0] !== undefined)
		return $tuple(undefined, "drive letters are not allowed: use a path inside the UAI folder");
	if (path.sub(1, 1) === "/" || path.sub(1, 1) === "~")
		return $tuple(undefined, "absolute paths are not allowed: use a path inside the UAI folder");
	if (path.size() > PATH_LIMIT + 16) return $tuple(undefined, `the path is over ${PATH_LIMIT} bytes`);
	if (path.sub(1, STORAGE_FOLDER.size() + 1) === `${STORAGE_FOLDER}/`) path = path.sub(STORAGE_FOLDER.size() + 2);
	else if (path === STORAGE_FOLDER) path = "";
	if (path.sub(-1) === "/") path = path.sub(1, -2);
	let scope: Scope = "files";
	let explicit = false;
	for (const name of SCOPES) {
		if (path === name || path.sub(1, name.size() + 1) === `${name}/`) {
			scope = name;
			explicit = true;
			path = path.sub(name.size() + 2);
			break;
		}
	}
	if (path === "") {
		if (allowRoot) return $tuple(scoped(scope, "", explicit), undefined);
		return $tuple(undefined, "the path names a folder, not a file");
	}
	if (path.size() > PATH_LIMIT) return $tuple(undefined, `the path is over ${PATH_LIMIT} bytes`);
	for (const name of path.split("/")) {
		const problem = nameProblem(name);
		if (problem !== undefined) return $tuple(undefined, problem);
	}
	return $tuple(scoped(scope, path, explicit), undefined);
}

/** Whether a path may be changed: pastes are read-only. */
export function writable(path: ScopedPath): string | undefined {
	return path.scope === "pastes" ? "saved pastes are read-only; write under files/ instead" : undefined;
}

/** The scope folder a path's parent is in: "UAI/files/notes" for "UAI/files/notes/a.txt". */
export function parentOf(hostPath: string): string {
	const [parent] = string.match(hostPath, "^(.*)/[^/]*$");
	return (parent as string | undefined) ?? "";
}
