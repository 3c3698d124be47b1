// What every built-in tool family is made of: a typed definition (the same fields a host passes to
// `uai.tools.register`, plus the notes docs/TOOLS.md is generated from), the family that groups
// them, and the one way a tool reports a failure (`ok = false` with a readable text).
import { CallContext, JsonTable, Risk } from "../agent/dispatch/tool";
import { CapKey } from "../host/caps";

/** An example call of a tool and the result it returns, shown in docs/TOOLS.md. */
export interface ToolExample {
	readonly args: JsonTable;
	readonly result: string;
}

/** A built-in tool. `run` receives arguments the dispatcher validated against `parameters`. */
export interface BuiltinTool {
	readonly name: string;
	readonly group: string;
	readonly risk: Risk;
	/** Capability keys the tool needs; without one it is left out of the definitions. */
	readonly needs: ReadonlyArray<CapKey>;
	readonly description: string;
	readonly parameters: JsonTable;
	readonly run: (args: JsonTable, ctx: CallContext) => unknown;
	/** Read-only preflight before approval: (state) or (nil, reason); a refusal never asks the user. */
	readonly prepare?: (args: JsonTable, ctx: CallContext) => LuaTuple<[unknown, unknown]>;
	readonly timeout?: number | ((args: JsonTable, ctx: CallContext) => unknown);
	/** Limits a reader of docs/TOOLS.md should know (sizes, counts, waits). */
	readonly limits?: string;
	readonly example?: ToolExample;
}

/** A tool family: one group, its label in Settings and a sentence for the system prompt. */
export interface ToolFamily {
	readonly group: string;
	readonly label: string;
	/** What the family lets the agent do, one short clause ("read and edit files in UAI/files"). */
	readonly summary: string;
	readonly tools: ReadonlyArray<BuiltinTool>;
}

/** The fields of a tool definition whose `run` takes typed arguments. */
export interface ToolSpec<A> extends Omit<BuiltinTool, "run" | "needs" | "group" | "prepare"> {
	readonly needs?: ReadonlyArray<CapKey>;
	readonly run: (args: A, ctx: CallContext) => unknown;
	readonly prepare?: (args: A, ctx: CallContext) => LuaTuple<[unknown, unknown]>;
}

/** A family's tools, each given the family's group. */
export function family(
	group: string,
	label: string,
	summary: string,
	tools: ReadonlyArray<ToolSpec<never>>,
): ToolFamily {
	const list = tools.map((spec): BuiltinTool => ({
		...spec,
		group,
		needs: spec.needs ?? [],
		run: spec.run as unknown as BuiltinTool["run"],
		prepare: spec.prepare as unknown as BuiltinTool["prepare"],
	}));
	return { group, label, summary, tools: list };
}

/** Declares one tool with typed arguments (the dispatcher has validated them by then). */
export function tool<A>(spec: ToolSpec<A>): ToolSpec<never> {
	return spec as unknown as ToolSpec<never>;
}

/** A tool's semantic failure: the call did not do what was asked, and the text says why. */
export interface Failure {
	readonly ok: false;
	readonly text: string;
	readonly data?: unknown;
}

export const FAILED_PREFIX = "Failed: ";

/** `{ ok = false, text = "Failed: <reason>" }`, with optional structured data. */
export function failure(reason: string, data?: unknown): Failure {
	return { ok: false, text: FAILED_PREFIX + reason, data };
}

/** The result of a tool that succeeded: text for the model, data for hosts and the app. */
export function success(text: string, data?: unknown) {
	return { ok: true, text, data };
}
