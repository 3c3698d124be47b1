// Chat: the transcript of the current conversation, a status line, the composer and, below them,
// the conversations by folder (conversations.ts); approvals for every conversation are presented here
// too. The view always shows `uai.sessions.current()` and follows `sessions.listChanged`
// (switches, titles, busy changes) and `sessions.anyEvent` for the shown conversation's events.
import type { Handle } from "../../../client/handle";
import type { PublicSession } from "../../../agent/session";
import type { Tab } from "../../../ui-lib/containers/tab";
import type { Window } from "../../../ui-lib/window/window";
import type { Util } from "../transfer";
import { presentApprovals } from "./approvals";
import { buildComposer } from "./composer";
import { buildConversationList } from "./conversations";
import { createTranscriptView } from "./transcript";

/** Retained conversation and activity lanes together (512 + 256), plus the live preview. */
const TRANSCRIPT_ROWS = 800;

function statusText(session: PublicSession): string {
	return `${session.status !== "" ? session.status : "Ready"}${session.busy ? " · working" : ""} · ${session.turns} turns`;
}

export function buildChatPanel(uai: Handle, window: Window, tab: Tab) {
	const util = uai.env.require("runtime/util") as Util;
	const chat = tab.Section({ Title: "Transcript" });
	const list = chat.List({ Id: "chat-transcript", Text: "", Height: 360, MaxItems: TRANSCRIPT_ROWS });
	const status = chat.Label({ Id: "chat-status", Text: "" });
	const composer = buildComposer(uai, window, chat);
	const view = createTranscriptView(list, util);
	const conversations = buildConversationList(uai, window, tab);

	let shown: PublicSession | undefined;
	let refreshing = false;
	let stale = false;

	const render = () => {
		const current = uai.sessions.current();
		conversations.refresh(current);
		if (current !== shown) {
			shown = current;
			view.show(current);
			composer.show(current);
		} else composer.refresh();
		status.SetText(statusText(current));
	};
	// `sessions.current()` may create a conversation, which fires `listChanged` from inside this
	// call (before the new one is selected): such a nested change renders again afterwards.
	const refresh = () => {
		stale = true;
		if (refreshing) return;
		refreshing = true;
		while (stale) {
			stale = false;
			render();
		}
		refreshing = false;
	};

	window.Give(uai.sessions.listChanged.connect(refresh));
	window.Give(
		uai.sessions.anyEvent.connect((session, event) => {
			if (session !== shown) return;
			view.event(event);
			if (event.kind === "status") status.SetText(statusText(session));
		}),
	);
	presentApprovals(uai, window, util);
	refresh();
}
