// The diagnostic log (`uai.log`): levels, a bounded ring buffer, subscribers and redaction.
// Every text is redacted before it is stored, printed or handed to a subscriber, so credentials
// never reach log text. Warnings and errors also go to the console; with `logs.mirror` on, every
// recorded entry does. The request log (runtime/request_log) shares the redactor and the handle.
import { createRedactor } from "./redact";
import { createRequestLog, REQUEST_LOG_CAPACITY, RequestEntry, RequestQuery, RequestRecorder } from "./request_log";
import { createRing, keepNewest } from "./ring";
import { createSignal, Signal } from "./signal";
import { cut } from "./text_limit";

export type LogLevel = "debug" | "info" | "warn" | "error";

const RANK: Record<LogLevel, number> = { debug: 1, info: 2, warn: 3, error: 4 };

/** Entries kept; the oldest is dropped first. */
export const LOG_CAPACITY = 500;
/** Bytes of text kept per entry; longer text is cut and says how much was cut. */
export const LOG_TEXT_LIMIT = 4000;
/** Bytes examined for redaction before cutting (a secret past this point is cut anyway). */
const REDACT_WINDOW = 65536;
const SOURCE_LIMIT = 64;

export interface LogEntry {
	/** Increases by one per recorded entry over the client's lifetime. */
	readonly seq: number;
	/** Unix time (os.time) and os.clock() when it was recorded. */
	readonly time: number;
	readonly clock: number;
	readonly level: LogLevel;
	/** The part of the client (or host) that wrote it, e.g. "config". */
	readonly source: string;
	readonly text: string;
}

export interface EntryQuery {
	/** Only entries at this level or above. */
	readonly level?: LogLevel;
	/** Only entries from this source. */
	readonly source?: string;
	/** At most this many, newest last. */
	readonly limit?: number;
}

/** A writer bound to one source (what runtime modules use). */
export interface Logger {
	readonly debug: (text: string) => void;
	readonly info: (text: string) => void;
	readonly warn: (text: string) => void;
	readonly error: (text: string) => void;
}

/** The public `uai.log` (dot calls). */
export interface PublicLog {
	readonly debug: (text: unknown, source?: unknown) => void;
	readonly info: (text: unknown, source?: unknown) => void;
	readonly warn: (text: unknown, source?: unknown) => void;
	readonly error: (text: unknown, source?: unknown) => void;
	/** Copies of the retained entries, oldest first (read-only). */
	readonly entries: (query?: EntryQuery) => ReadonlyArray<LogEntry>;
	/** Fires with each recorded entry (already redacted). */
	readonly added: Signal<[LogEntry]>;
	/** The lowest level recorded ("info" unless configured). */
	readonly level: () => LogLevel;
	/** Removes every retained entry. */
	readonly clear: () => void;
	/** `addSecret(value)`: a credential the log must never show; returns a function that forgets it. */
	readonly addSecret: (value: unknown) => LuaTuple<[() => void, undefined] | [undefined, string]>;
	readonly capacity: number;
	/** Copies of the request log's entries, oldest first (read-only). */
	readonly requests: (query?: RequestQuery) => ReadonlyArray<RequestEntry>;
	/** Fires with each recorded request attempt (already redacted). */
	readonly requestAdded: Signal<[RequestEntry]>;
	/** Removes every retained request entry. */
	readonly clearRequests: () => void;
	readonly requestCapacity: number;
}

export interface Log {
	readonly public: PublicLog;
	/** A writer for one source. */
	readonly scope: (source: string) => Logger;
	readonly setLevel: (level: LogLevel) => void;
	readonly setMirror: (on: boolean) => void;
	/** Replaces the secrets registered under `group` (e.g. every key in the configuration). */
	readonly setSecrets: (group: string, values: ReadonlyArray<string>) => void;
	/** Adds credentials a request carried (drafts under test, every key of a pool); the newest are kept. */
	readonly addRequestSecrets: (values: ReadonlyArray<string>) => void;
	/** Prints a redacted line to the console whatever the settings (notices the user must see). */
	readonly console: (text: string) => void;
	/** Records one network attempt in the request log (the transports call it). */
	readonly recordRequest: RequestRecorder;
}

export function isLogLevel(value: unknown): value is LogLevel {
	return typeIs(value, "string") && RANK[value as LogLevel] !== undefined;
}

/** How many distinct request credentials the log remembers (the oldest are forgotten first). */
const REQUEST_SECRETS = 64;

export function createLog(): Log {
	const redactor = createRedactor();
	const requestSecrets = new Array<string>();
	const ring = createRing<LogEntry>(LOG_CAPACITY);
	let seq = 0;
	let minimum: LogLevel = "info";
	let mirror = false;
	let secretSerial = 0;
	let delivering = false;

	const consoleLine = (level: LogLevel, text: string) => {
		const line = `[UAI] ${text}`;
		if (RANK[level] >= RANK.warn) warn(line);
		else print(line);
	};

	// A subscriber's error cannot be logged through the log it came from: print it instead.
	const subscriberFailed = (what: string) => (message: string) =>
		warn(`[UAI] ${what} subscriber failed: ${cut(redactor.redact(message), LOG_TEXT_LIMIT)}`);
	const added = createSignal<[LogEntry]>("log.added", subscriberFailed("log"));
	const requestLog = createRequestLog(redactor.redact, subscriberFailed("request log"), () => seq);

	const record = (level: LogLevel, source: string, raw: string) => {
		if (RANK[level] < RANK[minimum]) return;
		const text = cut(redactor.redact(raw.sub(1, REDACT_WINDOW)), LOG_TEXT_LIMIT);
		seq += 1;
		const entry: LogEntry = table.freeze({
			seq,
			time: os.time(),
			clock: os.clock(),
			level,
			source: cut(redactor.redact(source), SOURCE_LIMIT),
			text,
		});
		ring.push(entry);
		if (mirror || RANK[level] >= RANK.warn) consoleLine(level, `${entry.source}: ${text}`);
		// an entry written by a subscriber is kept but not delivered again (no feedback loop)
		if (delivering) return;
		delivering = true;
		added.fire(entry);
		delivering = false;
	};

	const publicWriter =
		(level: LogLevel) =>
		(text: unknown, source?: unknown): void =>
			record(level, source === undefined ? "host" : tostring(source), tostring(text));

	const publicLog: PublicLog = table.freeze({
		debug: publicWriter("debug"),
		info: publicWriter("info"),
		warn: publicWriter("warn"),
		error: publicWriter("error"),
		entries: (query?: EntryQuery) => {
			let list = ring.list();
			if (query !== undefined && typeIs(query, "table")) {
				const level = query.level;
				const source = query.source;
				if (isLogLevel(level)) list = list.filter((entry) => RANK[entry.level] >= RANK[level]);
				if (typeIs(source, "string")) list = list.filter((entry) => entry.source === source);
				list = keepNewest(list, query.limit);
			}
			return table.freeze(list);
		},
		added: added.signal,
		level: () => minimum,
		clear: ring.clear,
		addSecret: (value: unknown) => {
			if (!typeIs(value, "string") || value.size() < 6) {
				return $tuple(undefined, "addSecret expects a string of at least 6 bytes");
			}
			secretSerial += 1;
			const group = `host:${secretSerial}`;
			redactor.setSecrets(group, [value]);
			return $tuple(() => redactor.setSecrets(group, []), undefined);
		},
		capacity: LOG_CAPACITY,
		requests: requestLog.requests,
		requestAdded: requestLog.added,
		clearRequests: requestLog.clear,
		requestCapacity: REQUEST_LOG_CAPACITY,
	});

	return {
		public: publicLog,
		scope: (source) => ({
			debug: (text) => record("debug", source, text),
			info: (text) => record("info", source, text),
			warn: (text) => record("warn", source, text),
			error: (text) => record("error", source, text),
		}),
		setLevel: (level) => {
			minimum = level;
		},
		setMirror: (on) => {
			mirror = on;
		},
		setSecrets: redactor.setSecrets,
		addRequestSecrets: (values) => {
			let added = false;
			for (const value of values) {
				if (requestSecrets.includes(value)) continue;
				requestSecrets.push(value);
				added = true;
			}
			if (!added) return;
			while (requestSecrets.size() > REQUEST_SECRETS) requestSecrets.shift();
			redactor.setSecrets("requests", requestSecrets);
		},
		console: (text) => warn(`[UAI] ${cut(redactor.redact(text), LOG_TEXT_LIMIT)}`),
		recordRequest: requestLog.record,
	};
}
