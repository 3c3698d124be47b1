// The file tools (group `fs`, need `fs`): the agent's files in `UAI/files/`, and saved long inputs
// in `UAI/pastes/` (read-only). Every path goes through `checkPath` (./paths), so the client's
// private state under `UAI/` is out of reach; every write goes through `writeSafely`.
import { HostFiles } from "../host/files";
import { ToolDeps, resultBudget } from "./deps";
import { applyEdit, applyEdits, Change, describeChanges, Edit, rewriteChange } from "./file_edits";
import { search, SEARCH_FILES } from "./file_search";
import { listFolder, readText, WRITE_LIMIT, writeSafely } from "./file_store";
import { failure, family, tool, ToolFamily } from "./kit";
import { PAGE_BYTES, PAGE_LIMIT, pageLimit, pagedResult, pageOf, positionLine } from "./paging";
import { checkPath, ScopedPath, writable } from "./paths";

const NO_FILES = "this host has no executor file functions";
const READ_MANY = 12;
const EDITS_MANY = 20;
const LIST_DEFAULT = 100;
const LIST_LIMIT = 200;

const PATH = { type: "string", minLength: 1, description: "a path in files/ (the default) or pastes/" };
const CONTENT = { type: "string", maxLength: WRITE_LIMIT };

/** Reads a checked path; a path without a scope falls back from files/ to pastes/. */
function readScoped(files: HostFiles, path: ScopedPath): LuaTuple<[string, ScopedPath] | [undefined, string]> {
	if (!path.explicit && !files.isFile(path.host)) {
		const [paste] = checkPath(`pastes/${path.inner}`);
		if (paste !== undefined && files.isFile(paste.host)) return readScoped(files, paste);
	}
	const [content, why] = readText(files, path);
	if (content === undefined) return $tuple(undefined, why);
	return $tuple(content, path);
}

/** A path the call may change, or the failure. */
function target(input: string): LuaTuple<[ScopedPath, undefined] | [undefined, string]> {
	const [path, problem] = checkPath(input);
	if (path === undefined) return $tuple(undefined, problem);
	const refusal = writable(path);
	if (refusal !== undefined) return $tuple(undefined, refusal);
	return $tuple(path, undefined);
}

/** The preflight of a changing tool: a path it may not change is refused before anyone is asked. */
function checkTarget(args: { path: string }): LuaTuple<[unknown, unknown]> {
	const [path, problem] = target(args.path);
	if (path === undefined) return $tuple(undefined, problem);
	return $tuple(path, undefined);
}

function edited(path: ScopedPath, changes: ReadonlyArray<Change>, bytes: number) {
	const count = changes.size();
	return {
		ok: true,
		text: `Edited ${path.display} (${count} ${count === 1 ? "edit" : "edits"}, now ${bytes} bytes):\n${describeChanges(changes)}`,
		data: { path: path.display, bytes, changes },
	};
}

export function fileTools(deps: ToolDeps): ToolFamily {
	const files = deps.host.files;
	const withFiles =
		<A>(run: (fs: HostFiles, args: A) => unknown) =>
		(args: A) =>
			files === undefined ? failure(NO_FILES) : run(files, args);

	/** Writes new content for an existing or new file, keeping the old content safe on failure. */
	const replace = (fs: HostFiles, path: ScopedPath, content: string, previous: string | undefined) => {
		const [ok, why] = writeSafely(fs, path, content, previous);
		return ok ? undefined : why;
	};

	return family("fs", "Files", "read, search and change files in the UAI/files folder (and read saved pastes)", [
		tool<{ path?: string; offset?: number; limit?: number }>({
			name: "file_list",
			risk: "read",
			needs: ["fs"],
			description:
				"List a folder: your files in UAI/files (path empty or a folder like notes) or saved pastes (pastes). " +
				"Folders end with /. Page with offset.",
			parameters: {
				type: "object",
				properties: {
					path: { type: "string", description: "a folder; empty for the top of UAI/files" },
					offset: { type: "integer", minimum: 0 },
					limit: { type: "integer", minimum: 1, maximum: LIST_LIMIT },
				},
				required: [],
			},
			limits: `${LIST_DEFAULT} entries per page by default, at most ${LIST_LIMIT}`,
			example: { args: { path: "" }, result: "files/ (2 entries)\nnotes/\ntodo.txt\n[saved pastes: pastes/]" },
			run: withFiles((fs, args) => {
				const [folder, problem] = checkPath(args.path ?? "", true);
				if (folder === undefined) return failure(problem);
				if (folder.inner !== "" && !fs.isFolder(folder.host))
					return failure(
						`${folder.display} is not a folder${fs.isFile(folder.host) ? " (it is a file)" : ""}`,
					);
				const entries = listFolder(fs, folder.host);
				const offset = math.min(args.offset ?? 0, entries.size());
				const limit = args.limit ?? LIST_DEFAULT;
				const shown = new Array<string>();
				for (let index = offset; index < math.min(entries.size(), offset + limit); index++) {
					const entry = entries[index];
					shown.push(entry.folder ? `${entry.name}/` : entry.name);
				}
				const updated = offset + shown.size() < entries.size() ? offset + shown.size() : undefined;
				const lines = [
					`${folder.display}/ (${entries.size()} ${entries.size() === 1 ? "entry" : "entries"})`,
					...shown,
				];
				if (updated !== undefined)
					lines.push(`[entries ${offset}-${updated} of ${entries.size()}; continue with offset ${updated}]`);
				if (folder.inner === "" && folder.scope === "files") lines.push("[saved pastes: pastes/]");
				return {
					ok: true,
					text: lines.join("\n"),
					data: {
						path: folder.display,
						entries: shown,
						offset,
						nextOffset: updated,
						total: entries.size(),
						eof: updated === undefined,
					},
				};
			}),
		}),
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
					path: PATH,
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
			run: withFiles((fs, args) => {
				const [path, problem] = checkPath(args.path);
				if (path === undefined) return failure(problem);
				const [content, found] = readScoped(fs, path);
				if (content === undefined) return failure(found);
				const [limit, budgetProblem] = pageLimit(args.limit, resultBudget(deps.config));
				if (limit === undefined) return failure(budgetProblem);
				return pagedResult(content, args.offset, limit, { path: found.display });
			}),
		}),
		tool<{ paths: Array<string>; limit?: number }>({
			name: "file_read_many",
			risk: "read",
			needs: ["fs"],
			description: `Read the first page of up to ${READ_MANY} files at once. Each file's section says where to continue with file_read.`,
			parameters: {
				type: "object",
				properties: {
					paths: { type: "array", items: PATH, minItems: 1, maxItems: READ_MANY },
					limit: {
						type: "integer",
						minimum: 1,
						maximum: PAGE_LIMIT,
						description: "bytes per file (default: the result budget shared out)",
					},
				},
				required: ["paths"],
			},
			limits: `1-${READ_MANY} files, each at most 8 MiB; the result budget is shared between them`,
			example: {
				args: { paths: ["a.txt", "b.txt"] },
				result: "== files/a.txt\nalpha\n[end of file: 5 bytes]\n== files/b.txt\nbeta\n[end of file: 4 bytes]",
			},
			run: withFiles((fs, args) => {
				const [budget, budgetProblem] = pageLimit(
					undefined,
					math.floor(resultBudget(deps.config) / args.paths.size()),
				);
				const share = budget ?? 0;
				if (budget === undefined || share < 1)
					return failure(budgetProblem ?? "the result budget is too small");
				const sections = new Array<string>();
				const results = new Array<object>();
				let failed = 0;
				for (const input of args.paths) {
					const [path, problem] = checkPath(input);
					const [content, found] =
						path !== undefined ? readScoped(fs, path) : ([undefined, problem] as [undefined, string]);
					if (content === undefined) {
						failed += 1;
						sections.push(`== ${input}\nFailed: ${found}`);
						results.push({ path: input, ok: false, error: found });
						continue;
					}
					const page = pageOf(content, 0, math.min(args.limit ?? PAGE_BYTES, share));
					sections.push(`== ${found.display}\n${page.text}\n${positionLine(page)}`);
					results.push({
						path: found.display,
						ok: true,
						nextOffset: page.nextOffset,
						totalBytes: page.totalBytes,
						eof: page.eof,
					});
				}
				const text = sections.join("\n");
				if (failed === args.paths.size())
					return { ok: false, text: `Failed: no file could be read\n${text}`, data: { files: results } };
				return { ok: true, text, data: { files: results } };
			}),
		}),
		tool<{
			query: string;
			path?: string;
			glob?: string;
			cursor?: number;
			limit?: number;
			case_sensitive?: boolean;
		}>({
			name: "file_search",
			risk: "read",
			needs: ["fs"],
			description:
				"Search file contents for literal text (not a pattern) under a folder, optionally only paths matching a glob " +
				"(*.lua, notes/**/*.md). Returns path:line: text; continue with cursor.",
			parameters: {
				type: "object",
				properties: {
					query: { type: "string", minLength: 1, maxLength: 1000 },
					path: {
						type: "string",
						description: "folder to search (default: all of files/; pastes for saved pastes)",
					},
					glob: { type: "string", maxLength: 200 },
					cursor: { type: "integer", minimum: 0, description: "matches to skip (from the previous answer)" },
					limit: {
						type: "integer",
						minimum: 1,
						maximum: 200,
						description: "matches per answer (default 50)",
					},
					case_sensitive: { type: "boolean" },
				},
				required: ["query"],
			},
			limits: `at most ${SEARCH_FILES} files per search, 200 matches per answer; lines cut to 200 bytes`,
			example: {
				args: { query: "TODO", glob: "*.lua" },
				result: "files/main.lua:12: -- TODO: handle errors\n1 match in 3 files",
			},
			run: withFiles((fs, args) => {
				const [folder, problem] = checkPath(args.path ?? "", true);
				if (folder === undefined) return failure(problem);
				if (folder.inner !== "" && !fs.isFolder(folder.host))
					return failure(`${folder.display} is not a folder`);
				const found = search(fs, folder, {
					query: args.query,
					glob: args.glob,
					cursor: args.cursor ?? 0,
					limit: args.limit ?? 50,
					caseSensitive: args.case_sensitive === true,
				});
				const lines = found.matches.map((m) => `${m.path}:${m.line}: ${m.text}`);
				const count = found.matches.size();
				lines.push(`${count} ${count === 1 ? "match" : "matches"} in ${found.filesSearched} files searched`);
				if (found.nextCursor !== undefined)
					lines.push(`[more matches: continue with cursor ${found.nextCursor}]`);
				if (found.incomplete) lines.push(`[only the first ${SEARCH_FILES} files were searched]`);
				return { ok: true, text: lines.join("\n"), data: { ...found } };
			}),
		}),
		tool<{ path: string; content: string }>({
			name: "file_write",
			prepare: checkTarget,
			risk: "write",
			needs: ["fs"],
			description: "Create or replace a file in UAI/files with the given text (folders are created as needed).",
			parameters: { type: "object", properties: { path: PATH, content: CONTENT }, required: ["path", "content"] },
			limits: "content at most 2 MiB; written to a temporary copy first and read back, so a failed write leaves the old file",
			example: {
				args: { path: "notes.txt", content: "hello" },
				result: "Wrote files/notes.txt (5 bytes, new file).",
			},
			run: withFiles((fs, args) => {
				const [path, problem] = target(args.path);
				if (path === undefined) return failure(problem);
				const previous = fs.isFile(path.host) ? readText(fs, path)[0] : undefined;
				const why = replace(fs, path, args.content, previous);
				if (why !== undefined) return failure(why);
				const bytes = args.content.size();
				return {
					ok: true,
					text: `Wrote ${path.display} (${bytes} bytes, ${previous === undefined ? "new file" : `replaced ${previous.size()} bytes`}).`,
					data: {
						path: path.display,
						bytes,
						created: previous === undefined,
						previousBytes: previous?.size(),
						changes: previous === args.content ? [] : [rewriteChange(previous, args.content)],
					},
				};
			}),
		}),
		tool<{ path: string; content: string }>({
			name: "file_append",
			prepare: checkTarget,
			risk: "write",
			needs: ["fs"],
			description: "Add text to the end of a file in UAI/files (created when missing).",
			parameters: { type: "object", properties: { path: PATH, content: CONTENT }, required: ["path", "content"] },
			limits: "appended text at most 2 MiB; the file at most 8 MiB",
			example: {
				args: { path: "log.txt", content: "line\n" },
				result: "Appended 5 bytes to files/log.txt (now 42 bytes).",
			},
			run: withFiles((fs, args) => {
				const [path, problem] = target(args.path);
				if (path === undefined) return failure(problem);
				let previous: string | undefined;
				if (fs.isFile(path.host)) {
					const [text, why] = readText(fs, path);
					if (text === undefined) return failure(why);
					previous = text;
				}
				const content = (previous ?? "") + args.content;
				if (content.size() > 8 * 1024 * 1024) return failure(`${path.display} would be over 8 MiB`);
				const why = replace(fs, path, content, previous);
				if (why !== undefined) return failure(why);
				return {
					ok: true,
					text: `Appended ${args.content.size()} bytes to ${path.display} (now ${content.size()} bytes).`,
					data: { path: path.display, bytes: content.size(), appended: args.content.size() },
				};
			}),
		}),
		tool<{ path: string; old: string; new: string; replace_all?: boolean }>({
			name: "file_edit",
			prepare: checkTarget,
			risk: "write",
			needs: ["fs"],
			description:
				"Replace exact text in a file in UAI/files. `old` must match exactly once (include surrounding lines to make it unique) " +
				"unless replace_all is set; otherwise nothing changes and the reason is given.",
			parameters: {
				type: "object",
				properties: {
					path: PATH,
					old: { type: "string", minLength: 1, maxLength: WRITE_LIMIT },
					new: { type: "string", maxLength: WRITE_LIMIT },
					replace_all: { type: "boolean" },
				},
				required: ["path", "old", "new"],
			},
			limits: "old and new text at most 2 MiB each",
			example: {
				args: { path: "main.lua", old: "speed = 16", new: "speed = 24" },
				result: "Edited files/main.lua (1 edit, now 120 bytes):\n@@ line 3\n-speed = 16\n+speed = 24",
			},
			run: withFiles((fs, args) => {
				const [path, problem] = target(args.path);
				if (path === undefined) return failure(problem);
				const [text, why] = readText(fs, path);
				if (text === undefined) return failure(why);
				const [updated, change] = applyEdit(text, args as Edit);
				if (updated === undefined) return failure(`${change}; ${path.display} is unchanged`);
				const writeWhy = replace(fs, path, updated, text);
				if (writeWhy !== undefined) return failure(writeWhy);
				return edited(path, [change], updated.size());
			}),
		}),
		tool<{ path: string; edits: Array<Edit> }>({
			name: "file_edit_many",
			prepare: checkTarget,
			risk: "write",
			needs: ["fs"],
			description:
				`Apply 1-${EDITS_MANY} exact-text edits to one file in UAI/files in a single write, in order. ` +
				"All or nothing: if any edit does not match (or matches more than once without replace_all), none is applied.",
			parameters: {
				type: "object",
				properties: {
					path: PATH,
					edits: {
						type: "array",
						minItems: 1,
						maxItems: EDITS_MANY,
						items: {
							type: "object",
							properties: {
								old: { type: "string", minLength: 1, maxLength: WRITE_LIMIT },
								new: { type: "string", maxLength: WRITE_LIMIT },
								replace_all: { type: "boolean" },
							},
							required: ["old", "new"],
						},
					},
				},
				required: ["path", "edits"],
			},
			limits: `1-${EDITS_MANY} edits, applied in order to the text in memory, then one write`,
			example: {
				args: {
					path: "main.lua",
					edits: [
						{ old: "a = 1", new: "a = 2" },
						{ old: "b = 1", new: "b = 2" },
					],
				},
				result: "Edited files/main.lua (2 edits, now 80 bytes):\n@@ line 1\n-a = 1\n+a = 2\n@@ line 2\n-b = 1\n+b = 2",
			},
			run: withFiles((fs, args) => {
				const [path, problem] = target(args.path);
				if (path === undefined) return failure(problem);
				const [text, why] = readText(fs, path);
				if (text === undefined) return failure(why);
				const [updated, changes] = applyEdits(text, args.edits);
				if (updated === undefined) return failure(`${changes}; ${path.display} is unchanged`);
				const writeWhy = replace(fs, path, updated, text);
				if (writeWhy !== undefined) return failure(writeWhy);
				return edited(path, changes, updated.size());
			}),
		}),
		tool<{ path: string }>({
			name: "file_delete",
			prepare: checkTarget,
			risk: "danger",
			needs: ["fs"],
			description: "Delete a file in UAI/files. This cannot be undone.",
			parameters: { type: "object", properties: { path: PATH }, required: ["path"] },
			limits: "one file per call; folders are not deleted",
			example: { args: { path: "old.txt" }, result: "Deleted files/old.txt (120 bytes)." },
			run: withFiles((fs, args) => {
				const [path, problem] = target(args.path);
				if (path === undefined) return failure(problem);
				const [text, why] = readText(fs, path);
				if (text === undefined) return failure(why);
				const [removed, removeWhy] = fs.remove(path.host);
				if (!removed || fs.isFile(path.host))
					return failure(`could not delete ${path.display}: ${removeWhy ?? "it is still there"}`);
				return {
					ok: true,
					text: `Deleted ${path.display} (${text.size()} bytes).`,
					data: { path: path.display, bytes: text.size() },
				};
			}),
		}),
	]);
}
