// Tool-call cards: one transcript row per call with its arguments, the latest progress while it
// runs, then its result or error. Listings longer than FOLD_LINES lines (or FOLD_BYTES) fold, and
// the row offers an Action to show all of it (at most SHOWN_BYTES) or fold it again. A write that
// recorded changes in the game (docs/TOOLS.md, "Changes and undo") lists them, and its Action is
// Undo until they have been undone.
import { escapeRich } from "../../markdown/escape";
import { splitLines } from "../../markdown/blocks";
import { utf8Prefix } from "../../../api";
import type { Item } from "./items";

export const FOLD_LINES = 12;
const CHANGE_LINES = 8;
const FOLD_BYTES = 1500;
const SHOWN_BYTES = 8000;
const PROGRESS_BYTES = 300;

export interface Card {
	/** Unique per card (the List item Key): the transcript id of the event that made it. */
	readonly key: string;
	readonly id: string;
	readonly name: string;
	readonly risk: string;
	readonly args: string | undefined;
	progress?: string;
	outcome?: { readonly ok: boolean; readonly text: string; readonly ms?: number };
	expanded: boolean;
	/** Changes the call recorded (from its result event), each undoable by id. */
	changes?: ReadonlyArray<CardChange>;
	/** What Undo answered, once pressed. */
	undone?: string;
	/** The structured result (the result event's bounded `data`), for the family's view. */
	data?: unknown;
}

export interface CardChange {
	readonly id: number;
	readonly path: string;
	readonly key: string;
	readonly before: string;
	readonly after: string;
}

/** The Action label of a card with changes that can still be undone. */
export const UNDO_ACTION = "Undo changes";

export function changesMarkup(changes: ReadonlyArray<CardChange>, undone: string | undefined): string {
	const lines = changes
		.filter((_, i) => i < CHANGE_LINES)
		.map((c) => escapeRich(`${c.path}${c.key.sub(1, 1) === "@" ? " " : "."}${c.key}: ${c.before} → ${c.after}`));
	if (changes.size() > CHANGE_LINES) lines.push(`<i>… ${changes.size() - CHANGE_LINES} more</i>`);
	if (undone !== undefined) lines.push(`<b>Undo</b> ${escapeRich(undone)}`);
	return `<b>Changes</b>\n${lines.join("\n")}`;
}

interface Listing {
	readonly markup: string;
	readonly folded: boolean;
	readonly lines: number;
}

function listing(source: string, expanded: boolean): Listing {
	const lines = splitLines(source);
	if (expanded) {
		const shown = utf8Prefix(source, SHOWN_BYTES);
		const more = source.size() - shown.size();
		const tail = more > 0 ? `\n<i>… ${more} more bytes not shown</i>` : "";
		return {
			markup: `${escapeRich(shown)}${tail}`,
			folded: lines.size() > FOLD_LINES || source.size() > FOLD_BYTES,
			lines: lines.size(),
		};
	}
	const head = utf8Prefix(lines.filter((_, i) => i < FOLD_LINES).join("\n"), FOLD_BYTES);
	const folded = head.size() < source.size();
	const hidden = lines.size() - splitLines(head).size();
	const note = hidden > 0 ? `… ${hidden} more lines` : "… more";
	return { markup: `${escapeRich(head)}${folded ? `\n<i>${note}</i>` : ""}`, folded, lines: lines.size() };
}

function state(card: Card): string {
	if (card.outcome === undefined) return "running";
	if (!card.outcome.ok) return "failed";
	return card.outcome.ms !== undefined ? `done in ${card.outcome.ms} ms` : "done";
}

/** The card as a List item: RichText in the monospace style, folded unless expanded. */
export function cardItem(card: Card): Item {
	const parts = new Array<string>();
	let folded = false;
	let lines = 0;
	if (card.args !== undefined) {
		const args = listing(card.args, card.expanded);
		folded = folded || args.folded;
		if (args.folded) lines += args.lines;
		parts.push(`<b>Arguments</b>\n${args.markup}`);
	}
	if (card.outcome === undefined && card.progress !== undefined)
		parts.push(`<b>Progress</b> ${escapeRich(card.progress)}`);
	if (card.outcome !== undefined) {
		const output = listing(card.outcome.text, card.expanded);
		folded = folded || output.folded;
		if (output.folded) lines += output.lines;
		parts.push(`<b>${card.outcome.ok ? "Result" : "Error"}</b>\n${output.markup}`);
	}
	const undoable = card.changes !== undefined && card.changes.size() > 0;
	if (undoable) parts.push(changesMarkup(card.changes!, card.undone));
	const fold = folded ? (card.expanded ? "Fold" : `Show all (${lines} lines)`) : undefined;
	return {
		Title: `Tool call · ${card.name} (${card.risk}) · ${state(card)}`,
		Text: parts.join("\n"),
		Kind: card.outcome === undefined ? "Info" : card.outcome.ok ? "Success" : "Danger",
		RichText: true,
		Code: true,
		Action: undoable && card.undone === undefined ? UNDO_ACTION : fold,
		Key: card.key,
	};
}

/** The first line of a progress report, bounded. */
export function progressText(value: string): string {
	const [line] = value.match("^[^\n]*") as LuaTuple<[string]>;
	return utf8Prefix(line, PROGRESS_BYTES);
}
