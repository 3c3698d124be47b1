/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Interactive answers as the agent stores them (docs/OPENUI.md, "The agent"): which replies are
// answers, the stored form, edit-mode merges (prose kept, several fences, a cut patch, the state
// carried), the write-back check, and the view the browser draws.
import { answerNotes, carriesProgram, currentAnswer, sameAnswer, storeAnswer } from "openui/answers";
import { decodeJson } from "openui/json";
import { buildMessage, parseMessage, replaceContext } from "openui/message";
import { answerView } from "openui/view";

const answer = (content: string, context?: string) =>
	buildMessage(content, context, { library: "roblox-assistant@1.0.0" }, true);

export = () => {
	it("recognises an openui fence or bare statements from root", () => {
		expect(carriesProgram("Hi\n```openui\nroot = Stack([])\n```")).to.equal(true);
		expect(carriesProgram("```OpenUI-Lang\nroot = Stack([])\n```")).to.equal(true);
		expect(carriesProgram('  root = Stack([Text("x")])')).to.equal(true);
		expect(carriesProgram("Run this:\n```lua\nprint(1)\n```")).to.equal(false);
		expect(carriesProgram("The root = cause is unclear")).to.equal(false);
	});

	it("stores a first answer with the library attribute, and a cut one without end", () => {
		const reply = '```openui\nroot = Stack([Text("a")])\n```';
		const stored = storeAnswer(reply, false, [])!;
		expect(stored).to.equal(`]]>openui:content?library=roblox-assistant%401.0.0\n${reply}\n]]>openui:end`);
		expect(parseMessage(storeAnswer(reply, true, [])!).ended).to.equal(false);
		expect(storeAnswer("plain words", false, [])).to.equal(undefined);
	});

	it("merges a patch into the latest stored answer, keeping prose and state", () => {
		const first = answer(
			'Before\n```openui\nroot = Stack([a, b])\na = Text("A")\nb = Text("B")\n```\nAfter',
			'[{"$x":1}]',
		);
		const history = [
			{ role: "assistant", content: answer('```openui\nroot = Stack([old])\nold = Text("old")\n```') },
			{ role: "user", content: "change it" },
			{ role: "assistant", content: first },
			{ role: "assistant", content: "a plain reply in between" },
		];
		expect(currentAnswer(history)).to.equal(first);
		const merged = parseMessage(
			storeAnswer(
				'Done.\n```openui\na = Text("A2")\nc = Text("C")\nroot = Stack([a, c])\n```\nBye',
				false,
				history,
			)!,
		);
		expect(merged.content).to.equal(
			'Done.\n```openui\nroot = Stack([a, c])\na = Text("A2")\nc = Text("C")\n```\nBye',
		);
		expect(merged.context).to.equal('[{"$x":1}]');
	});

	it("merges a bare patch and never lets a cut statement replace a whole one", () => {
		const history = [{ role: "assistant", content: answer('root = Stack([a])\na = Text("whole")') }];
		const stored = parseMessage(storeAnswer('root = Stack([a, b])\nb = Text("new")\na = Text("cu', true, history)!);
		expect(stored.content).to.equal('root = Stack([a, b])\na = Text("whole")\nb = Text("new")');
		expect(stored.ended).to.equal(false);
	});

	it("accepts only a new context as a write-back", () => {
		const stored = answer('root = Stack([Input("q")])');
		expect(sameAnswer(stored, replaceContext(stored, '[{"q":{"value":"1"}}]'))).to.equal(true);
		expect(sameAnswer(stored, stored)).to.equal(true);
		expect(sameAnswer(stored, string.gsub(stored, "Input", "Text")[0])).to.equal(false);
		expect(sameAnswer(stored, "root = Stack([])")).to.equal(false);
		expect(sameAnswer("plain", "plain")).to.equal(false);
	});

	it("puts the current program in the prompt in edit mode only", () => {
		expect(string.find(answerNotes([]), "Edit mode", 1, true)[0]).to.equal(undefined);
		const notes = answerNotes([{ role: "assistant", content: answer('root = Stack([Text("x")])') }]);
		expect(string.find(notes, "## Edit mode", 1, true)[0] !== undefined).to.equal(true);
		expect(string.find(notes, '```openui\nroot = Stack([Text("x")])\n```', 1, true)[0] !== undefined).to.equal(
			true,
		);
	});

	it("gives the browser the evaluated tree with bindings, actions, state and defaults", () => {
		const stored = answer(
			'Pick\n```openui\n$n = "a"\nroot = Stack([Input("q", null, $n), Button("Go", @Set($n, "b"))])\n```',
			'[{"$n":"z","kept":{"value":5}}]',
		);
		const decoded = decodeJson(answerView(stored));
		expect(decoded.ok).to.equal(true);
		const view = answerView(stored);
		expect(string.find(view, '"before":"Pick"', 1, true)[0] !== undefined).to.equal(true);
		expect(string.find(view, '{"$binding":"$n","value":"z"}', 1, true)[0] !== undefined).to.equal(true);
		expect(string.find(view, '"action":{"step":"Set","args":["$n","b"]}', 1, true)[0] !== undefined).to.equal(true);
		expect(string.find(view, '"state":{"$n":"z","kept":{"value":5}}', 1, true)[0] !== undefined).to.equal(true);
		expect(string.find(view, '"defaults":{"$n":"a"}', 1, true)[0] !== undefined).to.equal(true);
		expect(
			string.find(answerView(buildMessage("root = Stack([])")), '"cut":true', 1, true)[0] !== undefined,
		).to.equal(true);
	});
};
