// What the agent waits on in this conversation besides approvals: its questions (ask_user), answered
// with a choice or typed text, and its running sub-agents, each with a Stop button.
import { useState } from "react";
import type { Run } from "./commands";
import type { Question, Subagent } from "./model";

export function Waiting({ questions, subagents, run }: { questions: Question[]; subagents: Subagent[]; run: Run }) {
	if (questions.length === 0 && subagents.length === 0) return null;
	return (
		<div className="waiting">
			{questions.map((q) => (
				<QuestionCard key={q.id} question={q} run={run} />
			))}
			{subagents.length > 0 && (
				<section className="subagents" aria-label="Sub-agents">
					{subagents.map((a) => (
						<div key={a.id} className="row spread subagent">
							<span>
								<strong>{a.id}</strong> <span className="muted">{a.preset}</span> {a.task}
							</span>
							<button
								className="danger"
								aria-label={`Stop ${a.id}`}
								onClick={() => void run("subagent:stop", { id: a.id })}
							>
								Stop
							</button>
						</div>
					))}
				</section>
			)}
		</div>
	);
}

function QuestionCard({ question, run }: { question: Question; run: Run }) {
	const [answer, setAnswer] = useState("");
	const send = (text: string) => {
		if (text.trim() !== "") void run("ask:answer", { id: question.id, answer: text });
	};
	return (
		<form
			className="question"
			role="dialog"
			aria-label="The agent asks"
			onSubmit={(e) => {
				e.preventDefault();
				send(answer);
			}}
		>
			<div className="text">{question.question}</div>
			{question.choices && (
				<div className="row">
					{question.choices.map((choice) => (
						<button type="button" key={choice} onClick={() => send(choice)}>
							{choice}
						</button>
					))}
				</div>
			)}
			<div className="row">
				<input
					aria-label="Your answer"
					value={answer}
					maxLength={4000}
					onChange={(e) => setAnswer(e.target.value)}
				/>
				<button className="primary" type="submit">
					Answer
				</button>
			</div>
		</form>
	);
}
