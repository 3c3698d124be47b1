// What a provider's refusal means for the user and for the next attempt: the status meaning
// (docs/PROVIDER_COMPATIBILITY.md, "Errors and repairs"), context-window refusals with the window
// they name (overflow.ts), and whether trying again can help (rate limits and overloads can; quota
// exhaustion, bad keys and bad requests cannot; a context refusal must never be retried unchanged).
import { isContextOverflow, windowFromMessage } from "./overflow";

export type ErrorKind =
	| "context_overflow"
	| "bad_request"
	| "auth"
	| "credit"
	| "forbidden"
	| "not_found"
	| "rate_limit"
	| "quota"
	| "overloaded"
	| "server"
	| "other";

const STATUS_MEANINGS: { [status: number]: string } = {
	400: "request rejected",
	401: "key rejected",
	402: "out of credit",
	403: "refused; the key may lack access",
	404: "endpoint or model not found",
	413: "request too large",
	422: "could not process the request",
	429: "rate limited",
	500: "provider internal error",
	502: "gateway unavailable",
	503: "provider overloaded",
	529: "provider overloaded",
};

export interface Classification {
	readonly kind: ErrorKind;
	/** Trying the same request again later can succeed. */
	readonly retryable: boolean;
	/** The context window a context refusal names (at least 512 tokens). */
	readonly contextWindow?: number;
	/** The status meaning, for the user. */
	readonly meaning: string;
}

/** The user-facing meaning of an HTTP status. */
export function statusMeaning(status: number): string {
	const known = STATUS_MEANINGS[status];
	if (known !== undefined) return known;
	if (status >= 500) return "provider error";
	if (status >= 400) return "request refused";
	return `unexpected status ${status}`;
}

function has(lower: string, word: string): boolean {
	return lower.find(word, 1, true)[0] !== undefined;
}

function kindOf(status: number, lower: string): ErrorKind {
	if (has(lower, "insufficient_quota") || has(lower, "quota exceeded") || has(lower, "exceeded your current quota")) {
		return "quota";
	}
	if (status === 429 || has(lower, "rate_limit") || has(lower, "rate limit")) return "rate_limit";
	if (status === 529 || status === 503 || has(lower, "overloaded")) return "overloaded";
	if (status === 401) return "auth";
	if (status === 402) return "credit";
	if (status === 403) return "forbidden";
	if (status === 404) return "not_found";
	if (status >= 500 || has(lower, "server_error") || has(lower, "internal error") || has(lower, "unavailable")) {
		return "server";
	}
	if (status === 400 || status === 422) return "bad_request";
	return "other";
}

/** Classifies a refusal by its status (0 for an error inside a stream) and its redacted text. */
export function classify(status: number, text: string): Classification {
	const lower = text.lower();
	if (isContextOverflow(text, status)) {
		return {
			kind: "context_overflow",
			retryable: false,
			contextWindow: windowFromMessage(text),
			meaning: "the conversation does not fit the model's context window",
		};
	}
	const kind = kindOf(status, lower);
	const retryable = kind === "rate_limit" || kind === "overloaded" || kind === "server";
	return { kind, retryable, meaning: status > 0 ? statusMeaning(status) : "the provider reported an error" };
}
