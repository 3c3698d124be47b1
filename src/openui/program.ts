// A program: its statements read from prepared text, for the batch parser (the whole text, the
// last statement finalized) and for streaming (a statement still arriving is pending, and a
// pending statement that needed implicit closing never replaces a completed one).
import { parseStatement, Statement } from "./ast";
import { implicitlyClose, splitStatements } from "./split";

export interface Program {
	/** Statements in text order, duplicates included. */
	readonly statements: Statement[];
	/** The statement each name refers to: the later definition wins. */
	readonly byName: Map<string, Statement>;
	/** Unique names in the order they first appear. */
	readonly names: string[];
	/** The text ended inside an unclosed string or bracket. */
	readonly incomplete: boolean;
	/** Text was present but no statement could be read. */
	readonly empty: boolean;
}

/** Statement text → parsed statement, shared by streaming parses (completed statements never change). */
export type StatementCache = Map<string, Statement | false>;

function parseCached(text: string, closed: boolean, cache?: StatementCache): Statement | undefined {
	const key = closed ? `\0${text}` : text;
	const hit = cache?.get(key);
	if (hit !== undefined) return hit === false ? undefined : hit;
	const parsed = parseStatement(text, closed);
	cache?.set(key, parsed ?? false);
	return parsed;
}

export function readProgram(prepared: string, streaming: boolean, cache?: StatementCache): Program {
	const split = splitStatements(prepared);
	const statements: Statement[] = [];
	const raw = split.statements;
	for (let i = 0; i < raw.size(); i++) {
		const piece = raw[i];
		const last = i === raw.size() - 1;
		let text = piece.text;
		let closed = false;
		if (last) [text, closed] = implicitlyClose(piece.text);
		const statement = parseCached(text, closed, cache);
		if (statement === undefined) continue;
		const pending = streaming && last && !piece.complete;
		if (pending && closed && statements.some((s) => s.name === statement.name)) continue;
		statements.push(statement);
	}
	const byName = new Map<string, Statement>();
	const names: string[] = [];
	for (const statement of statements) {
		if (!byName.has(statement.name)) names.push(statement.name);
		byName.set(statement.name, statement);
	}
	return {
		statements,
		byName,
		names,
		incomplete: split.incomplete,
		empty: prepared !== "" && statements.size() === 0,
	};
}
