// The conversation list: switch, start, rename (inline, Enter saves, Escape cancels) and delete
// (asks once more). Every action is a command to the game; the next snapshot shows the result.
import { useState } from "react";
import { Thread } from "./model";
import type { Run } from "./commands";

interface Props {
	threads: Thread[];
	current: string;
	run: Run;
	onView: (id: string) => void;
}

export function Threads({ threads, current, run, onView }: Props) {
	const [editing, setEditing] = useState<string | undefined>();
	const [title, setTitle] = useState("");
	const [confirming, setConfirming] = useState<string | undefined>();
	const save = (id: string) => {
		if (title.trim() !== "") void run("thread:rename", { sessionId: id, title: title.trim() });
		setEditing(undefined);
	};
	return (
		<aside className="threads" aria-label="Conversations">
			<button className="primary" onClick={() => void run("thread:new")}>
				+ New
			</button>
			<ul>
				{threads.map((thread) => (
					<li key={thread.id} className="thread">
						{editing === thread.id ? (
							<input
								aria-label={`New title for ${thread.title}`}
								autoFocus
								value={title}
								maxLength={200}
								onChange={(e) => setTitle(e.target.value)}
								onBlur={() => setEditing(undefined)}
								onKeyDown={(e) => {
									if (e.key === "Enter") save(thread.id);
									if (e.key === "Escape") setEditing(undefined);
								}}
							/>
						) : (
							<button
								className={thread.id === current ? "on" : ""}
								aria-current={thread.id === current}
								onClick={() => {
									onView(thread.id);
									void run("thread", { sessionId: thread.id });
								}}
							>
								{thread.title}
								{thread.busy ? " ·" : ""}
							</button>
						)}
						{thread.id === current && editing !== thread.id && (
							<span className="thread-actions">
								{confirming === thread.id ? (
									<>
										<button
											className="danger"
											onClick={() => {
												setConfirming(undefined);
												void run("thread:delete", { sessionId: thread.id });
											}}
										>
											Delete it
										</button>
										<button onClick={() => setConfirming(undefined)}>Keep</button>
									</>
								) : (
									<>
										<button
											aria-label={`Rename ${thread.title}`}
											onClick={() => {
												setTitle(thread.title);
												setEditing(thread.id);
											}}
										>
											Rename
										</button>
										<button
											aria-label={`Delete ${thread.title}`}
											onClick={() => setConfirming(thread.id)}
										>
											Delete
										</button>
									</>
								)}
							</span>
						)}
					</li>
				))}
			</ul>
		</aside>
	);
}
