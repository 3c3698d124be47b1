// How a tool card shows a family's result, from the `data` of its tool:result event (the agent
// loop's bounded copy; docs/EMBEDDING.md, Events): a file write or edit as a diff (the changed
// line's number, the removed lines, the added lines), run_luau and check_luau as the run's ending,
// its captured output, returned values or the error, and the task list tools as the list with each
// item's status and what changed. Anything else, or data of an unexpected shape, is the result
// text. Pure: the card's builder draws what this returns.

export interface DiffHunk {
	readonly line: number;
	readonly count: number;
	readonly removed: ReadonlyArray<string>;
	readonly added: ReadonlyArray<string>;
}

export interface TodoEntry {
	readonly text: string;
	readonly status: string;
}

export type ResultView =
	| {
			readonly kind: "diff";
			readonly path: string;
			readonly summary: string;
			readonly hunks: ReadonlyArray<DiffHunk>;
	  }
	| {
			readonly kind: "luau";
			readonly summary: string;
			readonly output: string | undefined;
			readonly returned: string | undefined;
			readonly error: string | undefined;
	  }
	| { readonly kind: "todo"; readonly items: ReadonlyArray<TodoEntry>; readonly changes: ReadonlyArray<string> }
	| { readonly kind: "text" };

type Table = Readonly<Record<string, unknown>>;

const DIFF_TOOLS = new Set(["file_edit", "file_edit_many", "file_write"]);
const TODO_STATUSES = new Set(["pending", "active", "done", "dropped"]);

function isTable(value: unknown): value is Table {
	return typeIs(value, "table");
}

function strings(value: unknown): ReadonlyArray<string> {
	const out = new Array<string>();
	if (typeIs(value, "table"))
		for (const item of value as ReadonlyArray<unknown>) if (typeIs(item, "string")) out.push(item);
	return out;
}

/** A text's lines; the empty text has none (an edit that only removes has no added lines). */
function linesOf(value: unknown): ReadonlyArray<string> {
	if (!typeIs(value, "string") || value === "") return [];
	const out = value.split("\n");
	// "a\n" is one line ending in a newline, not a line and an empty one
	if (out.size() > 1 && out[out.size() - 1] === "") out.pop();
	return out;
}

/** The first line of a result text ("Edited files/a.lua (1 edit, now 80 bytes):"). */
function firstLine(text: string): string {
	const [head] = text.match("^[^\n]*") as LuaTuple<[string]>;
	return head;
}

function diffView(text: string, data: Table): ResultView | undefined {
	if (!typeIs(data.path, "string") || !typeIs(data.changes, "table")) return undefined;
	const hunks = new Array<DiffHunk>();
	for (const change of data.changes as ReadonlyArray<unknown>) {
		if (!isTable(change) || !typeIs(change.line, "number")) continue;
		hunks.push({
			line: change.line,
			count: typeIs(change.count, "number") ? change.count : 1,
			removed: linesOf(change.removed),
			added: linesOf(change.added),
		});
	}
	return { kind: "diff", path: data.path, summary: firstLine(text), hunks };
}

function luauView(name: string, ok: boolean, text: string, data: Table): ResultView {
	const returned = strings(data.returned);
	const output = typeIs(data.output, "string") && data.output !== "" ? data.output : undefined;
	let summary = firstLine(text).gsub("^Failed: ", "")[0];
	let problem: string | undefined;
	if (name === "check_luau") {
		summary = ok ? summary : "Does not compile";
		problem = ok ? undefined : text.gsub("^Failed: ", "")[0];
	} else if (data.ending === "error") {
		const [message] = text.match("\nError: ([^\n]*)") as LuaTuple<[string | undefined]>;
		problem = message;
	} else if (data.ending === "compile") problem = summary;
	return {
		kind: "luau",
		summary: data.ending === "compile" ? "Does not compile" : summary,
		output,
		returned: returned.isEmpty() ? undefined : returned.join(", "),
		error: problem,
	};
}

function todoView(data: Table): ResultView | undefined {
	if (!typeIs(data.items, "table")) return undefined;
	const items = new Array<TodoEntry>();
	for (const item of data.items as ReadonlyArray<unknown>) {
		if (!isTable(item) || !typeIs(item.text, "string")) continue;
		const status = typeIs(item.status, "string") && TODO_STATUSES.has(item.status) ? item.status : "pending";
		items.push({ text: item.text, status });
	}
	return { kind: "todo", items, changes: strings(data.changes) };
}

/** Whether the tool's results have a view of their own (its card is drawn, not text). */
export function hasView(name: string): boolean {
	return (
		DIFF_TOOLS.has(name) ||
		name === "run_luau" ||
		name === "check_luau" ||
		name === "todo_write" ||
		name === "todo_read"
	);
}

/** The view of a finished call's result; `text` when the family has none or the data does not fit. */
export function resultView(name: string, ok: boolean, text: string, data: unknown): ResultView {
	if (!isTable(data)) return { kind: "text" };
	let view: ResultView | undefined;
	if (DIFF_TOOLS.has(name) && ok) view = diffView(text, data);
	else if (name === "run_luau" || name === "check_luau") view = luauView(name, ok, text, data);
	else if (name === "todo_write" || name === "todo_read") view = todoView(data);
	return view ?? { kind: "text" };
}
