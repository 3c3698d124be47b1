// Interactive answers over the bridge (bridge/README.md, "Interactive answers"): a forwarded
// stored answer (`assistant:text`, and `answer:state` after a write-back) carries its view — the
// tree the game evaluated with its page state (src/openui/view.ts) — so the browser draws the same
// message with the same state; the browser's `answer:state` command writes a new page state into
// the stored message, checked here and by `session.updateAnswer`. The openui modules load on first
// use, through literal requires the bundler follows.
import type * as Message from "../../openui/message";
import type * as View from "../../openui/view";
import type { PublicSession } from "../../agent/conversation/session";
import type { CommandAnswer } from "../../net/bridge/link";
import { decode } from "../../runtime/json";

const MARKER = "]]>openui:";
/** A view larger than this is left out (the browser shows the answer's text). */
export const VIEW_LIMIT = 256 * 1024;
/** The largest page state a browser may write (the context section's text). */
export const CONTEXT_LIMIT = 64 * 1024;

let views: typeof View | undefined;
let messages: typeof Message | undefined;

function isStored(text: unknown): text is string {
	return typeIs(text, "string") && text.find(MARKER, 1, true)[0] !== undefined;
}

/** A forwarded event's data with the view of the stored answer it carries. */
export function withAnswerView(kind: string, data: unknown): unknown {
	if (kind !== "assistant:text" && kind !== "answer:state") return data;
	const text = (data as { text?: unknown }).text;
	if (!typeIs(data, "table") || !isStored(text)) return data;
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	views ??= require(
		script.Parent!.Parent!.Parent!.WaitForChild("openui").WaitForChild("view") as ModuleScript,
	) as typeof View;
	const [ok, view] = pcall(() => views!.answerView(text));
	if (ok && view.size() <= VIEW_LIMIT) (data as Record<string, unknown>).openui = view;
	return data;
}

const refuse = (why: string): CommandAnswer => ({ ok: false, error: why });

/** `answer:state {sessionId, transcriptId, context}`: a new page state for a stored answer. */
export function answerState(session: PublicSession, command: Record<string, unknown>): CommandAnswer {
	const id = command.transcriptId;
	const context = command.context;
	if (!typeIs(id, "string") || id.size() > 200) return refuse("transcriptId names the answer (a string)");
	if (!typeIs(context, "string") || context.size() > CONTEXT_LIMIT)
		return refuse(`context must be JSON text of at most ${CONTEXT_LIMIT} bytes`);
	const [decoded, why] = decode(context);
	if (!typeIs(decoded, "table"))
		return refuse(`context must be a JSON array or object${why !== undefined ? `: ${why}` : ""}`);
	const event = session.transcript.snapshot().find((e) => e.transcriptId === id && e.kind === "assistant:text");
	if (event === undefined || !isStored(event.text)) return refuse(`no stored interactive answer ${id}`);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	messages ??= require(
		script.Parent!.Parent!.Parent!.WaitForChild("openui").WaitForChild("message") as ModuleScript,
	) as typeof Message;
	const [ok, reason] = session.updateAnswer(id, messages.replaceContext(event.text, context));
	return ok === true ? { ok: true, data: { transcriptId: id } } : refuse(tostring(reason));
}
