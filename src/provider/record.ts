// The provider record: what a saved connection is. Its public field names, protocols and auth
// styles are documented in docs/PROVIDER_COMPATIBILITY.md, "Provider records".
import type { RepairLessons } from "./errors/repairs";

/** Wire protocols: Chat Completions, Anthropic Messages, native Google Gemini. */
export type Protocol = "openai" | "anthropic" | "gemini";
export const PROTOCOLS: ReadonlyArray<Protocol> = ["openai", "anthropic", "gemini"];

/**
 * Auth styles are literal header choices: `both` sends Bearer and x-api-key with the same key;
 * `x-goog-api-key` is Google's native header; `none` sends nothing.
 */
export type AuthStyle = "bearer" | "x-api-key" | "api-key" | "both" | "none" | "x-goog-api-key";
export const AUTH_STYLES: ReadonlyArray<AuthStyle> = [
	"bearer",
	"x-api-key",
	"api-key",
	"both",
	"none",
	"x-goog-api-key",
];

export type StringMap = Record<string, string>;

export interface ProviderRecord {
	/** Assigned by save(): derived from the label, unique among saved records. */
	id: string;
	/** Catalog preset the record was made from ("custom" for none). */
	preset: string;
	label: string;
	baseUrl: string;
	/** One key, or several separated by newlines or commas (a key pool). */
	apiKey: string;
	authStyle: AuthStyle;
	api: Protocol;
	/** Model ids the user entered or picked; discovery adds its own after these. */
	models: Array<string>;
	/** The selected model id ("" until one is chosen). */
	model: string;
	/** Extra request headers: explicit overrides of every header the client sets. */
	headers: StringMap;
	/** Extra body fields, applied after the adapter's own (explicit overrides). */
	params: Record<string, unknown>;
	/** Extra query fields for every request of this provider. */
	query: StringMap;
	stream: boolean;
	enabled: boolean;
	/** Position in list(); save() gives a new record the next one. */
	order: number;
	/** Optional UAI WebSocket gateway (ws:// or wss://); "" for ordinary HTTP. */
	wsUrl: string;
	note: string;
	/** Request repairs learned from this provider's parameter refusals (absent until one is). */
	repairs?: RepairLessons;
}

export const MAX_MODEL_ID_LENGTH = 160;
export const MAX_MODELS = 500;
