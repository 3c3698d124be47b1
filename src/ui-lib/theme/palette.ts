// The two palettes (identical token names), the derived tokens and the custom-accent rule.
// Every coloured property of the library is bound to one of these tokens (theme/painter.ts).

export type ThemeName = "Dark" | "Light";
export const THEME_NAMES: readonly ThemeName[] = ["Dark", "Light"];

export type Token =
	| "Canvas"
	| "Sidebar"
	| "Chrome"
	| "Surface"
	| "Raised"
	| "Input"
	| "Hover"
	| "Pressed"
	| "Track"
	| "Border"
	| "Subtle"
	| "Edge"
	| "Text"
	| "Secondary"
	| "Muted"
	| "Disabled"
	| "Accent"
	| "OnAccent"
	| "Primary"
	| "OnPrimary"
	| "Success"
	| "Warning"
	| "Danger"
	| "Scrim"
	| "Selected"
	| "AccentSoft";

export type Palette = { readonly [K in Token]: Color3 } & { readonly Name: ThemeName; readonly CustomAccent: boolean };

type Base = Record<Exclude<Token, "Selected" | "AccentSoft">, [number, number, number]>;

const DARK: Base = {
	Canvas: [23, 25, 29],
	Sidebar: [17, 19, 22],
	Chrome: [20, 22, 26],
	Surface: [30, 33, 38],
	Raised: [39, 43, 49],
	Input: [22, 25, 29],
	Hover: [48, 52, 59],
	Pressed: [59, 64, 72],
	Track: [47, 52, 61],
	Border: [79, 85, 95],
	Subtle: [46, 51, 59],
	Edge: [61, 67, 77],
	Text: [242, 243, 245],
	Secondary: [193, 198, 207],
	Muted: [153, 161, 174],
	Disabled: [106, 113, 124],
	Accent: [235, 148, 117],
	OnAccent: [22, 24, 28],
	Primary: [244, 240, 232],
	OnPrimary: [22, 24, 28],
	Success: [125, 211, 167],
	Warning: [237, 193, 119],
	Danger: [247, 145, 151],
	Scrim: [7, 9, 12],
};

const LIGHT: Base = {
	Canvas: [246, 247, 249],
	Sidebar: [236, 238, 242],
	Chrome: [241, 243, 246],
	Surface: [255, 255, 255],
	Raised: [233, 236, 241],
	Input: [246, 247, 249],
	Hover: [226, 230, 237],
	Pressed: [212, 218, 228],
	Track: [221, 226, 234],
	Border: [157, 166, 181],
	Subtle: [221, 226, 234],
	Edge: [203, 210, 221],
	Text: [28, 33, 42],
	Secondary: [65, 75, 91],
	Muted: [98, 108, 125],
	Disabled: [139, 148, 163],
	Accent: [167, 69, 44],
	OnAccent: [255, 255, 255],
	Primary: [31, 37, 47],
	OnPrimary: [255, 255, 255],
	Success: [26, 117, 76],
	Warning: [136, 87, 21],
	Danger: [179, 49, 65],
	Scrim: [7, 9, 12],
};

/** `a` moved `amount` (0..1) of the way toward `b`. */
export function blend(a: Color3, b: Color3, amount: number): Color3 {
	return a.Lerp(b, amount);
}

function channel(value: number): number {
	return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance (linear sRGB). */
export function luminance(color: Color3): number {
	return 0.2126 * channel(color.R) + 0.7152 * channel(color.G) + 0.0722 * channel(color.B);
}

/** WCAG contrast ratio between two colours (1..21). */
export function contrast(a: Color3, b: Color3): number {
	const la = luminance(a);
	const lb = luminance(b);
	return (math.max(la, lb) + 0.05) / (math.min(la, lb) + 0.05);
}

/** Black or white, whichever reads better on `background`. */
export function onColor(background: Color3): Color3 {
	const l = luminance(background);
	return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? new Color3(0, 0, 0) : new Color3(1, 1, 1);
}

/** True for a Color3 whose components are all within 0..1 (and not NaN). */
export function isValidColor(value: unknown): value is Color3 {
	if (!typeIs(value, "Color3")) return false;
	for (const c of [value.R, value.G, value.B]) {
		if (c !== c || c < 0 || c > 1) return false;
	}
	return true;
}

/** The palette of `name`, with `accent` replacing the mode's accent when given. */
export function buildPalette(name: ThemeName, accent?: Color3): Palette {
	const base = name === "Light" ? LIGHT : DARK;
	const colors = new Map<string, Color3>();
	for (const [token, [r, g, b]] of pairs(base)) colors.set(token, Color3.fromRGB(r, g, b));
	if (accent !== undefined) {
		colors.set("Accent", accent);
		colors.set("OnAccent", onColor(accent));
	}
	const tokenColor = (token: Token) => colors.get(token)!;
	colors.set("Selected", blend(tokenColor("Raised"), tokenColor("Accent"), 0.16));
	colors.set("AccentSoft", blend(tokenColor("Surface"), tokenColor("Accent"), 0.12));
	const palette = { Name: name, CustomAccent: accent !== undefined } as Record<string, unknown>;
	for (const [token, color] of colors) palette[token] = color;
	return palette as unknown as Palette;
}
