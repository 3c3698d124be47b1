// The game link: the command inbox the game long-polls, the acknowledgements it posts, the event
// batches and state snapshots it pushes, and the hub that fans all of it out to browser streams.
import { randomUUID } from "node:crypto";

export const COMMAND_ID = /^[A-Za-z0-9_:-]{4,100}$/;
export const INBOX_WAIT_MAX_S = 25;
/** Commands waiting for the game; the oldest unanswered is refused when full. */
export const INBOX_MAX = 200;
const RECENT_EVENTS = 500;
const RECENT_BATCHES = 200;
/** The game counts as connected while it polled within this many ms. */
const CONNECTED_MS = 35_000;

export interface Command {
	readonly commandId: string;
	readonly type: string;
	readonly [key: string]: unknown;
}

export interface BrowserMessage {
	readonly kind: "snapshot" | "event" | "result" | "delta" | "game" | "inference";
	readonly data: unknown;
}

type Listener = (message: BrowserMessage) => void;

export class Link {
	private readonly queue: Array<{ command: Command; delivered: boolean; browserId: string }> = [];
	private readonly waiters = new Set<() => void>();
	private readonly listeners = new Set<Listener>();
	private readonly recent: unknown[] = [];
	private readonly batches: string[] = [];
	snapshot: Record<string, unknown> | undefined;
	private lastPoll = 0;
	clientId: string | undefined;
	readonly instance = `bridge_${randomUUID()}`;

	get gameConnected(): boolean {
		return this.waiters.size > 0 || Date.now() - this.lastPoll < CONNECTED_MS;
	}

	get imageInput(): boolean {
		return this.snapshot?.imageInput === true;
	}

	gameState(): Record<string, unknown> {
		return { connected: this.gameConnected, clientId: this.clientId ?? null, imageInput: this.imageInput };
	}

	subscribe(listener: Listener): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	broadcast(message: BrowserMessage): void {
		for (const listener of this.listeners) listener(message);
	}

	/** What a newly opened browser stream starts with. */
	backlog(): BrowserMessage[] {
		const out: BrowserMessage[] = [{ kind: "game", data: this.gameState() }];
		if (this.snapshot) out.push({ kind: "snapshot", data: this.snapshot });
		for (const event of this.recent) out.push({ kind: "event", data: event });
		return out;
	}

	enqueue(command: Command, browserId: string): void {
		if (this.queue.some((entry) => entry.command.commandId === command.commandId)) return;
		if (this.queue.length >= INBOX_MAX)
			throw new Error(`the game has ${INBOX_MAX} commands waiting; is it connected?`);
		this.queue.push({ command, delivered: false, browserId });
		for (const wake of this.waiters) wake();
	}

	/** The commands not yet acknowledged; waits up to `waitS` seconds for one to arrive. */
	async poll(clientId: string, waitS: number, signal: AbortSignal): Promise<Command[]> {
		this.seen(clientId);
		const pending = () => this.queue.filter((entry) => !entry.delivered).map((entry) => entry.command);
		if (pending().length === 0 && waitS > 0) {
			await new Promise<void>((resolve) => {
				const wake = () => {
					clearTimeout(timer);
					this.waiters.delete(wake);
					resolve();
				};
				const timer = setTimeout(wake, Math.min(waitS, INBOX_WAIT_MAX_S) * 1000);
				signal.addEventListener("abort", wake, { once: true });
				this.waiters.add(wake);
			});
		}
		this.seen(clientId);
		return pending();
	}

	ack(results: Array<Record<string, unknown>>): number {
		let taken = 0;
		for (const result of results) {
			const index = this.queue.findIndex((entry) => entry.command.commandId === result.id);
			if (index < 0) continue;
			taken += 1;
			if (result.pending === true) {
				this.queue[index].delivered = true;
				this.broadcast({ kind: "result", data: { id: result.id, pending: true } });
				continue;
			}
			this.queue.splice(index, 1);
			this.broadcast({ kind: "result", data: result });
		}
		return taken;
	}

	/** A batch of game events; a batch id seen before is acknowledged and not replayed. */
	events(batchId: string, events: unknown[], snapshot: unknown, clientId: string): boolean {
		this.seen(clientId);
		if (this.batches.includes(batchId)) return false;
		this.batches.push(batchId);
		if (this.batches.length > RECENT_BATCHES) this.batches.shift();
		if (snapshot && typeof snapshot === "object") {
			this.snapshot = snapshot as Record<string, unknown>;
			this.broadcast({ kind: "snapshot", data: snapshot });
		}
		for (const event of events) {
			this.recent.push(event);
			if (this.recent.length > RECENT_EVENTS) this.recent.shift();
			this.broadcast({ kind: "event", data: event });
		}
		return true;
	}

	private seen(clientId: string): void {
		const was = this.gameConnected;
		const changed = this.clientId !== clientId;
		this.lastPoll = Date.now();
		if (changed) {
			// a new game client (a reload): commands handed to the old one are offered again
			this.clientId = clientId;
			for (const entry of this.queue) entry.delivered = false;
		}
		if (!was || changed) this.broadcast({ kind: "game", data: this.gameState() });
	}
}
