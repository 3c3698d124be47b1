// One transcript item. Renderers are looked up by item type in `renderers`, so other kinds of
// message (an OpenUI program's view, for example) can be added without changing the transcript.
import { JSX, useEffect, useMemo, useState } from "react";
import { Item } from "./model";
import { Markdown } from "./Markdown";
import { AnswerActions, OpenUIAnswer } from "./OpenUIAnswer";
import { readView } from "./openui";

export interface MessageContext {
	readonly answer: (id: string, allow: boolean, remember: boolean) => void;
	readonly pictureUrl: (reference: string) => string | undefined;
	/** What an interactive answer's changes and sends do (the answer's transcript id). */
	readonly answerActions?: (answerId: string) => AnswerActions;
}

/** A stored interactive answer: its view (memoised by its text, so typing keeps its state). */
function StoredAnswer({ json, fallback, actions }: { json: string; fallback: string; actions?: AnswerActions }) {
	const view = useMemo(() => readView(json), [json]);
	if (view === undefined || actions === undefined) return <Markdown text={fallback} />;
	return <OpenUIAnswer view={view} actions={actions} />;
}

type Renderer = (item: Item, context: MessageContext) => JSX.Element;

function Countdown({ until }: { until: number }) {
	const [now, setNow] = useState(() => Date.now());
	useEffect(() => {
		const timer = setInterval(() => setNow(Date.now()), 1000);
		return () => clearInterval(timer);
	}, []);
	const left = Math.max(0, Math.round((until - now) / 1000));
	return (
		<span className="countdown" aria-label={`${left} seconds left`}>
			{left} s
		</span>
	);
}

export const renderers: Record<string, Renderer> = {
	user: (item, context) => {
		const user = item as Extract<Item, { type: "user" }>;
		return (
			<div className="msg user">
				{user.images.length > 0 && (
					<div className="thumbs">
						{user.images.map((reference) => {
							const url = context.pictureUrl(reference);
							return url ? (
								<img key={reference} src={url} alt="attached picture" />
							) : (
								<span key={reference} className="chip">
									picture
								</span>
							);
						})}
					</div>
				)}
				<div className="text">{user.text}</div>
			</div>
		);
	},
	assistant: (item, context) => {
		const reply = item as Extract<Item, { type: "assistant" }>;
		return (
			<div
				className={`msg assistant${reply.live ? " live" : ""}`}
				data-testid={reply.live ? "live-reply" : "reply"}
			>
				{reply.openui !== undefined ? (
					<StoredAnswer
						json={reply.openui}
						fallback={reply.text}
						actions={reply.answerId ? context.answerActions?.(reply.answerId) : undefined}
					/>
				) : (
					<Markdown text={reply.text} />
				)}
			</div>
		);
	},
	reasoning: (item) => (
		<details className="reasoning">
			<summary>Reasoning</summary>
			<div className="text">{(item as Extract<Item, { type: "reasoning" }>).text}</div>
		</details>
	),
	tool: (item) => {
		const tool = item as Extract<Item, { type: "tool" }>;
		return (
			<details className={`tool ${tool.state}`}>
				<summary>
					<span className="tool-name">{tool.name}</span>{" "}
					<span className="tool-state">
						{tool.state === "running" ? "running…" : tool.state === "ok" ? "done" : "failed"}
					</span>
				</summary>
				<pre className="args">{tool.args}</pre>
				{tool.result !== undefined && <pre className="result">{tool.result}</pre>}
			</details>
		);
	},
	approval: (item, context) => {
		const ask = item as Extract<Item, { type: "approval" }>;
		return (
			<div className="approval" role="alertdialog" aria-label={`Allow ${ask.name}?`}>
				<div>
					<strong>{ask.name}</strong> wants to run. <Countdown until={ask.expiresAt} />
				</div>
				<pre className="args">{JSON.stringify(ask.args, null, 2)}</pre>
				<div className="row">
					<button className="primary" onClick={() => context.answer(ask.id, true, false)}>
						Allow
					</button>
					<button onClick={() => context.answer(ask.id, true, true)}>Always allow</button>
					<button onClick={() => context.answer(ask.id, false, false)}>Deny</button>
				</div>
			</div>
		);
	},
	notice: (item) => {
		const notice = item as Extract<Item, { type: "notice" }>;
		return (
			<div className={`notice ${notice.level}`} role={notice.level === "error" ? "alert" : undefined}>
				{notice.text}
			</div>
		);
	},
};

export function Message({ item, context }: { item: Item; context: MessageContext }) {
	const render = renderers[item.type];
	return render ? render(item, context) : null;
}
