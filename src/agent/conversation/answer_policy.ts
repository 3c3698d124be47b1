// Stored answers (docs/OPENUI.md, "The agent"): the client hands the loop its answer policy (the
// openui layer sits above the agent). With it the loop adds the policy's prompt notes to each
// attempt and stores a final reply as the policy says (an interactive answer in the stored
// form, an edit merged into the current program); a session checks page-state write-backs with it.
import type { Message } from "../../provider/protocols/types";

export interface AnswerPolicy {
	/** System-prompt notes for this conversation ("" for none), read at each attempt. */
	readonly notes: (messages: ReadonlyArray<Message>) => string;
	/** A final reply as it is stored, or undefined to keep it as written; `cut` when it hit the output limit. */
	readonly store: (reply: string, cut: boolean, messages: ReadonlyArray<Message>) => string | undefined;
	/** Whether `written` is the stored answer `stored` with only a new page state. */
	readonly sameAnswer: (stored: string, written: string) => boolean;
}
