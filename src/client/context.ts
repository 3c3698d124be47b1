// The host context: which table a boot uses, and what the client reads from it. The table is not
// copied (it is `uai.env.context`); only `ui` and `reuse` steer the boot. `prompt`, `hooks` and
// `gravity` are kept for the subsystems that read them; anything else is the host's own.
import { Logger } from "../runtime/log";

export type Context = Record<string, unknown>;

export interface ContextChoice {
	/** The table chosen by the documented order, or undefined when neither source holds one. */
	readonly context: Context | undefined;
	/** Where it came from, for the boot log. */
	readonly source: "the loader argument" | "getgenv().UAI_CONTEXT" | undefined;
}

/** 1. a table passed to the chunk; 2. getgenv().UAI_CONTEXT when it is a table. */
export function chooseContext(argument: unknown, genv: Record<string, unknown> | undefined): ContextChoice {
	if (typeIs(argument, "table")) return { context: argument as Context, source: "the loader argument" };
	const global = genv?.UAI_CONTEXT;
	if (typeIs(global, "table")) return { context: global as Context, source: "getgenv().UAI_CONTEXT" };
	return { context: undefined, source: undefined };
}

/** `reuse = true`: a loader run returns the running same-build client without toggling its app. */
export function wantsReuse(context: Context | undefined): boolean {
	return context !== undefined && context.reuse === true;
}

/** `ui = false`: boot without mounting the standard application. */
export function wantsUi(context: Context): boolean {
	return context.ui !== false;
}

const EXPECTED_TYPES: ReadonlyArray<[field: string, type: string]> = [
	["prompt", "string"],
	["hooks", "table"],
	["ui", "boolean"],
	["reuse", "boolean"],
];

// Fields people pass expecting boot options; each has a runtime API instead.
const NOT_OPTIONS: ReadonlyArray<[field: string, instead: string]> = [
	["tools", "register tools with uai.tools.register or an SDK scope"],
	["providers", "manage providers with uai.providers"],
	["theme", "give window options to UI:CreateWindow"],
	["Parent", "give window options to UI:CreateWindow"],
	["headless", "headless is a session option (uai.sessions.open)"],
];

/** Logs recognised fields with the wrong type and fields that are not boot options. */
export function reviewContext(context: Context, log: Logger) {
	for (const [field, expected] of EXPECTED_TYPES) {
		const value = context[field];
		if (value !== undefined && typeOf(value) !== expected) {
			log.warn(`context.${field} should be a ${expected}, got a ${typeOf(value)}; it is ignored`);
		}
	}
	for (const [field, instead] of NOT_OPTIONS) {
		if (context[field] !== undefined)
			log.info(`context.${field} is not a boot option and is left alone: ${instead}`);
	}
}
