// The file tools (group `fs`, need `fs`): the agent's files in `UAI/files/`, and saved long inputs
// in `UAI/pastes/` (read-only). Every path goes through `checkPath` (./paths), so the client's
// private state under `UAI/` is out of reach.
import { HostFiles } from "../host/files";
import { ToolDeps, resultBudget } from "./deps";
import { failure, family, tool, ToolFamily } from "./kit";
import { PAGE_BYTES, PAGE_LIMIT, pageLimit, pagedResult } from "./paging";
import { checkPath, ScopedPath } from "./paths";

const NO_FILES = "this host has no executor file functions";

/** Reads a checked path; a path without a scope falls back from files/ to pastes/. */
function readScoped(files: HostFiles, path: ScopedPath): LuaTuple<[string, ScopedPath] | [undefined, string]> {
	if (files.isFile(path.host)) {
		const [content, why] = files.read(path.host);
		if (content === undefined) return $tuple(undefined, `could not read ${path.display}: ${why}`);
		return $tuple(content, path);
	}
	if (!path.explicit) {
		const [paste] = checkPath(`pastes/${path.inner}`);
		if (paste !== undefined && files.isFile(paste.host)) return readScoped(files, paste);
	}
	return $tuple(undefined, `${path.display} does not exist`);
}

export function fileTools(deps: ToolDeps): ToolFamily {
	const files = deps.host.files;
	const withFiles = <R>(run: (fs: HostFiles) => R) => (files === undefined ? failure(NO_FILES) : run(files));

	return family("fs", "Files", "read and change files in the UAI/files folder (and read saved pastes)", [
		tool<{ path: string; offset?: number; limit?: number }>({
			name: "file_read",
			risk: "read",
			needs: ["fs"],
			description:
				"Read a page of a file: your files in UAI/files (path like notes/todo.txt) or a saved paste (pastes/<name>). " +
				"Returns up to `limit` bytes from byte `offset` and the offset to continue from.",
			parameters: {
				type: "object",
				properties: {
					path: { type: "string", minLength: 1, description: "a path in files/ or pastes/" },
					offset: { type: "integer", minimum: 0, description: "byte offset to start at (default 0)" },
					limit: {
						type: "integer",
						minimum: 1,
						maximum: PAGE_LIMIT,
						description: `bytes to read (default ${PAGE_BYTES})`,
					},
				},
				required: ["path"],
			},
			limits: `pages of ${PAGE_BYTES} bytes by default, at most ${PAGE_LIMIT}; pages end on UTF-8 character boundaries`,
			example: { args: { path: "notes.txt" }, result: "first line\nsecond line\n[end of file: 23 bytes]" },
			run: (args) =>
				withFiles((fs) => {
					const [path, problem] = checkPath(args.path);
					if (path === undefined) return failure(problem);
					const [content, found] = readScoped(fs, path);
					if (content === undefined) return failure(found);
					const [limit, budgetProblem] = pageLimit(args.limit, resultBudget(deps.config));
					if (limit === undefined) return failure(budgetProblem);
					return pagedResult(content, args.offset, limit, { path: found.display });
				}),
		}),
	]);
}
