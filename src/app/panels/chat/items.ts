// What the transcript shows for events: List items. Assistant text and reasoning are Markdown
// (RichText rows, code blocks as their own monospace rows); the user's words, errors and notices
// are plain text shown as written. Tool calls are cards (cards.ts). Kinds the view does not show
// (turn bookkeeping, requests, unknown kinds) have no items.
import { chunkText, type Markdown, renderMarkdown, ROW_BYTES } from "../../markdown/render";

export interface Item {
	readonly Title: string;
	readonly Text: string;
	readonly Kind: "Info" | "Success" | "Warning" | "Danger" | "Muted";
	readonly RichText?: boolean;
	readonly Code?: boolean;
	readonly Action?: string;
	readonly Key?: string;
}

type Kind = Item["Kind"];
type Event = Readonly<Record<string, unknown>>;

/** The label transcript.ts (agent) appends to a field it cut: `[excerpt: N bytes, cut to fit ...]`. */
const EXCERPT_LABEL = "\n%[excerpt: %d+ bytes, cut to fit the transcript%]$";

export function text(value: unknown): string {
	return value === undefined ? "" : tostring(value);
}

/** Whether the retained copy of a field was cut and labelled as an excerpt. */
export function isExcerpt(value: string): boolean {
	return value.match(EXCERPT_LABEL)[0] !== undefined;
}

/** Markdown text as rows: the first carries `title`, code rows name their language (`render`: the renderer). */
export function markdownItems(
	title: string,
	kind: Kind,
	source: string,
	render: Markdown = renderMarkdown,
): Array<Item> {
	return render(source).map((segment, index) => ({
		Title: index === 0 ? title : segment.code ? (segment.language !== "" ? segment.language : "code") : "",
		Text: segment.text,
		Kind: kind,
		RichText: segment.rich,
		Code: segment.code,
	}));
}

/** Plain text as rows of at most ROW_BYTES. */
export function plainItems(title: string, kind: Kind, source: string): Array<Item> {
	return chunkText(source, ROW_BYTES).map((piece, index) => ({
		Title: index === 0 ? title : "",
		Text: piece,
		Kind: kind,
	}));
}

function labelled(title: string, value: string): string {
	return isExcerpt(value) ? `${title} · excerpt` : title;
}

/** The provider's failure as the loop reports it: `HTTP <status> (<meaning>): <code>: <message>`. */
function errorItems(message: string): Array<Item> {
	const [status, rest] = message.match("^(HTTP %d+ %b()): (.*)$") as LuaTuple<
		[string | undefined, string | undefined]
	>;
	if (status !== undefined && rest !== undefined) return plainItems(`Error · ${status}`, "Danger", rest);
	return plainItems("Error", "Danger", message);
}

export function eventItems(event: Event, render?: Markdown): Array<Item> {
	switch (event.kind) {
		case "user":
			return plainItems("You", "Info", text(event.text));
		case "assistant:text":
			return markdownItems(labelled("Assistant", text(event.text)), "Success", text(event.text), render);
		case "assistant:reasoning":
			return markdownItems(labelled("Reasoning", text(event.text)), "Muted", text(event.text), render);
		case "error":
			return errorItems(text(event.message));
		case "abort":
			return plainItems("Stopped", "Warning", "The turn was stopped.");
		case "compact":
			return plainItems("Context compacted", "Muted", text(event.summary));
		case "notice":
			return plainItems("Notice", "Info", text(event.text));
		default:
			return [];
	}
}

/** The live preview: reasoning so far, then the reply so far, replaced as they grow. */
export function previewItems(preview: Event, withReasoning: boolean, render?: Markdown): Array<Item> {
	const items = new Array<Item>();
	const reasoning = withReasoning ? text(preview.reasoning) : "";
	if (reasoning !== "")
		for (const item of markdownItems("Reasoning · thinking", "Muted", reasoning, render)) items.push(item);
	const reply = text(preview.text);
	if (reply !== "" || items.isEmpty())
		for (const item of markdownItems("Assistant · writing", "Muted", reply, render)) items.push(item);
	return items;
}
