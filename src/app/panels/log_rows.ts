// The Logs panel's rows: diagnostic entries and request-log entries in one shape (kind, level,
// source, list item) with their evidence text. Everything shown comes from entries the log has
// already redacted; building the evidence only formats those fields and never sends anything.
import type { LogEntry, LogLevel, RequestEntry } from "../../api";

export type RowKind = "diagnostic" | "request";

export interface LogRow {
	readonly kind: RowKind;
	readonly level: LogLevel;
	/** The diagnostic source, or "request: <tag>" for a request entry. */
	readonly source: string;
	/** Orders rows of both logs: a diagnostic entry's seq; a request sorts after its logSeq. */
	readonly order: number;
	/** The List item; its Action link ("Evidence") opens the evidence, its Key names the row. */
	readonly item: {
		readonly Title: string;
		readonly Text: string;
		readonly Kind: string;
		readonly Action: string;
		readonly Key: string;
	};
	readonly evidenceTitle: string;
	readonly evidence: () => string;
}

const KIND: Record<LogLevel, string> = { debug: "Muted", info: "Info", warn: "Warning", error: "Danger" };
const EVIDENCE = "Evidence";

function clockTime(unix: number): string {
	return os.date("!%H:%M:%S", unix);
}

export function diagnosticRow(entry: LogEntry): LogRow {
	return {
		kind: "diagnostic",
		level: entry.level,
		source: entry.source,
		order: entry.seq,
		item: {
			Title: `${clockTime(entry.time)}  ${entry.level.upper()}  ${entry.source}`,
			Text: entry.text,
			Kind: KIND[entry.level],
			Action: EVIDENCE,
			Key: `log:${entry.seq}`,
		},
		evidenceTitle: "Log entry",
		evidence: () =>
			[
				`Time: ${os.date("!%Y-%m-%d %H:%M:%S UTC", entry.time)}`,
				`Level: ${entry.level}`,
				`Source: ${entry.source}`,
				`Entry: #${entry.seq}`,
				"",
				entry.text,
			].join("\n"),
	};
}

/** A request failed (error, 5xx), was refused (4xx), or went through. */
export function requestLevel(entry: RequestEntry): LogLevel {
	if (entry.error !== undefined || entry.status >= 500) return "error";
	return entry.status >= 400 ? "warn" : "info";
}

export function requestRow(entry: RequestEntry): LogRow {
	const level = requestLevel(entry);
	const status = entry.status > 0 ? tostring(entry.status) : "—";
	const text = entry.error !== undefined ? `${entry.url}\n${entry.error}` : entry.url;
	return {
		kind: "request",
		level,
		source: `request: ${entry.tag}`,
		order: entry.logSeq + 0.5,
		item: {
			Title: `${clockTime(entry.at)}  ${entry.method} ${status}  ${entry.tag} · ${entry.via} · ${entry.ms} ms`,
			Text: text,
			Kind: level === "info" ? "Success" : KIND[level],
			Action: EVIDENCE,
			Key: `request:${entry.seq}`,
		},
		evidenceTitle: `Request ${entry.method} ${status}`,
		evidence: () => requestEvidence(entry),
	};
}

function requestEvidence(entry: RequestEntry): string {
	const optional = (value: string | undefined) => value ?? "(none)";
	return [
		`Time: ${os.date("!%Y-%m-%d %H:%M:%S UTC", entry.at)}`,
		`Request: ${entry.method} ${entry.url}`,
		`Purpose: ${entry.tag} (attempt ${entry.attempt})`,
		`Status: ${entry.status > 0 ? entry.status : "no HTTP status"}`,
		`Duration: ${entry.ms} ms`,
		`Received: ${entry.bytes} bytes`,
		`Via: ${entry.via}`,
		`User-Agent: ${optional(entry.identity)}${entry.identity !== undefined && !entry.uaSent ? " (not sent: this transport drops it)" : ""}`,
		`Server: ${optional(entry.server)}`,
		`Trace (cf-ray / x-request-id): ${optional(entry.trace)}`,
		`Cloudflare mitigation: ${optional(entry.mitigated)}`,
		`Error: ${optional(entry.error)}`,
		"",
		"Response (first 400 characters, redacted):",
		entry.response === "" ? "(empty)" : entry.response,
		"",
		"Recorded from the request log; opening this view sends nothing.",
	].join("\n");
}

/** Rows of both logs in recording order (each log is already in order: a merge). */
export function mergeRows(diagnostic: ReadonlyArray<LogRow>, requests: ReadonlyArray<LogRow>): Array<LogRow> {
	const merged = new Array<LogRow>();
	let d = 0;
	let r = 0;
	while (d < diagnostic.size() || r < requests.size()) {
		const takeDiagnostic =
			r >= requests.size() || (d < diagnostic.size() && diagnostic[d].order < requests[r].order);
		merged.push(takeDiagnostic ? diagnostic[d++] : requests[r++]);
	}
	return merged;
}
