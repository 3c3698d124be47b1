// The `players` family (reads only): players_list (nearest first), player_info and
// character_state. Nothing here acts on another player (docs/TOOLS.md, "Not built on purpose").
import { failure, success, tool, ToolSpec } from "../kit";
import { formatPath } from "./path";
import { characterRoot } from "./scene";
import { jsonText, WorldContext } from "./shared";

export const PLAYERS_LIMIT = 100;

function round(n: number): number {
	return math.round(n * 100) / 100;
}

function humanoidOf(player: Player): Humanoid | undefined {
	return player.Character?.FindFirstChildOfClass("Humanoid");
}

export function peopleTools(ctx: WorldContext): Array<ToolSpec<never>> {
	const world = ctx.world;
	const pathOf = (instance: Instance) => formatPath(world, instance) ?? instance.Name;

	const find = (who: string | number | undefined): Player | undefined => {
		if (who === undefined) return world.players.LocalPlayer;
		for (const player of world.players.GetPlayers()) {
			if (player.UserId === tonumber(who) || player.Name.lower() === tostring(who).lower()) return player;
		}
		for (const player of world.players.GetPlayers()) {
			if (player.DisplayName.lower() === tostring(who).lower()) return player;
		}
		return undefined;
	};

	const summary = (player: Player, from: Vector3 | undefined) => {
		const root = characterRoot(ctx, player);
		const humanoid = humanoidOf(player);
		return {
			name: player.Name,
			displayName: player.DisplayName,
			userId: player.UserId,
			you: player === world.players.LocalPlayer ? true : undefined,
			team: player.Team?.Name,
			distance: from !== undefined && root !== undefined ? round(root.Position.sub(from).Magnitude) : undefined,
			health: humanoid !== undefined ? round(humanoid.Health) : undefined,
			hasCharacter: player.Character !== undefined,
		};
	};

	return [
		tool<{ limit?: number }>({
			name: "players_list",
			risk: "read",
			description:
				"The players in this server, nearest to your character first: name, display name, user id, team, distance, health.",
			parameters: {
				type: "object",
				properties: {
					limit: { type: "integer", minimum: 1, maximum: PLAYERS_LIMIT, description: "default 40" },
				},
			},
			limits: `at most ${PLAYERS_LIMIT} players`,
			run: (args) => {
				const from = characterRoot(ctx)?.Position;
				const rows = world.players.GetPlayers().map((player) => summary(player, from));
				rows.sort((a, b) => {
					if (a.you !== b.you) return a.you === true;
					if (a.distance === undefined) return false;
					if (b.distance === undefined) return true;
					return a.distance < b.distance;
				});
				const limit = args.limit ?? 40;
				const players = rows.filter((_, index) => index < limit);
				const data = { total: rows.size(), players };
				return success(jsonText(data), data);
			},
		}),
		tool<{ player?: string }>({
			name: "player_info",
			risk: "read",
			description:
				"One player (name, display name or user id; default you): account age, membership, team, character path and position, health.",
			parameters: { type: "object", properties: { player: { type: "string" } } },
			run: (args) => {
				const player = find(args.player);
				if (player === undefined) return failure(`no player named ${args.player} is in this server`);
				const root = characterRoot(ctx, player);
				const from = characterRoot(ctx)?.Position;
				const data = {
					...summary(player, from),
					accountAge: player.AccountAge,
					membership: player.MembershipType.Name,
					character: player.Character !== undefined ? pathOf(player.Character) : undefined,
					position:
						root !== undefined
							? [round(root.Position.X), round(root.Position.Y), round(root.Position.Z)]
							: undefined,
				};
				return success(jsonText(data), data);
			},
		}),
		tool<{ player?: string }>({
			name: "character_state",
			risk: "read",
			description:
				"A character's state (default yours): health, walk speed, jump power, humanoid state, floor material, sitting, position, velocity and the tools it holds.",
			parameters: { type: "object", properties: { player: { type: "string" } } },
			run: (args) => {
				const player = find(args.player);
				if (player === undefined) return failure(`no player named ${args.player} is in this server`);
				const character = player.Character;
				if (character === undefined) return failure(`${player.Name} has no character right now`);
				const humanoid = humanoidOf(player);
				const root = characterRoot(ctx, player);
				const vec = (v: Vector3) => [round(v.X), round(v.Y), round(v.Z)];
				const data = {
					player: player.Name,
					character: pathOf(character),
					humanoid:
						humanoid === undefined
							? undefined
							: {
									health: round(humanoid.Health),
									maxHealth: round(humanoid.MaxHealth),
									walkSpeed: round(humanoid.WalkSpeed),
									jumpPower: round(humanoid.JumpPower),
									jumpHeight: round(humanoid.JumpHeight),
									hipHeight: round(humanoid.HipHeight),
									state: humanoid.GetState().Name,
									floorMaterial: humanoid.FloorMaterial.Name,
									sitting: humanoid.Sit,
									moveDirection: vec(humanoid.MoveDirection),
									rigType: humanoid.RigType.Name,
								},
					position: root !== undefined ? vec(root.Position) : undefined,
					velocity: root !== undefined ? vec(root.AssemblyLinearVelocity) : undefined,
					tools: character
						.GetChildren()
						.filter((child) => child.IsA("Tool"))
						.map((child) => child.Name),
				};
				return success(jsonText(data), data);
			},
		}),
	];
}
