// A tool call's card as a transcript row: the tool's name, risk and state, its arguments, the
// latest progress while it runs, then the result the way its family reads best (result_views.ts:
// a diff for file writes and edits, a Luau run's output, the task list) or the result text, and a
// write's recorded game changes. Long parts fold (FOLD_LINES lines); the card's buttons are Show
// all / Fold and Undo changes, which the chat page's `press(key, action)` handles (it keeps the
// card's state in the row data, so a card scrolled away and back is drawn as it was left).
import { splitLines } from "../../../markdown/blocks";
import { type Card, changesMarkup, UNDO_ACTION } from "../cards";
import { block, button, card as cardFrame, column, line, RowContext, text } from "./kit";
import { bounded, drawResult, FOLD_LINES } from "./result_draw";
import { resultView } from "./result_views";

/** Arguments of a call whose result has a view of its own fold sooner: the view shows the change. */
const VIEW_ARGUMENT_LINES = 4;

export type CardAction = "fold" | "undo";

function state(data: Card): string {
	if (data.outcome === undefined) return "running";
	if (!data.outcome.ok) return "failed";
	return data.outcome.ms !== undefined ? `done in ${data.outcome.ms} ms` : "done";
}

function folded(source: string, limit: number, expanded: boolean): LuaTuple<[string, number]> {
	const lines = splitLines(source);
	if (!expanded && lines.size() > limit) {
		const shown = lines.filter((_, i) => i < limit).join("\n");
		return $tuple(shown, lines.size() - limit);
	}
	return bounded(lines, expanded);
}

function withMore(shown: string, hidden: number): string {
	return hidden > 0 ? `${shown}\n… ${hidden} more line${hidden === 1 ? "" : "s"}` : shown;
}

function draw(container: Frame, data: Card, ctx: RowContext, press: (key: string, action: CardAction) => void) {
	const outcome = data.outcome;
	const accent = outcome === undefined ? ctx.Theme.Accent : outcome.ok ? ctx.Theme.Border : ctx.Theme.Danger;
	const frame = cardFrame(container, ctx, "ToolCard", accent);
	const head = line(frame, "Head", 0, 8);
	const title = text(head, ctx, "Name", 0, `Tool call · ${data.name}`, { style: "Title" });
	title.Size = new UDim2(0, 0, 0, 0);
	title.AutomaticSize = Enum.AutomaticSize.XY;
	const meta = text(head, ctx, "State", 1, `(${data.risk}) · ${state(data)}`, {
		style: "Caption",
		color: outcome === undefined ? ctx.Theme.Accent : outcome.ok ? ctx.Theme.Success : ctx.Theme.Danger,
	});
	meta.Size = new UDim2(0, 0, 0, 0);
	meta.AutomaticSize = Enum.AutomaticSize.XY;

	const view = outcome !== undefined ? resultView(data.name, outcome.ok, outcome.text, data.data) : undefined;
	const hasView = view !== undefined && view.kind !== "text";
	let hidden = 0;
	if (data.args !== undefined && data.args !== "" && data.args !== "{}") {
		const [shown, more] = folded(data.args, hasView ? VIEW_ARGUMENT_LINES : FOLD_LINES, data.expanded);
		block(frame, ctx, "Arguments", 1, withMore(shown, more));
		hidden += more;
	}
	if (outcome === undefined && data.progress !== undefined)
		text(frame, ctx, "Progress", 2, data.progress, { style: "Caption" });
	if (outcome !== undefined) {
		const body = column(frame, "Result", 3, 4);
		if (view !== undefined && hasView) hidden += drawResult(body, ctx, view, 0, data.expanded);
		else {
			const [shown, more] = folded(outcome.text, FOLD_LINES, data.expanded);
			block(
				body,
				ctx,
				outcome.ok ? "Text" : "Error",
				0,
				withMore(shown, more),
				outcome.ok ? undefined : ctx.Theme.Danger,
				0.82,
			);
			hidden += more;
		}
	}
	const undoable = data.changes !== undefined && data.changes.size() > 0;
	if (undoable)
		text(frame, ctx, "Changes", 4, changesMarkup(data.changes!, data.undone), { style: "Caption", rich: true });
	const actions = line(frame, "Actions", 5, 6);
	if (undoable && data.undone === undefined)
		button(actions, ctx, "Undo", 0, UNDO_ACTION, () => press(data.key, "undo"));
	if (hidden > 0 || data.expanded)
		button(actions, ctx, "Fold", 1, data.expanded ? "Fold" : `Show all (${hidden} more lines)`, () =>
			press(data.key, "fold"),
		);
}

/**
 * The builder of tool-card rows. `press(key, action)` is called when the user presses a card's
 * button; the chat page changes the card and updates its row.
 */
export function toolCardBuilder(press: (key: string, action: CardAction) => void) {
	// no Update: a changed card is built again (its buttons' connections go with the old row)
	return (container: Frame, data: Card, ctx: RowContext) => {
		draw(container, data, ctx, press);
		return undefined;
	};
}
