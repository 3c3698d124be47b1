// The built-in `file_read` tool: sliced reads of files under the UAI folder (saved pastes and
// attachments), each answer ending with the offset to continue from.
import { HostFiles } from "../host/files";
import { STORAGE_FOLDER } from "../runtime/storage";

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
			const offset = args.offset ?? 0;
			const limit = args.limit ?? SLICE_BYTES;
			const slice = content.sub(offset + 1, offset + limit);
			const following = offset + slice.size();
			const tail =
				following < content.size()
					? `\n[bytes ${offset}-${following} of ${content.size()}; continue with offset ${following}]`
					: `\n[end of file: ${content.size()} bytes]`;
			return slice + tail;
		},
	};
}
