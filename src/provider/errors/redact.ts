// Provider error text made safe to show: credentials removed, control characters dropped, white
// space collapsed, and bounded: code ≤ 80 characters, message ≤ 600, the whole text under 750 bytes
// (docs/PROVIDER_COMPATIBILITY.md, "Errors and repairs").

import { createRedactor } from "../../runtime/redact";
import { utf8Prefix } from "../../runtime/text_limit";
import type { ReplyResult } from "../protocols/types";
import { trim } from "../../runtime/trim";

export const ERROR_CODE_MAX = 80;
export const ERROR_MESSAGE_MAX = 600;
export const ERROR_TEXT_MAX = 750;

// Pattern rules (credential fields, bearer tokens, provider key shapes) are the runtime's.
const shapes = createRedactor();

/** Removes credentials from `text`: the given secrets verbatim, then common key shapes. */
export function redact(text: string, secrets: ReadonlyArray<string> = []): string {
	if (secrets.size() === 0) return shapes.redact(text);
	const withSecrets = createRedactor();
	withSecrets.setSecrets("request", secrets);
	return withSecrets.redact(text);
}

/** Cuts `text` to at most `max` bytes without splitting a UTF-8 character; marks the cut with "…". */
export function clip(text: string, max: number): string {
	return text.size() <= max ? text : `${utf8Prefix(text, max - 3)}…`;
}

/** One line of readable text: control characters removed, white space runs made single spaces. */
export function tidy(text: string): string {
	const spaced = text.gsub("[%c]", " ")[0];
	const single = spaced.gsub("%s+", " ")[0];
	return trim(single);
}

/**
 * A reply with its error (an error document or event inside a 2xx answer) redacted with the
 * request's own credentials, as errors of non-2xx answers are.
 */
export function redactReply(result: ReplyResult, secrets: ReadonlyArray<string>): ReplyResult {
	if (result.ok || secrets.size() === 0) return result;
	const message = redact(result.error.message, secrets);
	const providerCode =
		result.error.providerCode !== undefined ? redact(result.error.providerCode, secrets) : undefined;
	return { ok: false, error: { ...result.error, message, providerCode } };
}

/** A provider's error code and message as we show them: redacted, tidied and bounded. */
export function providerText(code: string | undefined, message: string, secrets?: ReadonlyArray<string>): string {
	const safeMessage = clip(tidy(redact(message, secrets)), ERROR_MESSAGE_MAX);
	if (code === undefined || code === "") return clip(safeMessage, ERROR_TEXT_MAX);
	const safeCode = clip(tidy(redact(code, secrets)), ERROR_CODE_MAX);
	return clip(`${safeCode}: ${safeMessage}`, ERROR_TEXT_MAX);
}
