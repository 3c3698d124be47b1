/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Specs of the Chat page's custom rows (app/panels/chat/rows): each builder draws into a given
// container Frame what its data says — a tool card's diff lines, a Luau run's output, the task
// list with statuses, a question with its choices and answer box — and its buttons report presses.
import { Players } from "@rbxts/services";
import { buildPalette } from "ui-lib/theme/palette";
import type { Card } from "app/panels/chat/cards";
import { askBuilder } from "app/panels/chat/rows/ask_row";
import { createAsks } from "app/panels/chat/rows/asks";
import type { RowContext } from "app/panels/chat/rows/kit";
import { buildTodoRow } from "app/panels/chat/rows/todo_row";
import { toolCardBuilder } from "app/panels/chat/rows/tool_card";

function mount(width = 560) {
	const gui = new Instance("ScreenGui");
	gui.Name = "RowSpec";
	const frame = new Instance("Frame");
	frame.Size = new UDim2(0, width, 0, 0);
	frame.AutomaticSize = Enum.AutomaticSize.Y;
	frame.BackgroundColor3 = buildPalette("Dark").Canvas;
	const layout = new Instance("UIListLayout");
	layout.Padding = new UDim(0, 8);
	layout.SortOrder = Enum.SortOrder.LayoutOrder;
	layout.Parent = frame;
	frame.Parent = gui;
	gui.Parent = Players.LocalPlayer.FindFirstChildOfClass("PlayerGui");
	const given = new Array<defined>();
	const rows = new Array<Frame>();
	const add = (key: string) => {
		const container = new Instance("Frame");
		container.Name = key;
		container.LayoutOrder = rows.size();
		container.Size = new UDim2(1, 0, 0, 0);
		container.AutomaticSize = Enum.AutomaticSize.Y;
		container.BackgroundTransparency = 1;
		container.Parent = frame;
		rows.push(container);
		// the transcript's context, as a builder sees it (colon methods)
		const ctx = {
			Key: key,
			Width: width,
			Theme: buildPalette("Dark"),
			TextScale: 1,
			Resized() {},
			Give(resource: defined) {
				given.push(resource);
				return () => undefined;
			},
		} as unknown as RowContext;
		return $tuple(container, ctx);
	};
	return { gui, add };
}

function texts(root: Instance): string {
	const out = new Array<string>();
	for (const d of root.GetDescendants())
		if (d.IsA("TextLabel") || d.IsA("TextButton")) out.push(`${d.Name}=${d.Text}`);
	return out.join("\n");
}

function find<T extends keyof Instances>(root: Instance, name: string, className: T): Instances[T] {
	const found = root.FindFirstChild(name, true);
	assert(found !== undefined && found.IsA(className), `no ${className} ${name} in\n${texts(root)}`);
	return found as Instances[T];
}

function card(name: string, fields: Partial<Card>): Card {
	return { key: `call:${name}`, id: name, name, risk: "write", args: "{}", expanded: false, ...fields };
}

export = () => {
	it("a file edit's card shows the removed and added lines, folded after 12", () => {
		const { gui, add } = mount();
		const pressed = new Array<string>();
		const build = toolCardBuilder((key, action) => pressed.push(`${key}:${action}`));
		const many = new Array<string>();
		for (let i = 1; i <= 20; i++) many.push(`line ${i}`);
		const [container, ctx] = add("edit");
		build(
			container,
			card("file_edit", {
				args: '{"path":"main.lua","old":"speed = 16","new":"speed = 24"}',
				outcome: { ok: true, text: "Edited files/main.lua (1 edit, now 40 bytes):\n@@ line 3", ms: 4 },
				data: {
					path: "files/main.lua",
					changes: [{ line: 3, removed: "speed = 16", added: many.join("\n"), count: 1 }],
				},
			}),
			ctx,
		);
		expect(find(container, "Removed1", "TextLabel").Text).to.equal("- speed = 16");
		const added = find(container, "Added1", "TextLabel").Text;
		expect(added.find("+ line 12", 1, true)[0] !== undefined).to.equal(true);
		expect(added.find("+ line 13", 1, true)[0]).to.equal(undefined);
		expect(added.find("… 8 more lines", 1, true)[0] !== undefined).to.equal(true);
		expect(find(container, "Hunk1", "TextLabel").Text).to.equal("@@ line 3");
		const fold = find(container, "Fold", "TextButton");
		expect(fold.Text).to.equal("Show all (8 more lines)");
		gui.Destroy();
	});

	it("a Luau card shows the ending, output and returned values; a failure its error", () => {
		const { gui, add } = mount();
		const build = toolCardBuilder(() => undefined);
		const [container, ctx] = add("luau");
		build(
			container,
			card("run_luau", {
				risk: "danger",
				outcome: {
					ok: true,
					text: "Ran to completion in 0.01 s.\nOutput:\nhello\n[warn] careful\nReturned: 2",
					ms: 12,
				},
				data: { ending: "completed", output: "hello\n[warn] careful", returned: ["2"] },
			}),
			ctx,
		);
		expect(find(container, "Ending", "TextLabel").Text).to.equal("Ran to completion in 0.01 s.");
		expect(find(container, "Output", "TextLabel").Text).to.equal("hello\n[warn] careful");
		expect(find(container, "Returned", "TextLabel").Text).to.equal("Returned: 2");
		const [other, ctx2] = add("check");
		build(
			other,
			card("check_luau", {
				risk: "read",
				outcome: { ok: false, text: "Failed: run_luau:1: Expected identifier" },
				data: { valid: false },
			}),
			ctx2,
		);
		expect(find(other, "LuauError", "TextLabel").Text).to.equal("run_luau:1: Expected identifier");
		gui.Destroy();
	});

	it("the task list shows each item's status", () => {
		const { gui, add } = mount();
		const [container, ctx] = add("todos");
		buildTodoRow(
			container,
			{
				items: [
					{ text: "Write the file", status: "done" },
					{ text: "Run it", status: "active" },
					{ text: "Ask the user", status: "pending" },
				],
			},
			ctx,
		);
		expect(find(container, "Heading", "TextLabel").Text).to.equal("Tasks · 1 of 3 done");
		expect(find(container, "Todo2", "TextLabel").Text).to.equal("[>]  Run it  · active");
		gui.Destroy();
	});

	it("a question offers its choices and a box of one's own; answering resolves once", () => {
		const asks = createAsks();
		const answers = new Array<defined>();
		const session = {} as never;
		const data = asks.event(session, {
			kind: "ask:user",
			id: "call9",
			question: "Which corner?",
			choices: ["Left", "Right"],
			resolve: (answer: unknown) => {
				answers.push(answer as defined);
				return answers.size() === 1;
			},
		})!;
		expect(data.state).to.equal("waiting");
		const { gui, add } = mount();
		const [container, ctx] = add(data.key);
		const pressed = new Array<string>();
		askBuilder((key, answer) => pressed.push(`${key}=${answer}`))(container, data, ctx);
		expect(find(container, "Question", "TextLabel").Text).to.equal("Which corner?");
		expect(find(container, "Choice2", "TextButton").Text).to.equal("Right");
		expect(find(container, "AnswerBox", "TextBox").PlaceholderText).to.equal("Or type your own answer");
		expect(asks.answer(data.key, "Right")).to.equal(true);
		expect(data.state).to.equal("answered");
		expect(asks.answer(data.key, "Left")).to.equal(false);
		expect(answers.size()).to.equal(1);
		// a question whose call ended first answers nothing
		const late = asks.event(session, { kind: "ask:user", id: "call10", question: "?", resolve: () => true })!;
		expect(asks.event(session, { kind: "tool:error", id: "call10" })).to.equal(late);
		expect(late.state).to.equal("ended");
		expect(asks.answer(late.key, "x")).to.equal(false);
		// answered elsewhere (the host resolved it): the result's data says what
		const elsewhere = asks.event(session, { kind: "ask:user", id: "call11", question: "?", resolve: () => true })!;
		asks.event(session, { kind: "tool:result", id: "call11", data: { answered: true, answer: "Left" } });
		expect(elsewhere.state).to.equal("answered");
		expect(elsewhere.answer).to.equal("Left");
		expect(asks.of(session).size()).to.equal(3);
		gui.Destroy();
	});
};
