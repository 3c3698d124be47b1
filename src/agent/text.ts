// Byte-bounded text for results and listings: cuts fall on UTF-8 character boundaries.

/** `text` cut to at most `limit` bytes (on a character boundary), and how many bytes were cut. */
export function cutBytes(text: string, limit: number): LuaTuple<[string, number]> {
	if (text.size() <= limit) return $tuple(text, 0);
	let kept = limit;
	while (kept > 0) {
		const [byte] = string.byte(text, kept + 1);
		// a byte that starts a character (not a continuation byte 0x80-0xBF)
		if (byte === undefined || byte < 0x80 || byte >= 0xc0) break;
		kept -= 1;
	}
	return $tuple(text.sub(1, kept), text.size() - kept);
}

/** The first line of `text`, at most `limit` bytes, with "…" when anything was left out. */
export function firstLine(text: string, limit: number): string {
	const line = string.match(text, "^[^\n]*")[0] as string;
	const [kept, cut] = cutBytes(line, limit);
	return cut > 0 || line.size() < text.size() ? `${kept}…` : kept;
}
