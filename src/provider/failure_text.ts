// What to tell the user about a failed provider exchange: the provider's own code and message when
// it sent one (redacted and bounded by errors/redact), a readable sentence for an HTML challenge
// page, or the transport's reason. Credentials never appear.
import { HttpResult } from "../net/http";
import { headerValue } from "../net/headers";
import { faultOf } from "./errors/extract";
import { clip, providerText, redact, tidy } from "./errors/redact";
import { statusMeaning } from "./errors/classify";

const RAW_TEXT_MAX = 400;

function looksLikeHtml(body: string): boolean {
	const start = body.sub(1, 512).lower();
	return start.match("^%s*<")[0] !== undefined || start.find("<html", 1, true)[0] !== undefined;
}

/** A sentence for a web page served where the API should answer (a firewall or bot challenge). */
function challengeText(result: HttpResult): string {
	const details = new Array<string>();
	const server = headerValue(result.headers, "server");
	const mitigated = headerValue(result.headers, "cf-mitigated");
	const ray = headerValue(result.headers, "cf-ray");
	if (server !== undefined) details.push(`server ${tidy(server)}`);
	if (mitigated !== undefined) details.push(`cf-mitigated ${tidy(mitigated)}`);
	if (ray !== undefined) details.push(`cf-ray ${tidy(ray)}`);
	const suffix = details.size() > 0 ? ` (${clip(details.join(", "), 200)})` : "";
	return `HTTP ${result.status}: the server answered with a web page instead of the API, usually a firewall or bot challenge${suffix}.`;
}

/**
 * The user-facing reason of a failed result. `document` is the decoded body (undefined when it
 * is not JSON); `secrets` are the request's keys, removed verbatim wherever they appear.
 */
export function failureText(result: HttpResult, document: unknown, secrets: ReadonlyArray<string>): string {
	if (result.failure !== undefined || result.status === 0) return redact(result.reason ?? "no response", secrets);
	const meaning = `HTTP ${result.status} (${statusMeaning(result.status)})`;
	const fault = faultOf(document);
	if (fault !== undefined) return `${meaning}: ${providerText(fault.code, fault.message, secrets)}`;
	if (looksLikeHtml(result.body)) return challengeText(result);
	const raw = tidy(redact(result.body, secrets));
	if (raw === "") return `${meaning}: the response was empty.`;
	return `${meaning}: ${clip(raw, RAW_TEXT_MAX)}`;
}
