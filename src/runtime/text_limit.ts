// Bounding text by bytes on UTF-8 character boundaries (the one such cut of the client; UI LIB
// keeps its own copy to stay self-contained), with a note of how much was cut, and by characters.

/** The longest prefix of `text` of at most `max` bytes that does not split a UTF-8 character. */
export function utf8Prefix(text: string, max: number): string {
	if (text.size() <= max) return text;
	let kept = math.max(0, max);
	// step back over continuation bytes (10xxxxxx) so the cut lands before a character start
	while (kept > 0) {
		const [byte] = string.byte(text, kept + 1);
		if (byte === undefined || byte < 0x80 || byte >= 0xc0) break;
		kept -= 1;
	}
	return text.sub(1, kept);
}

/** The first `limit` bytes of `text`, stepped back to a UTF-8 boundary, with a note of the rest. */
export function cut(text: string, limit: number): string {
	const kept = utf8Prefix(text, limit);
	return kept.size() === text.size() ? text : `${kept} … [${text.size() - kept.size()} more bytes]`;
}

/**
 * The first `count` characters of `text`: a character starts at every byte that is not a UTF-8
 * continuation byte, so invalid UTF-8 is counted byte by byte instead of failing.
 */
export function firstCharacters(text: string, count: number): string {
	let seen = 0;
	for (let index = 1; index <= text.size(); index++) {
		const [byte] = string.byte(text, index);
		if ((byte as number) < 0x80 || (byte as number) >= 0xc0) {
			seen += 1;
			if (seen > count) return text.sub(1, index - 1);
		}
	}
	return text;
}
