// The context one call's handler receives. It outlives the call: once the call has ended (result,
// Stop, deadline, removal, revocation), `aborted()` stays true and progress and events from the
// handler are dropped, so a late handler cannot change what was reported.
import { Logger } from "../../runtime/log";
import { CallContext, DispatchContext } from "./tool";

export interface CallState {
	readonly ctx: CallContext;
	/** Ends the call: from now on `aborted()` is true and progress/events are dropped. */
	readonly end: () => void;
}

export interface CallIdentity {
	readonly id: string;
	readonly name: string;
	readonly env: unknown;
}

/** `interrupted()` reports the reasons the dispatcher watches; a true answer is latched. */
export function createCallContext(
	parent: DispatchContext,
	call: CallIdentity,
	interrupted: () => boolean,
	log: Logger,
): CallState {
	let ended = false;
	const forward = (kind: string, payload: object) => {
		const emit = parent.emit;
		if (ended || emit === undefined) return;
		const [ok, err] = pcall(emit, kind, payload);
		if (!ok) log.error(`${call.name}: delivering ${kind} failed: ${tostring(err)}`);
	};
	const ctx: CallContext = table.freeze({
		env: call.env,
		session: parent.session,
		depth: parent.depth ?? 0,
		callId: call.id,
		aborted: () => {
			if (!ended && interrupted()) ended = true;
			return ended;
		},
		progress: (text: unknown) => forward("tool:progress", { id: call.id, name: call.name, text: tostring(text) }),
		emit: (kind: unknown, payload?: unknown) => {
			if (!typeIs(kind, "string")) return;
			forward(kind, typeIs(payload, "table") ? (payload as object) : {});
		},
	});
	return {
		ctx,
		end: () => {
			ended = true;
		},
	};
}
