// Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP-date, plus the `retry-after-ms`
// extension some gateways send. The wait is capped: a server asking for minutes or days is not
// waited for inside one request.
import { HeaderMap, headerValue } from "./headers";
import { trim } from "../runtime/trim";

export const RETRY_AFTER_CAP_SECONDS = 60;

const MONTHS = new Map<string, number>([
	["jan", 1],
	["feb", 2],
	["mar", 3],
	["apr", 4],
	["may", 5],
	["jun", 6],
	["jul", 7],
	["aug", 8],
	["sep", 9],
	["oct", 10],
	["nov", 11],
	["dec", 12],
]);

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
	const y = month <= 2 ? year - 1 : year;
	const era = math.floor(y / 400);
	const yoe = y - era * 400;
	const mp = (month + 9) % 12;
	const doy = math.floor((153 * mp + 2) / 5) + day - 1;
	const doe = yoe * 365 + math.floor(yoe / 4) - math.floor(yoe / 100) + doy;
	return era * 146097 + doe - 719468;
}

function epochOf(year: number, monthName: string, day: number, clock: string): number | undefined {
	const month = MONTHS.get(monthName.lower());
	const [h, m, s] = clock.match("^(%d%d):(%d%d):(%d%d)$");
	if (month === undefined || h === undefined || day < 1 || day > 31) return undefined;
	const seconds = tonumber(h)! * 3600 + tonumber(m)! * 60 + tonumber(s)!;
	return daysFromCivil(year, month, day) * 86400 + seconds;
}

/**
 * Parses an HTTP-date in any of the three forms RFC 9110 requires recipients to accept:
 * IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), RFC 850 ("Sunday, 06-Nov-94 08:49:37 GMT")
 * and asctime ("Sun Nov  6 08:49:37 1994"). Returns seconds since the Unix epoch.
 */
export function parseHttpDate(text: string): number | undefined {
	const [d1, mon1, y1, t1] = text.match("^%a+, (%d%d?) (%a%a%a) (%d%d%d%d) (%d%d:%d%d:%d%d) GMT$");
	if (d1 !== undefined) return epochOf(tonumber(y1)!, mon1 as string, tonumber(d1)!, t1 as string);
	const [d2, mon2, y2, t2] = text.match("^%a+, (%d%d)%-(%a%a%a)%-(%d%d) (%d%d:%d%d:%d%d) GMT$");
	if (d2 !== undefined) {
		// RFC 9110: a two-digit year more than 50 years in the future is in the past century.
		const yy = tonumber(y2)!;
		return epochOf(yy >= 70 ? 1900 + yy : 2000 + yy, mon2 as string, tonumber(d2)!, t2 as string);
	}
	const [mon3, d3, t3, y3] = text.match("^%a%a%a (%a%a%a) +(%d%d?) (%d%d:%d%d:%d%d) (%d%d%d%d)$");
	if (mon3 !== undefined) return epochOf(tonumber(y3)!, mon3 as string, tonumber(d3)!, t3 as string);
	return undefined;
}

/**
 * Seconds to wait before retrying, from `retry-after-ms` or `Retry-After`, capped at 60 s;
 * undefined when the response names no usable delay. `nowEpoch` is the current Unix time.
 */
export function retryAfterSeconds(headers: HeaderMap | undefined, nowEpoch: number): number | undefined {
	let seconds: number | undefined;
	const ms = headerValue(headers, "retry-after-ms");
	const msValue = ms !== undefined ? tonumber(ms.match("^%s*(%d+%.?%d*)%s*$")[0]) : undefined;
	if (msValue !== undefined) {
		seconds = msValue / 1000;
	} else {
		const value = headerValue(headers, "retry-after");
		if (value === undefined) return undefined;
		const trimmed = trim(value);
		const delta = trimmed.match("^%d+$")[0] !== undefined ? tonumber(trimmed) : undefined;
		const date = delta === undefined ? parseHttpDate(trimmed) : undefined;
		if (delta !== undefined) seconds = delta;
		else if (date !== undefined) seconds = math.max(0, date - nowEpoch);
		else return undefined;
	}
	return math.min(seconds, RETRY_AFTER_CAP_SECONDS);
}
