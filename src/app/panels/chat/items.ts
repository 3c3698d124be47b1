// What the transcript shows for one event: a List item, or undefined for kinds the view does not
// show (turn bookkeeping, requests, unknown kinds). Assistant text is plain wrapped text for now.
import type { Util } from "../transfer";

export interface Item {
	readonly Title: string;
	readonly Text: string;
	readonly Kind: "Info" | "Success" | "Warning" | "Danger" | "Muted";
}

type Event = Readonly<Record<string, unknown>>;

function text(value: unknown): string {
	return value === undefined ? "" : tostring(value);
}

/** Tool arguments arrive as JSON text or as a table; both are shown as JSON text. */
export function argumentsText(value: unknown, util: Util): string {
	if (typeIs(value, "string")) return value;
	const [encoded] = util.encode(value);
	return encoded ?? text(value);
}

export function eventItem(event: Event, util: Util): Item | undefined {
	switch (event.kind) {
		case "user":
			return { Title: "You", Text: text(event.text), Kind: "Info" };
		case "assistant:text":
			return { Title: "Assistant", Text: text(event.text), Kind: "Success" };
		case "assistant:reasoning":
			return { Title: "Reasoning", Text: text(event.text), Kind: "Muted" };
		case "tool:call":
			return {
				Title: `Tool call · ${text(event.name)} (${text(event.risk ?? "unknown risk")})`,
				Text: argumentsText(event.arguments, util),
				Kind: "Muted",
			};
		case "tool:result":
			return { Title: `Tool result · ${text(event.name)}`, Text: text(event.text), Kind: "Success" };
		case "tool:error":
			return { Title: `Tool error · ${text(event.name)}`, Text: text(event.error ?? event.text), Kind: "Danger" };
		case "error":
			return { Title: "Error", Text: text(event.message), Kind: "Danger" };
		case "abort":
			return { Title: "Stopped", Text: "The turn was stopped.", Kind: "Warning" };
		case "compact":
			return { Title: "Context compacted", Text: text(event.summary), Kind: "Muted" };
		default:
			return undefined;
	}
}

/** The live preview row: the reply streaming in, replaced as it grows. */
export function previewItem(preview: Event): Item {
	return { Title: "Assistant · writing", Text: text(preview.text), Kind: "Muted" };
}
