// Dialog and Confirm: a panel with a message and one to four action buttons. A button closes the
// dialog, then its callback runs in a task the window owns. Dismissible = false ignores the
// backdrop, Escape and ButtonB, and hides Close. `SetContent` replaces the message of an open dialog
// (a countdown, a progress line) and lays the panel out again. Selectable = true shows the content
// in a read-only TextBox, so the user can select and copy it.
import { create, label } from "../core/create";
import { fail } from "../core/errors";
import { booleanOption, clampedOption, readOptions, textOption, type Options } from "../core/options";
import { textHeight } from "../layout/measure";
import { actionButton, actionStyle, type ActionStyle } from "../parts/action-button";
import type { WindowCore } from "../context/window-core";
import { Panel, type PanelHandle } from "./panel";

/** Dialog's handle: the panel handle and `SetContent(text)`. */
export interface DialogHandle extends PanelHandle {
	SetContent: (text: unknown) => void;
}

interface DialogButton {
	text: string;
	style: ActionStyle;
	callback?: Callback;
}

function readButtons(value: unknown): DialogButton[] {
	if (value === undefined) return [{ text: "Done", style: "Primary" }];
	if (!typeIs(value, "table")) fail("Dialog: Buttons must be an array of 1 to 4 button records");
	const list = value as defined[];
	const count = list.size();
	let keys = 0;
	for (const [,] of pairs(list as unknown as object)) keys += 1;
	if (count < 1 || count > 4 || keys !== count) fail("Dialog: Buttons must be an array of 1 to 4 button records");
	return list.map((entry, index) => {
		if (!typeIs(entry, "table")) fail(`Dialog: Buttons[${index + 1}] must be a table { Text, Style?, Callback? }`);
		const record = entry as Options;
		const callback = record.Callback;
		if (callback !== undefined && !typeIs(callback, "function")) {
			fail(`Dialog: Buttons[${index + 1}].Callback must be a function`);
		}
		return {
			text: textOption(record, "Text", "Done"),
			style: actionStyle(record.Style),
			callback: callback as Callback,
		};
	});
}

export function openDialog(core: WindowCore, value: unknown): DialogHandle {
	const options = readOptions(value, "Dialog", "Content");
	const buttons = readButtons(options.Buttons);
	const dismissible = booleanOption(options, "Dismissible", true, "Dialog");
	let content = textOption(options, "Content", "");
	const panel = new Panel(core, {
		title: textOption(options, "Title", "Project UAI"),
		width: clampedOption(options, "Width", 160, 1200, 440),
		height: clampedOption(options, "Height", 120, 1200, 300),
		dismissible,
		layoutActions: (width) => layoutActions(core, faces, width),
	});
	const props = { Text: content, Position: UDim2.fromOffset(20, 4) };
	const message = booleanOption(options, "Selectable", false, "Dialog")
		? create(
				"TextBox",
				{
					Name: "Message",
					BorderSizePixel: 0,
					BackgroundTransparency: 1,
					RichText: false,
					TextWrapped: true,
					MultiLine: true,
					TextEditable: false,
					ClearTextOnFocus: false,
					TextXAlignment: Enum.TextXAlignment.Left,
					TextYAlignment: Enum.TextYAlignment.Top,
					...props,
				},
				panel.body,
			)
		: label("Message", panel.body, props);
	core.text(panel.scope, message, "Body", "Secondary");
	const faces = buttons.map((entry, index) => {
		const face = actionButton(
			core,
			panel.scope,
			panel.actions,
			`DialogAction_${index + 1}`,
			entry.text,
			entry.style,
		);
		panel.scope.give(
			face.button.Activated.Connect(() => {
				panel.close();
				const callback = entry.callback;
				if (callback !== undefined) core.spawn(() => callback());
			}),
		);
		return face.button;
	});
	panel.onLayout = (width) => {
		const messageHeight = textHeight(content, "Body", core.type.scale, width);
		message.Size = UDim2.fromOffset(width, messageHeight);
		panel.contentHeight = messageHeight + 12;
	};
	panel.show(faces[faces.size() - 1]);
	const handle = panel.handle as DialogHandle;
	handle.SetContent = (text) => {
		if (!typeIs(text, "string")) fail("Dialog: SetContent expects a string");
		if (panel.closed || text === content) return;
		content = text;
		message.Text = text;
		panel.reflow();
	};
	return handle;
}

/**
 * Right-aligned buttons in columns of about 112 px × TextScale; when they do not fit in one row
 * they wrap, and a wrapped label makes its button grow up to 2 × Target. Returns the row height.
 */
function layoutActions(core: WindowCore, faces: TextButton[], width: number): number {
	const target = core.metrics.target;
	const gap = 8;
	const scale = core.type.scale;
	const column = math.ceil(112 * scale);
	const perRow = math.max(1, math.min(faces.size(), math.floor((width + gap) / (column + gap))));
	const cell = perRow === faces.size() ? column : math.floor((width - gap * (perRow - 1)) / perRow);
	const rows = math.ceil(faces.size() / perRow);
	const heights: number[] = [];
	for (const index of $range(0, faces.size() - 1)) {
		const row = math.floor(index / perRow);
		const face = faces[index];
		const wrapped = textHeight(face.Text, "Body", scale, cell - 16) + 12;
		heights[row] = math.max(heights[row] !== undefined ? heights[row] : target, math.min(2 * target, wrapped));
	}
	let top = 8;
	const rowTops: number[] = [];
	for (let row = 0; row < rows; row++) {
		rowTops[row] = top;
		top += heights[row] + gap;
	}
	for (const index of $range(0, faces.size() - 1)) {
		const face = faces[index];
		const row = math.floor(index / perRow);
		// the last button of each row sits at the right edge, as in a single row
		const inRow = math.min(perRow, faces.size() - row * perRow);
		const col = inRow - 1 - (index % perRow);
		face.TextWrapped = true;
		face.AnchorPoint = new Vector2(1, 0);
		face.Size = UDim2.fromOffset(cell, heights[row]);
		face.Position = new UDim2(1, -20 - col * (cell + gap), 0, rowTops[row]);
	}
	return top;
}

export function openConfirm(core: WindowCore, value: unknown): DialogHandle {
	const options = readOptions(value, "Confirm", "Content");
	const callback = options.Callback;
	if (callback !== undefined && !typeIs(callback, "function")) fail("Confirm: Callback must be a function");
	const danger = booleanOption(options, "Danger", false, "Confirm");
	return openDialog(core, {
		Title: textOption(options, "Title", "Confirm action"),
		Content: textOption(options, "Content", ""),
		Dismissible: options.Dismissible,
		Buttons: [
			{ Text: textOption(options, "CancelText", "Cancel") },
			{
				Text: textOption(options, "ConfirmText", "Confirm"),
				Style: danger ? "Danger" : "Primary",
				Callback: callback,
			},
		],
	});
}
