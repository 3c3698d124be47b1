// Colour text: #RRGGBB formatting and parsing of 3- or 6-digit hex (with or without "#").

/** A 0–1 component as a whole 0–255 channel. */
export function channel255(value: number): number {
	return math.clamp(math.round(value * 255), 0, 255);
}

export function toHex(color: Color3): string {
	return string.format("#%02X%02X%02X", channel255(color.R), channel255(color.G), channel255(color.B));
}

/** Parses "#abc", "abc", "#aabbcc" or "aabbcc"; undefined when it is not a hex colour. */
export function parseHex(text: string): Color3 | undefined {
	const [trimmed] = text.gsub("^%s*#?(.-)%s*$", "%1");
	let digits = trimmed;
	if (digits.match("^%x%x%x$")[0] !== undefined) {
		const [expanded] = digits.gsub("%x", "%0%0");
		digits = expanded;
	}
	if (digits.match("^%x%x%x%x%x%x$")[0] === undefined) return undefined;
	const r = tonumber(digits.sub(1, 2), 16)!;
	const g = tonumber(digits.sub(3, 4), 16)!;
	const b = tonumber(digits.sub(5, 6), 16)!;
	return Color3.fromRGB(r, g, b);
}

/** Whole 0–255 channel text, or undefined. */
export function parseChannel(text: string): number | undefined {
	const [trimmed] = text.gsub("^%s*(.-)%s*$", "%1");
	if (trimmed.match("^%d+$")[0] === undefined) return undefined;
	const value = tonumber(trimmed)!;
	return value <= 255 ? value : undefined;
}
