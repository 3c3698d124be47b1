// Model ids from a decoded model-list document. Generic lists accept `{data:[...]}`,
// `{models:[...]}` (Ollama, Aion Labs) and a bare array, each entry a string or an object with
// `id`, `name` or `model`; nothing is filtered (embedding ids stay). Google's native list names
// resources "models/<id>" and declares generation methods, so there the prefix is removed and
// entries that cannot generate are dropped.
import { MAX_MODEL_ID_LENGTH, Protocol } from "./record";

export interface ModelPage {
	readonly ids: Array<string>;
	/** Google's nextPageToken, when more pages follow. */
	readonly nextPage?: string;
}

type Table = Record<string, unknown>;

function entriesOf(document: unknown): Array<unknown> | undefined {
	if (!typeIs(document, "table")) return undefined;
	const doc = document as Table;
	for (const key of ["data", "models"]) {
		const list = doc[key];
		if (typeIs(list, "table")) return list as Array<unknown>;
	}
	return (document as Array<unknown>)[0] !== undefined ? (document as Array<unknown>) : undefined;
}

function idOf(entry: unknown): string | undefined {
	if (typeIs(entry, "string")) return entry;
	if (!typeIs(entry, "table")) return undefined;
	const fields = entry as Table;
	for (const key of ["id", "name", "model"]) {
		const value = fields[key];
		if (typeIs(value, "string") && value !== "") return value;
	}
	return undefined;
}

const GENERATION_METHODS = ["generateContent", "streamGenerateContent"];

function canGenerate(entry: unknown): boolean {
	const methods = typeIs(entry, "table") ? (entry as Table).supportedGenerationMethods : undefined;
	if (!typeIs(methods, "table")) return false;
	return (methods as Array<defined>).some((method) => GENERATION_METHODS.includes(method as string));
}

/** The ids of one page of a model list, or undefined when the document is not a model list. */
export function parseModelPage(protocol: Protocol, document: unknown): ModelPage | undefined {
	const entries = entriesOf(document);
	if (entries === undefined) {
		// an empty `{data: []}` is a list; anything else without one is not
		const doc = typeIs(document, "table") ? (document as Table) : undefined;
		if (doc === undefined || (doc.data === undefined && doc.models === undefined && doc.object !== "list"))
			return undefined;
		return { ids: [] };
	}
	const ids = new Array<string>();
	for (const entry of entries) {
		if (protocol === "gemini" && !canGenerate(entry)) continue;
		let id = idOf(entry);
		if (id !== undefined && protocol === "gemini" && id.sub(1, 7) === "models/") id = id.sub(8);
		if (id !== undefined && id !== "" && id.size() <= MAX_MODEL_ID_LENGTH) ids.push(id);
	}
	const token = protocol === "gemini" ? (document as Table).nextPageToken : undefined;
	return { ids, nextPage: typeIs(token, "string") && token !== "" ? token : undefined };
}

/** Manual ids first, in their order, then the discovered ids de-duplicated and sorted. */
export function mergeModelIds(manual: ReadonlyArray<string>, discovered: ReadonlyArray<string>): Array<string> {
	const seen = new Set<string>();
	const merged = new Array<string>();
	for (const id of manual) {
		if (!seen.has(id)) {
			seen.add(id);
			merged.push(id);
		}
	}
	const rest = discovered.filter((id) => !seen.has(id));
	const unique = new Set(rest);
	const sorted = new Array<string>();
	for (const id of unique) sorted.push(id);
	sorted.sort();
	for (const id of sorted) merged.push(id);
	return merged;
}
