// Provider error text made safe to show: credentials removed, control characters dropped, white
// space collapsed, and bounded (seed 002: "Details are redacted and bounded"; fact sheet §6.7:
// code ≤ 80 characters, message ≤ 600, the whole text under 750 bytes).

export const ERROR_CODE_MAX = 80;
export const ERROR_MESSAGE_MAX = 600;
export const ERROR_TEXT_MAX = 750;

// Credential shapes seen in provider errors and echoed requests: OpenAI/Anthropic/OpenRouter
// "sk-…", Google "AIza…", Groq "gsk_…", xAI "xai-…", bearer tokens and key-named fields.
const SECRET_PATTERNS = [
	"%f[%w]sk%-[%w_%-]+",
	"%f[%w]AIza[%w_%-]+",
	"%f[%w]gsk_[%w_%-]+",
	"%f[%w]xai%-[%w_%-]+",
	"%f[%w][Bb]earer%s+[%w%._~%+/=%-]+",
];
const KEY_FIELDS = ["api[_%-]?key", "x%-api%-key", "access[_%-]?token", "key", "token", "secret", "password"];

/** Removes credentials from `text`: known secrets verbatim, then common key shapes. */
export function redact(text: string, secrets: ReadonlyArray<string> = []): string {
	let out = text;
	for (const secret of secrets) {
		if (secret.size() >= 4) out = out.split(secret).join("[redacted]");
	}
	for (const pattern of SECRET_PATTERNS) out = out.gsub(pattern, "[redacted]")[0];
	for (const field of KEY_FIELDS) {
		// key=value in URLs and forms, "key": "value" in echoed JSON
		out = out.gsub(`([?&]${field}=)[^&%s"']+`, "%1[redacted]")[0];
		out = out.gsub(`("${field}"%s*:%s*")[^"]+`, "%1[redacted]")[0];
	}
	return out;
}

/** Cuts `text` to at most `max` bytes without splitting a UTF-8 character; marks the cut with "…". */
export function clip(text: string, max: number): string {
	if (text.size() <= max) return text;
	let cut = max - 3;
	// step back over continuation bytes (10xxxxxx) so the cut lands before a character start
	while (cut > 0) {
		const [b] = text.byte(cut + 1);
		if (b === undefined || b < 0x80 || b >= 0xc0) break;
		cut -= 1;
	}
	return `${text.sub(1, cut)}…`;
}

/** One line of readable text: control characters removed, white space runs made single spaces. */
export function tidy(text: string): string {
	const spaced = text.gsub("[%c]", " ")[0];
	const single = spaced.gsub("%s+", " ")[0];
	return single.match("^%s*(.-)%s*$")[0] as string;
}

/** A provider's error code and message as we show them: redacted, tidied and bounded. */
export function providerText(code: string | undefined, message: string, secrets?: ReadonlyArray<string>): string {
	const safeMessage = clip(tidy(redact(message, secrets)), ERROR_MESSAGE_MAX);
	if (code === undefined || code === "") return clip(safeMessage, ERROR_TEXT_MAX);
	const safeCode = clip(tidy(redact(code, secrets)), ERROR_CODE_MAX);
	return clip(`${safeCode}: ${safeMessage}`, ERROR_TEXT_MAX);
}
