// Helpers shared by the sessions specs: an in-memory executor workspace (with folder listing and
// switchable write failures) behind the real crash-safe storage, and the log it writes to.
import { FileResult, HostFiles, ReadResult } from "host/files";
import { createLog, PublicLog } from "runtime/log";
import { createStorage, Storage } from "runtime/storage";

export interface Workspace {
	readonly files: Map<string, string>;
	readonly storage: Storage;
	readonly log: PublicLog;
	/** While true, every write fails as a full disk does. */
	failWrites: boolean;
}

export function workspace(): Workspace {
	const files = new Map<string, string>();
	const log = createLog();
	const host: HostFiles = {
		read: (path): ReadResult => {
			const text = files.get(path);
			if (text === undefined) return $tuple(undefined, `no file ${path}`);
			return $tuple(text, undefined);
		},
		write: (path, data): FileResult => {
			if (state.failWrites) return $tuple(false, "writefile: No space left on device");
			files.set(path, data);
			return $tuple(true, undefined);
		},
		isFile: (path) => files.has(path),
		isFolder: () => false,
		makeFolder: (): FileResult => $tuple(true, undefined),
		remove: (path): FileResult => {
			files.delete(path);
			return $tuple(true, undefined);
		},
		list: (folder) => {
			const names = new Array<string>();
			for (const [path] of files) {
				const [name] = string.match(path, `^${folder.gsub("%p", "%%%0")[0]}/([^/]+)$`);
				if (typeIs(name, "string")) names.push(name);
			}
			return names;
		},
	};
	const state: Workspace = {
		files,
		storage: createStorage(host, log.scope("storage")),
		log: log.public,
		failWrites: false,
	};
	return state;
}

/** Whether any retained log line contains `part`. */
export function logged(log: PublicLog, part: string): boolean {
	return log.entries().some((entry) => string.find(entry.text, part, 1, true)[0] !== undefined);
}
