// The game's scripts for the `script` group: script_list walks the game (bounded, yielding between
// slices) and lists each LocalScript, Script and ModuleScript by instance path and class, one line
// each, paged by byte offset; where the executor has getnilinstances it also walks the detached
// trees (instances the client holds whose Parent is nil), their paths starting `<nil>`.
// script_source pages the source the executor's `decompile` reconstructs, for either kind of path.
// A decompiled source is kept for a few minutes so paging through it decompiles once.
import { Decompiler, NilInstances } from "../host/scripts";
import { HostWorld } from "../host/world";
import { ToolDeps, resultBudget } from "./deps";
import { failure, tool, ToolSpec } from "./kit";
import { pageLimit, pagedResult } from "./paging";
import { describePath, joinNames, parsePath, resolvePath } from "./world/path";
import { scan, scanFrom } from "./world/shared";

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

/** The first segment of a nil-parented instance's path: `<nil>`, or `<nil 2>`, `<nil 3>`... for
 *  later detached trees whose tops have the same name. */
const NIL_LABEL = "^<nil ?%d*>$";

/** The top of the detached tree `instance` is in (the ancestor whose Parent is nil). */
function topOf(instance: Instance): Instance {
	let cursor = instance;
	while (cursor.Parent !== undefined) cursor = cursor.Parent;
	return cursor;
}

/** `<label>.Top.Child...` for `instance` in the detached tree under `top`. */
function nilPath(label: string, top: Instance, instance: Instance): string {
	const names = new Array<string>();
	let cursor: Instance | undefined = instance;
	while (cursor !== undefined) {
		names.unshift(cursor.Name);
		if (cursor === top) break;
		cursor = cursor.Parent;
	}
	const rest = joinNames(names);
	return rest.sub(1, 1) === "[" ? `${label}${rest}` : `${label}.${rest}`;
}

/**
 * The labels given to detached trees, stable while a tree lives: the first tree with a given top
 * name is `<nil>`, later ones `<nil 2>`, `<nil 3>`..., so a path script_list gave keeps naming
 * the same script. Weak both ways: a collected tree takes its label along.
 */
function nilLabels() {
	const labels = setmetatable(new Map<Instance, string>(), { __mode: "k" }) as Map<Instance, string>;
	const tops = setmetatable(new Map<string, Instance>(), { __mode: "v" }) as Map<string, Instance>;
	const used = new Map<string, number>();
	return {
		labelOf: (top: Instance): string => {
			const known = labels.get(top);
			if (known !== undefined) return known;
			const n = (used.get(top.Name) ?? 0) + 1;
			used.set(top.Name, n);
			const label = n === 1 ? "<nil>" : `<nil ${n}>`;
			labels.set(top, label);
			tops.set(`${label}\0${top.Name}`, top);
			return label;
		},
		topOf: (label: string, name: string) => tops.get(`${label}\0${name}`),
	};
}
type NilLabels = ReturnType<typeof nilLabels>;

function listScripts(
	world: HostWorld,
	root: Instance,
	args: { class?: string; name?: string },
	aborted: () => boolean,
	detached?: { tops: ReadonlyArray<Instance>; labels: NilLabels },
) {
	const found = new Array<Listed>();
	const outside = new Array<Listed>();
	const counts: Record<string, number> = {};
	const needle = args.name?.lower();
	const wanted = (instance: Instance): instance is LuaSourceContainer => {
		if (!instance.IsA("LuaSourceContainer") || !CLASSES.includes(instance.ClassName)) return false;
		if (args.class !== undefined && instance.ClassName !== args.class) return false;
		if (needle !== undefined && string.find(instance.Name.lower(), needle, 1, true)[0] === undefined) return false;
		counts[instance.ClassName] = (counts[instance.ClassName] ?? 0) + 1;
		return true;
	};
	let [scanned, incomplete] = scan(root, SCAN_LIMIT, aborted, (instance) => {
		if (!wanted(instance)) return;
		found.push({ path: describePath(world, instance), className: instance.ClassName, note: noteOf(instance) });
	});
	found.sort((a, b) => a.path < b.path);
	if (detached !== undefined && !aborted()) {
		// the detached trees share the instance bound with the game and are listed after it
		const [more, cut] = scanFrom(detached.tops, 0, SCAN_LIMIT - scanned, aborted, (instance) => {
			if (!wanted(instance)) return;
			const top = topOf(instance);
			const path = nilPath(detached.labels.labelOf(top), top, instance);
			outside.push({ path, className: instance.ClassName, note: noteOf(instance) });
		});
		scanned += more;
		incomplete = incomplete || cut;
		outside.sort((a, b) => a.path < b.path);
	}
	for (const entry of outside) found.push(entry);
	return { found, counts, scanned, incomplete, nilParented: outside.size() };
}

function summaryLine(listed: ReturnType<typeof listScripts>, where: string, nilProblem: string | undefined): string {
	const { counts, scanned } = listed;
	const count = listed.found.size();
	const parts = CLASSES.filter((c) => counts[c] !== undefined).map((c) => `${c} ${counts[c]}`);
	const classes = parts.isEmpty() ? "" : ` (${parts.join(", ")})`;
	const inGame = count - listed.nilParented;
	const placed =
		listed.nilParented > 0
			? `: ${inGame} under ${where}, ${listed.nilParented} nil-parented (<nil> paths)`
			: ` under ${where}`;
	const scope = listed.incomplete
		? `; stopped after ${scanned} instances, narrow it with root`
		: `; ${scanned} instances looked at`;
	const problem = nilProblem !== undefined ? `; nil-parented scripts not listed: ${nilProblem}` : "";
	return `${count} script${count === 1 ? "" : "s"}${classes}${placed}${scope}${problem}`;
}

/** The instance a script path names (a game path, or a `<nil>` path script_list gave) and how to
 *  show it, or nil and why not. */
function resolveScript(
	world: HostWorld,
	nilInstances: NilInstances | undefined,
	labels: NilLabels,
	path: string,
): LuaTuple<[Instance, string] | [undefined, string]> {
	const [segments] = parsePath(path);
	if (segments === undefined || string.match(segments[0], NIL_LABEL)[0] === undefined) {
		const [instance, why] = resolvePath(world, path);
		if (instance === undefined) return $tuple(undefined, why);
		return $tuple(instance, describePath(world, instance));
	}
	if (nilInstances === undefined)
		return $tuple(undefined, "this executor has no getnilinstances: nil-parented scripts cannot be reached");
	const [label, name] = [segments[0], segments[1]];
	if (name === undefined) return $tuple(undefined, `${path} names no instance: give the tree's top after ${label}`);
	let top = labels.topOf(label, name);
	if (top === undefined && label === "<nil>") {
		// a path not from a listing: the one nil-parented instance of that name
		const [roots, why] = nilInstances();
		if (roots === undefined) return $tuple(undefined, why);
		const named = roots.filter((candidate) => candidate.Name === name);
		if (named.size() > 1)
			return $tuple(
				undefined,
				`${named.size()} nil-parented instances are named ${name}: list them with script_list and use the path it gives`,
			);
		top = named[0];
	}
	if (top === undefined)
		return $tuple(undefined, `no nil-parented instance is ${label}.${name} now (list them with script_list)`);
	let cursor = top;
	for (let index = 2; index < segments.size(); index++) {
		const child = cursor.FindFirstChild(segments[index]);
		if (child === undefined)
			return $tuple(undefined, `${nilPath(label, top, cursor)} has no child named ${segments[index]}`);
		cursor = child;
	}
	return $tuple(cursor, nilPath(label, top, cursor));
}

export function scriptTools(deps: ToolDeps): Array<ToolSpec<never>> {
	const world = deps.host.world;
	const decompile = deps.host.decompile;
	const nilInstances = deps.host.nilInstances;
	const labels = nilLabels();
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
				"Without root, scripts the client holds outside the game's tree (nil-parented, where the executor can find them) follow, their paths starting `<nil>`. " +
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
			limits: `looks at up to ${SCAN_LIMIT} instances (nil-parented trees included); pages of ${LIST_PAGE} bytes by default (200-64000)`,
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
				// the detached trees, on the whole-game listing where the executor can find them
				let detached: { tops: ReadonlyArray<Instance>; labels: NilLabels } | undefined;
				let nilProblem: string | undefined;
				if (args.root === undefined && nilInstances !== undefined) {
					const [tops, why] = nilInstances();
					if (tops !== undefined) detached = { tops, labels };
					nilProblem = why;
				}
				const listed = listScripts(world, root, args, () => ctx.aborted(), detached);
				if (ctx.aborted()) return failure("stopped");
				const where = args.root !== undefined ? describePath(world, root) : "the game";
				const lines = [summaryLine(listed, where, nilProblem)];
				for (const entry of listed.found) lines.push(`${entry.path}  ${entry.className}${entry.note}`);
				return pagedResult(lines.join("\n"), args.offset, limit, {
					count: listed.found.size(),
					nilParented: listed.nilParented,
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
						description:
							"the script's instance path from script_list (a `<nil>` path for a nil-parented one)",
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
				const [instance, shown] = resolveScript(world, nilInstances, labels, args.path);
				if (instance === undefined) return failure(shown);
				if (!instance.IsA("LuaSourceContainer"))
					return failure(`${shown} is a ${instance.ClassName}, not a script`);
				const [limit, budgetProblem] = pageLimit(args.limit ?? SOURCE_DEFAULT, resultBudget(deps.config));
				if (limit === undefined) return failure(budgetProblem);
				const [source, problem] = cached(instance, args.refresh === true);
				if (ctx.aborted()) return failure("stopped");
				if (source === undefined) return failure(problem);
				return pagedResult(source, args.offset, limit, {
					path: shown,
					className: instance.ClassName,
				});
			},
		}),
	];
}
