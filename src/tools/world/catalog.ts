// Which properties a read shows for an instance. Luau has no reflection at run time, so the tools
// carry the commonly useful properties of each class (names as in Roblox's API); a call can name
// any other property, which is read as asked.
const BY_CLASS: ReadonlyArray<[string, ReadonlyArray<string>]> = [
	["Instance", ["Name", "ClassName", "Parent", "Archivable"]],
	[
		"BasePart",
		[
			"Position",
			"Orientation",
			"Size",
			"Color",
			"BrickColor",
			"Material",
			"Transparency",
			"Reflectance",
			"Anchored",
			"CanCollide",
			"CanQuery",
			"CanTouch",
			"Locked",
			"CastShadow",
		],
	],
	["Part", ["Shape"]],
	["SpawnLocation", ["Enabled", "Neutral", "TeamColor", "Duration"]],
	["MeshPart", ["MeshId", "TextureID"]],
	["Model", ["PrimaryPart", "WorldPivot"]],
	[
		"Humanoid",
		[
			"Health",
			"MaxHealth",
			"WalkSpeed",
			"JumpPower",
			"JumpHeight",
			"UseJumpPower",
			"HipHeight",
			"Sit",
			"PlatformStand",
			"RigType",
			"DisplayName",
		],
	],
	["Player", ["UserId", "DisplayName", "Character", "Team", "AccountAge", "MembershipType"]],
	["Camera", ["CFrame", "Focus", "FieldOfView", "CameraType", "CameraSubject", "ViewportSize"]],
	[
		"Lighting",
		[
			"ClockTime",
			"TimeOfDay",
			"Brightness",
			"Ambient",
			"OutdoorAmbient",
			"FogColor",
			"FogStart",
			"FogEnd",
			"GlobalShadows",
			"ExposureCompensation",
			"GeographicLatitude",
		],
	],
	["Attachment", ["Position", "Orientation", "WorldPosition", "Visible"]],
	["Decal", ["Texture", "Color3", "Transparency", "Face"]],
	["Sound", ["SoundId", "Volume", "Looped", "Playing", "PlaybackSpeed", "TimePosition", "TimeLength"]],
	["Light", ["Enabled", "Brightness", "Color", "Shadows"]],
	["PointLight", ["Range"]],
	["SpotLight", ["Range", "Angle", "Face"]],
	["SurfaceLight", ["Range", "Angle", "Face"]],
	["BaseScript", ["Enabled", "RunContext"]],
	["ValueBase", ["Value"]],
	[
		"GuiObject",
		[
			"Visible",
			"Position",
			"Size",
			"AnchorPoint",
			"BackgroundColor3",
			"BackgroundTransparency",
			"ZIndex",
			"LayoutOrder",
		],
	],
	["TextLabel", ["Text", "TextColor3", "TextSize", "Font"]],
	["TextButton", ["Text", "TextColor3", "TextSize", "Font"]],
	["TextBox", ["Text", "PlaceholderText", "TextColor3", "TextSize", "Font"]],
	["ImageLabel", ["Image", "ImageColor3", "ImageTransparency"]],
	["ImageButton", ["Image", "ImageColor3", "ImageTransparency"]],
	["LayerCollector", ["Enabled"]],
	["ScreenGui", ["DisplayOrder", "IgnoreGuiInset", "ResetOnSpawn"]],
];

/** The catalogued properties of an instance, in catalogue order. */
export function catalogProperties(instance: Instance): Array<string> {
	const out = new Array<string>();
	const seen = new Set<string>();
	for (const [className, names] of BY_CLASS) {
		if (instance.IsA(className as keyof Instances)) {
			for (const name of names) {
				if (!seen.has(name)) {
					seen.add(name);
					out.push(name);
				}
			}
		}
	}
	return out;
}
