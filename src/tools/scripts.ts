// The game's scripts for the `script` group: script_list walks the game (bounded, yielding between
// slices) and lists each LocalScript, Script and ModuleScript by instance path and class, one line
// each, paged by byte offset; script_source pages the source the executor's `decompile`
// reconstructs. A decompiled source is kept for a few minutes so paging through it decompiles once.
import { Decompiler } from "../host/scripts";
import { HostWorld } from "../host/world";
import { ToolDeps, resultBudget } from "./deps";
import { failure, tool, ToolSpec } from "./kit";
import { pageLimit, pagedResult } from "./paging";
import { describePath, resolvePath } from "./world/path";
import { scan } from "./world/shared";

/** Instances script_list looks at, at most. */
export const SCAN_LIMIT = 20000;
const CLASSES = ["LocalScript", "Script", "ModuleScript"];
const LIST_PAGE = 6000;
const SOURCE_DEFAULT = 3000;
const SOURCE_MIN = 200;
const SOURCE_MAX = 64000;
/** Decompiled sources kept for paging: how many, how many bytes in all, for how long. */
const CACHE_ENTRIES = 8;
const CACHE_BYTES = 8 * 1024 * 1024;
const CACHE_SECONDS = 300;

interface Cached {
	readonly target: LuaSourceContainer;
	readonly source: string;
	readonly at: number;
}

/** The newest decompiled sources, oldest first; expired or over-budget entries are dropped. */
function sourceCache(decompile: Decompiler) {
	const entries = new Array<Cached>();
	const bytes = () => entries.reduce((sum, entry) => sum + entry.source.size(), 0);
	return (target: LuaSourceContainer, fresh: boolean): LuaTuple<[string, undefined] | [undefined, string]> => {
		const now = os.clock();
		// expired entries go, and this script's entry when a fresh copy is asked for
		for (let index = entries.size() - 1; index >= 0; index--) {
			const entry = entries[index];
			if (now - entry.at > CACHE_SECONDS || (fresh && entry.target === target)) entries.remove(index);
		}
		const kept = entries.find((entry) => entry.target === target);
		if (kept !== undefined) return $tuple(kept.source, undefined);
		const [source, why] = decompile(target);
		if (source === undefined) return $tuple(undefined, why);
		entries.push({ target, source, at: now });
		while (entries.size() > CACHE_ENTRIES || (entries.size() > 1 && bytes() > CACHE_BYTES)) entries.shift();
		return $tuple(source, undefined);
	};
}

interface Listed {
	readonly path: string;
	readonly className: string;
	readonly note: string;
}

/** What a script's line says besides its path and class: disabled, or a Script that runs here. */
function noteOf(target: LuaSourceContainer): string {
	const notes = new Array<string>();
	if (target.IsA("BaseScript")) {
		if (!target.Enabled) notes.push("disabled");
		if (target.ClassName === "Script" && target.RunContext === Enum.RunContext.Client)
			notes.push("RunContext Client");
	}
	return notes.isEmpty() ? "" : ` (${notes.join(", ")})`;
}

function listScripts(
	world: HostWorld,
	root: Instance,
	args: { class?: string; name?: string },
	aborted: () => boolean,
) {
	const found = new Array<Listed>();
	const counts: Record<string, number> = {};
	const needle = args.name?.lower();
	const [scanned, incomplete] = scan(root, SCAN_LIMIT, aborted, (instance) => {
		if (!instance.IsA("LuaSourceContainer") || !CLASSES.includes(instance.ClassName)) return;
		if (args.class !== undefined && instance.ClassName !== args.class) return;
		if (needle !== undefined && string.find(instance.Name.lower(), needle, 1, true)[0] === undefined) return;
		counts[instance.ClassName] = (counts[instance.ClassName] ?? 0) + 1;
		found.push({ path: describePath(world, instance), className: instance.ClassName, note: noteOf(instance) });
	});
	found.sort((a, b) => a.path < b.path);
	return { found, counts, scanned, incomplete };
}

function summaryLine(count: number, counts: Record<string, number>, where: string, scanned: number, cut: boolean) {
	const parts = CLASSES.filter((c) => counts[c] !== undefined).map((c) => `${c} ${counts[c]}`);
	const classes = parts.isEmpty() ? "" : ` (${parts.join(", ")})`;
	const scope = cut
		? `; stopped after ${scanned} instances, narrow it with root`
		: `; ${scanned} instances looked at`;
	return `${count} script${count === 1 ? "" : "s"}${classes} under ${where}${scope}`;
}

export function scriptTools(deps: ToolDeps): Array<ToolSpec<never>> {
	const world = deps.host.world;
	const decompile = deps.host.decompile;
	const cached = decompile !== undefined ? sourceCache(decompile) : undefined;
	const PAGING = {
		offset: { type: "integer", minimum: 0, description: "byte offset to start at (default 0)" },
	};
	return [
		tool<{ root?: string; class?: string; name?: string; offset?: number; limit?: number }>({
			name: "script_list",
			risk: "read",
			description:
				"List the scripts in the game (LocalScript, Script, ModuleScript) by instance path and class, sorted by path. " +
				"Narrow it with root (an instance path), class, or name (a part of the script's name, any case). " +
				"Paged: continue with the offset the last line gives.",
			parameters: {
				type: "object",
				properties: {
					root: {
						type: "string",
						minLength: 1,
						description: "instance path to look under (default: the whole game)",
					},
					class: { type: "string", enum: CLASSES },
					name: { type: "string", minLength: 1, maxLength: 100, description: "literal part of the name" },
					...PAGING,
					limit: {
						type: "integer",
						minimum: 200,
						maximum: 64000,
						description: `bytes per page (default ${LIST_PAGE})`,
					},
				},
				required: [],
			},
			limits: `looks at up to ${SCAN_LIMIT} instances; pages of ${LIST_PAGE} bytes by default (200-64000)`,
			example: {
				args: { root: "Workspace.Lobby" },
				result:
					"3 scripts (LocalScript 1, Script 1, ModuleScript 1) under Workspace.Lobby; 28 instances looked at\n" +
					"Workspace.Lobby.Scripts.Config  ModuleScript\nWorkspace.Lobby.Scripts.Door  LocalScript\n" +
					"Workspace.Lobby.Scripts.Server  Script\n[end of file: 223 bytes]",
			},
			run: (args, ctx) => {
				let root: Instance = world.game;
				if (args.root !== undefined) {
					const [found, why] = resolvePath(world, args.root);
					if (found === undefined) return failure(why);
					root = found;
				}
				const [limit, budgetProblem] = pageLimit(args.limit ?? LIST_PAGE, resultBudget(deps.config));
				if (limit === undefined) return failure(budgetProblem);
				const listed = listScripts(world, root, args, () => ctx.aborted());
				if (ctx.aborted()) return failure("stopped");
				const where = args.root !== undefined ? describePath(world, root) : "the game";
				const lines = [
					summaryLine(listed.found.size(), listed.counts, where, listed.scanned, listed.incomplete),
				];
				for (const entry of listed.found) lines.push(`${entry.path}  ${entry.className}${entry.note}`);
				return pagedResult(lines.join("\n"), args.offset, limit, {
					count: listed.found.size(),
					scanned: listed.scanned,
					incomplete: listed.incomplete,
				});
			},
		}),
		tool<{ path: string; offset?: number; limit?: number; refresh?: boolean }>({
			name: "script_source",
			risk: "read",
			needs: ["decompile"],
			description:
				"Read a page of a script's source, as the executor decompiles it from the script's bytecode " +
				"(comments and local names may differ from the original). A server Script's code is not on the client. " +
				"Paged: continue with the offset the last line gives; set refresh to decompile again.",
			parameters: {
				type: "object",
				properties: {
					path: {
						type: "string",
						minLength: 1,
						description: "the script's instance path (from script_list)",
					},
					...PAGING,
					limit: {
						type: "integer",
						minimum: SOURCE_MIN,
						maximum: SOURCE_MAX,
						description: `bytes per page (default ${SOURCE_DEFAULT})`,
					},
					refresh: { type: "boolean", description: "decompile again instead of using the kept copy" },
				},
				required: ["path"],
			},
			limits:
				`pages of ${SOURCE_DEFAULT} bytes by default (${SOURCE_MIN}-${SOURCE_MAX}); a decompiled source is kept ` +
				`${CACHE_SECONDS / 60} minutes for paging (${CACHE_ENTRIES} scripts, 8 MiB)`,
			example: {
				args: { path: "Workspace.Lobby.Scripts.Door" },
				result: '-- Decompiled with UAIHost 1.0.0\nprint("door")\n[end of file: 46 bytes]',
			},
			run: (args, ctx) => {
				if (cached === undefined) return failure("this executor has no decompile");
				const [instance, why] = resolvePath(world, args.path);
				if (instance === undefined) return failure(why);
				if (!instance.IsA("LuaSourceContainer"))
					return failure(`${describePath(world, instance)} is a ${instance.ClassName}, not a script`);
				const [limit, budgetProblem] = pageLimit(args.limit ?? SOURCE_DEFAULT, resultBudget(deps.config));
				if (limit === undefined) return failure(budgetProblem);
				const [source, problem] = cached(instance, args.refresh === true);
				if (ctx.aborted()) return failure("stopped");
				if (source === undefined) return failure(problem);
				return pagedResult(source, args.offset, limit, {
					path: describePath(world, instance),
					className: instance.ClassName,
				});
			},
		}),
	];
}
