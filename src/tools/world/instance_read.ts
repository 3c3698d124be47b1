// The instance reads: instance_tree, instance_get, instance_get_many, instance_find and
// instance_query. Every path they return round-trips through the path syntax (./path).
import { CallContext } from "../../agent/dispatch/tool";
import { failure, success, tool, ToolSpec } from "../kit";
import { readMember } from "./changes";
import { formatPath } from "./path";
import { attributesOf, jsonText, readMembers, scan, target, WorldContext } from "./shared";
import { decodeValue, hintOf, valueKey } from "./values";

export const TREE_DEPTH = 6;
export const ROW_LIMIT = 200;
export const GET_MANY = 20;
export const QUERY_SCAN = 20000;
export const QUERY_MEMBERS = 12;
const FIND_SCAN = 60000;

const PAGING = {
	offset: { type: "integer", minimum: 0, description: "rows to skip (from nextOffset)" },
	limit: { type: "integer", minimum: 1, maximum: ROW_LIMIT, description: "rows to return (default 50)" },
};

interface Row {
	readonly path: string;
	readonly className: string;
	readonly [key: string]: unknown;
}

/** One page of rows: text lines for the model, the rows and the offset to continue from. */
function page(rows: ReadonlyArray<Row>, offset: number | undefined, limit: number | undefined, extra: object) {
	const start = offset ?? 0;
	const count = limit ?? 50;
	const slice = new Array<Row>();
	for (let i = start; i < math.min(rows.size(), start + count); i++) slice.push(rows[i]);
	const nextOffset = start + slice.size() < rows.size() ? start + slice.size() : undefined;
	const data = { ...extra, rows: slice, total: rows.size(), offset: start, nextOffset };
	const tail =
		nextOffset !== undefined
			? `\n[rows ${start + 1}-${nextOffset} of ${rows.size()}; continue with offset ${nextOffset}]`
			: `\n[${rows.size()} rows]`;
	return success(jsonText({ ...extra, rows: slice }) + tail, data);
}

function matchesName(instance: Instance, name: string | undefined, exact: boolean | undefined): boolean {
	if (name === undefined) return true;
	if (exact === true) return instance.Name === name;
	return string.find(instance.Name.lower(), name.lower(), 1, true)[0] !== undefined;
}

interface Filters {
	readonly className?: string;
	readonly name?: string;
	readonly exact?: boolean;
	readonly tag?: string;
}

function matches(ctx: WorldContext, instance: Instance, filters: Filters): boolean {
	if (filters.className !== undefined && !instance.IsA(filters.className as keyof Instances)) return false;
	// through CollectionService: its own HasTag(instance, tag) shadows Instance:HasTag on it
	if (filters.tag !== undefined && !ctx.world.collection.HasTag(instance, filters.tag)) return false;
	return matchesName(instance, filters.name, filters.exact);
}

const FILTER_PROPS = {
	class: { type: "string", description: "keep instances that are this class or inherit it (IsA)" },
	name: { type: "string", description: "name contains this text (case-insensitive), or equals it with exact" },
	exact: { type: "boolean", description: "match the name exactly" },
	tag: { type: "string", description: "CollectionService tag" },
};

interface Condition {
	readonly property?: string;
	readonly attribute?: string;
	readonly op?: string;
	readonly value?: unknown;
}

const OPS = ["eq", "ne", "lt", "le", "gt", "ge", "contains", "in", "exists"];

/** Whether an instance meets a where-condition (values converted to the member's current type). */
function meets(ctx: WorldContext, instance: Instance, condition: Condition): boolean {
	const kind = condition.attribute !== undefined ? "attribute" : "property";
	const key = condition.attribute ?? condition.property ?? "";
	const [readable, current] = readMember(instance, kind, key);
	const op = condition.op ?? "eq";
	if (op === "exists") return readable && current !== undefined;
	if (!readable) return false;
	if (op === "in") {
		const options = condition.value as defined[];
		return options.some((option) => {
			const [converted, value] = decodeValue(ctx.world, option, hintOf(current), key);
			return converted && valueKey(ctx.world, value) === valueKey(ctx.world, current);
		});
	}
	if (op === "contains") {
		if (!typeIs(current, "string") || !typeIs(condition.value, "string")) return false;
		return string.find(current.lower(), condition.value.lower(), 1, true)[0] !== undefined;
	}
	const [converted, value] = decodeValue(ctx.world, condition.value, hintOf(current), key);
	if (!converted) return false;
	if (op === "eq") return valueKey(ctx.world, value) === valueKey(ctx.world, current);
	if (op === "ne") return valueKey(ctx.world, value) !== valueKey(ctx.world, current);
	if (!typeIs(current, "number") || !typeIs(value, "number")) return false;
	if (op === "lt") return current < value;
	if (op === "le") return current <= value;
	if (op === "gt") return current > value;
	return current >= value;
}

export function instanceReadTools(ctx: WorldContext): Array<ToolSpec<never>> {
	const world = ctx.world;
	const pathOf = (instance: Instance) => formatPath(world, instance) ?? instance.Name;

	return [
		tool<{ path?: string; depth?: number; class?: string; offset?: number; limit?: number }>({
			name: "instance_tree",
			risk: "read",
			description:
				"List the instance tree under a path (default Workspace), breadth-first to `depth` levels, with each instance's class and child count. " +
				'Paths use the tools\' syntax: Workspace.Lobby["Spawn Pad"].',
			parameters: {
				type: "object",
				properties: {
					path: { type: "string", description: "where to start (default Workspace; game for the services)" },
					depth: {
						type: "integer",
						minimum: 1,
						maximum: TREE_DEPTH,
						description: "levels below the path (default 2)",
					},
					class: {
						type: "string",
						description: "list only instances of this class (IsA); others are still walked",
					},
					...PAGING,
				},
			},
			limits: `depth 1-${TREE_DEPTH}; pages of at most ${ROW_LIMIT} rows; scans at most ${FIND_SCAN} nodes`,
			example: {
				args: { path: "Workspace.Lobby", depth: 1 },
				result: '{"root":"Workspace.Lobby","rows":[{"path":"Workspace.Lobby.Floor","className":"Part","depth":1,"children":0}, ...]}',
			},
			run: (args, call: CallContext) => {
				const [root, problem] = target(ctx, args.path ?? "Workspace");
				if (root === undefined) return failure(problem);
				const depth = args.depth ?? 2;
				const rows = new Array<Row>();
				const [, cut] = scan(root, FIND_SCAN, call.aborted, (instance, level) => {
					if (level > depth) return;
					if (args.class === undefined || instance.IsA(args.class as keyof Instances))
						rows.push({
							path: pathOf(instance),
							className: instance.ClassName,
							depth: level,
							children: instance.GetChildren().size(),
						});
				});
				return page(rows, args.offset, args.limit, { root: pathOf(root), truncated: cut });
			},
		}),
		tool<{ path: string; properties?: Array<string> }>({
			name: "instance_get",
			risk: "read",
			description:
				"Read an instance: its class, the usual properties of its class (or the ones named), its attributes and tags. " +
				'Values are tagged with their type, e.g. {"type":"Vector3","value":[0,2,0]}; name attributes as "@Name".',
			parameters: {
				type: "object",
				properties: {
					path: { type: "string", minLength: 1 },
					properties: {
						type: "array",
						items: { type: "string" },
						maxItems: 40,
						description: 'property names ("@Name" for an attribute)',
					},
				},
				required: ["path"],
			},
			limits: "at most 40 named properties",
			example: {
				args: { path: 'Workspace.Lobby["Spawn Pad"]', properties: ["Position", "BrickColor"] },
				result: '{"path":"Workspace.Lobby[\\"Spawn Pad\\"]","className":"SpawnLocation","properties":{"Position":{"type":"Vector3","value":[0,1.5,0]}, ...}}',
			},
			run: (args) => {
				const [instance, problem] = target(ctx, args.path);
				if (instance === undefined) return failure(problem);
				const [properties, missing] = readMembers(ctx, instance, args.properties);
				const data = {
					path: pathOf(instance),
					className: instance.ClassName,
					properties,
					attributes: attributesOf(ctx, instance),
					tags: ctx.world.collection.GetTags(instance),
					children: instance.GetChildren().size(),
					unreadable: missing.size() > 0 ? missing : undefined,
				};
				return success(jsonText(data), data);
			},
		}),
		tool<{ paths: Array<string>; properties?: Array<string> }>({
			name: "instance_get_many",
			risk: "read",
			description: `Read up to ${GET_MANY} instances at once (as instance_get); a path that does not resolve is reported in its row.`,
			parameters: {
				type: "object",
				properties: {
					paths: { type: "array", items: { type: "string" }, minItems: 1, maxItems: GET_MANY },
					properties: { type: "array", items: { type: "string" }, maxItems: QUERY_MEMBERS },
				},
				required: ["paths"],
			},
			limits: `at most ${GET_MANY} paths and ${QUERY_MEMBERS} properties`,
			run: (args) => {
				const rows = args.paths.map((path) => {
					const [instance, problem] = target(ctx, path);
					if (instance === undefined) return { path, error: problem };
					const [properties] = readMembers(ctx, instance, args.properties);
					return {
						path: pathOf(instance),
						className: instance.ClassName,
						properties,
						attributes: attributesOf(ctx, instance),
					};
				});
				return success(jsonText({ rows }), { rows });
			},
		}),
		tool<{
			root?: string;
			class?: string;
			name?: string;
			exact?: boolean;
			tag?: string;
			offset?: number;
			limit?: number;
		}>({
			name: "instance_find",
			risk: "read",
			description:
				"Find instances under a root (default game) by name, class (IsA) and/or tag; returns their paths and classes.",
			parameters: {
				type: "object",
				properties: { root: { type: "string" }, ...FILTER_PROPS, ...PAGING },
			},
			limits: `scans at most ${FIND_SCAN} nodes; pages of at most ${ROW_LIMIT} rows`,
			run: (args, call: CallContext) => {
				if (args.class === undefined && args.name === undefined && args.tag === undefined)
					return failure("give a name, class or tag to find");
				const [root, problem] = target(ctx, args.root ?? "game");
				if (root === undefined) return failure(problem);
				const filters = { className: args.class, name: args.name, exact: args.exact, tag: args.tag };
				const rows = new Array<Row>();
				const [visited, cut] = scan(root, FIND_SCAN, call.aborted, (instance) => {
					if (matches(ctx, instance, filters))
						rows.push({ path: pathOf(instance), className: instance.ClassName });
				});
				return page(rows, args.offset, args.limit, { root: pathOf(root), scanned: visited, truncated: cut });
			},
		}),
		tool<{
			root?: string;
			class?: string;
			name?: string;
			exact?: boolean;
			tag?: string;
			where?: Array<Condition>;
			select?: Array<string>;
			offset?: number;
			limit?: number;
		}>({
			name: "instance_query",
			risk: "read",
			description:
				"Query instances under a root (default Workspace): filter by class, name, tag and `where` conditions on properties or attributes " +
				'(op eq, ne, lt, le, gt, ge, contains, in, exists; values in the same shapes as instance_set, e.g. {"property":"BrickColor","op":"in","value":["Really red","Bright red"]}), ' +
				'and return each match\'s path with the `select`ed properties ("@Name" for an attribute) as tagged values.',
			parameters: {
				type: "object",
				properties: {
					root: { type: "string" },
					...FILTER_PROPS,
					where: {
						type: "array",
						maxItems: QUERY_MEMBERS,
						items: {
							type: "object",
							properties: {
								property: { type: "string" },
								attribute: { type: "string" },
								op: { type: "string", enum: OPS },
								value: {},
							},
						},
					},
					select: { type: "array", items: { type: "string" }, maxItems: QUERY_MEMBERS },
					...PAGING,
				},
			},
			limits: `scans at most ${QUERY_SCAN} nodes; at most ${QUERY_MEMBERS} conditions and ${QUERY_MEMBERS} selected members; pages of at most ${ROW_LIMIT} rows`,
			example: {
				args: {
					root: "Workspace.Lobby",
					class: "BasePart",
					where: [{ property: "Color", value: "#ff0000" }],
					select: ["Color"],
				},
				result: '{"rows":[{"path":"Workspace.Lobby[\\"Red Block 1\\"]","className":"Part","values":{"Color":{"type":"Color3","value":"#ff0000"}}}, ...]}',
			},
			run: (args, call: CallContext) => {
				const [root, problem] = target(ctx, args.root ?? "Workspace");
				if (root === undefined) return failure(problem);
				for (const condition of args.where ?? []) {
					if (condition.property === undefined && condition.attribute === undefined)
						return failure("each where condition names a property or an attribute");
					if (condition.op === "in" && !typeIs(condition.value, "table"))
						return failure('op "in" takes an array of values');
				}
				const filters = { className: args.class, name: args.name, exact: args.exact, tag: args.tag };
				const rows = new Array<Row>();
				const [visited, cut] = scan(root, QUERY_SCAN, call.aborted, (instance) => {
					if (!matches(ctx, instance, filters)) return;
					for (const condition of args.where ?? []) if (!meets(ctx, instance, condition)) return;
					const [values] = readMembers(ctx, instance, args.select ?? []);
					rows.push({ path: pathOf(instance), className: instance.ClassName, values });
				});
				return page(rows, args.offset, args.limit, { root: pathOf(root), scanned: visited, truncated: cut });
			},
		}),
	];
}
