// The conversation's task list (`session.todos()`, changed by todo_write; `todo:update` events) as
// a transcript row: a heading with how many items are done, then each item with its status.
import { drawTodos } from "./result_draw";
import type { TodoEntry } from "./result_views";
import { card, RowContext, text } from "./kit";

export interface TodoData {
	readonly items: ReadonlyArray<TodoEntry>;
}

/** Checked task-list entries from `session.todos()` or a `todo:update` event's items. */
export function todoEntries(value: unknown): ReadonlyArray<TodoEntry> {
	if (!typeIs(value, "table")) return [];
	const out = new Array<TodoEntry>();
	for (const item of value as ReadonlyArray<Record<string, unknown>>)
		if (typeIs(item, "table") && typeIs(item.text, "string"))
			out.push({ text: item.text, status: typeIs(item.status, "string") ? item.status : "pending" });
	return out;
}

export function buildTodoRow(container: Frame, data: TodoData, ctx: RowContext) {
	const frame = card(container, ctx, "TodoCard");
	const done = data.items.filter((item) => item.status === "done").size();
	text(frame, ctx, "Heading", 0, `Tasks · ${done} of ${data.items.size()} done`, { style: "Title" });
	drawTodos(frame, ctx, data.items, 1);
	return undefined;
}
