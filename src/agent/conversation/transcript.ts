// The retained transcript of one conversation: durable events copied to primitives and kept in
// three lanes with separate budgets (conversation, lifecycle, activity). Transient events
// (status, previews, progress, approvals) are live state only and never retained. Eviction drops
// the oldest entries of a full lane and counts what was omitted, so `metadata()` can say so.
import { spend } from "../../host/frame";
import { cutBytes } from "../dispatch/text";

export type Lane = "conversation" | "lifecycle" | "activity";

interface Budget {
	readonly events: number;
	readonly bytes: number;
}

export const LANE_BUDGETS: Readonly<Record<Lane, Budget>> = {
	conversation: { events: 512, bytes: 1024 * 1024 },
	lifecycle: { events: 128, bytes: 256 * 1024 },
	activity: { events: 256, bytes: 256 * 1024 },
};

/** Each retained field at most 24,000 bytes; an event at most 64 fields; keys at most 80 bytes. */
export const FIELD_LIMIT = 24000;
const FIELDS_PER_EVENT = 64;
const KEY_LIMIT = 80;
const NESTING = 4;

const LANE_OF: Readonly<Record<string, Lane>> = {
	user: "conversation",
	"assistant:text": "conversation",
	compact: "conversation",
	error: "conversation",
	abort: "conversation",
	notice: "conversation",
	"subagent:start": "lifecycle",
	"subagent:done": "lifecycle",
	"turn:start": "activity",
	"turn:end": "activity",
	"assistant:reasoning": "activity",
	"tool:call": "activity",
	"tool:result": "activity",
	"tool:error": "activity",
	"subagent:tool": "activity",
	"subagent:tool:done": "activity",
	"subagent:text": "activity",
	"request:retry": "activity",
	"provider:switch": "activity",
};

/** The lane that retains `kind`, or undefined for a transient kind. */
export function laneOf(kind: string): Lane | undefined {
	return LANE_OF[kind];
}

export type Retained = Readonly<Record<string, unknown>>;

export interface TranscriptMetadata {
	readonly version: number;
	readonly retained: number;
	readonly omitted: Readonly<Record<Lane, number>>;
	readonly truncatedFields: number;
	readonly recovered: boolean;
}

interface Entry {
	readonly lane: Lane;
	readonly event: Retained;
	readonly bytes: number;
}

/** A primitive-only copy of `value`, strings cut to the field limit and labelled as excerpts. */
function sanitize(value: unknown, depth: number, cut: { count: number }): LuaTuple<[unknown, number]> {
	if (typeIs(value, "string")) {
		if (value.size() <= FIELD_LIMIT) return $tuple(value, value.size());
		cut.count += 1;
		const excerpt = `${cutBytes(value, FIELD_LIMIT - 64)[0]}\n[excerpt: ${value.size()} bytes, cut to fit the transcript]`;
		return $tuple(excerpt, excerpt.size());
	}
	if (typeIs(value, "number") || typeIs(value, "boolean")) return $tuple(value, 8);
	if (!typeIs(value, "table") || depth >= NESTING) return $tuple(undefined, 0);
	const out: Record<string, unknown> = {};
	let bytes = 2;
	let fields = 0;
	for (const [key, entry] of pairs(value as Record<string | number, unknown>)) {
		if (fields >= FIELDS_PER_EVENT) break;
		if (typeIs(key, "string") && key.size() > KEY_LIMIT) continue;
		if (!typeIs(key, "string") && !typeIs(key, "number")) continue;
		const [copied, size] = sanitize(entry, depth + 1, cut);
		if (copied === undefined) continue;
		(out as Record<string | number, unknown>)[key] = copied;
		bytes += size + 8;
		fields += 1;
	}
	return $tuple(table.freeze(out), bytes);
}

export interface Transcript {
	/** Retains a copy of a durable event (returns the copy), or nothing for transient kinds. */
	readonly add: (event: Readonly<Record<string, unknown>>) => Retained | undefined;
	readonly snapshot: () => ReadonlyArray<Retained>;
	readonly metadata: () => TranscriptMetadata;
	readonly clear: () => void;
	/** Sets one field of the retained event with `transcriptId` (a new copy); false when none is retained. */
	readonly update: (transcriptId: string, field: string, value: string) => boolean;
	/** Replaces the contents with saved events (restore); `recovered` marks a restored history. */
	readonly load: (events: ReadonlyArray<unknown>, omitted: unknown) => void;
}

const METADATA_VERSION = 2;
// Restoring one saved event (copied field by field), and per byte it holds.
const LOAD_EVENT_UNITS = 6;
const LOAD_BYTES_PER_UNIT = 256;

export function createTranscript(): Transcript {
	let entries = new Array<Entry>();
	const usage: Record<Lane, { events: number; bytes: number }> = {
		conversation: { events: 0, bytes: 0 },
		lifecycle: { events: 0, bytes: 0 },
		activity: { events: 0, bytes: 0 },
	};
	const omitted: Record<Lane, number> = { conversation: 0, lifecycle: 0, activity: 0 };
	const cut = { count: 0 };
	let recovered = false;

	const evict = (lane: Lane) => {
		const budget = LANE_BUDGETS[lane];
		const used = usage[lane];
		while (used.events > budget.events || used.bytes > budget.bytes) {
			const index = entries.findIndex((entry) => entry.lane === lane);
			if (index < 0) break;
			const gone = entries.remove(index)!;
			used.events -= 1;
			used.bytes -= gone.bytes;
			omitted[lane] += 1;
		}
	};

	const retain = (lane: Lane, event: Retained, bytes: number) => {
		entries.push({ lane, event, bytes });
		usage[lane].events += 1;
		usage[lane].bytes += bytes;
		evict(lane);
	};

	const reset = () => {
		entries = [];
		for (const lane of ["conversation", "lifecycle", "activity"] as const) {
			usage[lane].events = 0;
			usage[lane].bytes = 0;
			omitted[lane] = 0;
		}
		cut.count = 0;
	};

	return {
		add: (event) => {
			const lane = laneOf(event.kind as string);
			if (lane === undefined) return undefined;
			const [copy, bytes] = sanitize(event, 0, cut);
			retain(lane, copy as Retained, bytes);
			return copy as Retained;
		},
		snapshot: () => table.freeze(entries.map((entry) => entry.event)),
		metadata: () =>
			table.freeze({
				version: METADATA_VERSION,
				retained: entries.size(),
				omitted: table.freeze({ ...omitted }),
				truncatedFields: cut.count,
				recovered,
			}),
		clear: reset,
		update: (transcriptId, field, value) => {
			const index = entries.findIndex((entry) => entry.event.transcriptId === transcriptId);
			if (index < 0) return false;
			const entry = entries[index];
			const [copy, bytes] = sanitize({ ...entry.event, [field]: value }, 0, cut);
			entries[index] = { lane: entry.lane, event: copy as Retained, bytes };
			usage[entry.lane].bytes += bytes - entry.bytes;
			evict(entry.lane);
			return true;
		},
		load: (events, savedOmitted) => {
			reset();
			recovered = true;
			for (const raw of events) {
				if (!typeIs(raw, "table")) continue;
				const kind = (raw as { kind?: unknown }).kind;
				const lane = typeIs(kind, "string") ? laneOf(kind) : undefined;
				if (lane === undefined) continue;
				const [copy, bytes] = sanitize(raw, 0, cut);
				retain(lane, copy as Retained, bytes);
				// a long transcript is restored over several frames (host/frame.ts)
				spend(LOAD_EVENT_UNITS + bytes / LOAD_BYTES_PER_UNIT);
			}
			if (typeIs(savedOmitted, "table")) {
				for (const lane of ["conversation", "lifecycle", "activity"] as const) {
					const count = (savedOmitted as Record<string, unknown>)[lane];
					if (typeIs(count, "number") && count >= 0) omitted[lane] += math.floor(count);
				}
			}
		},
	};
}
