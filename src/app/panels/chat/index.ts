// Chat: the transcript of the current conversation filling the page, and the composer with the
// status line docked under it (a tab without search box, counter or heading). The conversations by
// folder are the Conversations tab (conversations.ts), which opens a picked or new conversation
// here; approvals are presented by the window (approvals.ts, attached in mount.ts). The view always shows `uai.sessions.current()` and follows `sessions.listChanged`
// (switches, titles, busy changes) and `sessions.anyEvent` for the shown conversation's events.
import type { Handle, PublicSession, Tab, Window } from "../../../api";
import type { Pause } from "../../slices";
import { statusText } from "./status";
import { buildComposer } from "./composer";
import { buildConversationList } from "./conversations";
import { createTranscriptView } from "./transcript";
import { createAgentRows } from "./rows/agent_rows";
import { answerHooks } from "./rows_openui";

/** Rows of the retained conversation and activity lanes (512 + 256 events, some in several rows). */
const TRANSCRIPT_ROWS = 1200;
/** Events after which the status line's usage and context figures change. */
const STATUS_KINDS = new Set(["status", "usage", "compact", "cleared"]);
/** Work units of one part of the page (the transcript, the composer, the conversation list, the first render): one a frame. */
const PART_UNITS = 2000;

/** Builds the page in slices of the mount (`pause`, ../../slices.ts); whole when it returns. */
export function buildChatPanel(uai: Handle, window: Window, tab: Tab, conversationsTab: Tab, pause: Pause) {
	const util = uai.env.require("runtime/util");
	const log = tab.Section({}).Transcript({
		Id: "chat-transcript",
		// what the docked composer leaves of the page (UI LIB Transcript "Fill")
		Height: "Fill",
		MaxRows: TRANSCRIPT_ROWS,
		Callback: (key: unknown) => view.activate(key),
	});
	pause(PART_UNITS);
	const composer = buildComposer(uai, window, tab.Footer());
	pause(PART_UNITS);
	const view = createTranscriptView(
		log,
		util,
		() => uai.config.get("ui.showReasoning") !== false,
		(job) => window.Give(job),
		uai.env.require("runtime/frame"),
		// a write card's Undo: changes_undo through the tool pipeline (recorded, permission-checked)
		(ids) => {
			const [encoded] = util.encode({ ids });
			const result = uai.tools.dispatch(
				{ id: `undo-${ids[0]}`, name: "changes_undo", arguments: encoded ?? "{}" },
				shown?.toolContext(),
			);
			return tostring(result.text ?? "");
		},
		// interactive answers: rows drawn by the OpenUI renderer; a sending button sends the stored user action
		answerHooks(
			uai,
			() => shown,
			(session, stored) => {
				const [sent, why] = session.send(stored);
				if (sent !== true) window.Notify({ Title: "Not sent", Content: tostring(why), Kind: "Warning" });
			},
		),
	);
	// the agent's questions and task list (questions are followed in every conversation)
	const notes = createAgentRows(view);
	pause(PART_UNITS);
	const statusOf = (session: PublicSession) => statusText(session, uai.config.get("ui.showUsage") !== false);
	const conversations = buildConversationList(uai, window, conversationsTab, () => tab.Select(), pause);
	pause(PART_UNITS);

	let shown: PublicSession | undefined;
	let refreshing = false;
	let stale = false;

	const render = () => {
		const current = uai.sessions.current();
		conversations.refresh(current);
		if (current !== shown) {
			shown = current;
			view.show(current);
			notes.show(current);
			composer.show(current);
		} else composer.refresh();
		composer.status(statusOf(current));
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
			notes.event(session, event, session === shown);
			if (session !== shown) return;
			view.event(event);
			if (STATUS_KINDS.has(event.kind)) composer.status(statusOf(session));
		}),
	);
	// the display settings apply at once: the transcript is rebuilt, the status line rewritten
	window.Give(
		uai.config.changed.connect((path) => {
			if (shown === undefined) return;
			if (path === undefined || path === "ui" || path === "ui.showReasoning") {
				view.show(shown);
				notes.show(shown);
			}
			if (path === undefined || path === "ui" || path === "ui.showUsage") composer.status(statusOf(shown));
		}),
	);
	refresh();
}
