// The `world` family: camera_get/camera_set, lighting_get/lighting_set, parts_near and raycast.
// The writes go through the change record like instance writes, so changes_undo reverts them.
import { CallContext } from "../../agent/dispatch/tool";
import { failure, success, tool, ToolSpec } from "../kit";
import { Change, ChangeView, readMember, writeMember } from "./changes";
import { formatPath } from "./path";
import { jsonText, readMembers, WorldContext } from "./shared";
import { decodeValue, encodeValue, hintOf } from "./values";

export const NEAR_RADIUS = 500;
export const RAY_LENGTH = 15000;
const NEAR_LIMIT = 200;
const LIGHTING_PROPERTIES = [
	"ClockTime",
	"TimeOfDay",
	"Brightness",
	"Ambient",
	"OutdoorAmbient",
	"ColorShift_Top",
	"ColorShift_Bottom",
	"FogColor",
	"FogStart",
	"FogEnd",
	"GlobalShadows",
	"ShadowSoftness",
	"ExposureCompensation",
	"EnvironmentDiffuseScale",
	"EnvironmentSpecularScale",
	"GeographicLatitude",
];
const VECTOR = { type: "array", items: { type: "number" }, minItems: 3, maxItems: 3 };

function round(n: number): number {
	return math.round(n * 100) / 100;
}

function vector(v: Vector3): Array<number> {
	return [round(v.X), round(v.Y), round(v.Z)];
}

/** The local character's root position, if it has one. */
export function characterRoot(ctx: WorldContext, player?: Player): BasePart | undefined {
	const who = player ?? ctx.world.players.LocalPlayer;
	const character = who?.Character;
	if (character === undefined) return undefined;
	const root = character.FindFirstChild("HumanoidRootPart");
	if (root !== undefined && root.IsA("BasePart")) return root;
	return character.PrimaryPart;
}

function toVector(value: unknown): Vector3 | undefined {
	if (!typeIs(value, "table")) return undefined;
	const list = value as Array<unknown>;
	if (!typeIs(list[0], "number") || !typeIs(list[1], "number") || !typeIs(list[2], "number")) return undefined;
	return new Vector3(list[0], list[1], list[2]);
}

export function sceneTools(ctx: WorldContext): Array<ToolSpec<never>> {
	const world = ctx.world;
	const pathOf = (instance: Instance) => formatPath(world, instance) ?? instance.Name;

	/** Writes named properties of one instance, converted and recorded; all or none. */
	const writeAll = (
		call: CallContext,
		toolName: string,
		instance: Instance,
		values: ReadonlyArray<[string, unknown]>,
	): LuaTuple<[Array<ChangeView>, undefined] | [undefined, string]> => {
		const planned = new Array<[string, unknown, unknown]>();
		for (const [key, json] of values) {
			const [readable, before] = readMember(instance, "property", key);
			if (!readable) return $tuple(undefined, `${instance.ClassName} has no property ${key}`);
			const [converted, after] = decodeValue(world, json, hintOf(before), key);
			if (!converted) return $tuple(undefined, after as string);
			planned.push([key, before, after]);
		}
		const applied = new Array<Change>();
		for (const [key, before, after] of planned) {
			const [ok, problem] = writeMember(instance, "property", key, after);
			if (!ok) {
				ctx.changes.undo(applied, call.callId);
				return $tuple(undefined, `${key}: ${tostring(problem)}; nothing changed`);
			}
			const [, now] = readMember(instance, "property", key);
			applied.push(
				ctx.changes.record({
					callId: call.callId,
					tool: toolName,
					instance,
					kind: "property",
					key,
					before,
					after: now,
				}),
			);
		}
		return $tuple(
			applied.map((change) => ctx.changes.view(change)),
			undefined,
		);
	};

	/** The first part a ray from `origin` along `direction` hits, the local character excluded. */
	const cast = (origin: Vector3, direction: Vector3, withCharacter: boolean) => {
		const params = world.raycastParams();
		const character = world.players.LocalPlayer?.Character;
		if (!withCharacter && character !== undefined) params.FilterDescendantsInstances = [character];
		const hit = world.workspace.Raycast(origin, direction, params);
		if (hit === undefined) return undefined;
		return {
			path: pathOf(hit.Instance),
			className: hit.Instance.ClassName,
			position: vector(hit.Position),
			normal: vector(hit.Normal),
			distance: round(hit.Distance),
			material: hit.Material.Name,
		};
	};

	return [
		tool<Record<string, never>>({
			name: "camera_get",
			risk: "read",
			description:
				"Where the camera is and where it points: position, look direction, field of view, type, subject, focus, the viewport size, and the first part at the centre of the view.",
			parameters: { type: "object", properties: {} },
			run: () => {
				const camera = world.camera();
				if (camera === undefined) return failure("the workspace has no current camera");
				const cf = camera.CFrame;
				const data = {
					position: vector(cf.Position),
					lookVector: vector(cf.LookVector),
					orientation: encodeValue(world, cf).value,
					fieldOfView: round(camera.FieldOfView),
					cameraType: camera.CameraType.Name,
					subject: camera.CameraSubject !== undefined ? pathOf(camera.CameraSubject) : undefined,
					focus: vector(camera.Focus.Position),
					viewport: [camera.ViewportSize.X, camera.ViewportSize.Y],
					lookingAt: cast(cf.Position, cf.LookVector.mul(RAY_LENGTH), true),
				};
				return success(jsonText(data), data);
			},
		}),
		tool<{ position?: Array<number>; lookAt?: Array<number>; fieldOfView?: number; cameraType?: string }>({
			name: "camera_set",
			risk: "write",
			description:
				"Move or turn the camera (position and/or a point to look at), change its field of view (1-120) or type (Scriptable keeps it where you put it; Custom follows the character). Recorded; changes_undo reverts it.",
			parameters: {
				type: "object",
				properties: {
					position: VECTOR,
					lookAt: VECTOR,
					fieldOfView: { type: "number", minimum: 1, maximum: 120 },
					cameraType: {
						type: "string",
						description: "Enum.CameraType name: Custom, Scriptable, Fixed, Follow, ...",
					},
				},
			},
			run: (args, call: CallContext) => {
				const camera = world.camera();
				if (camera === undefined) return failure("the workspace has no current camera");
				const values = new Array<[string, unknown]>();
				if (args.cameraType !== undefined) values.push(["CameraType", args.cameraType]);
				if (args.position !== undefined || args.lookAt !== undefined) {
					const position = args.position !== undefined ? toVector(args.position) : camera.CFrame.Position;
					const target = args.lookAt !== undefined ? toVector(args.lookAt) : undefined;
					if (position === undefined) return failure("position expects [x, y, z]");
					const turned =
						target !== undefined
							? CFrame.lookAt(position, target)
							: new CFrame(position).mul(camera.CFrame.Rotation);
					values.push(["CFrame", { type: "CFrame", value: encodeValue(world, turned).value }]);
				}
				if (args.fieldOfView !== undefined) values.push(["FieldOfView", args.fieldOfView]);
				if (values.size() === 0) return failure("give a position, lookAt, fieldOfView or cameraType");
				const [views, problem] = writeAll(call, "camera_set", camera, values);
				if (views === undefined) return failure(problem);
				return success(
					`camera: ${views.map((v) => `${v.key} ${jsonText(v.after.value)}`).join(", ")} (changes ${views[0].id}-${views[views.size() - 1].id})`,
					{ changes: views },
				);
			},
		}),
		tool<Record<string, never>>({
			name: "lighting_get",
			risk: "read",
			description:
				"The Lighting service's settings (time of day, brightness, ambient colours, fog, shadows) and the effects under it.",
			parameters: { type: "object", properties: {} },
			run: () => {
				const lighting = world.lighting;
				const [properties] = readMembers(ctx, lighting, LIGHTING_PROPERTIES);
				const effects = lighting
					.GetChildren()
					.map((child) => ({ path: pathOf(child), className: child.ClassName }));
				const data = { properties, effects };
				return success(jsonText(data), data);
			},
		}),
		tool<{ properties: Record<string, unknown> }>({
			name: "lighting_set",
			risk: "write",
			description: `Change Lighting settings (${LIGHTING_PROPERTIES.join(", ")}), values as instance_set takes them. All or none; recorded; changes_undo reverts them.`,
			parameters: {
				type: "object",
				properties: { properties: { type: "object", description: "property name → value" } },
				required: ["properties"],
			},
			run: (args, call: CallContext) => {
				const values = new Array<[string, unknown]>();
				for (const [key, value] of pairs(args.properties)) {
					if (!LIGHTING_PROPERTIES.includes(key as string))
						return failure(
							`${key} is not a Lighting setting the tool changes (${LIGHTING_PROPERTIES.join(", ")})`,
						);
					values.push([key as string, value]);
				}
				if (values.size() === 0) return failure("give at least one property");
				const [views, problem] = writeAll(call, "lighting_set", world.lighting, values);
				if (views === undefined) return failure(problem);
				return success(
					`lighting: ${views.map((v) => `${v.key} ${jsonText(v.before.value)} -> ${jsonText(v.after.value)}`).join(", ")}`,
					{ changes: views },
				);
			},
		}),
		tool<{ position?: Array<number>; radius?: number; class?: string; limit?: number }>({
			name: "parts_near",
			risk: "read",
			description:
				"Parts whose bounds are within `radius` studs of a point (default: your character), nearest first, your own character left out: path, class, distance, position, size, colour and material.",
			parameters: {
				type: "object",
				properties: {
					position: VECTOR,
					radius: { type: "number", minimum: 0, maximum: NEAR_RADIUS, description: "studs (default 30)" },
					class: { type: "string", description: "only parts of this class (IsA)" },
					limit: { type: "integer", minimum: 1, maximum: NEAR_LIMIT, description: "default 50" },
				},
			},
			limits: `radius at most ${NEAR_RADIUS} studs; at most ${NEAR_LIMIT} parts`,
			run: (args) => {
				let center: Vector3 | undefined;
				if (args.position !== undefined) center = toVector(args.position);
				else center = characterRoot(ctx)?.Position;
				if (center === undefined) return failure("give a position: there is no character to measure from");
				const params = world.overlapParams();
				const character = world.players.LocalPlayer?.Character;
				if (character !== undefined) params.FilterDescendantsInstances = [character];
				const found = world.workspace.GetPartBoundsInRadius(center, args.radius ?? 30, params);
				const rows = new Array<{ part: BasePart; distance: number }>();
				for (const part of found) {
					if (args.class === undefined || part.IsA(args.class as keyof Instances))
						rows.push({ part, distance: part.Position.sub(center).Magnitude });
				}
				rows.sort((a, b) => a.distance < b.distance);
				const limit = args.limit ?? 50;
				const parts = new Array<object>();
				for (let i = 0; i < math.min(limit, rows.size()); i++) {
					const { part, distance } = rows[i];
					parts.push({
						path: pathOf(part),
						className: part.ClassName,
						distance: round(distance),
						position: vector(part.Position),
						size: vector(part.Size),
						color: encodeValue(world, part.Color).value,
						material: part.Material.Name,
					});
				}
				const data = { center: vector(center), total: rows.size(), parts };
				return success(jsonText(data), data);
			},
		}),
		tool<{
			origin?: Array<number>;
			direction?: Array<number>;
			target?: Array<number>;
			include_character?: boolean;
		}>({
			name: "raycast",
			risk: "read",
			description:
				"Cast a ray and report the first part it hits (path, position, surface normal, distance, material): from `origin` (default: the camera) along `direction` (its length is the reach) or towards `target`; default: straight ahead of the camera. Your character is ignored unless include_character.",
			parameters: {
				type: "object",
				properties: {
					origin: VECTOR,
					direction: VECTOR,
					target: VECTOR,
					include_character: { type: "boolean" },
				},
			},
			limits: `rays reach at most ${RAY_LENGTH} studs`,
			run: (args) => {
				const camera = world.camera();
				const origin = args.origin !== undefined ? toVector(args.origin) : camera?.CFrame.Position;
				if (origin === undefined) return failure("give an origin [x, y, z]");
				let direction: Vector3 | undefined;
				if (args.direction !== undefined) direction = toVector(args.direction);
				else if (args.target !== undefined) {
					const target = toVector(args.target);
					direction = target && target.sub(origin);
				} else direction = camera?.CFrame.LookVector.mul(1000);
				if (direction === undefined || direction.Magnitude === 0)
					return failure("give a non-zero direction or a target");
				if (direction.Magnitude > RAY_LENGTH) direction = direction.Unit.mul(RAY_LENGTH);
				const hit = cast(origin, direction, args.include_character === true);
				const data = { origin: vector(origin), direction: vector(direction), hit };
				return success(
					hit === undefined ? `no hit within ${round(direction.Magnitude)} studs` : jsonText(data),
					data,
				);
			},
		}),
	];
}
