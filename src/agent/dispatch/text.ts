// Byte-bounded text for results and listings: cuts fall on UTF-8 character boundaries.
import { utf8Prefix } from "../../runtime/text_limit";

/** `text` cut to at most `limit` bytes (on a character boundary), and how many bytes were cut. */
export function cutBytes(text: string, limit: number): LuaTuple<[string, number]> {
	const kept = utf8Prefix(text, limit);
	return $tuple(kept, text.size() - kept.size());
}

/** The first line of `text`, at most `limit` bytes, with "…" when anything was left out. */
export function firstLine(text: string, limit: number): string {
	const line = string.match(text, "^[^\n]*")[0] as string;
	const [kept, cut] = cutBytes(line, limit);
	return cut > 0 || line.size() < text.size() ? `${kept}…` : kept;
}
