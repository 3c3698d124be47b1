// The provider's own code and message from a decoded error document, in the shapes providers use:
// OpenAI-compatible `{error:{message,type,code}}`, Anthropic `{type:"error",error:{type,message}}`,
// Google `{error:{code,message,status}}`, a string `error`, `message` or `detail`, and FastAPI
// validation errors (`{detail:[{loc,msg,input}]}`, used by vLLM and SGLang) whose `input` echoes
// the request and is never shown.

export interface ProviderFault {
	readonly code?: string;
	readonly message: string;
}

const FASTAPI_ENTRIES = 8;

type Table = { [key: string]: unknown };

function asTable(value: unknown): Table | undefined {
	return typeIs(value, "table") ? (value as Table) : undefined;
}

function asText(value: unknown): string | undefined {
	if (typeIs(value, "string") && value !== "") return value;
	if (typeIs(value, "number")) return tostring(value);
	return undefined;
}

function fastApiDetail(detail: unknown): string | undefined {
	const list = asTable(detail);
	if (list === undefined || (list as unknown as Array<unknown>)[0] === undefined) return undefined;
	const entries = new Array<string>();
	for (const item of list as unknown as Array<unknown>) {
		const entry = asTable(item);
		const msg = entry && asText(entry.msg);
		if (entry === undefined || msg === undefined) continue;
		const loc = asTable(entry.loc);
		const path = new Array<string>();
		if (loc) for (const part of loc as unknown as Array<unknown>) path.push(asText(part) ?? "?");
		entries.push(path.size() > 0 ? `${path.join(".")}: ${msg}` : msg);
		if (entries.size() >= FASTAPI_ENTRIES) break;
	}
	return entries.size() > 0 ? entries.join("; ") : undefined;
}

/** The code and message of an error document, or undefined when it carries none. */
export function faultOf(document: unknown): ProviderFault | undefined {
	const doc = asTable(document);
	if (doc === undefined) return undefined;
	const inner = asTable(doc.error);
	if (inner !== undefined) {
		// a string code is the most specific ("context_length_exceeded"), then the type or status
		const stringCode = typeIs(inner.code, "string") && inner.code !== "" ? inner.code : undefined;
		const code = stringCode ?? asText(inner.type) ?? asText(inner.status) ?? asText(inner.code);
		const message = asText(inner.message) ?? asText(inner.detail) ?? code;
		if (message !== undefined) return { code: message === code ? undefined : code, message };
	}
	const errorText = asText(doc.error);
	if (errorText !== undefined) return { code: asText(doc.code) ?? asText(doc.type), message: errorText };
	const validation = fastApiDetail(doc.detail);
	if (validation !== undefined) return { code: "validation_error", message: validation };
	const message = asText(doc.message) ?? asText(doc.detail);
	if (message !== undefined) return { code: asText(doc.code) ?? asText(doc.type), message };
	return undefined;
}
