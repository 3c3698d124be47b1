// Accumulates streamed text in pieces (joined once, at the end: no quadratic string building) and
// keeps a bounded head of it for live previews, with a flag when the preview was clipped.
import { REPLY_LIMITS } from "./limits";
import { utf8Prefix } from "../../runtime/text_limit";

export class TextBuffer {
	private pieces = new Array<string>();
	private bytes = 0;
	private head = new Array<string>();
	private headBytes = 0;
	private clipped = false;

	constructor(private readonly previewBytes = REPLY_LIMITS.previewBytes) {}

	append(piece: string) {
		if (piece === "") return;
		// appended by index (one per streamed event): `push` compiles to a global table.insert
		const pieces = this.pieces;
		pieces[pieces.size()] = piece;
		this.bytes += piece.size();
		if (this.clipped) return;
		const room = this.previewBytes - this.headBytes;
		if (piece.size() <= room) {
			this.head.push(piece);
			this.headBytes += piece.size();
		} else {
			const part = utf8Prefix(piece, room);
			this.head.push(part);
			this.headBytes += part.size();
			this.clipped = true;
		}
	}

	size(): number {
		return this.bytes;
	}

	text(): string {
		if (this.pieces.size() > 1) this.pieces = [this.pieces.join("")];
		return this.pieces[0] ?? "";
	}

	/** The bounded head shown while the reply arrives, and whether it was clipped. */
	preview(): LuaTuple<[string, boolean]> {
		if (this.head.size() > 1) this.head = [this.head.join("")];
		return $tuple(this.head[0] ?? "", this.clipped);
	}
}
