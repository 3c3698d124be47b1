// `uai.sdk.request(session, text, options?)`: one accepted turn as a handle that settles exactly
// once — succeeded, failed (provider errors, exhausted limits) or cancelled (Stop, removal,
// unload). Ordinary completion waits for the worker release; removal and unload settle at once.
// Host callbacks run protected; the result table is frozen and shared.
import { PublicSession, TurnOutcome } from "../agent/conversation/session";
import { Sessions } from "../agent/conversation/sessions";
import { CleanupRegistry } from "../runtime/cleanup";
import { Logger } from "../runtime/log";

export type RequestStatus = "running" | "succeeded" | "failed" | "cancelled";

export interface RequestResult {
	readonly ok: boolean;
	readonly status: RequestStatus;
	readonly text: string;
	readonly error?: string;
	readonly sessionId: string;
}

export interface RequestHandle {
	status: RequestStatus;
	result?: RequestResult;
	readonly cancel: () => boolean;
	readonly onComplete: (callback: unknown) => LuaTuple<[() => void, undefined] | [undefined, string]>;
	readonly await: (timeout?: unknown) => LuaTuple<[RequestResult, undefined] | [undefined, string]>;
}

export interface RequestDeps {
	readonly sessions: Sessions;
	readonly cleanup: CleanupRegistry;
	readonly log: Logger;
}

const OPTION_KEYS = new Set(["onEvent", "onComplete", "files", "images"]);
const POLL = 0.03;

export type RequestFn = (
	session: unknown,
	text: unknown,
	options?: unknown,
) => LuaTuple<[RequestHandle, undefined] | [undefined, string]>;

export function createRequester(deps: RequestDeps): RequestFn {
	const { log } = deps;
	const call = (what: string, fn: unknown, ...args: Array<unknown>) => {
		const [ok, err] = xpcall(
			fn as (...a: Array<unknown>) => unknown,
			(e) => debug.traceback(tostring(e), 2),
			...args,
		);
		if (!ok) log.warn(`request ${what} callback failed: ${tostring(err)}`);
	};

	return (sessionValue, text, options) => {
		if (deps.cleanup.closed()) return $tuple(undefined, "this UAI client has been unloaded");
		const session = deps.sessions.lookup(sessionValue);
		if (session === undefined)
			return $tuple(undefined, "the session is not a live registered conversation of this client");
		if (!typeIs(text, "string")) return $tuple(undefined, "text must be a string");
		if (options !== undefined && !typeIs(options, "table")) return $tuple(undefined, "options must be a table");
		const opts = (options ?? {}) as Record<string, unknown>;
		for (const [key] of pairs(opts))
			if (!OPTION_KEYS.has(key as string)) return $tuple(undefined, `unknown request option ${tostring(key)}`);
		for (const key of ["onEvent", "onComplete"])
			if (opts[key] !== undefined && !typeIs(opts[key], "function"))
				return $tuple(undefined, `${key} must be a function`);
		const publicSession: PublicSession = session.public;
		if (publicSession.busy || publicSession.preparing)
			return $tuple(undefined, "the conversation is already working");

		const listeners = new Array<(result: RequestResult) => void>();
		if (opts.onComplete !== undefined) listeners.push(opts.onComplete as (result: RequestResult) => void);
		let releaseEvents: (() => void) | undefined;
		// assigned once the send is accepted; settlement may run before that
		// eslint-disable-next-line prefer-const
		let releaseGone: (() => void) | undefined;
		// eslint-disable-next-line prefer-const
		let releaseCleanup: ((run?: boolean) => void) | undefined;
		let accepted = false;

		const handle: RequestHandle = {
			status: "running",
			result: undefined,
			cancel: () => {
				if (handle.status !== "running") return false;
				return publicSession.abort();
			},
			onComplete: (callback) => {
				if (!typeIs(callback, "function")) return $tuple(undefined, "onComplete needs a function");
				const fn = callback as (result: RequestResult) => void;
				if (handle.result !== undefined) {
					call("onComplete", fn, handle.result);
					return $tuple(() => {}, undefined);
				}
				listeners.push(fn);
				return $tuple(() => {
					const index = listeners.indexOf(fn);
					if (index >= 0) listeners.remove(index);
				}, undefined);
			},
			await: (timeout) => {
				if (
					timeout !== undefined &&
					(!typeIs(timeout, "number") || timeout !== timeout || timeout < 0 || timeout === math.huge)
				)
					return $tuple(undefined, "the timeout must be a finite, nonnegative number of seconds");
				const started = os.clock();
				while (handle.result === undefined) {
					if (timeout !== undefined && os.clock() - started >= timeout) return $tuple(undefined, "timeout");
					if (!coroutine.isyieldable()) return $tuple(undefined, "await must run in a yieldable task");
					task.wait(POLL);
				}
				return $tuple(handle.result, undefined);
			},
		};

		const settle = (status: RequestStatus, replyText: string, why?: string) => {
			if (handle.result !== undefined) return;
			releaseEvents?.();
			releaseGone?.();
			releaseCleanup?.(false);
			const result: RequestResult = table.freeze({
				ok: status === "succeeded",
				status,
				text: replyText,
				error: why,
				sessionId: publicSession.id,
			});
			handle.status = status;
			handle.result = result;
			const pending = [...listeners];
			listeners.clear();
			for (const fn of pending) call("onComplete", fn, result);
		};

		if (opts.onEvent !== undefined) {
			const onEvent = opts.onEvent;
			releaseEvents = publicSession.events.connect((event) => call("onEvent", onEvent, event));
		}
		let early: TurnOutcome | undefined;
		const finish = (outcome: TurnOutcome) => {
			if (outcome.aborted) settle("cancelled", outcome.text, "the request was stopped");
			else if (outcome.failed) settle("failed", outcome.text, outcome.error ?? outcome.text);
			else settle("succeeded", outcome.text);
		};
		// the turn may end before run() returns; its outcome is then settled after acceptance
		const [ok, reason] = session.run(text, opts.files, opts.images, (outcome: TurnOutcome) => {
			if (accepted) finish(outcome);
			else early = outcome;
		});
		if (!ok) {
			releaseEvents?.();
			return $tuple(undefined, reason ?? "the send was refused");
		}
		accepted = true;
		releaseGone = deps.sessions.onGone(publicSession, () =>
			settle("cancelled", "", "the conversation was removed or the client unloaded"),
		);
		[releaseCleanup] = deps.cleanup.add(() => settle("cancelled", "", "the client unloaded"), "sdk request");
		if (early !== undefined) finish(early);
		return $tuple(handle, undefined);
	};
}
