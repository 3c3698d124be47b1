// The composer: a multi-line draft kept per conversation, Send and Stop (shown while a turn
// runs). Send is enabled from `session.busy`, refreshed on `sessions.listChanged` and when a turn
// completes (the send's `onDone`, which runs after the worker is released) — never on the Ready
// status event, which arrives while the session is still busy. A refused send keeps the draft and
// shows the reason (a long draft that cannot be saved as a paste: no file storage, no file_read in
// that conversation, a failing write). A long draft that the runtime saved as a paste is announced
// with its path and size, the `paste` field of the send's `user` event.
import type { Handle, PublicSession, Section, Window } from "../../../api";

/** The Input control's largest MaxLength (UI LIB): a longer paste is cut, and the user is told. */
const DRAFT_LIMIT = 65536;

export interface Composer {
	/** Shows the draft of `session` and its Send/Stop state. */
	readonly show: (session: PublicSession) => void;
	readonly refresh: () => void;
}

export function buildComposer(uai: Handle, window: Window, section: Section): Composer {
	const drafts = new Map<string, string>();
	let session: PublicSession | undefined;
	/** The send in progress: its `user` event shows whether the runtime turned it into a paste. */
	let sending: PublicSession | undefined;

	const draft = section.Input({
		Id: "chat-draft",
		Text: "Message",
		Placeholder: "Ask the agent…",
		MultiLine: true,
		Lines: 2,
		MaxLength: DRAFT_LIMIT,
		Live: true,
		Persist: false,
		Callback: (value: unknown) => {
			if (session === undefined) return;
			const text = tostring(value);
			drafts.set(session.id, text);
			if (text.size() >= DRAFT_LIMIT)
				window.Notify({
					Title: "Draft limit reached",
					Content: `The draft holds at most ${DRAFT_LIMIT} bytes; the rest of the paste was cut.`,
					Kind: "Warning",
				});
		},
	});
	const refresh = () => {
		if (!window.Alive) return;
		const busy = session?.busy === true;
		send.SetDisabled(busy);
		stop.SetDisabled(!busy);
		// Stop shows only while a turn runs: the transcript above has that much more room
		if (stop.Visible !== busy) stop.SetVisible(busy);
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
			sending = target;
			const [ok, reason] = target.send(text, refresh);
			sending = undefined;
			if (!ok) {
				window.Notify({
					Title: "Not sent",
					Content: `${tostring(reason)}. Your draft is kept.`,
					Kind: "Warning",
				});
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

	// on a phone the on-screen keyboard leaves little room: typing keeps Send in view
	draft.RevealWith(send);
	window.Give(
		uai.sessions.anyEvent.connect((from, event) => {
			if (sending === undefined || from !== sending || event.kind !== "user") return;
			sending = undefined;
			const paste = event.paste as { path: string; bytes: number } | undefined;
			if (paste === undefined) return;
			window.Notify({
				Title: "Sent as an attachment",
				Content: `Sent as attachment ${paste.path} (${paste.bytes} bytes): long messages are saved as a file the agent reads with file_read.`,
				Kind: "Info",
			});
		}),
	);

	return {
		show: (shown) => {
			session = shown;
			draft.Set(drafts.get(shown.id) ?? "", true);
			refresh();
		},
		refresh,
	};
}
