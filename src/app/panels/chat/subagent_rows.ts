// Sub-agents in the transcript: one row per sub-agent (`subagent:*` events, docs/TOOLS.md
// "Sub-agents") that its start, tools, text, status and end update in place. While it runs the row
// shows its latest activity and offers Stop (the live start event's `stop`); at the end it shows
// how it ended and the start of its report.
import { text, type Item } from "./items";

type Event = Readonly<Record<string, unknown>>;

export interface SubagentRow {
	readonly key: string;
	readonly agent: string;
	task: string;
	preset: string;
	status: string;
	latest: string;
	calls: number;
	report?: string;
	ok?: boolean;
	/** The live start event's stop; absent for rows rebuilt from the retained transcript. */
	stop?: () => unknown;
}

const KINDS = new Set([
	"subagent:start",
	"subagent:tool",
	"subagent:tool:done",
	"subagent:text",
	"subagent:status",
	"subagent:done",
]);

export function isSubagentEvent(event: Event): boolean {
	return KINDS.has(text(event.kind));
}

/** Applies `event` to its agent's row (made on first sight); returns the row. */
export function applySubagent(rows: Map<string, SubagentRow>, event: Event): SubagentRow {
	const agent = text(event.agent);
	let row = rows.get(agent);
	if (row === undefined) {
		row = { key: `agent:${agent}`, agent, task: "", preset: "", status: "running", latest: "", calls: 0 };
		rows.set(agent, row);
	}
	switch (event.kind) {
		case "subagent:start":
			row.task = text(event.task);
			row.preset = text(event.preset);
			row.status = "running";
			row.report = undefined;
			row.ok = undefined;
			if (typeIs(event.stop, "function")) row.stop = event.stop as () => unknown;
			break;
		case "subagent:tool":
			row.calls += 1;
			row.latest = `calls ${text(event.name)}`;
			break;
		case "subagent:tool:done":
			row.latest = `${text(event.name)} ${event.ok === true ? "done" : "failed"}: ${text(event.summary)}`;
			break;
		case "subagent:text":
			row.latest = text(event.text);
			break;
		case "subagent:status":
			row.latest = text(event.text);
			break;
		case "subagent:done":
			row.status = text(event.status ?? (event.ok === true ? "done" : "failed"));
			row.ok = event.ok === true;
			row.report = text(event.text);
			row.stop = undefined;
			break;
	}
	return row;
}

/** The row as a List item: Stop while it runs (and its stop is known). */
export function subagentItem(row: SubagentRow): Item {
	const running = row.report === undefined;
	const lines = [`${row.task}`];
	if (running) {
		if (row.latest !== "") lines.push(`Latest: ${row.latest}`);
	} else if (row.report !== "") lines.push(`Report: ${row.report}`);
	return {
		Title: `Sub-agent ${row.agent} · ${row.preset !== "" ? `${row.preset} · ` : ""}${row.status} · ${row.calls} tool calls`,
		Text: lines.join("\n"),
		Kind: running ? "Info" : row.ok === true ? "Success" : "Warning",
		Action: running && row.stop !== undefined ? "Stop" : undefined,
		Key: row.key,
	};
}
