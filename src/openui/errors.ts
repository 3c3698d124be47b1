// The error objects of a parse or a run (docs/OPENUI.md, "Errors"): the wire shape a host can
// paste back to the model.
export interface OpenUIError {
	readonly source: "parser" | "runtime" | "query" | "mutation";
	readonly code: string;
	readonly statementId?: string;
	readonly component?: string;
	readonly path?: string;
	readonly message: string;
	readonly hint?: string;
	readonly toolName?: string;
}

export class ErrorList {
	readonly list: OpenUIError[] = [];
	private readonly seen = new Set<string>();

	add(entry: OpenUIError) {
		const key = `${entry.code}\0${entry.statementId ?? ""}\0${entry.component ?? ""}\0${entry.path ?? ""}\0${entry.message}`;
		if (this.seen.has(key)) return;
		this.seen.add(key);
		this.list.push(table.freeze(entry));
	}
}
