// A question from the agent (asks.ts) as a transcript row: the question, a button per offered
// choice, and a text box with Send for an answer of the user's own (Enter sends too). Once
// answered the row says what was answered; when the call ended first it says no answer was given.
import type { AskData } from "./asks";
import { button, card, input, line, RowContext, text } from "./kit";

/** The builder of question rows; `answer(key, text)` answers (the chat page updates the row). */
export function askBuilder(answer: (key: string, text: string) => void) {
	return (container: Frame, data: AskData, ctx: RowContext) => {
		const waiting = data.state === "waiting";
		const frame = card(container, ctx, "AskCard", waiting ? ctx.Theme.Accent : ctx.Theme.Border);
		text(frame, ctx, "Heading", 0, waiting ? "The agent asks" : "The agent asked", {
			style: "Caption",
			color: ctx.Theme.Accent,
		});
		text(frame, ctx, "Question", 1, data.question, { style: "Body" });
		if (data.state === "answered") {
			text(frame, ctx, "Answer", 2, `You answered: ${data.answer ?? ""}`, {
				style: "Body",
				color: ctx.Theme.Success,
			});
			return undefined;
		}
		if (data.state === "ended") {
			text(frame, ctx, "Answer", 2, "No answer was given (the question ended).", { style: "Caption" });
			return undefined;
		}
		if (!data.choices.isEmpty()) {
			const choices = line(frame, "Choices", 2, 6);
			data.choices.forEach((choice, index) =>
				button(choices, ctx, `Choice${index + 1}`, index + 1, choice, () => answer(data.key, choice)),
			);
		}
		const own = line(frame, "Own", 3, 6);
		const box = input(
			own,
			ctx,
			"AnswerBox",
			0,
			data.choices.isEmpty() ? "Your answer" : "Or type your own answer",
			0.7,
			data.draft,
		);
		ctx.Give(box.GetPropertyChangedSignal("Text").Connect(() => (data.draft = box.Text)));
		const send = () => {
			const value = box.Text.gsub("^%s+", "")[0].gsub("%s+$", "")[0];
			if (value !== "") answer(data.key, value);
		};
		ctx.Give(box.FocusLost.Connect((enter) => enter && send()));
		button(own, ctx, "Send", 1, "Send", send, true);
		return undefined;
	};
}
