// Text files go to the game, not to the bridge's picture store: `attachment:upload` chunks of at
// most 128 KiB (whole characters), each confirmed before the next, saved there as a paste on the
// last one. The answer's reference is the text the message carries (docs/EMBEDDING.md, "Attachments").
import type { Api } from "./api";

/** What the game accepts in progress at once (bridge/README.md, "Commands"). */
export const TEXT_LIMIT = 8 * 1024 * 1024;
const CHUNK_BYTES = 128 * 1024;

export interface TextFile {
	name: string;
	bytes: number;
	reference: string;
}

/** Whether a file goes up as text rather than as a picture. */
export const isPicture = (file: File) => /^image\//.test(file.type) || /\.(png|jpe?g|webp)$/i.test(file.name);

function chunks(text: string): string[] {
	const out: string[] = [];
	const encoder = new TextEncoder();
	let current = "";
	let size = 0;
	for (const ch of text) {
		const n = encoder.encode(ch).length;
		if (size + n > CHUNK_BYTES) {
			out.push(current);
			current = "";
			size = 0;
		}
		current += ch;
		size += n;
	}
	out.push(current);
	return out;
}

export async function uploadText(api: Api, sessionId: string, file: File): Promise<TextFile> {
	if (file.size > TEXT_LIMIT) throw new Error(`a text file can be at most 8 MiB (this one is ${file.size} bytes)`);
	const bytes = new Uint8Array(await file.arrayBuffer());
	let text: string;
	try {
		text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
	} catch {
		throw new Error("the file is not UTF-8 text (pictures must be PNG, JPEG or WebP)");
	}
	if (text.includes("\u0000")) throw new Error("the file is not text (it holds NUL bytes)");
	if (text === "") throw new Error("the file is empty");
	const uploadId = `up_${crypto.randomUUID().replace(/-/g, "")}`;
	const parts = chunks(text);
	const encoder = new TextEncoder();
	let offset = 0;
	let answer: unknown;
	for (const [index, chunk] of parts.entries()) {
		const final = index === parts.length - 1;
		answer = await api.commandResult("attachment:upload", {
			uploadId,
			sessionId,
			offset,
			chunk,
			final,
			name: file.name,
		});
		offset += encoder.encode(chunk).length;
	}
	const reference = (answer as { reference?: unknown } | undefined)?.reference;
	if (typeof reference !== "string") throw new Error("the game did not return a reference for the file");
	return { name: file.name, bytes: bytes.length, reference };
}
