// Logs: the client's diagnostic log and its request log (both redacted by the log itself) in one
// bounded, virtualised UI LIB List, filtered by kind, lowest level and source; new entries arrive
// live. Each entry's Evidence link opens its evidence in a dialog whose text can be selected and copied
// (a Copy action puts the same redacted text on the clipboard where the host has one); the evidence
// is formatted from the recorded entry and never resends anything.
import type { Handle, Tab, Window } from "../../api";
import { CONTROL_UNITS, Pause } from "../slices";
import { diagnosticRow, LogRow, mergeRows, requestRow, RowKind } from "./log_rows";

const LEVELS = ["debug", "info", "warn", "error"] as const;
const ALL = "All sources";
const KINDS: Record<string, RowKind | undefined> = { All: undefined, Diagnostic: "diagnostic", Requests: "request" };

interface Filter {
	kind: RowKind | undefined;
	level: number;
	source: string;
}

function levelRank(level: string): number {
	return LEVELS.indexOf(level as (typeof LEVELS)[number]);
}

function shown(row: LogRow, filter: Filter): boolean {
	return (
		(filter.kind === undefined || row.kind === filter.kind) &&
		levelRank(row.level) >= filter.level &&
		(filter.source === ALL || row.source === filter.source)
	);
}

export function buildLogsPanel(uai: Handle, window: Window, tab: Tab, pause: Pause) {
	const log = uai.log;
	const capacity = log.capacity + log.requestCapacity;
	const filter: Filter = { kind: undefined, level: 0, source: ALL };
	const sources = new Set<string>();
	// the rows the list shows, in its order (the List drops its oldest beyond capacity; so does this)
	let rows = new Array<LogRow>();
	const section = tab.Section({
		Title: "Logs",
		Description:
			"Both logs, newest last; credentials are redacted before anything is recorded. An entry's Evidence link shows everything recorded about it; the filters are below the list.",
	});
	const clipboard = uai.env.require("runtime/clipboard");
	const copy = (text: string) => {
		const [ok, reason] = clipboard.copy(text);
		window.Notify(
			ok
				? { Title: "Evidence copied", Content: "The redacted evidence is on the clipboard.", Kind: "Success" }
				: { Title: "Not copied", Content: tostring(reason), Kind: "Warning" },
		);
	};
	const openEvidence = (row: LogRow) => {
		const text = row.evidence();
		const close = { Text: "Close", Style: "Primary" };
		window.Dialog({
			Title: row.evidenceTitle,
			Content: text,
			Selectable: true,
			Width: 620,
			Height: 460,
			// no Copy action where the host has no clipboard
			Buttons: clipboard.available ? [close, { Text: "Copy", Callback: () => copy(text) }] : [close],
		});
	};
	const list = section.List({
		Id: "logs-list",
		Text: "Entries",
		Height: 300,
		MaxItems: capacity,
		// an item's Evidence link: Callback(index, key), the key checks the row it names
		Callback: (index: number, key: string) => {
			const row = rows[index - 1];
			if (row !== undefined && row.item.Key === key) openEvidence(row);
		},
	});
	pause(CONTROL_UNITS);
	const count = section.Label({ Id: "logs-count", Text: "" });
	pause(CONTROL_UNITS);

	const kind = section.Segmented({
		Id: "logs-kind",
		Text: "Kind",
		Options: ["All", "Diagnostic", "Requests"],
		Default: "All",
		Persist: false,
	});
	pause(CONTROL_UNITS);
	const level = section.Segmented({
		Id: "logs-level",
		Text: "Lowest level",
		Options: ["Debug", "Info", "Warn", "Error"],
		Default: "Debug",
		Persist: false,
	});
	pause(CONTROL_UNITS);
	const source = section.Dropdown({
		Id: "logs-source",
		Text: "Source",
		Options: [ALL],
		Default: ALL,
		Persist: false,
	});
	pause(CONTROL_UNITS);
	const noteSource = (name: string) => {
		if (sources.has(name)) return;
		sources.add(name);
		source.SetOptions([ALL, ...[...sources].sort()], true);
	};
	const showCount = () =>
		count.SetText(
			`${rows.size()} entries shown; the logs keep the newest ${log.capacity} diagnostic entries and ${log.requestCapacity} requests.`,
		);
	// the list's rows, then its scroll to the newest: each lays the window out once (a slice each in the build)
	const fill = () => {
		const all = mergeRows(log.entries().map(diagnosticRow), log.requests().map(requestRow));
		for (const row of all) noteSource(row.source);
		rows = all.filter((row) => shown(row, filter));
		list.SetItems(rows.map((row) => row.item));
	};
	const scrolled = () => {
		list.ScrollToEnd();
		showCount();
	};
	const refill = () => {
		fill();
		scrolled();
	};
	const arrive = (row: LogRow) => {
		noteSource(row.source);
		if (!shown(row, filter)) return;
		rows.push(row);
		if (rows.size() > capacity) rows.remove(0);
		list.Append(row.item);
		showCount();
	};

	kind.OnChanged((value: unknown) => {
		filter.kind = KINDS[tostring(value)];
		refill();
	});
	level.OnChanged((value: unknown) => {
		filter.level = levelRank(tostring(value).lower());
		refill();
	});
	source.OnChanged((value: unknown) => {
		filter.source = value === undefined ? ALL : tostring(value);
		refill();
	});
	section.Button({
		Id: "logs-clear",
		Text: "Clear both logs",
		ActionText: "Clear",
		Callback: () => {
			log.clear();
			log.clearRequests();
			refill();
		},
	});
	pause(CONTROL_UNITS);
	window.Give(log.added.connect((entry) => arrive(diagnosticRow(entry))));
	window.Give(log.requestAdded.connect((entry) => arrive(requestRow(entry))));
	// the rows of both logs: slices of their own
	pause(CONTROL_UNITS * 4);
	fill();
	pause(CONTROL_UNITS * 4);
	scrolled();
}
