// Text file uploads from the browser (`attachment:upload`): chunks of at most 128 KiB appended in
// order (an offset that repeats the last chunk is an idempotent retry), owned by one conversation,
// at most 64 uploads and 8 MiB pending, each expiring after 10 minutes. The final chunk saves the
// file as a paste and answers with its entry and reference, as `runtime/attachments` would.
export const CHUNK_LIMIT = 128 * 1024;
export const ACTIVE_LIMIT = 64;
export const PENDING_LIMIT = 8 * 1024 * 1024;
export const UPLOAD_TTL = 600;

interface Upload {
	readonly sessionId: string;
	readonly name: string;
	readonly chunks: Array<string>;
	bytes: number;
	lastChunk: string;
	lastOffset: number;
	readonly started: number;
}

export interface SavedEntry {
	readonly path: string;
	readonly bytes: number;
	readonly name: string;
}

export interface UploadDeps {
	readonly save: (content: string, name: string) => LuaTuple<[SavedEntry | undefined, string | undefined]>;
	readonly reference: (entry: SavedEntry) => string;
	readonly now?: () => number;
}

export type UploadAnswer =
	{ readonly ok: true; readonly data: unknown } | { readonly ok: false; readonly error: string };

const ID = "^[%w_%-]+$";

export function createUploads(deps: UploadDeps) {
	const now = deps.now ?? (() => os.clock());
	const uploads = new Map<string, Upload>();
	let pending = 0;

	const drop = (id: string) => {
		const upload = uploads.get(id);
		if (upload === undefined) return;
		pending -= upload.bytes;
		uploads.delete(id);
	};
	const sweep = () => {
		for (const [id, upload] of uploads) if (now() - upload.started > UPLOAD_TTL) drop(id);
	};

	return {
		chunk: (command: Record<string, unknown>): UploadAnswer => {
			sweep();
			const { uploadId, sessionId, offset, chunk, name } = command;
			if (
				!typeIs(uploadId, "string") ||
				uploadId.size() < 8 ||
				uploadId.size() > 100 ||
				string.find(uploadId, ID)[0] === undefined
			)
				return { ok: false, error: "uploadId has 8 to 100 characters from A-Z a-z 0-9 _ -" };
			if (!typeIs(sessionId, "string"))
				return { ok: false, error: "sessionId names the conversation the upload belongs to" };
			if (!typeIs(offset, "number") || offset < 0 || offset % 1 !== 0)
				return { ok: false, error: "offset must be a whole number of bytes" };
			if (!typeIs(chunk, "string")) return { ok: false, error: "chunk must be text" };
			if (chunk.size() > CHUNK_LIMIT) return { ok: false, error: `a chunk can be at most ${CHUNK_LIMIT} bytes` };
			let upload = uploads.get(uploadId);
			if (upload === undefined) {
				if (offset !== 0)
					return {
						ok: false,
						error: `no upload ${uploadId} is in progress (it expired); start again at offset 0`,
					};
				if (uploads.size() >= ACTIVE_LIMIT)
					return { ok: false, error: `at most ${ACTIVE_LIMIT} uploads can be in progress` };
				upload = {
					sessionId,
					name: typeIs(name, "string") && name !== "" ? name : "upload.txt",
					chunks: [],
					bytes: 0,
					lastChunk: "",
					lastOffset: -1,
					started: now(),
				};
				uploads.set(uploadId, upload);
			}
			if (upload.sessionId !== sessionId)
				return { ok: false, error: "that upload belongs to another conversation" };
			const retry = offset === upload.lastOffset && chunk === upload.lastChunk;
			if (!retry) {
				if (offset !== upload.bytes)
					return { ok: false, error: `offset ${offset} does not match the ${upload.bytes} bytes received` };
				if (pending + chunk.size() > PENDING_LIMIT) {
					drop(uploadId);
					return { ok: false, error: "uploads in progress can hold at most 8 MiB together" };
				}
				upload.chunks.push(chunk);
				upload.bytes += chunk.size();
				upload.lastChunk = chunk;
				upload.lastOffset = offset;
				pending += chunk.size();
			}
			if (command.final !== true) return { ok: true, data: { uploadId, received: upload.bytes } };
			const content = upload.chunks.join("");
			drop(uploadId);
			const [entry, why] = deps.save(content, upload.name);
			if (entry === undefined) return { ok: false, error: `the upload could not be saved: ${why}` };
			return { ok: true, data: { entry, reference: deps.reference(entry) } };
		},
		active: () => uploads.size(),
	};
}
