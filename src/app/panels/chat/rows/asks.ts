// The agent's questions (`ask:user` events of the ask_user tool; docs/EMBEDDING.md, Events) as the
// chat presents them: each is kept per conversation from its event until its call ends, so a
// question asked while another conversation is shown waits there, and switching back shows it
// again. `answer` hands the text to the event's `resolve`; a question answered elsewhere (by the
// host or the browser bridge) shows that answer once its call's result arrives; one whose call
// ended unanswered (timeout, Stop) answers nothing and says so. Questions are live only: a replayed history has none.
import type { PublicSession } from "../../../../api";

type Event = Readonly<Record<string, unknown>>;

export type AskState = "waiting" | "answered" | "ended";

/** A question's row data (kept by reference in the transcript; the builder reads it). */
export interface AskData {
	readonly key: string;
	readonly id: string;
	readonly question: string;
	readonly choices: ReadonlyArray<string>;
	state: AskState;
	answer?: string;
	/** What the user has typed so far (kept while the row scrolls away). */
	draft: string;
}

interface Pending {
	readonly session: PublicSession;
	readonly data: AskData;
	readonly resolve: (answer: unknown) => unknown;
}

export interface Asks {
	/** Takes an `ask:user` event (returns its row data), or the end of a call (tool:result/tool:error). */
	readonly event: (session: PublicSession, event: Event) => AskData | undefined;
	/** The questions of a conversation, oldest first (waiting or finished while kept). */
	readonly of: (session: PublicSession) => ReadonlyArray<AskData>;
	/** Answers a waiting question; false when its call no longer waits. */
	readonly answer: (key: string, text: string) => boolean;
	/** The row data of a question by key. */
	readonly get: (key: string) => AskData | undefined;
}

/** Questions kept per conversation at most (the oldest finished ones go first). */
const KEPT = 8;

export function createAsks(): Asks {
	const byKey = new Map<string, Pending>();
	const order = new Array<string>();
	let serial = 0;
	const forget = () => {
		while (order.size() > KEPT * 4) {
			const index = order.findIndex((key) => byKey.get(key)?.data.state !== "waiting");
			if (index < 0) break;
			byKey.delete(order.remove(index)!);
		}
	};
	return {
		event: (session, event) => {
			if (event.kind === "ask:user" && typeIs(event.resolve, "function")) {
				serial += 1;
				const choices = new Array<string>();
				if (typeIs(event.choices, "table"))
					for (const choice of event.choices as ReadonlyArray<unknown>)
						if (typeIs(choice, "string")) choices.push(choice);
				const data: AskData = {
					key: `ask:${serial}`,
					id: tostring(event.id),
					question: tostring(event.question ?? ""),
					choices,
					state: "waiting",
					draft: "",
				};
				byKey.set(data.key, { session, data, resolve: event.resolve as (answer: unknown) => unknown });
				order.push(data.key);
				forget();
				return data;
			}
			if (event.kind !== "tool:result" && event.kind !== "tool:error") return undefined;
			for (const key of order) {
				const pending = byKey.get(key)!;
				if (pending.session !== session || pending.data.id !== tostring(event.id)) continue;
				if (pending.data.state !== "waiting") continue;
				// answered elsewhere (the host, the browser bridge): the result says what
				const data = event.data as { answered?: unknown; answer?: unknown } | undefined;
				if (event.kind === "tool:result" && typeIs(data, "table") && typeIs(data.answer, "string")) {
					pending.data.state = "answered";
					pending.data.answer = data.answer;
				} else pending.data.state = "ended";
				return pending.data;
			}
			return undefined;
		},
		of: (session) =>
			order
				.map((key) => byKey.get(key)!)
				.filter((p) => p.session === session)
				.map((p) => p.data),
		answer: (key, text) => {
			const pending = byKey.get(key);
			if (pending === undefined || pending.data.state !== "waiting" || text === "") return false;
			if (pending.resolve(text) !== true) {
				pending.data.state = "ended";
				return false;
			}
			pending.data.state = "answered";
			pending.data.answer = text;
			return true;
		},
		get: (key) => byKey.get(key)?.data,
	};
}
