// Which failed HTTP exchanges are worth another attempt, and how long to wait first. Pure rules;
// net/http applies them.

/** Statuses that say "try again": timeouts, conflicts, too early, rate limits, every 5xx. */
export function isRetryableStatus(status: number): boolean {
	return status === 408 || status === 409 || status === 425 || status === 429 || status === 499 || status >= 500;
}

/**
 * Statuses that also promise the request was not acted on, so even a request the caller marked
 * unsafe to repeat (it may have side effects, or cost money) can be sent again.
 */
export function isNotProcessedStatus(status: number): boolean {
	return status === 408 || status === 425 || status === 429 || status === 503 || status === 529;
}

/** Body markers of a temporary refusal, compared case-insensitively. */
const TRANSIENT_MARKERS = [
	"rate_limit",
	"chatratelimited",
	"upstream_provider_rate_limit",
	"server_is_overloaded",
	"service_unavailable_error",
	"server_error",
	"overloaded_error",
	"internal_server_error",
	"temporarily unavailable",
	"please try again",
	// Chinese relays: "user quota insufficient", "remaining quota"
	"用户额度不足",
	"剩余额度",
];

export function hasTransientMarker(body: string): boolean {
	const lower = body.lower();
	for (const marker of TRANSIENT_MARKERS) if (lower.find(marker, 1, true)[0] !== undefined) return true;
	return false;
}

/**
 * Whether a response should be retried. A 403 only when its body is empty or transient (an
 * ordinary 403 is a real refusal); a 2xx only when its body is an error object with a transient
 * marker (some relays answer 200 with an error).
 */
export function shouldRetryResponse(status: number, body: string): boolean {
	if (status === 403) return body.match("^%s*$")[0] !== undefined || hasTransientMarker(body);
	if (status >= 200 && status < 300) {
		return (
			body.match("^%s*{")[0] !== undefined &&
			body.find('"error"', 1, true)[0] !== undefined &&
			hasTransientMarker(body)
		);
	}
	return isRetryableStatus(status);
}

export const BACKOFF_CAP_SECONDS = 20;

/**
 * Exponential backoff with jitter for attempt n (1-based): a ceiling of min(20, 0.6 × 2^(n−1))
 * seconds, a floor of 35 % of it, and a uniform value between them. `random` returns [0, 1).
 */
export function backoffSeconds(attempt: number, random: () => number): number {
	const ceiling = math.min(BACKOFF_CAP_SECONDS, 0.6 * 2 ** (attempt - 1));
	const floor = ceiling * 0.35;
	return floor + (ceiling - floor) * random();
}
