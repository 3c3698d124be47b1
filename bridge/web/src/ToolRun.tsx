// Runs one tool by hand (`tool:run`) with JSON arguments, under the game's usual permissions (an
// approval it asks shows in the conversation), and shows its result.
import { useState } from "react";
import { Results, Run, useCommand } from "./commands";
import type { Snapshot } from "./model";

export function ToolRun({ snapshot, run, results }: { snapshot: Snapshot; run: Run; results: Results }) {
	const command = useCommand(run, results);
	const tools = snapshot.tools ?? [];
	const [name, setName] = useState("");
	const [args, setArgs] = useState("{}");
	const [problem, setProblem] = useState("");
	const chosen = name !== "" ? name : (tools[0]?.name ?? "");
	const result = command.data as { text?: string; ok?: boolean } | undefined;
	return (
		<main className="panel">
			<h2>Run a tool</h2>
			<form
				className="card"
				onSubmit={(e) => {
					e.preventDefault();
					let parsed: unknown;
					try {
						parsed = JSON.parse(args === "" ? "{}" : args);
					} catch (err) {
						setProblem(`The arguments are not JSON: ${err instanceof Error ? err.message : String(err)}`);
						return;
					}
					if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
						setProblem("The arguments must be a JSON object, like {}");
						return;
					}
					setProblem("");
					void command.send("tool:run", { name: chosen, args: parsed });
				}}
			>
				<label>
					Tool
					<select aria-label="Tool" value={chosen} onChange={(e) => setName(e.target.value)}>
						{tools.map((t) => (
							<option key={t.name} value={t.name}>
								{t.name} ({t.risk ?? "read"})
							</option>
						))}
					</select>
				</label>
				<label>
					Arguments (JSON)
					<textarea
						aria-label="Arguments (JSON)"
						rows={5}
						value={args}
						spellCheck={false}
						onChange={(e) => setArgs(e.target.value)}
					/>
				</label>
				<div className="row">
					<button className="primary" type="submit" disabled={chosen === ""}>
						Run
					</button>
					<span className="muted">Write tools ask for approval in the current conversation.</span>
				</div>
				{problem !== "" && (
					<p className="notice error" role="alert">
						{problem}
					</p>
				)}
			</form>
			<p className="status" role="status" data-testid="tool-status">
				{command.text}
			</p>
			{result !== undefined && (
				<pre className="result" data-testid="tool-result">
					{typeof result.text === "string" ? result.text : JSON.stringify(result, null, 2)}
				</pre>
			)}
		</main>
	);
}
