// Approvals: every `permission:ask` of any conversation (`sessions.anyEvent`) becomes a dialog naming
// the tool, its risk, description and arguments, one at a time in arrival order. Only the user's
// press answers: Deny, Allow, or Always allow (remember, when `permissions.remember` is on). The
// asks are live events only — the transcript never retains them — so opening the view or
// replaying history cannot answer one. When the call ends unanswered (timeout, Stop, cancellation,
// the tool's removal: its `tool:error` arrives) the dialog closes and a notice says why; a press
// after the wait ended answers nothing and says so.
import type { Handle } from "../../../client/handle";
import type { PublicSession } from "../../../agent/session";
import type { PanelHandle } from "../../../ui-lib/overlays/panel";
import type { Window } from "../../../ui-lib/window/window";
import type { Util } from "../transfer";
import { argumentsText } from "./items";

type Event = Readonly<Record<string, unknown>>;
type Resolve = (decision: boolean, remember: boolean) => boolean;

interface Ask {
	readonly session: PublicSession;
	readonly event: Event;
	readonly resolve: Resolve;
}

export function presentApprovals(uai: Handle, window: Window, util: Util) {
	const queue = new Array<Ask>();
	let shown: { readonly ask: Ask; readonly dialog: PanelHandle } | undefined;

	const answer = (ask: Ask, decision: boolean, remember: boolean) => {
		shown = undefined;
		if (!ask.resolve(decision, remember))
			window.Notify({
				Title: `${tostring(ask.event.name)}: no longer waiting`,
				Content: "The request had already ended (timeout, Stop or cancellation); nothing ran.",
				Kind: "Warning",
			});
		presentNext();
	};
	/** The call of `ask` ended without an answer: its dialog closes, or it leaves the queue. */
	const ended = (session: PublicSession, event: Event) => {
		const matches = (ask: Ask) => ask.session === session && ask.event.id === event.id;
		if (shown === undefined || !matches(shown.ask)) {
			const index = queue.findIndex(matches);
			if (index >= 0) queue.remove(index);
			return;
		}
		shown.dialog.Close();
		shown = undefined;
		window.Notify({
			Title: `${tostring(event.name)}: not answered`,
			Content: `The approval ended (${tostring(event.error)}); nothing ran.`,
			Kind: "Warning",
		});
		presentNext();
	};
	const presentNext = () => {
		const ask = queue.shift();
		if (ask === undefined) return;
		const { event } = ask;
		const buttons = [
			{ Text: "Deny", Style: "Danger", Callback: () => answer(ask, false, false) },
			{ Text: "Allow", Style: "Primary", Callback: () => answer(ask, true, false) },
		];
		if (uai.config.get("permissions.remember") === true)
			buttons.push({ Text: "Always allow", Style: "Secondary", Callback: () => answer(ask, true, true) });
		const dialog = window.Dialog({
			Title: `Allow ${tostring(event.name)}?`,
			Content: [
				`Conversation: ${ask.session.title}`,
				`Risk: ${tostring(event.risk)}`,
				tostring(event.description ?? ""),
				`Arguments: ${argumentsText(event.args, util)}`,
			].join("\n"),
			Buttons: buttons,
			Dismissible: false,
			Height: 360,
		});
		shown = { ask, dialog };
	};

	window.Give(
		uai.sessions.anyEvent.connect((session, event) => {
			if (event.kind === "tool:error") return ended(session, event);
			if (event.kind !== "permission:ask" || !typeIs(event.resolve, "function")) return;
			queue.push({ session, event, resolve: event.resolve as Resolve });
			if (shown === undefined) presentNext();
		}),
	);
}
