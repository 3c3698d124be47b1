// The composer: a multi-line draft kept per conversation, Send and Stop. Send is enabled from
// `session.busy`, refreshed on `sessions.listChanged` and when a turn completes (the send's
// `onDone`, which runs after the worker is released) — never on the Ready status event, which
// arrives while the session is still busy. A refused send keeps the draft.
import type { Handle } from "../../../client/handle";
import type { PublicSession } from "../../../agent/session";
import type { Section } from "../../../ui-lib/containers/section";
import type { Window } from "../../../ui-lib/window/window";

export interface Composer {
	/** Shows the draft of `session` and its Send/Stop state. */
	readonly show: (session: PublicSession) => void;
	readonly refresh: () => void;
}

export function buildComposer(uai: Handle, window: Window, section: Section): Composer {
	const drafts = new Map<string, string>();
	let session: PublicSession | undefined;

	const draft = section.Input({
		Id: "chat-draft",
		Text: "Message",
		Placeholder: "Ask the agent…",
		MultiLine: true,
		Lines: 4,
		MaxLength: 65536,
		Live: true,
		Persist: false,
		Callback: (value: unknown) => {
			if (session !== undefined) drafts.set(session.id, tostring(value));
		},
	});
	const refresh = () => {
		const busy = session?.busy === true;
		send.SetDisabled(busy);
		stop.SetDisabled(!busy);
	};
	const send = section.Button({
		Id: "chat-send",
		Text: "Send the message",
		ActionText: "Send",
		Style: "Primary",
		Callback: () => {
			const target = session;
			if (target === undefined) return;
			const text = drafts.get(target.id) ?? "";
			if (text.match("%S")[0] === undefined) {
				window.Notify({ Title: "Nothing to send", Content: "Type a message first.", Kind: "Warning" });
				return;
			}
			const [ok, reason] = target.send(text, refresh);
			if (!ok) {
				window.Notify({ Title: "Not sent", Content: tostring(reason), Kind: "Warning" });
				return;
			}
			drafts.delete(target.id);
			if (session === target) draft.Set("", true);
			refresh();
		},
	});
	const stop = section.Button({
		Id: "chat-stop",
		Text: "Stop the running turn",
		ActionText: "Stop",
		Style: "Danger",
		Callback: () => {
			session?.abort();
			refresh();
		},
	});

	return {
		show: (shown) => {
			session = shown;
			draft.Set(drafts.get(shown.id) ?? "", true);
			refresh();
		},
		refresh,
	};
}
