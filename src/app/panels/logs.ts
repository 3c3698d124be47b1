// Logs: the client's diagnostic log (already redacted by the log itself), filtered by lowest level
// and by source, in UI LIB's bounded virtualised List; new entries arrive live.
import type { Handle } from "../../client/handle";
import type { LogEntry } from "../../runtime/log";
import type { Tab } from "../../ui-lib/containers/tab";
import type { Window } from "../../ui-lib/window/window";

const LEVELS = ["debug", "info", "warn", "error"] as const;
const ALL = "All sources";
const KIND: Record<string, string> = { debug: "Muted", info: "Info", warn: "Warning", error: "Danger" };

interface Filter {
	level: number;
	source: string;
}

function levelRank(level: string): number {
	return LEVELS.indexOf(level as (typeof LEVELS)[number]);
}

function shown(entry: LogEntry, filter: Filter): boolean {
	return levelRank(entry.level) >= filter.level && (filter.source === ALL || entry.source === filter.source);
}

function item(entry: LogEntry) {
	return {
		Title: `${os.date("!%H:%M:%S", entry.time)}  ${entry.level.upper()}  ${entry.source}`,
		Text: entry.text,
		Kind: KIND[entry.level],
	};
}

export function buildLogsPanel(uai: Handle, window: Window, tab: Tab) {
	const filter: Filter = { level: 0, source: ALL };
	const sources = new Set<string>();
	const section = tab.Section({
		Title: "Diagnostic log",
		Description: "Credentials are redacted before anything is recorded.",
	});
	const level = section.Segmented({
		Id: "logs-level",
		Text: "Lowest level",
		Options: ["Debug", "Info", "Warn", "Error"],
		Default: "Debug",
		Persist: false,
	});
	const source = section.Dropdown({
		Id: "logs-source",
		Text: "Source",
		Options: [ALL],
		Default: ALL,
		Persist: false,
	});
	const list = section.List({ Id: "logs-list", Text: "Entries", Height: 360, MaxItems: uai.log.capacity });
	const count = section.Label({ Id: "logs-count", Text: "" });

	const noteSource = (name: string) => {
		if (sources.has(name)) return;
		sources.add(name);
		const names = [...sources].sort();
		source.SetOptions([ALL, ...names], true);
	};
	const refill = () => {
		const entries = uai.log.entries();
		for (const entry of entries) noteSource(entry.source);
		const items = entries.filter((entry) => shown(entry, filter)).map(item);
		list.SetItems(items);
		count.SetText(
			`${items.size()} of ${entries.size()} entries shown (the log keeps the newest ${uai.log.capacity})`,
		);
	};

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
		Text: "Clear the log",
		ActionText: "Clear",
		Callback: () => {
			uai.log.clear();
			refill();
		},
	});
	window.Give(
		uai.log.added.connect((entry) => {
			noteSource(entry.source);
			if (shown(entry, filter)) list.Append(item(entry));
		}),
	);
	refill();
}
