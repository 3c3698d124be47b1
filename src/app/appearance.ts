// The application's appearance settings (`ui.theme`, `ui.fontScale`, `ui.reduceMotion`) as UI LIB
// window options and back; the window follows every change of them (the Settings panel, an import,
// a host's `uai.config.set`).
import type { PublicConfig, Window } from "../api";

export type ThemeName = "Dark" | "Light";
export type MotionSetting = "auto" | "on" | "off";

export function themeName(config: PublicConfig): ThemeName {
	return config.get("ui.theme") === "light" ? "Light" : "Dark";
}

export function textScale(config: PublicConfig): number {
	const value = config.get("ui.fontScale");
	return typeIs(value, "number") ? value : 1;
}

export function motionSetting(config: PublicConfig): MotionSetting {
	const value = config.get("ui.reduceMotion");
	return value === "on" || value === "off" ? value : "auto";
}

/** `ReducedMotion` for UI LIB: absent follows the player's setting. */
export function reducedMotion(setting: MotionSetting): boolean | undefined {
	return setting === "auto" ? undefined : setting === "on";
}

export function windowAppearance(config: PublicConfig) {
	return {
		Theme: themeName(config),
		TextScale: textScale(config),
		ReducedMotion: reducedMotion(motionSetting(config)),
	};
}

/** Applies the appearance settings to `window` whenever they change, for the window's lifetime. */
export function followAppearance(config: PublicConfig, window: Window) {
	window.Give(
		config.changed.connect((path) => {
			if (path !== undefined && path !== "ui" && path.sub(1, 3) !== "ui.") return;
			const look = windowAppearance(config);
			if (window.GetTheme()[0] !== look.Theme) window.SetTheme(look.Theme);
			window.SetTextScale(look.TextScale);
			if (look.ReducedMotion !== undefined) window.SetReducedMotion(look.ReducedMotion);
		}),
	);
}
