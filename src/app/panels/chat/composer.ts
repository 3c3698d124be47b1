// The composer: UI LIB's Composer docked under the transcript, its draft kept per conversation,
// Send beside it and Stop beside Send while a turn runs, and the status line under it. The
// running state follows `session.busy`, refreshed on `sessions.listChanged` and when a turn
// completes (the send's `onDone`, which runs after the worker is released) — never on the Ready
// status event, which arrives while the session is still busy. A refused send keeps the draft and
// shows the reason (a long draft that cannot be saved as a paste: no file storage, no file_read in
// that conversation, a failing write). A long draft that the runtime saved as a paste is announced
// with its path and size, the `paste` field of the send's `user` event.
import type { Handle, PublicSession, Section, Window } from "../../../api";

/** The Composer's largest MaxLength (UI LIB): a longer paste is cut, and the user is told. */
const DRAFT_LIMIT = 65536;

export interface Composer {
	/** Shows the draft of `session` and its Send/Stop state. */
	readonly show: (session: PublicSession) => void;
	readonly refresh: () => void;
	/** The status line under the message box. */
	readonly status: (text: string) => void;
}

export function buildComposer(uai: Handle, window: Window, section: Section): Composer {
	const drafts = new Map<string, string>();
	let session: PublicSession | undefined;
	/** The send in progress: its `user` event shows whether the runtime turned it into a paste. */
	let sending: PublicSession | undefined;

	const refresh = () => {
		if (!window.Alive || !box.Alive) return;
		box.SetRunning(session?.busy === true);
	};
	const box = section.Composer({
		Id: "chat-draft",
		Placeholder: "Ask the agent…",
		MaxLength: DRAFT_LIMIT,
		MaxLines: 8,
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
		OnSend: (value: unknown) => {
			const target = session;
			if (target === undefined) return false;
			const text = tostring(value);
			sending = target;
			const [ok, reason] = target.send(text, refresh);
			sending = undefined;
			if (!ok) {
				window.Notify({
					Title: "Not sent",
					Content: `${tostring(reason)}. Your draft is kept.`,
					Kind: "Warning",
				});
				return false;
			}
			drafts.delete(target.id);
			refresh();
			return true;
		},
		OnStop: () => {
			session?.abort();
			refresh();
		},
	});

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
			box.Set(drafts.get(shown.id) ?? "", true);
			refresh();
		},
		refresh,
		status: (text) => box.SetStatus(text),
	};
}
