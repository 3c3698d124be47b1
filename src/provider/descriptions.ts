// What `uai.providers.presets()`, `protocols()` and `authStyles()` hand out: read-only
// descriptions of the preset catalog (gallery order, "custom" not included: `blank()` starts a
// custom endpoint) and the choices of a record's `api` and `authStyle`, with labels for pickers.
import { deepFreeze } from "../runtime/util";
import { PRESETS } from "./presets";
import { AUTH_STYLES, AuthStyle, Protocol, PROTOCOLS } from "./record";

export interface PresetDescription {
	readonly id: string;
	readonly label: string;
	readonly tier: string;
	readonly badge?: string;
	readonly description: string;
	/** "" when the user enters it. */
	readonly baseUrl: string;
	readonly api: Protocol;
	readonly authStyle: AuthStyle;
	readonly requirements?: string;
	readonly setup?: string;
	readonly modelInUrl?: boolean;
	readonly source: string;
}

export interface Choice<T> {
	readonly id: T;
	readonly label: string;
}

const PROTOCOL_LABELS: Record<Protocol, string> = {
	openai: "Chat Completions",
	anthropic: "Messages (Anthropic)",
	gemini: "Google Gemini (native)",
};

const AUTH_LABELS: Record<AuthStyle, string> = {
	bearer: "Authorization: Bearer",
	"x-api-key": "x-api-key header",
	"api-key": "api-key header (Azure)",
	both: "Bearer and x-api-key",
	none: "No key",
	"x-goog-api-key": "x-goog-api-key header (Google)",
};

let presets: ReadonlyArray<PresetDescription> | undefined;

export function presetDescriptions(): ReadonlyArray<PresetDescription> {
	presets ??= deepFreeze(
		PRESETS.map((preset) => ({
			id: preset.id,
			label: preset.label,
			tier: preset.tier,
			badge: preset.badge,
			description: preset.description,
			baseUrl: preset.baseUrl,
			api: preset.api,
			authStyle: preset.authStyle,
			requirements: preset.requirements,
			setup: preset.setup,
			modelInUrl: preset.modelInUrl,
			source: preset.source,
		})),
	);
	return presets;
}

export const PROTOCOL_CHOICES: ReadonlyArray<Choice<Protocol>> = deepFreeze(
	PROTOCOLS.map((id) => ({ id, label: PROTOCOL_LABELS[id] })),
);

export const AUTH_CHOICES: ReadonlyArray<Choice<AuthStyle>> = deepFreeze(
	AUTH_STYLES.map((id) => ({ id, label: AUTH_LABELS[id] })),
);
