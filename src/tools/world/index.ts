// The world tool families (docs/TOOLS.md): `instance` (the instance tree, writes with a change
// record and undo), `world` (camera, lighting, spatial queries), `players`, `perf` and `meta`.
// All of them reach the game through the host's world (src/host/world) and share one change log.
import { ToolDeps, resultBudget } from "../deps";
import { family, ToolFamily } from "../kit";
import { createChangeLog } from "./changes";
import { instanceReadTools } from "./instance_read";
import { instanceWriteTools } from "./instance_write";
import { perfTools, metaTools } from "./diagnostics";
import { peopleTools } from "./people";
import { sceneTools } from "./scene";
import { WorldContext } from "./shared";

export function worldFamilies(deps: ToolDeps): ReadonlyArray<ToolFamily> {
	const world = deps.host.world;
	const ctx: WorldContext = {
		world,
		changes: createChangeLog(world, () => os.time()),
		budget: () => resultBudget(deps.config),
	};
	return [
		family(
			"instance",
			"Instances",
			"read the game's instance tree and change properties and attributes, with a record you can undo",
			[...instanceReadTools(ctx), ...instanceWriteTools(ctx)],
		),
		family(
			"world",
			"World",
			"look at the camera, lighting and the parts around you, and cast rays",
			sceneTools(ctx),
		),
		family("players", "Players", "list the players in the server and read a character's state", peopleTools(ctx)),
		family("perf", "Diagnostics", "measure frame rate, memory and what the place is made of", perfTools(ctx)),
		family("meta", "Game", "read this game's and server's identity", metaTools(ctx)),
	];
}
