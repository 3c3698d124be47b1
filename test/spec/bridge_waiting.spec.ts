/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// The bridge commands that act on what the agent waits for: ask:answer settles an ask:user
// question through its resolve (checked: id, a non-empty answer of at most 4,000 bytes, once),
// subagent:stop stops a running sub-agent through its stop (until subagent:done), and loops:stop
// answers that there are no chat loops. The questions and sub-agents follow the session events.
import { ANSWER_LIMIT, CommandDeps, runCommand } from "client/bridge/commands";
import { createWaiting } from "client/bridge/waiting";

function has(text: unknown, part: string): boolean {
	return typeIs(text, "string") && string.find(text, part, 1, true)[0] !== undefined;
}

function setup() {
	const waiting = createWaiting();
	const deps = { waiting } as unknown as CommandDeps;
	return { waiting, run: (command: Record<string, unknown>) => runCommand(command, deps) };
}

export = () => {
	describe("ask:answer", () => {
		it("answers a waiting question once, through its resolve", () => {
			const { waiting, run } = setup();
			const answers = new Array<defined>();
			waiting.observe("s1", {
				kind: "ask:user",
				id: "call_1",
				question: "Which corner?",
				choices: ["Left", "Right"],
				timeout: 600,
				resolve: (value: unknown) => {
					answers.push(value as defined);
					return true;
				},
			});
			const shown = waiting.snapshot().questions[0];
			expect(shown.id).to.equal("call_1");
			expect(shown.question).to.equal("Which corner?");
			expect((shown.expiresIn as number) >= 599).to.equal(true);
			expect(run({ type: "ask:answer", id: "call_1", answer: "Left" }).ok).to.equal(true);
			expect(answers.size()).to.equal(1);
			expect(answers[0]).to.equal("Left");
			const again = run({ type: "ask:answer", id: "call_1", answer: "Right" });
			expect(again.ok).to.equal(false);
			expect(has(again.error, "no question call_1 is waiting")).to.equal(true);
			expect(waiting.snapshot().questions.size()).to.equal(0);
		});

		it("checks its fields", () => {
			const { waiting, run } = setup();
			waiting.observe("s1", { kind: "ask:user", id: "q", question: "?", resolve: () => true });
			expect(has(run({ type: "ask:answer", answer: "x" }).error, "needs the question's id")).to.equal(true);
			expect(has(run({ type: "ask:answer", id: "q", answer: "  " }).error, "non-empty")).to.equal(true);
			expect(has(run({ type: "ask:answer", id: "q", answer: 5 }).error, "non-empty")).to.equal(true);
			const long = run({ type: "ask:answer", id: "q", answer: string.rep("a", ANSWER_LIMIT + 1) });
			expect(has(long.error, `at most ${ANSWER_LIMIT} bytes`)).to.equal(true);
			expect(waiting.snapshot().questions.size()).to.equal(1);
		});

		it("forgets a question when its call ends or the turn stops", () => {
			const { waiting, run } = setup();
			waiting.observe("s1", { kind: "ask:user", id: "q1", question: "?", resolve: () => true });
			waiting.observe("s1", { kind: "ask:user", id: "q2", question: "?", resolve: () => true });
			waiting.observe("s1", { kind: "tool:result", id: "q1" });
			expect(has(run({ type: "ask:answer", id: "q1", answer: "x" }).error, "no question")).to.equal(true);
			waiting.observe("s1", { kind: "abort" });
			expect(waiting.snapshot().questions.size()).to.equal(0);
		});

		it("reports a resolve that refuses (the call already ended)", () => {
			const { waiting, run } = setup();
			waiting.observe("s1", { kind: "ask:user", id: "q", question: "?", resolve: () => false });
			expect(has(run({ type: "ask:answer", id: "q", answer: "x" }).error, "already ended")).to.equal(true);
		});
	});

	describe("subagent:stop", () => {
		it("stops a running sub-agent until it is done", () => {
			const { waiting, run } = setup();
			let stops = 0;
			waiting.observe("s1", {
				kind: "subagent:start",
				agent: "agent-1",
				task: "count parts",
				preset: "read",
				stop: () => {
					stops += 1;
					return true;
				},
			});
			const shown = waiting.snapshot().subagents[0];
			expect(shown.id).to.equal("agent-1");
			expect(shown.task).to.equal("count parts");
			expect(shown.sessionId).to.equal("s1");
			expect(run({ type: "subagent:stop", id: "agent-1" }).ok).to.equal(true);
			expect(stops).to.equal(1);
			waiting.observe("s1", { kind: "subagent:done", agent: "agent-1", status: "stopped" });
			const after = run({ type: "subagent:stop", id: "agent-1" });
			expect(has(after.error, "no sub-agent agent-1 is running")).to.equal(true);
			expect(has(run({ type: "subagent:stop" }).error, "needs the sub-agent's id")).to.equal(true);
		});

		it("reports a sub-agent that had already finished", () => {
			const { waiting, run } = setup();
			waiting.observe("s1", { kind: "subagent:start", agent: "agent-2", task: "t", stop: () => false });
			expect(has(run({ type: "subagent:stop", id: "agent-2" }).error, "had already finished")).to.equal(true);
		});
	});

	describe("loops:stop", () => {
		it("answers that this client runs no chat loops", () => {
			const { run } = setup();
			const answer = run({ type: "loops:stop" });
			expect(answer.ok).to.equal(true);
			const data = answer.data as { stopped: number; note: string };
			expect(data.stopped).to.equal(0);
			expect(data.note).to.equal("this client runs no chat loops");
		});
	});
};
