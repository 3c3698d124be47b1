// JSON files under the executor workspace folder `UAI/`, written so that a failed or partial write
// never loses the last good file:
//   1. the new text goes to `<name>.tmp` and is read back and compared;
//   2. only then is `<name>` written, and read back and compared;
//   3. the `.tmp` copy is removed.
// A crash between the steps leaves a verified copy beside the file; reading falls back to it when
// the file itself is missing or damaged. Files carry a numeric `version`: a file from a newer
// format is never overwritten (it is reported and skipped), and a damaged file is copied aside
// (`<name>.corrupt`) before anything replaces it. Without executor file functions nothing is
// written and every write says why.
import { HostFiles } from "../host/files";
import { decode, encode, isArray, Slicing } from "./json";
import { Logger } from "./log";

export const STORAGE_FOLDER = "UAI";
/** The largest file read or written (8 MiB). A larger file on disk is never overwritten. */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** Bytes of one verified copy (written, read back, compared) per unit of frame work (host/frame.ts). */
const WRITE_BYTES_PER_UNIT = 128;

export type StoredFile =
	| { readonly kind: "missing" }
	| { readonly kind: "ok"; readonly value: object; readonly recovered: boolean }
	| { readonly kind: "corrupt"; readonly reason: string }
	| { readonly kind: "newer"; readonly version: number; readonly reason: string };

export interface Storage {
	/** Whether files can be written at all, and why not. */
	readonly available: () => LuaTuple<[boolean, string | undefined]>;
	/** Whether `UAI/<name>` can be saved: files exist and it is not protected (newer or uncopied damage). */
	readonly writable: (name: string) => LuaTuple<[boolean, string | undefined]>;
	/**
	 * Reads `UAI/<name>`; a `version` above `supported` is reported as "newer" and write-protected.
	 * With `slicing`, a large file is decoded over several frames.
	 */
	readonly readJson: (name: string, supported: number, slicing?: Slicing) => StoredFile;
	/**
	 * Writes `value` as JSON to `UAI/<name>` (the steps above): true, or false and the reason. With
	 * `options.slicing` the text is encoded over several frames; when `options.current` then says
	 * a newer write of the same file has begun, nothing is written (true, "superseded").
	 */
	readonly writeJson: (
		name: string,
		value: unknown,
		options?: WriteOptions,
	) => LuaTuple<[boolean, string | undefined]>;
	/** Deletes `UAI/<name>` and its spare copy: true, or false and the reason. */
	readonly remove: (name: string) => LuaTuple<[boolean, string | undefined]>;
	/** The names of the files in `UAI/<folder>`. */
	readonly list: (folder: string) => ReadonlyArray<string>;
}

export interface WriteOptions {
	readonly slicing?: Slicing;
	/** False once a newer write of the same file has begun (checked after a sliced encode). */
	readonly current?: () => boolean;
}

export const NO_FILES_REASON =
	"persistence is unavailable: this host has no executor file functions (readfile, writefile), so settings last only for this session";

function folderOf(path: string): string | undefined {
	const [folder] = string.match(path, "^(.*)/[^/]*$");
	return folder as string | undefined;
}

export function createStorage(files: HostFiles | undefined, log: Logger): Storage {
	const protectedFiles = new Map<string, string>();

	const pathOf = (name: string) => `${STORAGE_FOLDER}/${name}`;

	const parse = (text: string, slicing?: Slicing): LuaTuple<[object | undefined, string | undefined]> => {
		const [value, reason] = decode(text, slicing);
		if (value === undefined) return $tuple(undefined, reason);
		if (!typeIs(value, "table") || isArray(value)) return $tuple(undefined, "the file does not hold a JSON object");
		return $tuple(value, undefined);
	};

	const writeVerified = (fs: HostFiles, path: string, text: string): LuaTuple<[boolean, string | undefined]> => {
		const [wrote, writeError] = fs.write(path, text);
		if (!wrote) return $tuple(false, `could not write ${path}: ${writeError}`);
		const [back, readError] = fs.read(path);
		if (back === undefined) return $tuple(false, `could not read back ${path}: ${readError}`);
		if (back !== text) return $tuple(false, `${path} reads back different from what was written`);
		return $tuple(true, undefined);
	};

	interface Examined {
		readonly exists: boolean;
		readonly value?: object;
		/** The bytes read (absent when the file could not be read). */
		readonly text?: string;
		readonly problem?: string;
	}

	const examine = (fs: HostFiles, path: string, slicing?: Slicing): Examined => {
		if (!fs.isFile(path)) return { exists: false };
		const [text, readError] = fs.read(path);
		if (text === undefined) return { exists: true, problem: `could not read ${path}: ${readError}` };
		if (text.size() > MAX_FILE_BYTES) {
			return { exists: true, problem: `${path} is ${text.size()} bytes, over the ${MAX_FILE_BYTES}-byte limit` };
		}
		const [value, reason] = parse(text, slicing);
		return {
			exists: true,
			value,
			text,
			problem: reason !== undefined ? `${path} is damaged: ${reason}` : undefined,
		};
	};

	/** Copies a damaged file to `<path>.corrupt`; the log's wording of what happened. */
	const keepDamaged = (fs: HostFiles, name: string, path: string, main: Examined): string => {
		let [kept, keepError] = [false, "it could not be read whole"] as [boolean, string | undefined];
		if (main.text !== undefined) [kept, keepError] = fs.write(`${path}.corrupt`, main.text);
		if (kept) return `; a copy was kept as ${path}.corrupt`;
		const protection = `${main.problem}; it could not be copied aside (${keepError}), so it is not overwritten`;
		protectedFiles.set(name, protection);
		return `; it could not be copied aside (${keepError}), so it is not overwritten`;
	};

	const readFile = (fs: HostFiles, name: string, supported: number, slicing?: Slicing): StoredFile => {
		const path = pathOf(name);
		const tmpPath = `${path}.tmp`;
		const main = examine(fs, path, slicing);
		if (main.value !== undefined) {
			const version = (main.value as { version?: unknown }).version;
			if (typeIs(version, "number") && version > supported) {
				const reason = `${path} was written by a newer format (version ${version}; this build reads ${supported}); it is kept untouched and not overwritten`;
				protectedFiles.set(name, reason);
				return { kind: "newer", version, reason };
			}
			return { kind: "ok", value: main.value, recovered: false };
		}
		// a damaged file's bytes are copied aside before anything (the spare copy's next save
		// included) can replace them; when they cannot be, the file is never overwritten
		const kept = main.exists ? keepDamaged(fs, name, path, main) : undefined;
		const spare = examine(fs, tmpPath);
		if (spare.value !== undefined) {
			log.warn(`${main.problem ?? `${path} is missing`}; using the verified copy ${tmpPath}${kept ?? ""}`);
			return { kind: "ok", value: spare.value, recovered: true };
		}
		if (!main.exists) return { kind: "missing" };
		const reason = main.problem as string;
		log.warn(`${reason}${kept}${protectedFiles.has(name) ? "" : " and defaults are used"}`);
		return { kind: "corrupt", reason };
	};

	return table.freeze({
		available: () => $tuple(files !== undefined, files === undefined ? NO_FILES_REASON : undefined),
		writable: (name: string) => {
			if (files === undefined) return $tuple(false, NO_FILES_REASON);
			const protection = protectedFiles.get(name);
			return $tuple(protection === undefined, protection);
		},
		readJson: (name: string, supported: number, slicing?: Slicing): StoredFile => {
			if (files === undefined) return { kind: "missing" };
			return readFile(files, name, supported, slicing);
		},
		writeJson: (name: string, value: unknown, options?: WriteOptions) => {
			if (files === undefined) return $tuple(false, NO_FILES_REASON);
			const protection = protectedFiles.get(name);
			if (protection !== undefined) return $tuple(false, protection);
			const [text, encodeError] = encode(value, options?.slicing);
			if (text === undefined) return $tuple(false, `cannot save ${name}: ${encodeError}`);
			// a sliced encode may have let another write protect the file meanwhile
			const late = protectedFiles.get(name);
			if (late !== undefined) return $tuple(false, late);
			if (text.size() > MAX_FILE_BYTES) {
				return $tuple(
					false,
					`cannot save ${name}: ${text.size()} bytes is over the ${MAX_FILE_BYTES}-byte limit`,
				);
			}
			const path = pathOf(name);
			const folder = folderOf(path);
			if (folder !== undefined) {
				const [made, folderError] = files.makeFolder(folder);
				if (!made) return $tuple(false, `could not create ${folder}: ${folderError}`);
			}
			const tmpPath = `${path}.tmp`;
			// a sliced write also spreads its two verified copies of a large text over frames. A
			// copy (write, read back, compare) is one executor call each way and cannot pause
			// inside, so its share is counted before it (it waits for the next frame when this
			// one has no room for it) and again after it, in the frame it ran in, so the work that
			// follows it (the other copy, the caller's) goes to a later frame once that is spent.
			// A newer write that began meanwhile writes instead; a spare copy left then is verified.
			const superseded = () => options?.current !== undefined && !options.current();
			const copyUnits = text.size() / WRITE_BYTES_PER_UNIT;
			options?.slicing?.spend(copyUnits);
			if (superseded()) return $tuple(true, "superseded");
			const [spareOk, spareError] = writeVerified(files, tmpPath, text);
			options?.slicing?.spend(copyUnits);
			if (!spareOk) return $tuple(false, spareError);
			options?.slicing?.spend(copyUnits);
			if (superseded()) return $tuple(true, "superseded");
			const [mainOk, mainError] = writeVerified(files, path, text);
			if (!mainOk) return $tuple(false, `${mainError} (the new content is kept in ${tmpPath})`);
			files.remove(tmpPath);
			options?.slicing?.spend(copyUnits);
			return $tuple(true, undefined);
		},
		remove: (name: string) => {
			if (files === undefined) return $tuple(false, NO_FILES_REASON);
			const path = pathOf(name);
			files.remove(`${path}.tmp`);
			if (!files.isFile(path)) return $tuple(true, undefined);
			const [ok, err] = files.remove(path);
			return $tuple(ok, ok ? undefined : `could not delete ${path}: ${err}`);
		},
		list: (folder: string) => (files === undefined ? [] : files.list(pathOf(folder))),
	});
}
