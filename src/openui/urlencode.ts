// application/x-www-form-urlencoded, byte for byte as URLSearchParams writes it: space is "+",
// only A-Z a-z 0-9 * - . _ stay as they are, every other byte is %XX with uppercase hex.

export function formEncode(text: string): string {
	return string
		.gsub(text, "[^%w%*%-%._ ]", (c: string) => string.format("%%%02X", string.byte(c)[0]))[0]
		.gsub(" ", "+")[0];
}

/** Decodes one component; a bad `%` sequence keeps the raw text. */
export function formDecode(text: string): string {
	const spaced = string.gsub(text, "%+", " ")[0];
	if (string.find(spaced, "%%")[0] !== undefined && string.find(spaced, "%%[^%x]")[0] !== undefined) return spaced;
	if (string.find(spaced, "%%%x?$")[0] !== undefined || string.find(spaced, "%%%x[^%x]")[0] !== undefined)
		return spaced;
	const decoded = string.gsub(spaced, "%%(%x%x)", (hex: string) => string.char(tonumber(hex, 16)!))[0];
	return utf8.len(decoded)[0] === undefined ? spaced : decoded;
}

/** Decodes `a=1&b=2`: empty keys skipped, a later duplicate wins, order of first appearance kept. */
export function decodeAttributes(query: string): LuaTuple<[string[], Map<string, string>]> {
	const keys: string[] = [];
	const values = new Map<string, string>();
	for (const pair of query.split("&")) {
		if (pair === "") continue;
		const [at] = string.find(pair, "=", 1, true);
		const key = formDecode(at === undefined ? pair : string.sub(pair, 1, at - 1));
		const value = at === undefined ? "" : formDecode(string.sub(pair, at + 1));
		if (key === "") continue;
		if (!values.has(key)) keys.push(key);
		values.set(key, value);
	}
	return $tuple(keys, values);
}
