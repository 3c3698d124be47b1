import { storedContent } from "./openui";

// What the page knows: the game's latest snapshot, each conversation's transcript items built from
// the game's events, live reply text from relay deltas, and command results.
export interface Thread {
	id: string;
	title: string;
	busy?: boolean;
	turns?: number;
	status?: string;
}

export interface ProviderInfo {
	id: string;
	label: string;
	model: string;
	api: string;
	baseUrl: string;
	enabled: boolean;
	hasKey: boolean;
	active: boolean;
}

export interface PendingApproval {
	id: string;
	sessionId: string;
	name: string;
	risk?: string;
	args?: unknown;
	/** Seconds left when the snapshot was made. */
	expiresIn: number;
	/** Set by the page when the snapshot arrives: epoch ms of the timeout. */
	expiresAt?: number;
}

/** A question the agent asked (ask_user), waiting for an answer. */
export interface Question {
	id: string;
	sessionId: string;
	question: string;
	choices?: string[];
	expiresIn: number;
}

/** A sub-agent running for a conversation. */
export interface Subagent {
	id: string;
	sessionId: string;
	task: string;
	preset?: string;
}

export interface RequestEntry {
	at?: number;
	method?: string;
	url?: string;
	status?: number;
	ms?: number;
	tag?: string;
	via?: string;
	error?: string;
}

export interface Snapshot {
	protocol: number;
	imageInput: boolean;
	sessionId: string;
	status?: string;
	busy?: boolean;
	runtime?: string;
	relayTimeout?: number;
	player?: string;
	permissionMode?: string;
	settings?: Record<string, unknown>;
	threads: Thread[];
	providers: ProviderInfo[];
	permissions: PendingApproval[];
	questions?: Question[];
	subagents?: Subagent[];
	tools?: Array<{ name: string; group?: string; risk?: string; enabled?: boolean }>;
	requests?: RequestEntry[];
	logs?: Array<{ level: string; text: string; at?: number }>;
}

export interface GameEvent {
	seq: number;
	sessionId: string;
	kind: string;
	at?: number;
	data: Record<string, unknown>;
}

export type Item =
	| { type: "user"; key: string; text: string; images: string[] }
	| { type: "assistant"; key: string; text: string; live?: boolean; openui?: string; answerId?: string }
	| { type: "reasoning"; key: string; text: string }
	| {
			type: "tool";
			key: string;
			id: string;
			name: string;
			args: string;
			state: "running" | "ok" | "error";
			result?: string;
	  }
	| { type: "approval"; key: string; id: string; name: string; args?: unknown; expiresAt: number }
	| { type: "notice"; key: string; text: string; level: "error" | "info" };

export interface Conversation {
	items: Item[];
	live: string;
	liveReasoning: string;
	/** The live text comes from the bridge's relay deltas (the game's own previews are then ignored). */
	relayed: boolean;
	seen: Set<number>;
}

export const emptyConversation = (): Conversation => ({
	items: [],
	live: "",
	liveReasoning: "",
	relayed: false,
	seen: new Set(),
});

/** Appends a relay delta to the live text. */
export function applyDelta(conversation: Conversation, text: string, reasoning: string): Conversation {
	return {
		...conversation,
		relayed: true,
		live: conversation.live + text,
		liveReasoning: conversation.liveReasoning + reasoning,
	};
}

const endLive = (c: Conversation) => {
	c.live = "";
	c.liveReasoning = "";
	c.relayed = false;
};

const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v));

/** Applies one game event to a conversation (returns a new object for React). */
export function applyEvent(conversation: Conversation, event: GameEvent): Conversation {
	if (conversation.seen.has(event.seq)) return conversation;
	const next: Conversation = { ...conversation, items: [...conversation.items], seen: new Set(conversation.seen) };
	next.seen.add(event.seq);
	const d = event.data;
	const key = `e${event.seq}`;
	switch (event.kind) {
		case "user":
			next.items.push({
				type: "user",
				key,
				text: storedContent(str(d.text)),
				images: Array.isArray(d.images) ? (d.images as string[]) : [],
			});
			// relay deltas can come before the user event that starts their turn (the game queues its
			// events for up to 0.15 s, the bridge forwards deltas at once): they are this turn's
			if (!next.relayed) endLive(next);
			break;
		case "assistant:preview":
			if (next.relayed) break;
			next.live = str(d.text);
			next.liveReasoning = str(d.reasoning);
			break;
		case "assistant:reasoning":
			next.items.push({ type: "reasoning", key, text: str(d.text) });
			break;
		case "assistant:text":
			if (str(d.text) !== "")
				next.items.push({
					type: "assistant",
					key,
					text: str(d.text),
					openui: typeof d.openui === "string" ? d.openui : undefined,
					answerId: str(d.transcriptId),
				});
			endLive(next);
			break;
		case "answer:state": {
			// a stored answer's page state was written back (here, in the game's Chat, or after a reload)
			const index = next.items.findIndex((item) => item.type === "assistant" && item.answerId === d.answerId);
			if (index >= 0 && typeof d.openui === "string")
				next.items[index] = {
					...(next.items[index] as Extract<Item, { type: "assistant" }>),
					text: str(d.text),
					openui: d.openui,
				};
			break;
		}
		case "tool:call":
			next.items.push({
				type: "tool",
				key,
				id: str(d.id),
				name: str(d.name),
				args: str(d.arguments),
				state: "running",
			});
			break;
		case "tool:result":
		case "tool:error": {
			const index = next.items.findIndex((item) => item.type === "tool" && item.id === d.id);
			const result = event.kind === "tool:result" ? str(d.text) : str(d.error ?? d.text);
			if (index >= 0) {
				const item = next.items[index] as Extract<Item, { type: "tool" }>;
				next.items[index] = { ...item, state: event.kind === "tool:result" ? "ok" : "error", result };
			}
			break;
		}
		case "error":
			next.items.push({ type: "notice", key, text: str(d.message), level: "error" });
			endLive(next);
			break;
		case "abort":
			next.items.push({ type: "notice", key, text: "Stopped.", level: "info" });
			endLive(next);
			break;
		case "assistant:complete":
		case "turn:end":
			// as the game's Chat: a reply's end, or a turn's, ends its live text
			endLive(next);
			break;
		case "cleared":
			return { ...emptyConversation(), seen: next.seen };
		default:
			break;
	}
	return next;
}
