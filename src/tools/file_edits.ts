// Exact-text edits for file_edit and file_edit_many: each edit replaces one unique occurrence of
// its `old` text (or every occurrence with `replace_all`); an edit that matches nothing, or more
// than once without `replace_all`, is refused with its reason. Edits apply in order to the text
// in memory, so a batch either applies whole or not at all. Each applied edit is described as a
// small diff (line number, removed and added text) for the tool card.

export interface Edit {
	readonly old: string;
	readonly new: string;
	readonly replace_all?: boolean;
}

export interface Change {
	/** 1-based line of the first replaced occurrence. */
	readonly line: number;
	readonly removed: string;
	readonly added: string;
	readonly count: number;
}

export type Applied = LuaTuple<[string, Change] | [undefined, string]>;

/** The 1-based positions of every plain occurrence of `needle` in `text` (non-overlapping). */
function occurrences(text: string, needle: string): ReadonlyArray<number> {
	const found = new Array<number>();
	let from = 1;
	for (;;) {
		const [start] = string.find(text, needle, from, true);
		if (start === undefined) break;
		found.push(start);
		from = start + needle.size();
	}
	return found;
}

function lineAt(text: string, position: number): number {
	const [, newlines] = string.gsub(text.sub(1, position - 1), "\n", "");
	return newlines + 1;
}

/** Applies one edit to `text`. */
export function applyEdit(text: string, edit: Edit): Applied {
	if (edit.old === "") return $tuple(undefined, "old text is empty; give the exact text to replace");
	if (edit.old === edit.new) return $tuple(undefined, "old and new text are the same");
	const found = occurrences(text, edit.old);
	if (found.isEmpty())
		return $tuple(undefined, "old text was not found (it must match exactly, whitespace included)");
	if (found.size() > 1 && edit.replace_all !== true)
		return $tuple(
			undefined,
			`old text occurs ${found.size()} times (lines ${found.map((p) => lineAt(text, p)).join(", ")}); include more surrounding text to make it unique, or set replace_all`,
		);
	const parts = new Array<string>();
	let from = 1;
	for (const start of found) {
		parts.push(text.sub(from, start - 1), edit.new);
		from = start + edit.old.size();
	}
	parts.push(text.sub(from));
	const change: Change = { line: lineAt(text, found[0]), removed: edit.old, added: edit.new, count: found.size() };
	return $tuple(parts.join(""), change);
}

/** Applies edits in order; the first refusal names its edit and nothing is applied. */
export function applyEdits(
	text: string,
	edits: ReadonlyArray<Edit>,
): LuaTuple<[string, ReadonlyArray<Change>] | [undefined, string]> {
	let current = text;
	const changes = new Array<Change>();
	for (let index = 0; index < edits.size(); index++) {
		const [updated, result] = applyEdit(current, edits[index]);
		if (updated === undefined) return $tuple(undefined, `edit ${index + 1}: ${result}; no edit was applied`);
		current = updated;
		changes.push(result);
	}
	return $tuple(current, changes);
}

/**
 * A whole-file write as one change: the lines between the longest common run of first lines and
 * of last lines, removed and added (a new file is all added). An exact diff for a write that
 * changes one region, one covering block for a write that changes several.
 */
export function rewriteChange(before: string | undefined, after: string): Change {
	if (before === undefined || before === "") return { line: 1, removed: "", added: after, count: 1 };
	const old = before.split("\n");
	const now = after.split("\n");
	let head = 0;
	while (head < old.size() && head < now.size() && old[head] === now[head]) head += 1;
	let tail = 0;
	while (
		tail < old.size() - head &&
		tail < now.size() - head &&
		old[old.size() - 1 - tail] === now[now.size() - 1 - tail]
	)
		tail += 1;
	const slice = (lines: ReadonlyArray<string>) =>
		lines.filter((_, i) => i >= head && i < lines.size() - tail).join("\n");
	return { line: head + 1, removed: slice(old), added: slice(now), count: 1 };
}

const DIFF_LINE_LIMIT = 12;

function prefixed(text: string, mark: string): ReadonlyArray<string> {
	const lines = text.split("\n");
	const shown = lines.size() > DIFF_LINE_LIMIT ? [...lines.move(0, DIFF_LINE_LIMIT - 1, 0, [])] : lines;
	const out = shown.map((line) => `${mark}${line}`);
	if (lines.size() > DIFF_LINE_LIMIT) out.push(`${mark}… ${lines.size() - DIFF_LINE_LIMIT} more lines`);
	return out;
}

/** A short unified-style diff of the changes, for the model and the tool card. */
export function describeChanges(changes: ReadonlyArray<Change>): string {
	const blocks = changes.map((change) => {
		const times = change.count > 1 ? ` (${change.count} occurrences)` : "";
		return [
			`@@ line ${change.line}${times}`,
			...prefixed(change.removed, "-"),
			...prefixed(change.added, "+"),
		].join("\n");
	});
	return blocks.join("\n");
}
