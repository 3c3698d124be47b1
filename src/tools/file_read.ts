// The built-in `file_read` tool: sliced reads of files under the UAI folder (saved pastes and
// attachments), each answer ending with the offset to continue from. Slices start and end on
// character boundaries, so a slice of UTF-8 text is always valid UTF-8.
import { HostFiles } from "../host/files";
import { cutBytes } from "../agent/dispatch/text";
import { STORAGE_FOLDER } from "../runtime/storage";
import { utf8Prefix } from "../runtime/text_limit";

export const SLICE_BYTES = 6000;
const SLICE_LIMIT = 64000;

function safePath(path: string): boolean {
	return (
		path !== "" &&
		string.find(path, "..", 1, true)[0] === undefined &&
		path.sub(1, 1) !== "/" &&
		string.find(path, "\\", 1, true)[0] === undefined
	);
}

/** Whether the byte at 1-based `position` continues a UTF-8 character (0x80-0xBF). */
function continues(content: string, position: number): boolean {
	const [byte] = string.byte(content, position);
	return byte !== undefined && byte >= 0x80 && byte < 0xc0;
}

export function fileReadTool(files: HostFiles) {
	return {
		name: "file_read",
		group: "fs",
		risk: "read",
		needs: ["fs"],
		description:
			"Read a slice of a file in the UAI folder (for example a saved paste such as pastes/<name>). " +
			"Returns up to `limit` bytes from `offset` and the offset to continue from.",
		parameters: {
			type: "object",
			properties: {
				path: { type: "string", minLength: 1 },
				offset: { type: "integer", minimum: 0 },
				limit: { type: "integer", minimum: 1, maximum: SLICE_LIMIT },
			},
			required: ["path"],
		},
		run: (args: { path: string; offset?: number; limit?: number }) => {
			if (!safePath(args.path)) return { ok: false, text: "the path must stay inside the UAI folder" };
			const [content, why] = files.read(`${STORAGE_FOLDER}/${args.path}`);
			if (content === undefined) return { ok: false, text: `could not read ${args.path}: ${why}` };
			// moved back to the first byte of the character it falls in (slices stay valid UTF-8)
			const offset = utf8Prefix(content, args.offset ?? 0).size();
			let [slice] = cutBytes(content.sub(offset + 1), args.limit ?? SLICE_BYTES);
			// a limit narrower than the next character still makes progress: one whole character
			if (slice === "" && offset < content.size()) {
				let last = offset + 1;
				while (continues(content, last + 1)) last += 1;
				slice = content.sub(offset + 1, last);
			}
			const following = offset + slice.size();
			const tail =
				following < content.size()
					? `\n[bytes ${offset}-${following} of ${content.size()}; continue with offset ${following}]`
					: `\n[end of file: ${content.size()} bytes]`;
			return slice + tail;
		},
	};
}
