// Draws a family's result view (result_views.ts) into a tool card: a diff as a header per hunk
// ("@@ line 12 · 2 occurrences") over a red block of removed lines and a green block of added
// ones; a Luau run as its ending, the captured output in a code block, the returned values and an
// error in red; a task list as one line per item with its status. Folded, each block shows its
// first FOLD_LINES lines and says how many more there are; unfolded, up to SHOWN_LINES.
import { escapeRich } from "../../../markdown/escape";
import { block, column, RowContext, text } from "./kit";
import type { DiffHunk, ResultView, TodoEntry } from "./result_views";

export const FOLD_LINES = 12;
const SHOWN_LINES = 200;
/** Background transparency of the removed/added tints over the card. */
const TINT = 0.82;

/** The lines of a block, bounded, and whether any were left out. */
export function bounded(lines: ReadonlyArray<string>, expanded: boolean): LuaTuple<[string, number]> {
	const limit = expanded ? SHOWN_LINES : FOLD_LINES;
	const shown = lines.filter((_, i) => i < limit);
	return $tuple(shown.join("\n"), math.max(0, lines.size() - shown.size()));
}

function marked(lines: ReadonlyArray<string>, mark: string, expanded: boolean): LuaTuple<[string, number]> {
	return bounded(
		lines.map((l) => `${mark} ${l}`),
		expanded,
	);
}

function more(count: number): string {
	return `\n… ${count} more line${count === 1 ? "" : "s"}`;
}

function drawHunk(parent: Instance, ctx: RowContext, hunk: DiffHunk, order: number, expanded: boolean): number {
	const times = hunk.count > 1 ? ` · ${hunk.count} occurrences` : "";
	text(parent, ctx, `Hunk${order}`, order, `@@ line ${hunk.line}${times}`, {
		style: "Caption",
		color: ctx.Theme.Muted,
	});
	// the removed lines on red, then the added lines on green
	let folded = 0;
	const side = (lines: ReadonlyArray<string>, mark: string, name: string, offset: number, tint: Color3) => {
		if (lines.isEmpty()) return;
		const [shown, hidden] = marked(lines, mark, expanded);
		block(parent, ctx, `${name}${order}`, order + offset, hidden > 0 ? shown + more(hidden) : shown, tint, TINT);
		folded += hidden;
	};
	side(hunk.removed, "-", "Removed", 1, ctx.Theme.Danger);
	side(hunk.added, "+", "Added", 2, ctx.Theme.Success);
	return folded;
}

const TODO_MARKS: Record<string, string> = { pending: "[ ]", active: "[>]", done: "[x]", dropped: "[-]" };

function todoColor(ctx: RowContext, status: string): Color3 {
	if (status === "active") return ctx.Theme.Accent;
	if (status === "done") return ctx.Theme.Success;
	if (status === "dropped") return ctx.Theme.Muted;
	return ctx.Theme.Text;
}

/** The task list, one line per item: its mark, its text and its status. */
export function drawTodos(parent: Instance, ctx: RowContext, items: ReadonlyArray<TodoEntry>, order: number) {
	const list = column(parent, "Todos", order, 2);
	if (items.isEmpty()) text(list, ctx, "Empty", 0, "(no tasks)", { style: "Caption" });
	items.forEach((item, index) => {
		const label = text(
			list,
			ctx,
			`Todo${index + 1}`,
			index + 1,
			`${TODO_MARKS[item.status]}  ${item.text}  · ${item.status}`,
			{
				style: "Code",
				color: todoColor(ctx, item.status),
			},
		);
		if (item.status === "dropped") {
			label.RichText = true;
			label.Text = `${TODO_MARKS[item.status]}  <s>${escapeRich(item.text)}</s>  · ${item.status}`;
		}
	});
	return list;
}

/** Draws `view` under `parent` from LayoutOrder `order`; returns the lines folded away. */
export function drawResult(
	parent: Instance,
	ctx: RowContext,
	view: ResultView,
	order: number,
	expanded: boolean,
): number {
	let folded = 0;
	if (view.kind === "diff") {
		text(parent, ctx, "Summary", order, view.summary, { style: "Caption" });
		if (view.hunks.isEmpty()) text(parent, ctx, "Unchanged", order + 1, "(no lines changed)", { style: "Caption" });
		view.hunks.forEach((hunk, index) => {
			folded += drawHunk(parent, ctx, hunk, order + 1 + index * 3, expanded);
		});
	} else if (view.kind === "luau") {
		text(parent, ctx, "Ending", order, view.summary, { style: "Caption" });
		if (view.output !== undefined) {
			text(parent, ctx, "OutputTitle", order + 1, "Output", { style: "Caption", color: ctx.Theme.Muted });
			const [shown, hidden] = bounded(view.output.split("\n"), expanded);
			block(parent, ctx, "Output", order + 2, hidden > 0 ? shown + more(hidden) : shown);
			folded += hidden;
		}
		if (view.returned !== undefined)
			block(parent, ctx, "Returned", order + 3, `Returned: ${view.returned}`, ctx.Theme.Success, TINT);
		if (view.error !== undefined) block(parent, ctx, "LuauError", order + 4, view.error, ctx.Theme.Danger, TINT);
	} else if (view.kind === "todo") {
		drawTodos(parent, ctx, view.items, order);
		if (!view.changes.isEmpty())
			text(parent, ctx, "TodoChanges", order + 1, `Changed: ${view.changes.join(" · ")}`, { style: "Caption" });
	}
	return folded;
}
