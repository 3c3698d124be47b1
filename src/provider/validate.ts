// Record validation: every problem that would stop a request, in words a user can act on. A
// valid record does not prove reachability, tool support or vision; problems never quote the key.
import { isLocalHost, parseBase } from "../net/url";
import { getPreset } from "./catalog";
import { splitKeys } from "./key_pool";
import { AUTH_STYLES, MAX_MODEL_ID_LENGTH, MAX_MODELS, PROTOCOLS, ProviderRecord } from "./record";

export interface ValidationEnv {
	/** An executor HTTP function exists: local and private addresses are reachable. */
	readonly canReachLocal: boolean;
}

const MAX_LABEL = 80;
const MAX_KEY_LENGTH = 4096;
const MAX_MAP_ENTRIES = 64;

/**
 * Native routes of other APIs that this client does not speak, recognised by the path end so
 * the user learns what to enter instead: an actionable diagnostic rather than a failed request
 * (docs/PROVIDER_COMPATIBILITY.md, "Connection rules").
 */
export function nativeRouteProblem(path: string, api: string): string | undefined {
	const ends = (suffix: string) => path.size() >= suffix.size() && path.sub(-suffix.size()).lower() === suffix;
	if (ends("/api/chat") || ends("/api/generate")) {
		return "This is Ollama's native API; use its OpenAI-compatible base URL ending in /v1 instead.";
	}
	if (ends("/responses")) {
		return "Responses endpoints are not supported; use the provider's Chat Completions base URL.";
	}
	if (ends("/completions") && !ends("/chat/completions")) {
		return "Legacy Completions endpoints are not supported; use the Chat Completions base URL.";
	}
	if (api !== "gemini" && (path.find(":generateContent", 1, true)[0] !== undefined || ends("/generatecontent"))) {
		return "This is Google's native route: choose the Google Gemini protocol with the /v1beta base URL.";
	}
	return undefined;
}

function isStringMap(value: unknown): boolean {
	if (!typeIs(value, "table")) return false;
	let count = 0;
	for (const [key, entry] of pairs(value)) {
		count += 1;
		if (!typeIs(key, "string") || !typeIs(entry, "string") || count > MAX_MAP_ENTRIES) return false;
	}
	return true;
}

/** What would stop any request of this record: base URL, native routes, reachability, key. */
export function connectionProblems(record: ProviderRecord, env: ValidationEnv): Array<string> {
	const problems = new Array<string>();
	if (!typeIs(record.apiKey, "string")) problems.push("The API key must be text.");
	else if (record.apiKey.size() > MAX_KEY_LENGTH) problems.push("The API key field is too long.");
	else if (record.authStyle !== "none" && splitKeys(record.apiKey).size() === 0) {
		problems.push("An API key is needed (or choose auth style none for a server without auth).");
	}
	if (!typeIs(record.baseUrl, "string") || record.baseUrl.match("^%s*$")[0] !== undefined) {
		problems.push("A base URL is needed.");
		return problems;
	}
	const [placeholder] = record.baseUrl.match("YOUR%-[%u%-]+");
	if (placeholder !== undefined) {
		problems.push(`Replace ${placeholder} in the base URL with your own value.`);
		return problems;
	}
	const parsed = parseBase(record.baseUrl);
	if (!parsed.ok) {
		problems.push(`The base URL is not valid: ${parsed.reason}.`);
		return problems;
	}
	const native = nativeRouteProblem(parsed.url.path, record.api);
	if (native !== undefined) problems.push(native);
	if (isLocalHost(parsed.url.host) && !env.canReachLocal) {
		problems.push(
			`${parsed.url.host} is a local or private address; reaching it needs an executor HTTP function, which this environment does not have.`,
		);
	}
	return problems;
}

/** Returns the problems of a record; an empty list means it can be saved. */
export function validateRecord(record: ProviderRecord, env: ValidationEnv): Array<string> {
	const problems = new Array<string>();
	if (!typeIs(record, "table")) return ["A provider record must be a table."];
	if (!typeIs(record.label, "string") || record.label.match("^%s*$")[0] !== undefined)
		problems.push("A name is needed.");
	else if (record.label.size() > MAX_LABEL) problems.push(`The name is longer than ${MAX_LABEL} characters.`);
	if (!PROTOCOLS.includes(record.api)) {
		problems.push(`Protocol "${tostring(record.api)}" is not implemented; choose openai, anthropic or gemini.`);
	}
	if (!AUTH_STYLES.includes(record.authStyle)) {
		problems.push(
			`Auth style "${tostring(record.authStyle)}" is unknown; choose one of ${AUTH_STYLES.join(", ")}.`,
		);
	}
	for (const problem of connectionProblems(record, env)) problems.push(problem);
	if (
		!typeIs(record.wsUrl, "string") ||
		(record.wsUrl !== "" && record.wsUrl.match("^[wW][sS][sS]?://")[0] === undefined)
	) {
		problems.push("The socket gateway URL must start with ws:// or wss:// (or be empty for ordinary HTTP).");
	}
	const models = typeIs(record.models, "table") ? record.models : undefined;
	if (models === undefined || models.size() > MAX_MODELS)
		problems.push(`Models must be a list of at most ${MAX_MODELS} ids.`);
	else if (models.some((id) => !typeIs(id, "string") || id === "" || id.size() > MAX_MODEL_ID_LENGTH)) {
		problems.push(`Each model id must be text of 1-${MAX_MODEL_ID_LENGTH} characters.`);
	}
	const needsModel = getPreset(record.preset)?.modelInUrl !== true;
	if (!typeIs(record.model, "string") || record.model.size() > MAX_MODEL_ID_LENGTH)
		problems.push("The model id is not valid.");
	else if (needsModel && record.model === "") problems.push("Choose a model: fetch the list or enter its exact id.");
	for (const [name, value] of [
		["Headers", record.headers],
		["Query fields", record.query],
	] as const) {
		if (!isStringMap(value)) problems.push(`${name} must be a table of text values (at most ${MAX_MAP_ENTRIES}).`);
	}
	if (!typeIs(record.params, "table")) problems.push("Extra body fields must be a table.");
	return problems;
}
