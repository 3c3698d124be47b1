// A stored assistant answer as the Chat shows it (docs/OPENUI.md, "Storage"): the content's prose
// around the fenced program, the program rendered with its page state restored from the stored
// context (restoring never fails), a note when the stored answer has no `end` line (it was cut),
// every state change written back into the same stored message (header and program byte for
// byte), and buttons that send producing the stored user-action message.
import { encodeJson, decodeJson } from "../json";
import { buildMessage, parseMessage, replaceContext } from "../message";
import { proseAround } from "../prose";
import { Page } from "../runtime";
import { arrayOf, joinString, ObjectValue, Value } from "../values";
import { robloxLibrary } from "./library";
import { renderTree } from "./render";
import { buildPalette, ThemeName } from "../../ui-lib/theme/palette";
import { frame, label } from "../../ui-lib/core/create";
import { fontOf, textSize } from "../../ui-lib/theme/typography";

export interface AnswerOptions {
	readonly theme?: ThemeName;
	/** The answer is still streaming: render what parses so far, inputs inert. */
	readonly streaming?: boolean;
	/** The same stored message with the new page state (write it back where it is kept). */
	readonly onStored?: (stored: string) => void;
	/** A button sent a message: the user turn in the stored user-action form, and its text. */
	readonly onSend?: (storedUserMessage: string, message: string) => void;
	readonly onOpenUrl?: (url: string) => void;
}

/** The user turn a sending button stores: its message, then the click, form state and context. */
export function userActionMessage(message: string, formState: Value, context: Value | undefined): string {
	const parts: Value[] = [`User clicked: ${message}`, formState];
	if (context !== undefined) parts.push(context);
	return buildMessage(message, encodeJson(arrayOf(parts)));
}

export function mountAnswer(parent: Instance, stored: string, options: AnswerOptions = {}) {
	const palette = buildPalette(options.theme ?? "Dark");
	let current = stored;
	const parsed = parseMessage(stored, options.streaming === true);
	const holder = frame("Answer", parent, { Size: new UDim2(1, 0, 0, 0), AutomaticSize: Enum.AutomaticSize.Y });
	stackLayout(holder);
	let body: Frame | undefined;
	const page = new Page({
		library: robloxLibrary(),
		onEvent: (event: ObjectValue) => {
			const kind = event.map.get("type");
			if (kind === "continue_conversation") {
				const message = joinString(event.map.get("humanFriendlyMessage"));
				const params = event.map.get("params") as ObjectValue | undefined;
				options.onSend?.(
					userActionMessage(message, event.map.get("formState") ?? arrayOf([]), params?.map.get("context")),
					message,
				);
			} else if (kind === "open_url") {
				const params = event.map.get("params") as ObjectValue | undefined;
				options.onOpenUrl?.(joinString(params?.map.get("url")));
			}
		},
		onState: (snapshot) => {
			current = replaceContext(current, encodeJson(arrayOf([snapshot])));
			options.onStored?.(current);
		},
	});
	if (parsed.context !== undefined) {
		const decoded = decodeJson(parsed.context);
		if (decoded.ok) page.store.restore(decoded.value);
	}
	const [before, after, fenced] = proseAround(parsed.content);
	const note = (text: string, order: number, muted = false) =>
		label("Prose", holder, {
			Text: text,
			Font: fontOf("Body"),
			TextSize: textSize("Body", 1),
			TextColor3: muted ? palette.Muted : palette.Text,
			TextWrapped: true,
			TextXAlignment: Enum.TextXAlignment.Left,
			Size: new UDim2(1, 0, 0, 0),
			AutomaticSize: Enum.AutomaticSize.Y,
			LayoutOrder: order,
		});
	if (fenced && before !== "") note(before, 1);
	const result = options.streaming === true ? page.push(parsed.content) : page.finish(parsed.content);
	// a live answer renders what parses so far; loaded later, a missing end means it was cut
	const cut = options.streaming !== true && parsed.marked && !parsed.ended;
	const draw = () => {
		body?.Destroy();
		body = renderTree(holder, page.current().root, { page, palette, interactive: options.streaming !== true });
		body.LayoutOrder = 2;
	};
	draw();
	if (fenced && after !== "") note(after, 3);
	if (cut) note("This response was cut off before it finished.", 4, true);
	return table.freeze({
		frame: holder,
		result,
		/** A page state key (`$name`, a field or a form). */
		state: (key: string) => page.store.get(key),
		cut,
		/** The stored message as it is now (with the latest page state). */
		stored: () => current,
		redraw: draw,
	});
}

function stackLayout(holder: Frame) {
	const layout = new Instance("UIListLayout");
	layout.SortOrder = Enum.SortOrder.LayoutOrder;
	layout.Padding = new UDim(0, 8);
	layout.Parent = holder;
}
