// Hooks (`uai.hooks`): host functions the runtime calls at fixed points. Handlers of a kind run in
// `order` (lower first, ties in registration order), each protected: an error is logged and the
// next handler runs. Every handler runs even after one vetoes; only an explicit `false` returned
// from `preTool` vetoes. `onError` is a recognised kind with no automatic invocation.
import { Logger } from "../../runtime/log";

export const HOOK_KINDS = ["preRequest", "postResponse", "preTool", "postTool", "onEvent", "onError"] as const;
export type HookKind = (typeof HOOK_KINDS)[number];

export type HookHandler = (payload: object) => unknown;
export type Unsubscribe = () => void;
type Added = LuaTuple<[Unsubscribe, undefined] | [undefined, string]>;

interface Handler {
	readonly kind: HookKind;
	readonly fn: HookHandler;
	readonly name: string;
	readonly order: number;
	readonly serial: number;
}

/** `uai.hooks` (dot calls). */
export interface PublicHooks {
	/** `register(kind, fn, { name?, order? })` → unsubscribe; when invalid, a no-op function and the reason. */
	readonly register: (kind: unknown, fn: unknown, options?: unknown) => LuaTuple<[Unsubscribe, string | undefined]>;
}

export interface Hooks {
	readonly public: PublicHooks;
	/** `register` that reports invalid input as nil and the reason (what SDK scopes return). */
	readonly add: (kind: unknown, fn: unknown, options?: unknown) => Added;
	/** Runs every handler of `kind` with `payload`; true when one returned exactly false. */
	readonly run: (kind: HookKind, payload: object) => boolean;
	/** Whether a handler of `kind` is registered (callers skip building a payload nobody reads). */
	readonly has: (kind: HookKind) => boolean;
	/** Registers the boot context's `hooks` map (kind → function); boot calls it once. */
	readonly adopt: (map: unknown) => void;
}

function traceback(err: unknown): string {
	return debug.traceback(tostring(err), 2);
}

function checkOptions(options: unknown): LuaTuple<[{ name?: string; order: number }, undefined] | [undefined, string]> {
	if (options === undefined) return $tuple({ order: 0 }, undefined);
	if (!typeIs(options, "table")) return $tuple(undefined, "hook options must be a table { name?, order? }");
	const { name, order } = options as { name?: unknown; order?: unknown };
	if (name !== undefined && !typeIs(name, "string")) return $tuple(undefined, "hook option name must be a string");
	if (order !== undefined && (!typeIs(order, "number") || order !== order || math.abs(order) === math.huge))
		return $tuple(undefined, "hook option order must be a finite number");
	return $tuple({ name, order: order ?? 0 }, undefined);
}

/** `mapError` rewrites bundle positions in a failing hook's traceback. */
export function createHooks(log: Logger, mapError: (text: string) => string): Hooks {
	// copy-on-write: a run iterates the list it started with
	let handlers: ReadonlyArray<Handler> = [];
	let serial = 0;

	const add = (kind: unknown, fn: unknown, options?: unknown): Added => {
		if (!HOOK_KINDS.includes(kind as HookKind))
			return $tuple(undefined, `unknown hook kind ${tostring(kind)} (kinds: ${HOOK_KINDS.join(", ")})`);
		if (!typeIs(fn, "function")) return $tuple(undefined, "a hook must be a function");
		const [checked, problem] = checkOptions(options);
		if (checked === undefined) return $tuple(undefined, problem);
		serial += 1;
		const handler: Handler = {
			kind: kind as HookKind,
			fn: fn as HookHandler,
			name: checked.name ?? `${kind}#${serial}`,
			order: checked.order,
			serial,
		};
		const list = [...handlers, handler];
		table.sort(list, (a, b) => (a.order !== b.order ? a.order < b.order : a.serial < b.serial));
		handlers = list;
		return $tuple(() => {
			handlers = handlers.filter((other) => other !== handler);
		}, undefined);
	};

	const register = (kind: unknown, fn: unknown, options?: unknown): LuaTuple<[Unsubscribe, string | undefined]> => {
		const [unsubscribe, problem] = add(kind, fn, options);
		if (unsubscribe !== undefined) return $tuple(unsubscribe, undefined);
		log.warn(`hook not registered: ${problem}`);
		return $tuple(() => {}, problem);
	};

	return {
		public: table.freeze({ register }),
		add,
		has: (kind) => handlers.some((handler) => handler.kind === kind),
		run: (kind, payload) => {
			let vetoed = false;
			for (const handler of handlers) {
				if (handler.kind !== kind) continue;
				const [ok, result] = xpcall(handler.fn, traceback, payload);
				if (!ok) log.warn(`hook "${handler.name}" (${kind}) failed and was skipped: ${mapError(result)}`);
				else if (result === false) vetoed = true;
			}
			return vetoed;
		},
		adopt: (map) => {
			// the boot context review has already warned about a map that is not a table
			if (!typeIs(map, "table")) return;
			for (const [kind, fn] of pairs(map as Record<string, unknown>)) {
				register(kind, fn, { name: `context.hooks.${tostring(kind)}` });
			}
		},
	};
}
