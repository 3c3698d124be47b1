// Interactive answers for the agent loop (docs/OPENUI.md, "The agent"): Settings → Chat →
// Interactive answers turns the policy on (the library's prompt section, answers stored in the
// stored form, edits merged). The openui module doing the work loads on first use, through a
// literal require the bundler follows (an import would load it at boot).
import type * as Answers from "../openui/answers";
import type { AnswerPolicy } from "../agent/conversation/answer_policy";
import type { PublicConfig } from "../runtime/config";

let loaded: typeof Answers | undefined;

function answers(): typeof Answers {
	if (loaded === undefined)
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		loaded = require(
			script.Parent!.Parent!.WaitForChild("openui").WaitForChild("answers") as ModuleScript,
		) as typeof Answers;
	return loaded;
}

export function createAnswerPolicy(config: PublicConfig): AnswerPolicy {
	const on = () => config.get("chat.interactiveAnswers") === true;
	return table.freeze({
		notes: (messages) => (on() ? answers().answerNotes(messages) : ""),
		store: (reply, cut, messages) => (on() ? answers().storeAnswer(reply, cut, messages) : undefined),
		// a write-back is checked even after the setting was turned off (the answer is stored)
		sameAnswer: (stored, written) => answers().sameAnswer(stored, written),
	});
}
