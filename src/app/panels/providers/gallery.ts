// The preset gallery: presets grouped into free, paid and local tiers, each described before a key
// exists (tier is access, not capability), from `uai.providers.presets()`. Choosing one starts a
// new draft in the editor.
import type { Handle, PresetDescription, ProviderRecord, Section } from "../../../api";
import { CONTROL_UNITS, Pause } from "../../slices";
import type { ProviderEditor } from "./editor";

const TIERS: ReadonlyArray<[string, string]> = [
	["free", "Free"],
	["paid", "Paid"],
	["local", "Local"],
];

function describe(preset: PresetDescription): string {
	const lines = [preset.description, `Base URL: ${preset.baseUrl === "" ? "you enter it" : preset.baseUrl}`];
	if (preset.requirements !== undefined) lines.push(preset.requirements);
	if (preset.setup !== undefined) lines.push(`Setup: ${preset.setup}`);
	return lines.join("\n");
}

export function buildGallery(uai: Handle, section: Section, editor: ProviderEditor, pause: Pause) {
	const presets = uai.providers.presets();
	const ofTier = (tier: string) => presets.filter((preset) => preset.tier === tier);
	const optionsOf = (tier: string) =>
		ofTier(tier).map((preset) => ({
			Label: preset.badge !== undefined ? `${preset.label} · ${preset.badge}` : preset.label,
			Value: preset.id,
		}));
	const first = ofTier("free")[0];
	const tier = section.Segmented({
		Id: "gallery-tier",
		Text: "Access",
		Options: TIERS.map(([value, text]) => ({ Label: text, Value: value })),
		Default: "free",
		Persist: false,
	});
	pause(CONTROL_UNITS);
	const preset = section.Dropdown({
		Id: "gallery-preset",
		Text: "Preset",
		Options: optionsOf("free"),
		Default: first.id,
		Persist: false,
	});
	pause(CONTROL_UNITS);
	const about = section.Paragraph({ Id: "gallery-about", Text: first.label, Content: describe(first) });
	pause(CONTROL_UNITS);
	const showPreset = (id: unknown) => {
		const chosen = presets.find((preset) => preset.id === id);
		about.SetVisible(chosen !== undefined);
		if (chosen === undefined) return;
		about.SetText(chosen.label);
		about.SetDescription(describe(chosen));
	};
	tier.OnChanged((value: unknown) => {
		const options = optionsOf(tostring(value));
		preset.SetOptions(options, true);
		preset.Set(options[0]?.Value, true);
		showPreset(options[0]?.Value);
	});
	preset.OnChanged(showPreset);
	section.Button({
		Id: "gallery-use",
		Text: "Start a provider from this preset",
		ActionText: "Use preset",
		Callback: () => {
			const [record] = uai.providers.blank(preset.Get());
			if (record !== undefined) editor.load(record as ProviderRecord);
		},
	});
	pause(CONTROL_UNITS);
	section.Button({
		Id: "gallery-custom",
		Text: "Any other OpenAI-compatible, Messages or Gemini endpoint",
		ActionText: "Custom",
		Callback: () => editor.load(uai.providers.blank("custom")[0] as ProviderRecord),
	});
}
