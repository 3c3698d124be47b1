// The transcript view of one conversation at a time in UI LIB's bounded virtualised List. Switching
// rebuilds it from `transcript.snapshot()` plus the live preview; live events append only what the
// view has not seen (by `transcriptId`), so a replay never duplicates a row. The live preview is
// always the last row, replaces itself as it grows and goes away when the preview ends.
import type { PublicSession } from "../../../agent/session";
import type { ListControl } from "../../../ui-lib/controls/list";
import type { Util } from "../transfer";
import { eventItem, Item, previewItem } from "./items";

type Event = Readonly<Record<string, unknown>>;

/** Kinds after which the session has no live preview (see EMBEDDING.md, Transcript). */
const ENDS_PREVIEW = new Set(["assistant:complete", "abort", "error", "cleared", "turn:end"]);

export interface TranscriptView {
	readonly show: (session: PublicSession) => void;
	readonly event: (event: Event) => void;
}

export function createTranscriptView(list: ListControl, util: Util): TranscriptView {
	const seen = new Set<string>();
	let previewShown = false;

	const dropPreview = () => {
		if (!previewShown) return;
		list.Remove(list.Count());
		previewShown = false;
	};
	const append = (item: Item) => {
		dropPreview();
		list.Append(item);
	};
	const preview = (event: Event) => {
		if (previewShown) list.Update(list.Count(), previewItem(event));
		else {
			list.Append(previewItem(event));
			previewShown = true;
		}
	};

	return {
		show: (session) => {
			seen.clear();
			previewShown = false;
			const items = new Array<Item>();
			for (const retained of session.transcript.snapshot()) {
				if (typeIs(retained.transcriptId, "string")) seen.add(retained.transcriptId);
				const item = eventItem(retained, util);
				if (item !== undefined) items.push(item);
			}
			list.SetItems(items);
			if (session.livePreview !== undefined) preview(session.livePreview);
		},
		event: (event) => {
			if (event.kind === "cleared") {
				seen.clear();
				previewShown = false;
				list.Clear();
				return;
			}
			if (event.kind === "assistant:preview") return preview(event);
			if (ENDS_PREVIEW.has(event.kind as string) || (event.kind === "status" && event.text === "Ready"))
				dropPreview();
			const id = event.transcriptId;
			if (!typeIs(id, "string") || seen.has(id)) return;
			seen.add(id);
			const item = eventItem(event, util);
			if (item !== undefined) append(item);
		},
	};
}
