// Lookups over the preset catalog, and a fresh record made from a preset.
import { CUSTOM_PRESET, Preset, PRESETS, Tier } from "./presets";
import { ProviderRecord } from "./record";

const BY_ID = new Map<string, Preset>();
for (const preset of PRESETS) BY_ID.set(preset.id, preset);
BY_ID.set(CUSTOM_PRESET.id, CUSTOM_PRESET);

/** The preset with this id (including "custom"), or undefined. */
export function getPreset(id: string): Preset | undefined {
	return BY_ID.get(id);
}

/** Every preset id in gallery order, "custom" last. */
export function presetIds(): Array<string> {
	const ids = PRESETS.map((preset) => preset.id);
	ids.push(CUSTOM_PRESET.id);
	return ids;
}

/** The gallery's presets of one tier, in gallery order. */
export function presetsOfTier(tier: Tier): Array<Preset> {
	return PRESETS.filter((preset) => preset.tier === tier);
}

function copy(map: Record<string, string> | undefined): Record<string, string> {
	const out: Record<string, string> = {};
	if (map !== undefined) for (const [key, value] of pairs(map)) out[key] = value;
	return out;
}

/** A new, unsaved record with the preset's connection defaults and no key or model. */
export function recordFromPreset(preset: Preset): ProviderRecord {
	return {
		id: "",
		preset: preset.id,
		label: preset.id === CUSTOM_PRESET.id ? "" : preset.label,
		baseUrl: preset.baseUrl,
		apiKey: "",
		authStyle: preset.authStyle,
		api: preset.api,
		models: [],
		model: "",
		headers: copy(preset.headers),
		params: {},
		query: copy(preset.query),
		stream: true,
		enabled: true,
		order: 0,
		wsUrl: "",
		note: "",
	};
}
