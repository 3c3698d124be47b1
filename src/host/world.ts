// The game world as the tools reach it: the DataModel, its services, instance creation and the
// query datatypes. The one place outside the rest of the host that names Roblox services, so the
// world tools (src/tools/world) stay testable and inside the host door.
import { CollectionService, Lighting, Players, ReplicatedStorage, RunService, Stats, Workspace } from "@rbxts/services";

export interface HostWorld {
	readonly game: DataModel;
	readonly workspace: Workspace;
	readonly players: Players;
	readonly lighting: Lighting;
	readonly stats: Stats;
	readonly collection: CollectionService;
	readonly replicated: ReplicatedStorage;
	readonly run: RunService;
	/** A service that already exists, by class name (FindService: never creates one). */
	readonly findService: (className: string) => Instance | undefined;
	/** Workspace.CurrentCamera. */
	readonly camera: () => Camera | undefined;
	/** Instance.new(className); nil and Roblox's message when the class cannot be created. */
	readonly create: (className: string) => LuaTuple<[Instance, undefined] | [undefined, string]>;
	readonly raycastParams: () => RaycastParams;
	readonly overlapParams: () => OverlapParams;
}

export function createHostWorld(): HostWorld {
	return table.freeze({
		game,
		workspace: Workspace,
		players: Players,
		lighting: Lighting,
		stats: Stats,
		collection: CollectionService,
		replicated: ReplicatedStorage,
		run: RunService,
		findService: (className: string) => {
			const [ok, found] = pcall(() => game.FindService(className as keyof Services));
			return ok ? (found as Instance | undefined) : undefined;
		},
		camera: () => Workspace.CurrentCamera,
		create: (className: string): LuaTuple<[Instance, undefined] | [undefined, string]> => {
			const [ok, made] = pcall(() => new Instance(className as keyof CreatableInstances));
			if (ok) return $tuple(made as Instance, undefined);
			return $tuple(undefined, tostring(made));
		},
		raycastParams: () => new RaycastParams(),
		overlapParams: () => new OverlapParams(),
	});
}
