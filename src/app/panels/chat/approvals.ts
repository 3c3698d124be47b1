// Approvals: every `permission:ask` of any conversation (`sessions.anyEvent`) is queued for the
// client's lifetime and presented by the mounted window as a dialog naming the tool, its risk,
// description and arguments, one at a time in arrival order, with a countdown to the ask's own
// `deadline` (on the `os.clock()` clock) refreshed once a second. An ask that arrives while no
// window is mounted, or whose window closes, waits in the queue for the next mount. Only the
// user's press answers: Deny, Allow, Always allow (remember, when `permissions.remember` is on), or
// Stop turn, which stops the conversation's turn (the modal dialog hides the composer's Stop).
// Asks are live events only — the transcript never retains them — so opening the view or
// replaying history cannot answer one. When the call ends unanswered (its `tool:error` arrives) it
// leaves the queue, its dialog closes and a notice says how: timed out, cancelled (Stop) or
// cancelled for another reason; a press after the wait ended answers nothing and says so.
import type { DialogHandle, Handle, PublicSession, PublicUtil, Window } from "../../../api";
import { argumentsText, countdownText, endedHow } from "./approval_text";

type Event = Readonly<Record<string, unknown>>;
type Resolve = (decision: boolean, remember: boolean) => boolean;

interface Ask {
	readonly session: PublicSession;
	readonly event: Event;
	readonly resolve: Resolve;
}

export interface ApprovalPresenter {
	/** Presents the queue in `window` until the window is destroyed. */
	readonly attach: (window: Window) => void;
	/** Stops listening (the client unloads). */
	readonly destroy: () => void;
}

export function createApprovalPresenter(uai: Handle, util: PublicUtil): ApprovalPresenter {
	const queue = new Array<Ask>();
	let window: Window | undefined;
	let shown: { readonly ask: Ask; readonly dialog: DialogHandle; readonly text: string } | undefined;
	/** The ask whose dialog Stop turn closed: its end is still announced. */
	let stopped: Ask | undefined;
	let ticker: thread | undefined;

	const stopTicker = () => {
		if (ticker !== undefined && ticker !== coroutine.running()) task.cancel(ticker);
		ticker = undefined;
	};
	/** Refreshes the countdown now and at the next whole second of the time left. */
	const tick = () => {
		ticker = undefined;
		if (shown === undefined || shown.dialog.Closed) return;
		const left = countdownText(shown.ask.event.deadline);
		shown.dialog.SetContent(left !== undefined ? `${left}\n${shown.text}` : shown.text);
		const deadline = shown.ask.event.deadline;
		if (!typeIs(deadline, "number") || deadline <= os.clock()) return;
		const fraction = (deadline - os.clock()) % 1;
		ticker = task.delay(fraction > 0.001 ? fraction : 1, tick);
	};
	const close = () => {
		stopTicker();
		shown = undefined;
	};
	const notify = (title: string, content: string) =>
		window?.Notify({ Title: title, Content: content, Kind: "Warning" });

	const answer = (ask: Ask, decision: boolean, remember: boolean) => {
		close();
		if (!ask.resolve(decision, remember))
			notify(
				`${tostring(ask.event.name)}: no longer waiting`,
				"The request had already ended (timeout, Stop or cancellation); nothing ran.",
			);
		presentNext();
	};
	const stopTurn = (ask: Ask) => {
		close();
		stopped = ask;
		ask.session.abort();
		presentNext();
	};
	/** The call of an ask ended without an answer: it leaves the queue, or its dialog closes. */
	const ended = (session: PublicSession, event: Event) => {
		const matches = (ask: Ask) => ask.session === session && ask.event.id === event.id;
		if (stopped !== undefined && matches(stopped)) stopped = undefined;
		else if (shown !== undefined && matches(shown.ask)) {
			shown.dialog.Close();
			close();
		} else {
			const index = queue.findIndex(matches);
			if (index >= 0) queue.remove(index);
			return;
		}
		const how = endedHow(event);
		notify(`${tostring(event.name)}: not answered (${how})`, `The approval ${how}; nothing ran.`);
		presentNext();
	};
	const presentNext = () => {
		if (shown !== undefined || window === undefined) return;
		const ask = queue.shift();
		if (ask === undefined) return;
		const { event } = ask;
		const buttons = [
			{ Text: "Deny", Style: "Danger", Callback: () => answer(ask, false, false) },
			{ Text: "Allow", Style: "Primary", Callback: () => answer(ask, true, false) },
		];
		if (uai.config.get("permissions.remember") === true)
			buttons.push({ Text: "Always allow", Style: "Secondary", Callback: () => answer(ask, true, true) });
		// last: where gamepad selection starts, so a reflexive ButtonA runs nothing
		buttons.push({ Text: "Stop turn", Style: "Secondary", Callback: () => stopTurn(ask) });
		const subagent = event.subagent as { id?: unknown; task?: unknown } | undefined;
		const text = [
			`Conversation: ${ask.session.title}`,
			...(subagent !== undefined
				? [`Asked by sub-agent ${tostring(subagent.id)}: ${tostring(subagent.task)}`]
				: []),
			`Risk: ${tostring(event.risk)}`,
			tostring(event.description ?? ""),
			`Arguments: ${argumentsText(event.args, util)}`,
		].join("\n");
		const dialog = window.Dialog({
			Title: `Allow ${tostring(event.name)}?`,
			Content: text,
			Buttons: buttons,
			Dismissible: false,
			Height: 380,
		});
		shown = { ask, dialog, text };
		tick();
	};

	const unsubscribe = uai.sessions.anyEvent.connect((session, event) => {
		// a sub-agent's call that ended unanswered reaches its parent as a failed subagent:tool:done
		if (event.kind === "tool:error" || (event.kind === "subagent:tool:done" && event.ok === false))
			return ended(session, event);
		if (event.kind !== "permission:ask" || !typeIs(event.resolve, "function")) return;
		queue.push({ session, event, resolve: event.resolve as Resolve });
		presentNext();
	});

	return {
		attach: (attached) => {
			window = attached;
			attached.Give(() => {
				if (window !== attached) return;
				// the dialog went with its window: the ask waits for the next one
				if (shown !== undefined) queue.unshift(shown.ask);
				close();
				window = undefined;
			});
			presentNext();
		},
		destroy: () => {
			unsubscribe();
			close();
			window = undefined;
			queue.clear();
		},
	};
}
