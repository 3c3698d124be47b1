// Interactive answers in the Chat transcript (docs/OPENUI.md, "Interactive answers in the Chat"):
// a stored assistant answer is one transcript row drawn by `openui.roblox.mount` — the prose around
// its fenced program, the program with its page state, a cut-off note when it has no end line —
// bounded by the renderer's limits. The live preview of a reply with an `openui` fence renders what
// parses so far. Every state change is written back into the stored message
// (`session.updateAnswer`), so a rebuild, a reload and the browser show it; a button that sends
// produces the stored user-action message, which its user row shows as the message text alone.
// The openui module loads with the first such row.
import type { Handle, PublicSession, RowContext } from "../../../api";
import { plainItems, text } from "./items";
import type { RowHooks } from "./transcript";

/** The marker every stored OpenUI message has at the start of a line. */
const MARKER = "]]>openui:";

/** What an answer row draws: kept by the transcript and handed back on every (re)build. */
export interface AnswerRowData {
	/** The stored answer as it is now (the latest page state after each write-back). */
	stored: string;
	/** The retained `assistant:text` event's id (write-backs go there); none for the live preview. */
	readonly transcriptId?: string;
	/** The live preview: render what parses so far, inputs inert. */
	readonly streaming: boolean;
	/** The conversation the answer belongs to. */
	readonly session: PublicSession;
}

/** Whether `text` is a stored OpenUI message (a marker line). */
export function isStoredMessage(text: string): boolean {
	return string.sub(text, 1, MARKER.size()) === MARKER || string.find(text, `\n${MARKER}`, 1, true)[0] !== undefined;
}

/** Whether a reply still streaming is an interactive answer (an `openui` fence has started). */
export function isStreamingAnswer(text: string): boolean {
	return (
		string.match(text, "^```[ \t]*openui")[0] !== undefined ||
		string.find(text, "\n```openui", 1, true)[0] !== undefined
	);
}

/** What a user row shows for a stored user action: its message text alone. */
export function userText(uai: Handle, text: string): string {
	if (!isStoredMessage(text)) return text;
	return uai.env.require("openui").Message.parse(text).content;
}

/**
 * The row builder for answers. `send` sends a button's stored user-action message in the answer's
 * conversation (the composer's path: refused while busy, with a notice).
 */
export function createAnswerRows(uai: Handle, send: (session: PublicSession, stored: string, text: string) => void) {
	return (container: Frame, data: AnswerRowData, row: RowContext): object => {
		const openui = uai.env.require("openui");
		// the title and inset of the transcript's text rows
		const padding = new Instance("UIPadding");
		padding.PaddingLeft = new UDim(0, 8);
		padding.PaddingRight = new UDim(0, 8);
		padding.PaddingBottom = new UDim(0, 6);
		padding.Parent = container;
		const layout = new Instance("UIListLayout");
		layout.SortOrder = Enum.SortOrder.LayoutOrder;
		layout.Padding = new UDim(0, 4);
		layout.Parent = container;
		const title = new Instance("TextLabel");
		title.Name = "Title";
		title.Text = data.streaming ? "Assistant · writing" : "Assistant";
		title.Font = Enum.Font.GothamMedium;
		title.TextSize = math.floor(12 * row.TextScale + 0.5);
		title.TextColor3 = row.Theme.Accent;
		title.TextXAlignment = Enum.TextXAlignment.Left;
		title.BackgroundTransparency = 1;
		title.Size = new UDim2(1, 0, 0, math.floor(16 * row.TextScale + 0.5));
		title.Parent = container;
		const view = openui.roblox.mount(container, data.stored, {
			theme: row.Theme.Name,
			streaming: data.streaming,
			onStored: (stored: string) => {
				data.stored = stored;
				if (data.transcriptId === undefined) return;
				const [ok, why] = data.session.updateAnswer(data.transcriptId, stored);
				if (ok !== true) uai.log.warn(`chat: the answer's state was not saved: ${tostring(why)}`);
			},
			onSend: (stored: string, text: string) => send(data.session, stored, text),
		});
		view.frame.LayoutOrder = 1;
		return {
			// a new stored text (a streamed chunk) draws again from the data
			Update: () => false,
			Destroy: () => view.frame.Destroy(),
		};
	};
}

/**
 * What a streaming reply previews: in edit mode (the conversation has a stored answer) the current
 * program with the patch's complete lines merged in — a half-written line never replaces a whole
 * statement; the stored answer is merged for good when the reply ends (docs/OPENUI.md, "Edits").
 */
function editPreview(uai: Handle, session: PublicSession | undefined, body: string): string {
	if (session === undefined) return body;
	let current: string | undefined;
	for (const event of session.transcript.snapshot())
		if (event.kind === "assistant:text" && isStoredMessage(text(event.text))) current = text(event.text);
	if (current === undefined) return body;
	const openui = uai.env.require("openui");
	const complete = (string.match(body, "^(.*\n)")[0] as string | undefined) ?? "";
	return `\`\`\`openui\n${openui.Edit.merge(openui.Message.parse(current).content, complete)}\n\`\`\``;
}

/**
 * The transcript hooks of the shown conversation (`shown`): a stored answer is an answer row, a
 * stored user action a "You" row with its message text, a reply streaming an `openui` fence a live
 * answer row; everything else is drawn as usual.
 */
export function answerHooks(
	uai: Handle,
	shown: () => PublicSession | undefined,
	send: (session: PublicSession, stored: string, text: string) => void,
): RowHooks {
	const build = createAnswerRows(uai, send) as (container: Frame, data: unknown, row: unknown) => unknown;
	const row = (stored: string, streaming: boolean, transcriptId?: string) => {
		const session = shown();
		if (session === undefined) return undefined;
		const data: AnswerRowData = { stored, transcriptId, streaming, session };
		return [{ build, data }];
	};
	return {
		event: (event) => {
			const body = text(event.text);
			if (!isStoredMessage(body)) return undefined;
			if (event.kind === "assistant:text") return row(body, false, text(event.transcriptId));
			if (event.kind === "user") return plainItems("You", "Info", userText(uai, body));
			return undefined;
		},
		preview: (event) => {
			const body = text(event.text);
			return isStreamingAnswer(body) ? row(editPreview(uai, shown(), body), true) : undefined;
		},
	};
}
