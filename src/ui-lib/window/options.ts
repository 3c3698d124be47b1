// CreateWindow options: every one is validated before an existing window with the same Id is
// replaced, so an invalid call leaves the live window alone.
import { fail } from "../core/errors";
import {
	booleanOption,
	clampedOption,
	choiceOption,
	optionalBooleanOption,
	readOptions,
	textOption,
} from "../core/options";
import { isKeyCode } from "../controls/keys";
import { isResource, type Resource } from "../core/scope";
import { SIZE } from "../layout/geometry";
import { isValidColor, THEME_NAMES, type ThemeName } from "../theme/palette";

export interface WindowOptions {
	id: string;
	title: string;
	subtitle: string;
	width: number;
	height: number;
	heightGiven: boolean;
	search: boolean;
	theme: ThemeName;
	accent?: Color3;
	themeToggle: boolean;
	textScale: number;
	toggleKey: Enum.KeyCode | false;
	displayOrder: number;
	parent?: Instance;
	onDestroy?: Resource;
	gameName?: string;
	reducedMotion?: boolean;
	/** Called between the parts CreateWindow draws: a caller building in slices waits there. */
	pause?: () => void;
}

export function clampTextScale(value: unknown): number {
	return typeIs(value, "number") && value === value && math.abs(value) !== math.huge
		? math.clamp(value, 0.85, 1.5)
		: 1;
}

export function readWindowOptions(value: unknown): WindowOptions {
	const method = "CreateWindow";
	const options = readOptions(value, method, "Title");
	const title = textOption(options, "Title", "Project UAI");
	const rawId = options.Id;
	if (rawId !== undefined && !typeIs(rawId, "string")) fail(`${method}: Id must be a string`);
	const id = rawId ?? (options.Title !== undefined ? title : "project-uai");
	if (id.size() < 1 || id.size() > 100) fail(`${method}: Id must be 1 to 100 characters`);

	const accent = options.Accent;
	if (accent !== undefined && !isValidColor(accent)) {
		fail(`${method}: Accent must be a Color3 with components between 0 and 1`);
	}
	const toggleKey = options.ToggleKey;
	if (toggleKey !== undefined && toggleKey !== false && !isKeyCode(toggleKey)) {
		fail(`${method}: ToggleKey must be an Enum.KeyCode or false`);
	}
	const parent = options.Parent;
	if (parent !== undefined && !typeIs(parent, "Instance")) fail(`${method}: Parent must be an Instance`);
	const onDestroy = options.OnDestroy;
	if (onDestroy !== undefined && !isResource(onDestroy)) {
		fail(`${method}: OnDestroy must be a function, connection, Instance, thread or object with Destroy/Disconnect`);
	}
	const gameName = options.GameName;
	if (gameName !== undefined && !typeIs(gameName, "string")) fail(`${method}: GameName must be a string`);
	const pause = options.Pause;
	if (pause !== undefined && !typeIs(pause, "function")) fail(`${method}: Pause must be a function`);

	return {
		id,
		title,
		subtitle: textOption(options, "Subtitle", ""),
		width: clampedOption(options, "Width", SIZE.MinWidth, 1600, SIZE.Width),
		height: clampedOption(options, "Height", SIZE.MinHeight, 1200, SIZE.Height),
		heightGiven: typeIs(options.Height, "number") && options.Height === options.Height,
		search: booleanOption(options, "Search", true, method),
		theme: choiceOption(options, "Theme", THEME_NAMES, "Dark", method),
		accent: accent as Color3 | undefined,
		themeToggle: booleanOption(options, "ThemeToggle", true, method),
		textScale: clampTextScale(options.TextScale),
		toggleKey: toggleKey === undefined ? Enum.KeyCode.RightShift : (toggleKey as Enum.KeyCode | false),
		displayOrder: clampedOption(options, "DisplayOrder", 0, 10000, 80),
		parent: parent as Instance | undefined,
		onDestroy: onDestroy as Resource | undefined,
		gameName: gameName as string | undefined,
		reducedMotion: optionalBooleanOption(options, "ReducedMotion", method),
		pause: pause as (() => void) | undefined,
	};
}
