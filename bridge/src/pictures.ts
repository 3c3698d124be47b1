// The picture store: browser uploads held in memory, owned by one browser and one conversation,
// dropped after an idle period (15 minutes by default). The game only ever sees references of the
// form `uai-image://pic_<id>/<sha-256 of the bytes>`; the relay swaps them for the bytes right
// before a provider request (see relay_images.ts).
import { createHash, randomBytes } from "node:crypto";

export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURES_PER_MESSAGE = 8;
export const MESSAGE_MAX_BYTES = 20 * 1024 * 1024;
/** Every browser's pictures together; a further upload is refused until some expire or are deleted. */
export const STORE_MAX_BYTES = 256 * 1024 * 1024;
export const PICTURE_ID = /^[A-Za-z0-9_-]{8,64}$/;
const REFERENCE = /^uai-image:\/\/pic_([A-Za-z0-9_-]{8,64})\/([0-9a-f]{64})$/;

export type MediaType = "image/png" | "image/jpeg" | "image/webp";

export interface Picture {
	readonly id: string;
	readonly browserId: string;
	readonly sessionId: string;
	readonly name: string;
	readonly mediaType: MediaType;
	readonly bytes: Buffer;
	readonly sha256: string;
	readonly reference: string;
	lastUsed: number;
}

export class PictureError extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

/** The image type from the first bytes (PNG, JPEG and WebP signatures), whatever the name says. */
export function sniff(bytes: Buffer): MediaType | undefined {
	if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
		return "image/png";
	if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
	if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP")
		return "image/webp";
	return undefined;
}

export function parseReference(text: string): { id: string; sha256: string } | undefined {
	const m = REFERENCE.exec(text);
	return m ? { id: m[1], sha256: m[2] } : undefined;
}

export interface PictureUpload {
	readonly bytes: Buffer;
	readonly browserId: string;
	readonly sessionId: string;
	readonly name?: string;
	readonly id?: string;
}

export type Resolved =
	| { readonly ok: true; readonly picture: Picture }
	| { readonly ok: false; readonly why: "unknown" | "foreign" | "changed" };

export interface PictureStoreOptions {
	readonly idleMs?: number;
	readonly now?: () => number;
}

export class PictureStore {
	private readonly pictures = new Map<string, Picture>();
	private readonly idleMs: number;
	private readonly now: () => number;
	private total = 0;

	constructor(options: PictureStoreOptions = {}) {
		this.idleMs = options.idleMs ?? 15 * 60 * 1000;
		this.now = options.now ?? Date.now;
	}

	get idleSeconds(): number {
		return this.idleMs / 1000;
	}

	/** Drops pictures idle for longer than the idle period. */
	sweep(): void {
		const limit = this.now() - this.idleMs;
		for (const picture of this.pictures.values()) if (picture.lastUsed < limit) this.drop(picture.id);
	}

	add(upload: PictureUpload): Picture {
		this.sweep();
		const size = upload.bytes.length;
		if (size === 0) throw new PictureError(400, "the picture is empty");
		if (size > PICTURE_MAX_BYTES)
			throw new PictureError(
				413,
				`the picture is ${size} bytes; pictures can be at most 5 MiB (${PICTURE_MAX_BYTES} bytes)`,
			);
		const mediaType = sniff(upload.bytes);
		if (mediaType === undefined)
			throw new PictureError(
				415,
				"the file is not a PNG, JPEG or WebP image (its content has no image signature, whatever its name says)",
			);
		if (this.total + size > STORE_MAX_BYTES)
			throw new PictureError(
				507,
				"the bridge holds too many pictures; delete some or wait until idle ones expire",
			);
		const id = upload.id ?? randomBytes(12).toString("base64url");
		if (!PICTURE_ID.test(id))
			throw new PictureError(400, "a picture id has 8 to 64 characters from A-Z a-z 0-9 _ -");
		const existing = this.pictures.get(id);
		if (
			existing !== undefined &&
			(existing.browserId !== upload.browserId || existing.sessionId !== upload.sessionId)
		)
			throw new PictureError(409, "that picture id is already in use");
		if (existing !== undefined) this.drop(id);
		const sha256 = createHash("sha256").update(upload.bytes).digest("hex");
		const picture: Picture = {
			id,
			browserId: upload.browserId,
			sessionId: upload.sessionId,
			name: (upload.name ?? "picture").slice(0, 200),
			mediaType,
			bytes: upload.bytes,
			sha256,
			reference: `uai-image://pic_${id}/${sha256}`,
			lastUsed: this.now(),
		};
		this.pictures.set(id, picture);
		this.total += size;
		return picture;
	}

	/** A picture the browser `browserId` owns in `sessionId`, or a PictureError saying why not. */
	owned(id: string, browserId: string, sessionId?: string): Picture {
		this.sweep();
		const picture = this.pictures.get(id);
		if (picture === undefined)
			throw new PictureError(
				404,
				`the picture ${id} is no longer held by the bridge (expired after ${this.idleSeconds / 60} idle minutes, deleted, or the bridge restarted); attach it again`,
			);
		if (picture.browserId !== browserId || (sessionId !== undefined && picture.sessionId !== sessionId))
			throw new PictureError(
				403,
				`the picture ${id} belongs to another browser or conversation; attach it again here`,
			);
		picture.lastUsed = this.now();
		return picture;
	}

	/** The picture a reference names, if it belongs to `sessionId` and its bytes still match. */
	resolve(reference: string, sessionId: string): Resolved {
		this.sweep();
		const parsed = parseReference(reference);
		const picture = parsed && this.pictures.get(parsed.id);
		if (parsed === undefined || picture === undefined) return { ok: false, why: "unknown" };
		if (picture.sessionId !== sessionId) return { ok: false, why: "foreign" };
		if (picture.sha256 !== parsed.sha256) return { ok: false, why: "changed" };
		picture.lastUsed = this.now();
		return { ok: true, picture };
	}

	delete(id: string, browserId: string): void {
		this.owned(id, browserId);
		this.drop(id);
	}

	get count(): number {
		return this.pictures.size;
	}

	private drop(id: string): void {
		const picture = this.pictures.get(id);
		if (picture === undefined) return;
		this.pictures.delete(id);
		this.total -= picture.bytes.length;
	}
}
