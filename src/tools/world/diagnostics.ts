// The `perf` and `meta` families: performance (frame times sampled over 0.2-3 s, memory, instance
// counts), class_counts (the commonest classes among at most 60,000 descendants) and game_info.
import { CallContext } from "../../agent/dispatch/tool";
import { failure, success, tool, ToolSpec } from "../kit";
import { jsonText, scan, target, WorldContext } from "./shared";

export const SAMPLE_MIN = 0.2;
export const SAMPLE_MAX = 3;
export const CLASS_SCAN = 60000;
export const CLASS_LIMIT = 40;

function round(n: number, digits = 100): number {
	return math.round(n * digits) / digits;
}

export function perfTools(ctx: WorldContext): Array<ToolSpec<never>> {
	const world = ctx.world;
	return [
		tool<{ seconds?: number }>({
			name: "performance",
			risk: "read",
			description:
				"Measure the client for 0.2-3 seconds (default 1): frames per second, average and worst frame time, the engine's frame/heartbeat/physics times, memory (total and Lua heap), instance and part counts.",
			parameters: {
				type: "object",
				properties: { seconds: { type: "number", minimum: SAMPLE_MIN, maximum: SAMPLE_MAX } },
			},
			limits: `samples ${SAMPLE_MIN}-${SAMPLE_MAX} s`,
			timeout: SAMPLE_MAX + 5,
			run: (args, call: CallContext) => {
				const seconds = math.clamp(args.seconds ?? 1, SAMPLE_MIN, SAMPLE_MAX);
				const frames = new Array<number>();
				const connection = world.run.Heartbeat.Connect((dt) => frames.push(dt));
				const started = os.clock();
				while (os.clock() - started < seconds && !call.aborted()) task.wait(0.05);
				connection.Disconnect();
				if (call.aborted()) return failure("stopped");
				let total = 0;
				let worst = 0;
				for (const dt of frames) {
					total += dt;
					worst = math.max(worst, dt);
				}
				const average = frames.size() > 0 ? total / frames.size() : 0;
				const stats = world.stats;
				let parts = 0;
				for (const d of world.workspace.GetDescendants())
					if (d.IsA("BasePart") && !d.IsA("Terrain")) parts += 1;
				const data = {
					sampledSeconds: round(seconds),
					frames: frames.size(),
					fps: average > 0 ? round(1 / average, 10) : undefined,
					frameMs: { average: round(average * 1000), worst: round(worst * 1000) },
					engineMs: {
						frame: round(stats.FrameTime * 1000),
						heartbeat: round(stats.HeartbeatTime * 1000),
						physicsStep: round(stats.PhysicsStepTime * 1000),
					},
					physicsFps: round(world.workspace.GetRealPhysicsFPS(), 10),
					memoryMb: {
						total: round(stats.GetTotalMemoryUsageMb(), 10),
						luaHeap: round(stats.GetMemoryUsageMbForTag(Enum.DeveloperMemoryTag.LuaHeap), 10),
					},
					instances: stats.InstanceCount,
					workspaceDescendants: world.workspace.GetDescendants().size(),
					parts,
				};
				return success(jsonText(data), data);
			},
		}),
		tool<{ root?: string; limit?: number }>({
			name: "class_counts",
			risk: "read",
			description:
				"Count instances by class under the game (or a path), commonest first; useful for finding what a place has too much of.",
			parameters: {
				type: "object",
				properties: {
					root: { type: "string" },
					limit: {
						type: "integer",
						minimum: 1,
						maximum: CLASS_LIMIT,
						description: "classes to list (default 20)",
					},
				},
			},
			limits: `scans at most ${CLASS_SCAN} descendants; lists at most ${CLASS_LIMIT} classes`,
			run: (args, call: CallContext) => {
				let root: Instance = world.game;
				if (args.root !== undefined) {
					const [found, problem] = target(ctx, args.root);
					if (found === undefined) return failure(problem);
					root = found;
				}
				const counts = new Map<string, number>();
				const [visited, cut] = scan(root, CLASS_SCAN, call.aborted, (instance) => {
					counts.set(instance.ClassName, (counts.get(instance.ClassName) ?? 0) + 1);
				});
				const rows = new Array<{ className: string; count: number }>();
				counts.forEach((count, className) => rows.push({ className, count }));
				rows.sort((a, b) => (a.count === b.count ? a.className < b.className : a.count > b.count));
				const limit = args.limit ?? 20;
				const data = { scanned: visited, truncated: cut, classes: rows.filter((_, i) => i < limit) };
				return success(jsonText(data), data);
			},
		}),
	];
}

export function metaTools(ctx: WorldContext): Array<ToolSpec<never>> {
	const world = ctx.world;
	return [
		tool<Record<string, never>>({
			name: "game_info",
			risk: "read",
			description:
				"This game and server: place and universe ids, place version, creator, job id, player count, your name, server time, gravity and streaming.",
			parameters: { type: "object", properties: {} },
			run: () => {
				const place = world.game;
				const me = world.players.LocalPlayer;
				const data = {
					name: place.Name,
					placeId: place.PlaceId,
					gameId: place.GameId,
					placeVersion: place.PlaceVersion,
					creatorId: place.CreatorId,
					creatorType: place.CreatorType.Name,
					jobId: place.JobId,
					players: world.players.GetPlayers().size(),
					maxPlayers: world.players.MaxPlayers,
					you:
						me !== undefined
							? { name: me.Name, displayName: me.DisplayName, userId: me.UserId }
							: undefined,
					serverTime: round(world.workspace.GetServerTimeNow()),
					gravity: round(world.workspace.Gravity),
					streaming: world.workspace.StreamingEnabled,
				};
				return success(jsonText(data), data);
			},
		}),
	];
}
