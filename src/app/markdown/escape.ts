// Roblox RichText escaping: the five characters the markup parser reads (&, <, >, ", ') become
// entities, so text from a model or a tool always shows literally, never as markup.

const ENTITIES: Record<string, string> = {
	"&": "&amp;",
	"<": "&lt;",
	">": "&gt;",
	'"': "&quot;",
	"'": "&apos;",
};

/** `text` as RichText that displays exactly `text`. */
export function escapeRich(text: string): string {
	return text.gsub("[&<>\"']", ENTITIES)[0];
}

/** `markup` in a colour (`#RRGGBB`); the markup must be well formed. */
export function colored(markup: string, color: string): string {
	return `<font color="${color}">${markup}</font>`;
}
