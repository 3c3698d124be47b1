// Saved text attachments (`runtime/attachments`): long pastes and host files under `UAI/pastes/`,
// verified by reading them back. `prepare` turns a send's text, files and images into the message
// the model receives: text over 8,000 bytes becomes a saved paste with a compact reference (it
// needs file storage and `file_read` in that session), files are re-checked against their saved
// byte counts, and image references are checked by attachments_images (no bridge resolves them here).
import { HostFiles } from "../host/files";
import { checkImages } from "./attachments_images";
import { STORAGE_FOLDER } from "./storage";

export const INLINE_LIMIT = 8000;
export const FILE_LIMIT = 10 * 1024 * 1024;
export const FILES_PER_MESSAGE = 32;
const NAME_LIMIT = 80;
const DEFAULT_NAME = "pasted-input.txt";

export interface Entry {
	readonly file: string;
	readonly path: string;
	readonly name: string;
	readonly label: string;
	readonly bytes: number;
	readonly lines: number;
}

/** A send as the model receives it; `paste` names the saved file when a long text became one. */
export interface Prepared {
	readonly text: string;
	readonly paste?: { readonly path: string; readonly bytes: number };
	/** Bridge image references sent with the text (checked by runtime/attachments_images). */
	readonly images?: ReadonlyArray<string>;
	/** Each image's media type, in the order of `images` ("image/*" when the sender gave none). */
	readonly imageTypes?: ReadonlyArray<string>;
}

export interface Attachments {
	readonly save: (content: unknown, name?: unknown) => LuaTuple<[Entry, undefined] | [undefined, string]>;
	readonly reference: (entry: unknown) => string;
	/**
	 * The model's text for a send, or why the send is refused (the draft is kept). `canReadFiles` is
	 * asked only for a message too long to send inline (it reads the tool registry, whose first read
	 * loads the built-in tools).
	 */
	readonly prepare: (
		text: unknown,
		files: unknown,
		images: unknown,
		canReadFiles: () => boolean,
	) => LuaTuple<[Prepared, undefined] | [undefined, string]>;
}

let serial = 0;

function cleanName(name: unknown): string {
	if (!typeIs(name, "string")) return DEFAULT_NAME;
	let [clean] = string.gsub(name, '[%c<>:"/\\|%?%*]', "_");
	[clean] = string.gsub(clean, "[%.%s]+$", "");
	if (clean === "" || clean.size() > NAME_LIMIT) return DEFAULT_NAME;
	return clean;
}

function countLines(text: string): number {
	const [, newlines] = string.gsub(text, "\n", "");
	return newlines + (text.sub(-1) === "\n" ? 0 : 1);
}

/** `imagesAvailable`: whether a browser bridge is connected to resolve image references. */
export function createAttachments(
	files: HostFiles | undefined,
	imagesAvailable: () => boolean = () => false,
): Attachments {
	const save = (content: unknown, name?: unknown): LuaTuple<[Entry, undefined] | [undefined, string]> => {
		if (files === undefined)
			return $tuple(undefined, "saving attachments needs executor file functions (writefile, readfile)");
		if (!typeIs(content, "string") || content === "") return $tuple(undefined, "an attachment needs nonempty text");
		if (content.size() > FILE_LIMIT) return $tuple(undefined, `an attachment is at most ${FILE_LIMIT} bytes`);
		if (string.find(content, "\0", 1, true)[0] !== undefined)
			return $tuple(undefined, "binary content (NUL bytes) cannot be attached as text");
		serial += 1;
		const label = cleanName(name);
		const stamp = os.date("!%Y%m%dT%H%M%SZ", os.time());
		const file = `${stamp}-${serial}-${label}`;
		const path = `pastes/${file}`;
		const full = `${STORAGE_FOLDER}/${path}`;
		const [made, folderError] = files.makeFolder(`${STORAGE_FOLDER}/pastes`);
		if (!made) return $tuple(undefined, `could not create ${STORAGE_FOLDER}/pastes: ${folderError}`);
		const [wrote, writeError] = files.write(full, content);
		if (!wrote) return $tuple(undefined, `could not save ${full}: ${writeError}`);
		const [back] = files.read(full);
		if (back !== content) {
			files.remove(full);
			return $tuple(undefined, `${full} did not read back as written; nothing was attached`);
		}
		return $tuple(
			table.freeze({ file, path, name: label, label, bytes: content.size(), lines: countLines(content) }),
			undefined,
		);
	};

	const reference = (entry: unknown): string => {
		const e = entry as Entry;
		if (!typeIs(entry, "table") || !typeIs(e.path, "string")) return "";
		return (
			`[Attached file ${e.name}: ${e.bytes} bytes, ${e.lines} lines, at ${e.path}. ` +
			`Read it with file_read (path "${e.path}", using offsets to continue).]`
		);
	};

	const checkFiles = (list: unknown): string | undefined => {
		if (list === undefined) return undefined;
		if (!typeIs(list, "table")) return "files must be a list of saved attachment entries";
		const entries = list as Array<unknown>;
		if (entries.size() > FILES_PER_MESSAGE) return `at most ${FILES_PER_MESSAGE} files can be attached`;
		for (const raw of entries) {
			const entry = raw as Partial<Entry>;
			if (!typeIs(raw, "table") || !typeIs(entry.path, "string") || !typeIs(entry.bytes, "number"))
				return "each file must be an entry returned by attachments.save";
			if (files === undefined) return "attached files need executor file functions";
			const [content] = files.read(`${STORAGE_FOLDER}/${entry.path}`);
			if (content === undefined) return `the attached file ${entry.path} is missing; attach it again`;
			if (content.size() !== entry.bytes)
				return `the attached file ${entry.path} changed since it was saved; attach it again`;
		}
		return undefined;
	};

	return {
		save,
		reference,
		prepare: (text, fileList, images, canReadFiles) => {
			if (!typeIs(text, "string")) return $tuple(undefined, "the message must be a string");
			const checked = checkImages(images, imagesAvailable());
			if (typeIs(checked, "string")) return $tuple(undefined, checked);
			const refs = checked?.references;
			const imageTypes = checked?.mediaTypes;
			const fileProblem = checkFiles(fileList);
			if (fileProblem !== undefined) return $tuple(undefined, fileProblem);
			if (string.find(text, "%S")[0] === undefined)
				return $tuple(
					undefined,
					fileList !== undefined
						? "a message with files needs text that refers to them"
						: "there is nothing to send",
				);
			if (text.size() <= INLINE_LIMIT) return $tuple({ text, images: refs, imageTypes }, undefined);
			if (!canReadFiles())
				return $tuple(
					undefined,
					"this message is over 8,000 bytes and must be saved as a file, which needs file storage and the file_read tool in this conversation",
				);
			const [entry, why] = save(text, DEFAULT_NAME);
			if (entry === undefined) return $tuple(undefined, `the long message could not be saved: ${why}`);
			return $tuple(
				{
					text: `The user's message was saved as a file because it is long.\n${reference(entry)}`,
					paste: { path: entry.path, bytes: entry.bytes },
					images: refs,
					imageTypes,
				},
				undefined,
			);
		},
	};
}
