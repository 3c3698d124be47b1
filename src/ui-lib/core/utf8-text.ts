// UTF-8 aware byte limits: strings are cut at a character boundary, never inside a sequence.

/** The longest prefix of `text` of at most `limit` bytes that ends on a character boundary. */
export function truncateBytes(text: string, limit: number): string {
	if (text.size() <= limit) return text;
	// `cut` is the first byte that is dropped; step back while it continues a sequence (10xxxxxx)
	let cut = limit + 1;
	while (cut > 1) {
		const [byte] = text.byte(cut);
		if (byte < 0x80 || byte >= 0xc0) break;
		cut -= 1;
	}
	return text.sub(1, cut - 1);
}

/** The first character of `text` (a whole UTF-8 sequence), or "" for an empty string. */
export function firstCharacter(text: string): string {
	for (const [, code] of utf8.codes(text)) return utf8.char(code);
	return "";
}
