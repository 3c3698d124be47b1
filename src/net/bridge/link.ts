// The game's link to the browser bridge (bridge/README.md, "Game link"): an event queue drained
// every 0.15 s in batches that are kept, byte for byte, until the bridge acknowledges them; the
// state snapshot, sent at most once a second and only when it changed; the command inbox, long
// polled for 25 s, each command handled once (ids are remembered) and acknowledged. Failures back
// off up to 10 s; the link keeps trying until disconnected.
import { encode } from "../../runtime/json";
import { HttpCapability } from "../http";
import { BridgeTarget, callBridge, CallResult } from "./calls";

export const EVENT_QUEUE_LIMIT = 200;
export const DRAIN_INTERVAL = 0.15;
export const SNAPSHOT_INTERVAL = 1;
export const INBOX_WAIT = 25;
export const MAX_BACKOFF = 10;
const EVENTS_TIMEOUT = 10;
const REMEMBERED_COMMANDS = 500;

export type LinkState = "disconnected" | "connecting" | "connected" | "reconnecting";

/** A command's answer: done (`ok`, `error`, `data`) or still running (`pending`). */
export interface CommandAnswer {
	readonly ok: boolean;
	readonly error?: string;
	readonly data?: unknown;
}

export interface LinkClock {
	readonly now: () => number;
	readonly wait: (seconds: number) => void;
	readonly spawn: (fn: () => void) => void;
}

export interface LinkDeps {
	readonly http: HttpCapability;
	readonly clientId: string;
	/** Runs one command (may yield) and returns its answer. */
	readonly handle: (command: Record<string, unknown>) => CommandAnswer;
	/** The current state snapshot (a JSON-encodable table). */
	readonly snapshot: () => unknown;
	readonly currentSession: () => string;
	readonly onState?: (state: LinkState, reason?: string) => void;
	readonly clock?: LinkClock;
}

export interface LinkStatus {
	readonly state: LinkState;
	readonly connected: boolean;
	readonly port?: number;
	readonly instance?: string;
	readonly clientId: string;
	readonly reason?: string;
	readonly queued: number;
	readonly dropped: number;
	readonly sent: number;
	readonly commands: number;
}

export interface BridgeLink {
	/** Checks the bridge (hello) and starts the loops; false and why when it cannot. */
	readonly connect: (target: BridgeTarget) => LuaTuple<[boolean, string | undefined]>;
	readonly disconnect: (reason?: string) => boolean;
	readonly status: () => LinkStatus;
	readonly push: (event: Record<string, unknown>) => void;
	/** A call with the link's token and client id (the relay uses it); undefined when not connected. */
	readonly call: (
		method: string,
		path: string,
		body?: unknown,
		options?: { timeout?: number; isCancelled?: () => boolean; routine?: boolean },
	) => CallResult | undefined;
	readonly instance: () => string | undefined;
	readonly connected: () => boolean;
}

const defaultClock: LinkClock = { now: () => os.clock(), wait: (s) => task.wait(s), spawn: (fn) => task.spawn(fn) };

/** Removes the entries that were sent (by identity: others may have been added meanwhile). */
function removeSent(list: Array<object>, sentEntries: ReadonlyArray<object>): void {
	for (const entry of sentEntries) {
		const index = list.indexOf(entry);
		if (index >= 0) list.remove(index);
	}
}

function grow(backoff: number): number {
	return math.min(MAX_BACKOFF, backoff === 0 ? 0.5 : backoff * 2);
}

export function createBridgeLink(deps: LinkDeps): BridgeLink {
	const clock = deps.clock ?? defaultClock;
	let state: LinkState = "disconnected";
	let reason: string | undefined = "not connected";
	let target: BridgeTarget | undefined;
	let instance: string | undefined;
	let generation = 0;
	const queue = new Array<Record<string, unknown>>();
	let dropped = 0;
	let sent = 0;
	let handled = 0;
	let batchSerial = 0;
	let pendingBatch: string | undefined;
	let lastSnapshot: string | undefined;
	let lastSnapshotAt = -math.huge;
	const answers = new Array<Record<string, unknown>>();
	const seen = new Map<string, Record<string, unknown> | undefined>();
	const seenOrder = new Array<string>();

	const setState = (nextTarget: LinkState, why?: string) => {
		const changed = nextTarget !== state || why !== reason;
		state = nextTarget;
		reason = why;
		if (changed) deps.onState?.(nextTarget, why);
	};

	const call: BridgeLink["call"] = (method, path, body, options) =>
		target === undefined ? undefined : callBridge(deps.http, target, method, path, body, options ?? {});

	const remember = (id: string) => {
		seen.set(id, undefined);
		seenOrder.push(id);
		if (seenOrder.size() > REMEMBERED_COMMANDS) seen.delete(seenOrder.shift() as string);
	};

	// events and acks: one loop, one batch in flight, the same encoded text until acknowledged
	const pump = (mine: number) => {
		let backoff = 0;
		while (generation === mine) {
			clock.wait(math.max(DRAIN_INTERVAL, backoff));
			if (generation !== mine) break;
			if (!answers.isEmpty()) {
				const results = answers.filter(() => true);
				const r = call("POST", "/api/agent/ack", { results });
				if (r !== undefined && r.ok) removeSent(answers, results);
			}
			if (pendingBatch === undefined) {
				const now = clock.now();
				let snapshotText: string | undefined;
				let snapshot: unknown;
				if (now - lastSnapshotAt >= SNAPSHOT_INTERVAL) {
					snapshot = deps.snapshot();
					const [text] = encode(snapshot);
					if (text !== undefined && text !== lastSnapshot) snapshotText = text;
					else snapshot = undefined;
				}
				if (queue.isEmpty() && snapshotText === undefined) continue;
				batchSerial += 1;
				const events = [...queue];
				queue.clear();
				const [text, why] = encode({
					batchId: `${deps.clientId}-${batchSerial}`,
					events,
					snapshot,
					sessionId: deps.currentSession(),
				});
				if (text === undefined) {
					dropped += events.size();
					setState(state, `a batch could not be encoded: ${why}`);
					continue;
				}
				pendingBatch = text;
				if (snapshotText !== undefined) {
					lastSnapshot = snapshotText;
					lastSnapshotAt = now;
				}
			}
			const r = target === undefined ? undefined : postBatch(pendingBatch);
			if (r !== undefined && r.ok) {
				pendingBatch = undefined;
				sent += 1;
				backoff = 0;
			} else backoff = grow(backoff);
		}
	};

	const postBatch = (text: string): CallResult => {
		const t = target as BridgeTarget;
		// the kept text goes again as it is (not re-encoded), so a retried batch is the same batch
		return callBridge(
			{ ...deps.http, send: (request) => deps.http.send({ ...request, Body: text }) },
			t,
			"POST",
			"/api/agent/events",
			{},
			{ timeout: EVENTS_TIMEOUT, routine: true },
		);
	};

	const runCommand = (command: Record<string, unknown>) => {
		const id = command.commandId as string;
		handled += 1;
		const [ok, answer] = pcall(deps.handle, command);
		const result: Record<string, unknown> = ok
			? { id, ok: answer.ok, error: answer.error, data: answer.data }
			: { id, ok: false, error: `the command failed: ${tostring(answer)}` };
		seen.set(id, result);
		answers.push(result);
	};

	const inbox = (mine: number) => {
		let backoff = 0;
		while (generation === mine) {
			const r = call("GET", `/api/agent/inbox?wait=${INBOX_WAIT}`, undefined, {
				timeout: INBOX_WAIT + 10,
				routine: true,
			});
			if (generation !== mine) break;
			if (r === undefined || !r.ok) {
				backoff = grow(backoff);
				if (r !== undefined && r.status === 401)
					setState("reconnecting", `the bridge refused the token: ${r.error}`);
				else setState("reconnecting", `the bridge is not answering (${r?.error ?? "no target"}); retrying`);
				clock.wait(backoff);
				continue;
			}
			backoff = 0;
			const document = r.document as { commands?: unknown; instance?: unknown };
			if (typeIs(document.instance, "string") && document.instance !== instance) {
				// a restarted bridge: the kept batch is sent again, the snapshot in full
				instance = document.instance;
				lastSnapshot = undefined;
				lastSnapshotAt = -math.huge;
			}
			setState("connected", undefined);
			const commands = typeIs(document.commands, "table") ? (document.commands as Array<unknown>) : [];
			const fresh = new Array<Record<string, unknown>>();
			for (const raw of commands) {
				if (!typeIs(raw, "table")) continue;
				const command = raw as Record<string, unknown>;
				const id = command.commandId;
				if (!typeIs(id, "string")) continue;
				if (seen.has(id)) {
					const earlier = seen.get(id);
					answers.push(earlier ?? { id, pending: true });
					continue;
				}
				remember(id);
				fresh.push(command);
				answers.push({ id, pending: true });
			}
			if (!answers.isEmpty()) {
				const results = answers.filter(() => true);
				const ack = call("POST", "/api/agent/ack", { results });
				if (ack !== undefined && ack.ok) removeSent(answers, results);
			}
			for (const command of fresh) clock.spawn(() => runCommand(command));
		}
	};

	const link: BridgeLink = {
		connect: (nextTarget) => {
			if (nextTarget.token === "")
				return $tuple(false, "the bridge token is empty: start the bridge and paste the token it prints");
			generation += 1;
			target = nextTarget;
			setState("connecting", undefined);
			const hello = call("GET", "/api/hello");
			if (hello === undefined || !hello.ok) {
				const why =
					hello !== undefined && hello.status === 401
						? "the bridge refused the token (copy the token the bridge printed when it started)"
						: `the bridge at 127.0.0.1:${nextTarget.port} did not answer (${hello?.error ?? "no answer"}); start it with node uai-bridge.js`;
				generation += 1;
				target = undefined;
				setState("disconnected", why);
				return $tuple(false, why);
			}
			const document = hello.document as { protocol?: unknown; instance?: unknown };
			if (document.protocol !== 2) {
				generation += 1;
				target = undefined;
				const why = `the bridge speaks protocol ${tostring(document.protocol)}; this client needs protocol 2 (update the bridge)`;
				setState("disconnected", why);
				return $tuple(false, why);
			}
			instance = typeIs(document.instance, "string") ? document.instance : undefined;
			lastSnapshot = undefined;
			lastSnapshotAt = -math.huge;
			const mine = generation;
			setState("connected", undefined);
			clock.spawn(() => pump(mine));
			clock.spawn(() => inbox(mine));
			return $tuple(true, undefined);
		},
		disconnect: (why) => {
			if (target === undefined) return false;
			generation += 1;
			target = undefined;
			instance = undefined;
			pendingBatch = undefined;
			queue.clear();
			answers.clear();
			setState("disconnected", why ?? "disconnected");
			return true;
		},
		status: () =>
			table.freeze({
				state,
				connected: state === "connected",
				port: target?.port,
				instance,
				clientId: deps.clientId,
				reason,
				queued: queue.size(),
				dropped,
				sent,
				commands: handled,
			}),
		push: (event) => {
			if (target === undefined) return;
			queue.push(event);
			if (queue.size() > EVENT_QUEUE_LIMIT) {
				queue.shift();
				dropped += 1;
			}
		},
		call,
		instance: () => instance,
		connected: () => target !== undefined && state === "connected",
	};
	return link;
}
