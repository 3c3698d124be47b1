// Stored messages (docs/OPENUI.md, "Storage"): the program between marker lines the model never
// sees — `]]>openui:content[?attributes]`, `]]>openui:context`, `]]>openui:end` — read with
// "last content wins", older envelopes read and never written, and the model's view of a stored
// assistant answer or user action.
import { splitLines } from "./prepare";
import { decodeAttributes, formEncode } from "./urlencode";
import { decodeJson } from "./json";
import { isObject } from "./values";

const MARKER = "]]>openui:";

export interface ParsedMessage {
	/** The winning content section's body (the program, or prose with fenced programs). */
	readonly content: string;
	/** The context section's body as stored (raw text), or undefined when there is none. */
	readonly context?: string;
	/** Decoded attributes of the winning content marker. */
	readonly attributes: Record<string, string>;
	/** The stream reached its last chunk (an `end` line). */
	readonly ended: boolean;
	/** The text had marker lines (or an older envelope). */
	readonly marked: boolean;
	/** The winning content marker line, byte for byte (rewrites keep it). */
	readonly header?: string;
}

interface Section {
	kind: string;
	lines: string[];
	attributes: Record<string, string>;
	header: string;
}

function withoutCR(line: string): string {
	return string.sub(line, -1) === "\r" ? string.sub(line, 1, -2) : line;
}

function markerOf(line: string): LuaTuple<[string | undefined, string]> {
	const bare = withoutCR(line);
	if (string.sub(bare, 1, MARKER.size()) !== MARKER) return $tuple(undefined, "");
	const rest = string.sub(bare, MARKER.size() + 1);
	const [kind, tail] = string.match(rest, "^(%l+)(.*)$") as LuaTuple<[string?, string?]>;
	if (kind === undefined) return $tuple(undefined, "");
	const t = tail ?? "";
	if (t !== "" && string.sub(t, 1, 1) !== "?" && string.sub(t, 1, 1) !== " ") return $tuple(undefined, "");
	return $tuple(kind, t);
}

function readAttributes(kind: string, tail: string): Record<string, string> {
	const out: Record<string, string> = {};
	if (string.sub(tail, 1, 1) === "?") {
		const [keys, values] = decodeAttributes(string.sub(tail, 2));
		for (const key of keys) out[key] = values.get(key)!;
	} else if (kind === "artifact") {
		const decoded = decodeJson(string.sub(tail, 2));
		if (decoded.ok && isObject(decoded.value))
			for (const key of decoded.value.keys) {
				const v = decoded.value.map.get(key);
				if (typeIs(v, "string") || typeIs(v, "number")) out[key] = tostring(v);
			}
	} else {
		// the older space-separated form: `]]>openui:content library=support@1.2.0`
		for (const [key, value] of string.gmatch(tail, "([^%s=]+)=(%S*)") as IterableFunction<
			LuaTuple<[string, string]>
		>)
			out[key] = value;
	}
	return out;
}

/** Older envelopes, only in a message with no marker lines. */
function readLegacy(text: string): ParsedMessage | undefined {
	const [content] = string.match(text, "^%s*<content[^>]*>(.-)</content>") as LuaTuple<[string?]>;
	const [context] = string.match(text, "<context>(.-)</context>%s*$") as LuaTuple<[string?]>;
	if (content !== undefined) return { content, context, attributes: {}, ended: false, marked: true };
	if (context !== undefined) {
		// the pre-1.0 React form: the program, then "\n<context>[…]</context>" at the end
		const [at] = string.find(text, "\n?<context>.-</context>%s*$");
		return { content: string.sub(text, 1, (at ?? 1) - 1), context, attributes: {}, ended: false, marked: true };
	}
	return undefined;
}

function body(section: Section, endedAt?: number): string {
	const lines = [...section.lines];
	if (endedAt !== undefined && lines.size() === endedAt + 1 && lines[endedAt] === "") lines.pop();
	return lines.join("\n");
}

/** Reads a stored message. While `streaming`, a last line that may become a marker is held back. */
export function parseMessage(text: string, streaming = false): ParsedMessage {
	const lines = splitLines(text);
	const last = lines[lines.size() - 1];
	if (
		streaming &&
		last !== "" &&
		(string.sub(last, 1, MARKER.size()) === MARKER || string.sub(MARKER, 1, last.size()) === last)
	)
		lines.pop();
	const sections: Section[] = [];
	let current: Section = { kind: "", lines: [], attributes: {}, header: "" };
	sections.push(current);
	let ended = false;
	let endedAt: number | undefined;
	let marked = false;
	for (const line of lines) {
		const [kind, tail] = markerOf(line);
		if (kind === undefined) {
			current.lines.push(line);
			continue;
		}
		marked = true;
		// the line break before a marker is not part of the body
		const n = current.lines.size();
		if (n > 0) current.lines[n - 1] = withoutCR(current.lines[n - 1]);
		if (kind === "end") {
			ended = true;
			endedAt = current.lines.size();
			continue;
		}
		current = {
			kind: kind === "artifact" ? "content" : kind,
			lines: [],
			attributes: readAttributes(kind, tail),
			header: withoutCR(line),
		};
		sections.push(current);
	}
	if (!marked) {
		const legacy = readLegacy(text);
		if (legacy !== undefined) return legacy;
		return { content: lines.join("\n"), attributes: {}, ended: false, marked: false };
	}
	let winner = -1;
	sections.forEach((s, i) => {
		if (s.kind === "content") winner = i;
	});
	let context: string | undefined;
	for (let i = math.max(winner, 0) + 1; i < sections.size(); i++)
		if (sections[i].kind === "context") context = body(sections[i], sections[i] === current ? endedAt : undefined);
	const chosen = winner >= 0 ? sections[winner] : sections[0];
	return {
		content: body(chosen, chosen === current ? endedAt : undefined),
		context,
		attributes: chosen.attributes,
		ended,
		marked: true,
		header: winner >= 0 ? chosen.header : undefined,
	};
}

export type Attributes = ReadonlyArray<[string, string]> | Record<string, string | { id: string; version: string }>;

/** Attribute pairs in writing order: a pair list as given, a table's keys sorted. */
function attributePairs(attributes: Attributes | undefined): [string, string][] {
	if (attributes === undefined) return [];
	const out: [string, string][] = [];
	if ((attributes as ReadonlyArray<[string, string]>)[0] !== undefined) {
		for (const [k, v] of attributes as ReadonlyArray<[string, string]>) out.push([tostring(k), tostring(v)]);
		return out;
	}
	const keys: string[] = [];
	for (const [k] of pairs(attributes as Record<string, unknown>)) keys.push(tostring(k));
	table.sort(keys);
	for (const key of keys) {
		const v = (attributes as Record<string, unknown>)[key];
		if (typeIs(v, "table")) {
			const lib = v as { id?: unknown; version?: unknown };
			out.push([key, `${tostring(lib.id)}@${tostring(lib.version)}`]);
		} else out.push([key, tostring(v)]);
	}
	return out;
}

export function encodeAttributes(attributes: Attributes | undefined): string {
	return attributePairs(attributes)
		.map(([k, v]) => `${formEncode(k)}=${formEncode(v)}`)
		.join("&");
}

/** Writes a stored message: content, then a context section when there is context, then `end`. */
export function buildMessage(content: string, context?: string, attributes?: Attributes, ended?: boolean): string {
	const query = encodeAttributes(attributes);
	return buildWithHeader(`${MARKER}content${query === "" ? "" : `?${query}`}`, content, context, ended === true);
}

function buildWithHeader(header: string, content: string, context: string | undefined, ended: boolean): string {
	let out = `${header}\n${content}`;
	if (context !== undefined) out += `\n${MARKER}context\n${context}`;
	if (ended) out += `\n${MARKER}end`;
	return out;
}

/**
 * Rewrites a stored message with a new context section: the original content header line byte for
 * byte, the program unchanged, the new context, and the `end` line as the message had it.
 */
export function replaceContext(stored: string, context: string | undefined): string {
	const parsed = parseMessage(stored);
	const header = parsed.header ?? `${MARKER}content`;
	return buildWithHeader(header, parsed.content, context, parsed.ended);
}

/** What the model sees for a stored message: no marker lines, the raw context kept for user turns. */
export function modelText(stored: string, role: "assistant" | "user"): string {
	const parsed = parseMessage(stored);
	if (!parsed.marked) return stored;
	if (role === "assistant" || parsed.context === undefined) return parsed.content;
	return `${parsed.content}\ncontext and form values = ${parsed.context}`;
}
