// The sidebar profile (desktop layouts only): the local player's avatar (an initial until the
// rbxthumb headshot loads), display name, @username, and the game name on its own line (the
// GameName option, else the place's product name looked up once per library load and shared by
// windows, else "Current experience"). A lookup that ends after its window is gone is ignored.
import { placeId, services } from "../adapter/services";
import { corner, create, frame, label, place } from "../core/create";
import { truncateBytes, firstCharacter } from "../core/utf8-text";
import { SIZE } from "../layout/geometry";
import type { WindowCore } from "../context/window-core";

const GAME_NAME_BYTES = 160;
const FALLBACK_GAME = "Current experience";

/** The place's name, shared by every window of this library copy once a lookup succeeded. */
let cachedGameName: string | undefined;

export class Profile {
	readonly frame: Frame;
	private readonly gameLabel: TextLabel;
	private readonly nameLabel: TextLabel;
	private readonly userLabel: TextLabel;
	private readonly avatar: Frame;

	constructor(
		private readonly core: WindowCore,
		parent: Instance,
		gameName: string | undefined,
	) {
		const scope = core.scope;
		const painter = core.painter;
		const player = services.Players.LocalPlayer;
		const displayName = player !== undefined ? player.DisplayName : "Local player";
		this.frame = frame("Profile", parent);
		const card = frame("ProfileCard", this.frame, { Size: UDim2.fromScale(1, 1), BackgroundTransparency: 0 });
		corner(card, 12);
		painter.bind(scope, card, "BackgroundColor3", "Surface");
		this.avatar = frame("Avatar", card, {
			Size: UDim2.fromOffset(SIZE.Avatar, SIZE.Avatar),
			BackgroundTransparency: 0,
		});
		create("UICorner", { CornerRadius: new UDim(1, 0) }, this.avatar);
		painter.bind(scope, this.avatar, "BackgroundColor3", "AccentSoft");
		const initial = label("Initial", this.avatar, {
			Size: UDim2.fromScale(1, 1),
			Text: firstCharacter(displayName).upper(),
			TextXAlignment: Enum.TextXAlignment.Center,
			TextYAlignment: Enum.TextYAlignment.Center,
		});
		core.text(scope, initial, "Heading", "Accent");
		if (player !== undefined) {
			const headshot = create(
				"ImageLabel",
				{
					Name: "Headshot",
					Size: UDim2.fromScale(1, 1),
					BackgroundTransparency: 1,
					BorderSizePixel: 0,
					Image: `rbxthumb://type=AvatarHeadShot&id=${player.UserId}&w=150&h=150`,
				},
				this.avatar,
			);
			create("UICorner", { CornerRadius: new UDim(1, 0) }, headshot);
		}
		this.nameLabel = label("DisplayName", card, {
			Text: displayName,
			TextWrapped: false,
			TextTruncate: Enum.TextTruncate.AtEnd,
		});
		core.text(scope, this.nameLabel, "Heading", "Text");
		this.userLabel = label("Username", card, {
			Text: player !== undefined ? `@${player.Name}` : "",
			TextWrapped: false,
			TextTruncate: Enum.TextTruncate.AtEnd,
		});
		core.text(scope, this.userLabel, "Caption", "Muted");
		this.gameLabel = label("GameName", card, {
			Text: truncateBytes(
				gameName !== undefined ? gameName : cachedGameName !== undefined ? cachedGameName : FALLBACK_GAME,
				GAME_NAME_BYTES,
			),
			TextWrapped: false,
			TextTruncate: Enum.TextTruncate.AtEnd,
		});
		core.text(scope, this.gameLabel, "Caption", "Secondary");
		if (gameName === undefined && cachedGameName === undefined && placeId() !== 0) this.lookupGameName();
	}

	private lookupGameName() {
		const core = this.core;
		core.spawn(() => {
			const [ok, info] = pcall(() => services.MarketplaceService.GetProductInfo(placeId()));
			if (!ok || !typeIs(info, "table")) return;
			const name = (info as { Name?: unknown }).Name;
			if (!typeIs(name, "string") || name === "") return;
			cachedGameName = truncateBytes(name, GAME_NAME_BYTES);
			if (core.alive) this.gameLabel.Text = cachedGameName;
		});
	}

	/** Lays out the card for `width` and returns its height. */
	layout(width: number): number {
		const typeset = this.core.type;
		const heading = typeset.size("Heading") + 4;
		const caption = typeset.size("Caption") + 4;
		const top = 12 + math.max(SIZE.Avatar, heading + 2 + caption) + 6;
		const height = top + caption + 10;
		this.frame.Size = UDim2.fromOffset(width, height);
		this.avatar.Position = UDim2.fromOffset(12, 12);
		const textLeft = 12 + SIZE.Avatar + 10;
		place(this.nameLabel, textLeft, 12, width - textLeft - 10, heading);
		place(this.userLabel, textLeft, 12 + heading + 2, width - textLeft - 10, caption);
		place(this.gameLabel, 12, top, width - 24, caption);
		return height;
	}
}
