// SaveConfig / LoadConfig: configuration documents as files in the executor workspace, at
// ProjectUAI/UI/<safe window Id>-<djb2 hash of the Id>/<profile name>.json. Without executor file
// functions (Studio) both return false with a message pointing at ExportConfig/ImportConfig.
import { fileFunctions } from "../adapter/executor";

const ROOT = "ProjectUAI";
const FOLDER = "ProjectUAI/UI";

/** djb2 over the bytes of `text` (h = h * 33 + byte, from 5381, modulo 2^32), as 8 hex digits. */
export function djb2(text: string): string {
	let hash = 5381;
	for (let i = 1; i <= text.size(); i++) {
		const [byte] = text.byte(i);
		hash = (hash * 33 + byte) % 4294967296;
	}
	return string.format("%08x", hash);
}

/** The window's folder: unsafe characters replaced by "_", cut to 32, plus the Id's hash. */
export function windowFolder(id: string): string {
	const [safe] = id.gsub("[^%w_%-]", "_");
	return `${FOLDER}/${safe.sub(1, 32)}-${djb2(id)}`;
}

export function validProfileName(name: unknown): name is string {
	return typeIs(name, "string") && name.size() >= 1 && name.size() <= 48 && name.match("^[%w_%-]+$")[0] !== undefined;
}

const NAME_RULE = "the profile name must be 1 to 48 letters, digits, _ or -";

/** Writes `contents` for window `id` and profile `name`; verifies by reading back when possible. */
export function saveFile(id: string, name: unknown, contents: () => string): LuaTuple<[boolean, string]> {
	if (!validProfileName(name)) return $tuple(false, NAME_RULE);
	const files = fileFunctions();
	const write = files.writefile;
	const makefolder = files.makefolder;
	if (write === undefined || makefolder === undefined) {
		return $tuple(false, "this environment has no file functions (writefile, makefolder); use ExportConfig");
	}
	const folder = windowFolder(id);
	const path = `${folder}/${name}.json`;
	const [ok, err] = pcall(() => {
		const text = contents();
		for (const dir of [ROOT, FOLDER, folder]) {
			const exists = files.isfolder !== undefined && files.isfolder(dir) === true;
			if (!exists) makefolder(dir);
		}
		write(path, text);
		if (files.readfile !== undefined && files.readfile(path) !== text) {
			error("the saved file did not read back identically", 0);
		}
	});
	if (!ok) return $tuple(false, `could not save ${path}: ${tostring(err)}`);
	return $tuple(true, path);
}

/** Reads the document saved for window `id` and profile `name`. */
export function loadFile(id: string, name: unknown): LuaTuple<[boolean, string]> {
	if (!validProfileName(name)) return $tuple(false, NAME_RULE);
	const read = fileFunctions().readfile;
	if (read === undefined) return $tuple(false, "this environment has no readfile; use ImportConfig");
	const path = `${windowFolder(id)}/${name}.json`;
	const [ok, text] = pcall(() => read(path));
	if (!ok || !typeIs(text, "string")) return $tuple(false, `could not read ${path}: ${tostring(text)}`);
	return $tuple(true, text);
}
