// The agent's notes in the Chat transcript: its questions (ask_user, `ask:user` events) as rows
// the user answers there, and the conversation's task list (`session.todos()`, `todo:update`) as
// one row that moves to the end whenever the list changes. Questions are followed in every
// conversation (one asked in a conversation not on screen waits until it is shown); the rows are
// custom transcript rows (ask_row.ts, todo_row.ts) put through the chat's transcript view.
import type { PublicSession } from "../../../../api";
import { askBuilder } from "./ask_row";
import { createAsks } from "./asks";
import { buildTodoRow, todoEntries } from "./todo_row";

import type { RowBuilder } from "../transcript";

type Event = Readonly<Record<string, unknown>>;
type Builder = RowBuilder;

/** What the rows need of the chat's transcript view. */
export interface RowSink {
	/** Shows a custom row under `key`: in place when it is still there, else appended. */
	readonly putCustom: (key: string, build: Builder, data: unknown) => void;
	/** Takes a row out (nothing when it is not there). */
	readonly removeRow: (key: string) => void;
}

export const TODO_KEY = "todos";

export interface AgentRows {
	/** An event of any conversation; `shown` is whether that conversation is on screen. */
	readonly event: (session: PublicSession, event: Event, shown: boolean) => void;
	/** After the view was rebuilt for `session`: its questions and task list again. */
	readonly show: (session: PublicSession) => void;
}

export function createAgentRows(sink: RowSink): AgentRows {
	const asks = createAsks();
	const buildAsk: Builder = askBuilder((key, text) => {
		asks.answer(key, text);
		const data = asks.get(key);
		if (data !== undefined) sink.putCustom(key, buildAsk, data);
	}) as Builder;
	const putTodos = (items: unknown) => {
		sink.removeRow(TODO_KEY);
		const entries = todoEntries(items);
		if (!entries.isEmpty()) sink.putCustom(TODO_KEY, buildTodoRow as Builder, { items: entries });
	};
	return {
		event: (session, event, shown) => {
			const changed = asks.event(session, event);
			if (changed !== undefined && shown) sink.putCustom(changed.key, buildAsk, changed);
			if (event.kind === "todo:update" && shown) putTodos(event.items);
		},
		show: (session) => {
			putTodos(session.todos());
			for (const data of asks.of(session)) sink.putCustom(data.key, buildAsk, data);
		},
	};
}
