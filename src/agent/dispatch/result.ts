// Turning what a handler returned into the dispatcher's result: a string is the text; a table gives
// `text`, `data` and `ok` (a table with none of them is the data); nil is "Done.". Text is cut to
// `agent.resultCap` bytes and data that cannot be encoded within that cap is left out; either cut is
// said in a note after the text (so the note itself survives) and flagged with `truncated`.
// Results are frozen copies.
import { encode } from "../../runtime/json";
import { readOnlyCopy } from "../../runtime/util";
import { cutBytes } from "./text";
import { ToolResult } from "./tool";

export const DONE_TEXT = "Done.";
export const FAILURE_ERROR = "tool reported a failure";

export interface Outcome {
	readonly ok: boolean;
	readonly text: string;
	readonly data?: unknown;
	/** The error code (a stage, or FAILURE_ERROR for `ok = false`). */
	readonly error?: string;
}

interface ResultFields {
	readonly text?: unknown;
	readonly data?: unknown;
	readonly ok?: unknown;
}

function encodedText(data: unknown): string {
	const [text, problem] = encode(data);
	return text ?? `(data that cannot be shown as JSON: ${problem})`;
}

/** What a handler's return value means. */
export function fromReturn(value: unknown): Outcome {
	if (value === undefined) return { ok: true, text: DONE_TEXT };
	if (typeIs(value, "string")) return { ok: true, text: value };
	if (!typeIs(value, "table")) return { ok: true, text: tostring(value) };
	const fields = value as ResultFields;
	if (fields.text === undefined && fields.data === undefined && fields.ok === undefined)
		return { ok: true, text: encodedText(value), data: value };
	const ok = fields.ok !== false;
	let text: string;
	if (fields.text !== undefined) text = tostring(fields.text);
	else if (fields.data !== undefined) text = encodedText(fields.data);
	else text = ok ? DONE_TEXT : "The tool reported a failure.";
	return { ok, text, data: fields.data, error: ok ? undefined : FAILURE_ERROR };
}

/** The frozen result of call `id` to `name`, `ms` after it started, bounded by `cap` bytes. */
export function finish(id: string, name: string, outcome: Outcome, ms: number, cap: number): ToolResult {
	const notes = new Array<string>();
	let data = outcome.data;
	if (data !== undefined) {
		const [encoded, problem] = encode(data);
		if (encoded === undefined || encoded.size() > cap) {
			notes.push(
				`[structured data left out: ${encoded === undefined ? problem : `larger than ${cap} bytes as JSON`}]`,
			);
			data = undefined;
		}
	}
	const [kept, cut] = cutBytes(outcome.text, cap);
	if (cut > 0) notes.unshift(`… [result truncated: ${cut} more bytes]`);
	const text = notes.isEmpty() ? kept : `${kept}\n${notes.join("\n")}`;
	return table.freeze({
		id,
		name,
		ok: outcome.ok,
		text,
		data: data !== undefined ? readOnlyCopy(data) : undefined,
		error: outcome.error,
		ms,
		truncated: notes.isEmpty() ? undefined : true,
	});
}
