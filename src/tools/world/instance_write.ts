// The instance writes: instance_set, instance_attribute, instance_create, instance_clone,
// instance_parent, instance_edit_many (all or nothing, each edit with the value it expects) and
// instance_destroy; and the change record's changes_list and changes_undo. Every write but
// instance_destroy is recorded (./changes) and can be undone.
import { CallContext } from "../../agent/dispatch/tool";
import { failure, success, tool, ToolSpec } from "../kit";
import { Change, ChangeKind, ChangeView, readMember, writeMember } from "./changes";
import { formatPath } from "./path";
import { jsonText, target, WorldContext } from "./shared";
import { decodeValue, encodeValue, hintOf, valueKey } from "./values";

export const EDIT_LIMIT = 100;
export const EDIT_TARGETS = 20;
const CHANGES_PAGE = 50;

/** The result of a write: its changes as the app's tool card shows them (with Undo). */
function written(text: string, changes: ReadonlyArray<ChangeView>, extra?: object) {
	return success(text, { ...extra, changes });
}

interface PlannedEdit {
	readonly instance: Instance;
	readonly kind: ChangeKind;
	readonly key: string;
	readonly before: unknown;
	readonly after: unknown;
}

export function instanceWriteTools(ctx: WorldContext): Array<ToolSpec<never>> {
	const world = ctx.world;
	const changes = ctx.changes;
	const pathOf = (instance: Instance) => formatPath(world, instance) ?? instance.Name;

	/** Applies one planned edit and records it; nil and the reason when the write fails. */
	const apply = (
		call: CallContext,
		toolName: string,
		edit: PlannedEdit,
	): LuaTuple<[Change, undefined] | [undefined, string]> => {
		const [ok, problem] = writeMember(edit.instance, edit.kind, edit.key, edit.after);
		if (!ok) return $tuple(undefined, tostring(problem));
		const [, now] = readMember(edit.instance, edit.kind, edit.key);
		const change = changes.record({
			callId: call.callId,
			tool: toolName,
			instance: edit.instance,
			kind: edit.kind,
			key: edit.key,
			before: edit.before,
			after: now,
		});
		return $tuple(change, undefined);
	};

	/** Plans a write of a JSON value to a member: converts it to the member's current type. */
	const plan = (
		instance: Instance,
		kind: ChangeKind,
		key: string,
		json: unknown,
	): LuaTuple<[PlannedEdit, undefined] | [undefined, string]> => {
		const [readable, before] = readMember(instance, kind, key);
		if (!readable) return $tuple(undefined, `${pathOf(instance)} has no property ${key}`);
		const label = kind === "attribute" ? `attribute ${key}` : key;
		const [converted, value] = decodeValue(world, json, hintOf(before), label);
		if (!converted) return $tuple(undefined, value as string);
		return $tuple({ instance, kind, key, before, after: value }, undefined);
	};

	const setTool = tool<{ path: string; property: string; value?: unknown; expected?: unknown }>({
		name: "instance_set",
		risk: "write",
		description:
			'Set one property. The value is converted to the property\'s type: Vector3 [x, y, z] or {x, y, z}; Color3 "#rrggbb", "rgb(r, g, b)" or {r, g, b} (0-255); ' +
			"UDim2 [xScale, xOffset, yScale, yOffset]; CFrame {position, orientation} (degrees) or {position, lookAt}; BrickColor and Enum item names; an instance path for a reference; " +
			"or any tagged value a read returned. Give `expected` to change it only if it still has that value. Recorded; changes_undo reverts it.",
		parameters: {
			type: "object",
			properties: {
				path: { type: "string", minLength: 1 },
				property: { type: "string", minLength: 1 },
				value: { description: "the new value (JSON; null for a nil reference)" },
				expected: { description: "the value the property must have now" },
			},
			required: ["path", "property"],
		},
		example: {
			args: { path: "Workspace.Lobby.Pillar", property: "Color", value: "#0000ff" },
			result: "Workspace.Lobby.Pillar.Color: #0d69ac -> #0000ff (change 12)",
		},
		run: (args, call: CallContext) => {
			const [instance, problem] = target(ctx, args.path);
			if (instance === undefined) return failure(problem);
			if (args.property === "Parent") return failure("use instance_parent to move an instance");
			const [edit, why] = plan(instance, "property", args.property, args.value);
			if (edit === undefined) return failure(why);
			if (args.expected !== undefined) {
				const [converted, expected] = decodeValue(
					world,
					args.expected,
					hintOf(edit.before),
					`expected ${args.property}`,
				);
				if (!converted) return failure(expected as string);
				if (valueKey(world, expected) !== valueKey(world, edit.before))
					return failure(
						`${pathOf(instance)}.${args.property} is ${jsonText(encodeValue(world, edit.before).value)}, not the expected value; nothing changed`,
					);
			}
			const [change, failed] = apply(call, "instance_set", edit);
			if (change === undefined) return failure(`${pathOf(instance)}.${args.property}: ${failed}`);
			const view = changes.view(change);
			return written(
				`${view.path}.${view.key}: ${jsonText(view.before.value)} -> ${jsonText(view.after.value)} (change ${view.id})`,
				[view],
			);
		},
	});

	const attributeTool = tool<{ path: string; name: string; value?: unknown }>({
		name: "instance_attribute",
		risk: "write",
		description:
			"Set an attribute (a number, string, boolean, [x, y, z] for a Vector3, or a tagged value), or remove it with null. " +
			"An existing attribute keeps its type. Recorded; changes_undo reverts it.",
		parameters: {
			type: "object",
			properties: { path: { type: "string", minLength: 1 }, name: { type: "string", minLength: 1 }, value: {} },
			required: ["path", "name"],
		},
		run: (args, call: CallContext) => {
			const [instance, problem] = target(ctx, args.path);
			if (instance === undefined) return failure(problem);
			const removal: PlannedEdit = {
				instance,
				kind: "attribute",
				key: args.name,
				before: instance.GetAttribute(args.name),
				after: undefined,
			};
			const [planned, why] =
				args.value === undefined ? [removal, undefined] : plan(instance, "attribute", args.name, args.value);
			const edit = planned as PlannedEdit | undefined;
			if (edit === undefined) return failure(why as string);
			const [change, failed] = apply(call, "instance_attribute", edit);
			if (change === undefined) return failure(`attribute ${args.name}: ${failed}`);
			const view = changes.view(change);
			return written(
				`${view.path} @${view.key}: ${jsonText(view.before.value)} -> ${jsonText(view.after.value)} (change ${view.id})`,
				[view],
			);
		},
	});

	/** Parents an instance (a recorded Parent change), for create, clone and parent. */
	const reparent = (
		call: CallContext,
		toolName: string,
		instance: Instance,
		parent: Instance | undefined,
		before: Instance | undefined,
	) => {
		return apply(call, toolName, { instance, kind: "property", key: "Parent", before, after: parent });
	};

	const createTool = tool<{ class: string; parent: string; name?: string; properties?: Record<string, unknown> }>({
		name: "instance_create",
		risk: "write",
		description:
			"Create an instance of a class under a parent, with a name and properties (converted as instance_set converts them). " +
			"Recorded as its Parent change: undoing it takes the instance out of the game.",
		parameters: {
			type: "object",
			properties: {
				class: { type: "string", minLength: 1 },
				parent: { type: "string", minLength: 1 },
				name: { type: "string" },
				properties: { type: "object", description: "property name → value" },
			},
			required: ["class", "parent"],
		},
		run: (args, call: CallContext) => {
			const [parent, problem] = target(ctx, args.parent);
			if (parent === undefined) return failure(problem);
			const [instance, why] = world.create(args.class);
			if (instance === undefined) return failure(why);
			if (args.name !== undefined) instance.Name = args.name;
			for (const [key, value] of pairs(args.properties ?? {})) {
				const [edit, bad] = plan(instance, "property", key as string, value);
				let [ok, message]: [boolean, unknown] = [false, bad];
				if (edit !== undefined) [ok, message] = writeMember(instance, "property", edit.key, edit.after);
				if (!ok) {
					instance.Destroy();
					return failure(`${args.class}.${key}: ${tostring(message)}; nothing was created`);
				}
			}
			const [change, failed] = reparent(call, "instance_create", instance, parent, undefined);
			if (change === undefined) {
				instance.Destroy();
				return failure(`could not parent the new ${args.class} to ${pathOf(parent)}: ${failed}`);
			}
			const view = changes.view(change);
			return written(`created ${pathOf(instance)} (${args.class}, change ${view.id})`, [view], {
				path: pathOf(instance),
			});
		},
	});

	const cloneTool = tool<{ path: string; parent?: string; name?: string }>({
		name: "instance_clone",
		risk: "write",
		description:
			"Clone an instance (with its descendants) into a parent (default: beside the original), optionally renamed. Undo takes the copy out of the game.",
		parameters: {
			type: "object",
			properties: {
				path: { type: "string", minLength: 1 },
				parent: { type: "string" },
				name: { type: "string" },
			},
			required: ["path"],
		},
		run: (args, call: CallContext) => {
			const [instance, problem] = target(ctx, args.path);
			if (instance === undefined) return failure(problem);
			let parent = instance.Parent;
			if (args.parent !== undefined) {
				const [found, missing] = target(ctx, args.parent);
				if (found === undefined) return failure(missing);
				parent = found;
			}
			if (parent === undefined) return failure(`${pathOf(instance)} has no parent to clone beside`);
			const [made, copy] = pcall(() => instance.Clone());
			if (!made || copy === undefined)
				return failure(`${pathOf(instance)} cannot be cloned (Archivable is false)`);
			if (args.name !== undefined) copy.Name = args.name;
			const [change, failed] = reparent(call, "instance_clone", copy, parent, undefined);
			if (change === undefined) return failure(`could not parent the copy: ${failed}`);
			const view = changes.view(change);
			return written(`cloned ${pathOf(instance)} to ${pathOf(copy)} (change ${view.id})`, [view], {
				path: pathOf(copy),
			});
		},
	});

	const parentTool = tool<{ path: string; parent: string }>({
		name: "instance_parent",
		risk: "write",
		description: "Move an instance under another parent. Recorded; changes_undo moves it back.",
		parameters: {
			type: "object",
			properties: { path: { type: "string", minLength: 1 }, parent: { type: "string", minLength: 1 } },
			required: ["path", "parent"],
		},
		run: (args, call: CallContext) => {
			const [instance, problem] = target(ctx, args.path);
			if (instance === undefined) return failure(problem);
			const [parent, missing] = target(ctx, args.parent);
			if (parent === undefined) return failure(missing);
			const [change, failed] = reparent(call, "instance_parent", instance, parent, instance.Parent);
			if (change === undefined) return failure(`${pathOf(instance)}: ${failed}`);
			const view = changes.view(change);
			return written(`moved ${jsonText(view.before.value)} -> ${pathOf(instance)} (change ${view.id})`, [view]);
		},
	});

	interface EditArg {
		readonly path: string;
		readonly property?: string;
		readonly attribute?: string;
		readonly value?: unknown;
		readonly expected?: unknown;
	}
	const editManyTool = tool<{ edits: Array<EditArg> }>({
		name: "instance_edit_many",
		risk: "write",
		description:
			`Apply 1-${EDIT_LIMIT} property or attribute edits on at most ${EDIT_TARGETS} instances, all or none. ` +
			"Each edit gives the `expected` current value (as a read returned it); if any edit's value is not what it expects, or any value does not convert, nothing changes. " +
			"Recorded as one call; changes_undo with this call's id reverts it.",
		parameters: {
			type: "object",
			properties: {
				edits: {
					type: "array",
					minItems: 1,
					maxItems: EDIT_LIMIT,
					items: {
						type: "object",
						properties: {
							path: { type: "string", minLength: 1 },
							property: { type: "string" },
							attribute: { type: "string" },
							value: {},
							expected: {},
						},
						required: ["path", "expected"],
					},
				},
			},
			required: ["edits"],
		},
		limits: `1-${EDIT_LIMIT} edits over at most ${EDIT_TARGETS} instances`,
		example: {
			args: {
				edits: [
					{
						path: 'Workspace.Lobby["Red Block 1"]',
						property: "Color",
						expected: "#ff0000",
						value: "#0000ff",
					},
				],
			},
			result: "1 edit applied (changes 3-3); undo with changes_undo call_id ...",
		},
		run: (args, call: CallContext) => {
			const planned = new Array<PlannedEdit>();
			const problems = new Array<string>();
			const targets = new Set<Instance>();
			args.edits.forEach((edit, index) => {
				const label = `edit ${index + 1}`;
				const [instance, missing] = target(ctx, edit.path);
				if (instance === undefined) return problems.push(`${label}: ${missing}`);
				targets.add(instance);
				if ((edit.property === undefined) === (edit.attribute === undefined))
					return problems.push(`${label}: name a property or an attribute`);
				if (edit.property === "Parent")
					return problems.push(`${label}: use instance_parent to move an instance`);
				const kind: ChangeKind = edit.attribute !== undefined ? "attribute" : "property";
				const key = (edit.attribute ?? edit.property) as string;
				const [step, why] = plan(instance, kind, key, edit.value);
				if (step === undefined) return problems.push(`${label}: ${why}`);
				const [converted, expected] = decodeValue(
					world,
					edit.expected,
					hintOf(step.before),
					`${label} expected ${key}`,
				);
				if (!converted) return problems.push(expected as string);
				if (valueKey(world, expected) !== valueKey(world, step.before))
					return problems.push(
						`${label}: ${pathOf(instance)}.${key} is ${jsonText(encodeValue(world, step.before).value)}, not the expected ${jsonText(edit.expected)}`,
					);
				planned.push(step);
			});
			if (targets.size() > EDIT_TARGETS)
				problems.push(`the edits touch ${targets.size()} instances; at most ${EDIT_TARGETS}`);
			if (problems.size() > 0)
				return failure(`nothing changed: ${problems.join("; ")}`, { problems, changes: [] });
			const applied = new Array<Change>();
			for (const step of planned) {
				const [change, failed] = apply(call, "instance_edit_many", step);
				if (change === undefined) {
					// put back what was applied: all or none
					changes.undo(applied, call.callId);
					return failure(`nothing changed: ${pathOf(step.instance)}.${step.key}: ${failed}`, { changes: [] });
				}
				applied.push(change);
			}
			const views = applied.map((change) => changes.view(change));
			const first = views[0].id;
			const last = views[views.size() - 1].id;
			return written(
				`${views.size()} edit${views.size() === 1 ? "" : "s"} applied (changes ${first}-${last}); undo with changes_undo {"call_id":"${call.callId}"}`,
				views,
				{ callId: call.callId },
			);
		},
	});

	const destroyTool = tool<{ path: string }>({
		name: "instance_destroy",
		risk: "danger",
		description:
			"Destroy an instance and its descendants. This cannot be undone (Roblox locks a destroyed instance).",
		parameters: { type: "object", properties: { path: { type: "string", minLength: 1 } }, required: ["path"] },
		run: (args) => {
			const [instance, problem] = target(ctx, args.path);
			if (instance === undefined) return failure(problem);
			if (instance === world.game || instance.Parent === world.game)
				return failure("the game and its services cannot be destroyed");
			const path = pathOf(instance);
			const count = instance.GetDescendants().size();
			const [ok, why] = pcall(() => instance.Destroy());
			if (!ok) return failure(`${path}: ${tostring(why)}`);
			return success(`destroyed ${path} and ${count} descendant${count === 1 ? "" : "s"}`, {
				path,
				descendants: count,
			});
		},
	});

	const listTool = tool<{ call_id?: string; offset?: number; limit?: number }>({
		name: "changes_list",
		risk: "read",
		description:
			"List the recorded changes (newest first): instance path, property or @attribute, before and after values, tool call and time; undone ones say by which change.",
		parameters: {
			type: "object",
			properties: {
				call_id: { type: "string", description: "only the changes of this tool call" },
				offset: { type: "integer", minimum: 0 },
				limit: { type: "integer", minimum: 1, maximum: 200 },
			},
		},
		run: (args) => {
			const all = changes.list(args.call_id);
			const start = args.offset ?? 0;
			const count = args.limit ?? CHANGES_PAGE;
			const rows = new Array<ChangeView>();
			for (let i = start; i < math.min(all.size(), start + count); i++) rows.push(changes.view(all[i]));
			const nextOffset = start + rows.size() < all.size() ? start + rows.size() : undefined;
			return success(jsonText({ changes: rows, total: all.size(), nextOffset }), {
				changes: rows,
				total: all.size(),
				nextOffset,
			});
		},
	});

	const undoTool = tool<{ ids?: Array<number>; call_id?: string; last?: number }>({
		name: "changes_undo",
		risk: "write",
		description:
			"Undo recorded changes by id, by tool call id, or the last N. A change whose value was changed since (by anyone) is reported as a conflict and left alone; nothing is overwritten silently. The undo is recorded too.",
		parameters: {
			type: "object",
			properties: {
				ids: { type: "array", items: { type: "integer" }, minItems: 1, maxItems: 200 },
				call_id: { type: "string" },
				last: { type: "integer", minimum: 1, maximum: 200 },
			},
		},
		run: (args, call: CallContext) => {
			let selected = new Array<Change>();
			if (args.ids !== undefined) {
				for (const id of args.ids) {
					const change = changes.get(id);
					if (change === undefined) return failure(`there is no change ${id}`);
					selected.push(change);
				}
			} else if (args.call_id !== undefined) {
				selected = [...changes.list(args.call_id)];
				if (selected.size() === 0) return failure(`no changes were recorded for call ${args.call_id}`);
			} else if (args.last !== undefined) {
				const open = changes
					.list()
					.filter((change) => change.undoneBy === undefined && change.undoOf === undefined);
				for (let i = 0; i < math.min(args.last, open.size()); i++) selected.push(open[i]);
				if (selected.size() === 0) return failure("there is nothing to undo");
			} else return failure("give ids, call_id or last");
			const outcome = changes.undo(selected, call.callId);
			const text =
				`${outcome.undone.size()} change${outcome.undone.size() === 1 ? "" : "s"} undone` +
				(outcome.conflicts.size() > 0
					? `; ${outcome.conflicts.size()} left alone: ` +
						outcome.conflicts.map((c) => `${c.path}.${c.key} (change ${c.id}) ${c.reason}`).join("; ")
					: "");
			const data = { changes: outcome.undone, conflicts: outcome.conflicts };
			if (outcome.undone.size() === 0) return failure(text, data);
			return success(text, data);
		},
	});

	return [setTool, attributeTool, createTool, cloneTool, parentTool, editManyTool, destroyTool, listTool, undoTool];
}
