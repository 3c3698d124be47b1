/** The longest prefix of `text` of at most `max` bytes that does not split a UTF-8 character. */
export function utf8Prefix(text: string, max: number): string {
	if (text.size() <= max) return text;
	let cut = math.max(0, max);
	// step back over continuation bytes (10xxxxxx) so the cut lands before a character start
	while (cut > 0) {
		const [b] = text.byte(cut + 1);
		if (b === undefined || b < 0x80 || b >= 0xc0) break;
		cut -= 1;
	}
	return text.sub(1, cut);
}
