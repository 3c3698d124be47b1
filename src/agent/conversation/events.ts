// Session events: every stage of a turn emits one. `emit` stamps `kind` and `at` (epoch ms),
// gives durable kinds a `transcriptId` and retains their copy, keeps the live preview and live
// request current, and delivers the frozen event to the session's signal, the manager's
// `anyEvent` and the `onEvent` hooks (as `{ session, event }`). Handlers run protected (the signal
// reports their errors).
import { laneOf, Transcript } from "./transcript";

export type SessionEvent = Readonly<Record<string, unknown>> & { readonly kind: string; readonly at: number };

export interface LiveState {
	livePreview?: Readonly<Record<string, unknown>>;
	liveRequest?: Readonly<Record<string, unknown>>;
}

export interface EmitterDeps {
	/** Undefined for headless sessions: events are delivered but nothing is retained. */
	readonly transcript: Transcript | undefined;
	readonly live: LiveState;
	/** Hands the frozen event to the session's signal, `anyEvent` and the `onEvent` hooks. */
	readonly deliver: (event: SessionEvent) => void;
}

export type Emit = (kind: string, fields?: Readonly<Record<string, unknown>>) => SessionEvent;

/** Kinds that end the live preview and live request. */
const CLEARS_LIVE = new Set(["assistant:complete", "abort", "error", "cleared", "turn:end"]);

export function epochMs(): number {
	return math.floor(tick() * 1000);
}

// transcript ids stay unique across restores: the stamp of this client run, then a counter
let serial = 0;
const runStamp = math.floor(tick() * 1000);

export function createEmitter(deps: EmitterDeps): Emit {
	return (kind, fields) => {
		const event: Record<string, unknown> = {};
		if (fields !== undefined) for (const [key, value] of pairs(fields)) event[key as string] = value;
		event.kind = kind;
		event.at = epochMs();
		if (deps.transcript !== undefined && laneOf(kind) !== undefined) {
			serial += 1;
			event.transcriptId = `t${runStamp}.${serial}`;
			deps.transcript.add(event);
		}
		const frozen = table.freeze(event) as SessionEvent;
		const live = deps.live;
		if (kind === "request:start") live.liveRequest = frozen;
		else if (kind === "assistant:preview") live.livePreview = frozen;
		else if (kind === "request:done") live.liveRequest = undefined;
		if (CLEARS_LIVE.has(kind) || (kind === "status" && event.text === "Ready")) {
			live.livePreview = undefined;
			live.liveRequest = undefined;
		}
		deps.deliver(frozen);
		return frozen;
	};
}
