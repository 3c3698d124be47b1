// Conversation folders: the game folder of each place (`game:<placeId>`), `universal`, and up to
// 64 custom folders (`folder_<n>`) with unique names ignoring ASCII case, single-line UTF-8 of at
// most 120 bytes. Custom folders are saved in `UAI/folders.json`; a change is published only
// after the write succeeded (when storage is available).
import { Storage } from "../../runtime/storage";

export const FOLDER_LIMIT = 64;
export const FOLDER_NAME_LIMIT = 120;
export const UNIVERSAL = "universal";
const FILE = "folders.json";
const VERSION = 1;

export interface Folder {
	readonly id: string;
	readonly label: string;
	readonly kind: "game" | "universal" | "custom";
	readonly current: boolean;
	readonly placeId?: number;
}

interface Custom {
	readonly id: string;
	label: string;
}

export interface Folders {
	readonly list: (placeIds: ReadonlyArray<number>) => ReadonlyArray<Folder>;
	readonly exists: (id: string) => boolean;
	readonly label: (id: string) => string;
	readonly create: (name: unknown) => LuaTuple<[Folder, undefined] | [undefined, string]>;
	readonly rename: (id: unknown, name: unknown) => LuaTuple<[boolean, string | undefined]>;
	readonly remove: (id: unknown) => LuaTuple<[boolean, string | undefined]>;
	readonly gameFolder: () => string;
}

function checkName(name: unknown): string | undefined {
	if (!typeIs(name, "string")) return "a folder name must be a string";
	if (string.find(name, "%S")[0] === undefined) return "a folder name must not be blank";
	if (name.size() > FOLDER_NAME_LIMIT) return `a folder name is at most ${FOLDER_NAME_LIMIT} bytes`;
	if (string.find(name, "[\r\n]")[0] !== undefined) return "a folder name must be a single line";
	if (utf8.len(name)[0] === undefined) return "a folder name must be UTF-8";
	return undefined;
}

export function createFolders(storage: Storage, placeId: number): Folders {
	let customs = new Array<Custom>();
	let nextNumber = 1;
	const [canSave] = storage.available();
	const stored = storage.readJson(FILE, VERSION);
	if (stored.kind === "ok") {
		const value = stored.value as { folders?: unknown; nextNumber?: unknown };
		if (typeIs(value.nextNumber, "number")) nextNumber = value.nextNumber;
		if (typeIs(value.folders, "table"))
			for (const entry of value.folders as Array<{ id?: unknown; label?: unknown }>)
				if (typeIs(entry.id, "string") && typeIs(entry.label, "string") && customs.size() < FOLDER_LIMIT)
					customs.push({ id: entry.id, label: entry.label });
	}

	const write = (proposed: Array<Custom>, proposedNext: number): string | undefined => {
		if (!canSave) return undefined;
		const [ok, reason] = storage.writeJson(FILE, { version: VERSION, nextNumber: proposedNext, folders: proposed });
		return ok ? undefined : reason;
	};
	const taken = (name: string, except?: string) =>
		customs.some((folder) => folder.id !== except && folder.label.lower() === name.lower()) ||
		name.lower() === "universal";
	const gameFolder = () => `game:${placeId}`;

	return {
		list: (placeIds) => {
			const out = new Array<Folder>();
			const places = new Set<number>([placeId, ...placeIds]);
			for (const place of places)
				out.push(
					table.freeze({
						id: `game:${place}`,
						label: place === placeId ? "This game" : `Game ${place}`,
						kind: "game",
						current: place === placeId,
						placeId: place,
					}),
				);
			out.push(table.freeze({ id: UNIVERSAL, label: "Universal", kind: "universal", current: false }));
			for (const folder of customs)
				out.push(table.freeze({ id: folder.id, label: folder.label, kind: "custom", current: false }));
			return table.freeze(out);
		},
		exists: (id) =>
			id === UNIVERSAL ||
			string.match(id, "^game:%d+$")[0] !== undefined ||
			customs.some((folder) => folder.id === id),
		label: (id) => {
			if (id === UNIVERSAL) return "Universal";
			if (id === gameFolder()) return "This game";
			if (id.sub(1, 5) === "game:") return `Game ${id.sub(6)}`;
			return customs.find((folder) => folder.id === id)?.label ?? "Universal";
		},
		create: (name) => {
			const problem = checkName(name);
			if (problem !== undefined) return $tuple(undefined, problem);
			if (customs.size() >= FOLDER_LIMIT)
				return $tuple(undefined, `at most ${FOLDER_LIMIT} custom folders are kept`);
			if (taken(name as string)) return $tuple(undefined, `a folder named "${name}" already exists`);
			const folder = { id: `folder_${nextNumber}`, label: name as string };
			const proposed = [...customs, folder];
			const failed = write(proposed, nextNumber + 1);
			if (failed !== undefined) return $tuple(undefined, failed);
			customs = proposed;
			nextNumber += 1;
			return $tuple(
				table.freeze({ id: folder.id, label: folder.label, kind: "custom", current: false }) as Folder,
				undefined,
			);
		},
		rename: (id, name) => {
			const folder = customs.find((entry) => entry.id === id);
			if (folder === undefined) return $tuple(false, "only custom folders can be renamed");
			const problem = checkName(name);
			if (problem !== undefined) return $tuple(false, problem);
			if (taken(name as string, folder.id)) return $tuple(false, `a folder named "${name}" already exists`);
			const proposed = customs.map((entry) =>
				entry === folder ? { id: entry.id, label: name as string } : entry,
			);
			const failed = write(proposed, nextNumber);
			if (failed !== undefined) return $tuple(false, failed);
			customs = proposed;
			return $tuple(true, undefined);
		},
		remove: (id) => {
			const proposed = customs.filter((entry) => entry.id !== id);
			if (proposed.size() === customs.size()) return $tuple(false, "only custom folders can be removed");
			const failed = write(proposed, nextNumber);
			if (failed !== undefined) return $tuple(false, failed);
			customs = proposed;
			return $tuple(true, undefined);
		},
		gameFolder,
	};
}
