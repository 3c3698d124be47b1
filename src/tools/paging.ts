// Paging large tool results by byte offset. A page starts and ends on UTF-8 character boundaries
// (an offset inside a character moves back to its first byte), so every page of valid UTF-8 text
// is valid UTF-8, and a limit narrower than one character still returns that whole character.
// Every page says where it sits (`offset`, `nextOffset`, `totalBytes`, `eof`) in its data and in
// a last line the model reads.
import { utf8Prefix } from "../runtime/text_limit";

export const PAGE_BYTES = 6000;
export const PAGE_LIMIT = 64000;
/** Room kept in the result for the position line. */
const POSITION_ROOM = 220;
/** The smallest result budget a page fits in. */
export const MIN_BUDGET = 256;

export interface PagePosition {
	readonly offset: number;
	/** Where the next page starts; absent at the end. */
	readonly nextOffset?: number;
	readonly totalBytes: number;
	readonly eof: boolean;
}

export interface Page extends PagePosition {
	readonly text: string;
}

/** Whether the byte at 1-based `position` continues a UTF-8 character (0x80-0xBF). */
function continues(content: string, position: number): boolean {
	const [byte] = string.byte(content, position);
	return byte !== undefined && byte >= 0x80 && byte < 0xc0;
}

/** The page of `content` from byte `offset`, at most `limit` bytes (at least one character). */
export function pageOf(content: string, offset = 0, limit = PAGE_BYTES): Page {
	const total = content.size();
	const start = utf8Prefix(content, math.max(0, offset)).size();
	let text = utf8Prefix(content.sub(start + 1), math.max(1, limit));
	if (text === "" && start < total) {
		let last = start + 1;
		while (continues(content, last + 1)) last += 1;
		text = content.sub(start + 1, last);
	}
	const following = start + text.size();
	const eof = following >= total;
	return { text, offset: start, nextOffset: eof ? undefined : following, totalBytes: total, eof };
}

/** The line after a page telling the model where it is and how to continue. */
export function positionLine(position: PagePosition): string {
	if (position.eof) return `[end of file: ${position.totalBytes} bytes]`;
	return `[bytes ${position.offset}-${position.nextOffset} of ${position.totalBytes}; continue with offset ${position.nextOffset}]`;
}

/** The page size a call may use: its `limit` (default 6000) within the result budget. */
export function pageLimit(
	limit: number | undefined,
	budget: number,
): LuaTuple<[number, undefined] | [undefined, string]> {
	if (budget < MIN_BUDGET) return $tuple(undefined, `the result budget (${budget} bytes) is too small for a page`);
	return $tuple(math.min(limit ?? PAGE_BYTES, budget - POSITION_ROOM), undefined);
}

/** A paged tool result: the page text and its position line, with the position as data. */
export function pagedResult(content: string, offset: number | undefined, limit: number, extra?: object) {
	const page = pageOf(content, offset, limit);
	const position: PagePosition = {
		offset: page.offset,
		nextOffset: page.nextOffset,
		totalBytes: page.totalBytes,
		eof: page.eof,
	};
	return {
		ok: true,
		text: `${page.text}\n${positionLine(position)}`,
		data: { ...extra, ...position },
	};
}
