// The shapes shared by the tool registry, the dispatcher and their callers: what a host registers,
// what the registry keeps, the context a handler receives and the result a dispatch returns.

export type Risk = "read" | "write" | "danger";
export type Verdict = "allow" | "ask" | "deny";

export const RISKS: ReadonlyArray<Risk> = ["read", "write", "danger"];
export const VERDICTS: ReadonlyArray<Verdict> = ["allow", "ask", "deny"];

/** Tool names and groups: 1-64 letters, digits, `_` or `-`. */
export const IDENTIFIER_PATTERN = "^[%w_%-]+$";
export const IDENTIFIER_LIMIT = 64;

/** Whether `value` is a valid tool name or group. */
export function isIdentifier(value: unknown): value is string {
	return (
		typeIs(value, "string") &&
		value.size() <= IDENTIFIER_LIMIT &&
		string.find(value, IDENTIFIER_PATTERN)[0] !== undefined
	);
}

/** A JSON object as decoded or copied (string keys). */
export type JsonTable = Record<string, unknown>;

/** What a handler receives for one call. Dot calls: `ctx.aborted()`. */
export interface CallContext {
	readonly env: unknown;
	readonly session: unknown;
	readonly depth: number;
	readonly callId: string;
	/** Stop, deadline, unregistration, scope or group changes, permission revocation, or the call ended. */
	readonly aborted: () => boolean;
	/** Progress for this call (a `tool:progress` event); ignored once the call has ended. */
	readonly progress: (text: unknown) => void;
	/** An additional session event; ignored once the call has ended. */
	readonly emit: (kind: unknown, payload?: unknown) => void;
}

export type ToolRun = (args: JsonTable, ctx: CallContext, prepared?: unknown) => unknown;
export type ToolPrepare = (args: JsonTable, ctx: CallContext) => LuaTuple<[unknown, unknown]>;
export type ToolTimeout = number | ((args: JsonTable, ctx: CallContext) => unknown);

/** A registered tool: checked, copied and frozen. `uai.tools.get` and `list` hand out these tables. */
export interface Tool {
	readonly name: string;
	readonly group: string;
	readonly risk: Risk;
	readonly description: string;
	/** The copied object schema, frozen, with empty objects marked so they encode as `{}`. */
	readonly parameters: JsonTable;
	/** Capability keys the tool needs (frozen copy). */
	readonly needs: ReadonlyArray<string>;
	readonly run: ToolRun;
	readonly prepare?: ToolPrepare;
	readonly timeout?: ToolTimeout;
}

/** Session tool maps: `only` and `groups` allow (a missing map allows all), `exclude` removes. */
export interface ToolFilter {
	readonly only?: Readonly<Record<string, boolean>>;
	readonly groups?: Readonly<Record<string, boolean>>;
	readonly exclude?: Readonly<Record<string, boolean>>;
	/** Only read-risk tools (a sub-agent with the read preset). */
	readonly readOnly?: boolean;
}

/**
 * The context a dispatch runs under (`session.toolContext()`, or a host's own table). Every field
 * is optional: a missing `aborted` never aborts, a missing `emit` means no one can answer an
 * approval (it times out), a missing `filter` leaves the session dimension unrestricted.
 */
export interface DispatchContext {
	readonly env?: unknown;
	readonly session?: unknown;
	readonly depth?: number;
	readonly aborted?: () => boolean;
	readonly emit?: (kind: string, payload: object) => void;
	readonly filter?: ToolFilter;
}

/** A call as providers deliver it: `{ id, function = { name, arguments } }` or `{ id, name, arguments }`. */
export interface ToolCall {
	readonly id?: unknown;
	readonly name?: unknown;
	readonly arguments?: unknown;
	readonly function?: { readonly name?: unknown; readonly arguments?: unknown };
}

/** What a dispatch returns (frozen). `error` names the stage that stopped the call. */
export interface ToolResult {
	readonly id: string;
	readonly name: string;
	readonly ok: boolean;
	readonly text: string;
	readonly data?: unknown;
	readonly error?: string;
	readonly ms: number;
	readonly truncated?: boolean;
}
