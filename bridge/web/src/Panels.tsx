// Providers, settings and the request log. Every change is a command to the game; the game's
// next snapshot shows the result (keys are never sent back, only whether one is saved).
import { useState } from "react";
import { Results, Run, useCommand } from "./commands";
import { Snapshot } from "./model";
import { ToolRun } from "./ToolRun";
import { Transfer } from "./Transfer";

export function Panels({
	tab,
	snapshot,
	run,
	results,
}: {
	tab: string;
	snapshot: Snapshot | undefined;
	run: Run;
	results: Results;
}) {
	if (!snapshot)
		return (
			<main className="panel">
				<p className="empty">Waiting for the game to connect…</p>
			</main>
		);
	if (tab === "providers") return <Providers snapshot={snapshot} run={run} results={results} />;
	if (tab === "settings") return <Settings snapshot={snapshot} run={run} results={results} />;
	if (tab === "tools") return <ToolRun snapshot={snapshot} run={run} results={results} />;
	return <RequestLog snapshot={snapshot} />;
}

function Providers({ snapshot, run, results }: { snapshot: Snapshot; run: Run; results: Results }) {
	const command = useCommand(run, results);
	const [key, setKey] = useState<Record<string, string>>({});
	const [model, setModel] = useState<Record<string, string>>({});
	return (
		<main className="panel">
			<h2>Providers</h2>
			{snapshot.providers.length === 0 && <p className="empty">No providers are set up in the game yet.</p>}
			{snapshot.providers.map((p) => (
				<section key={p.id} className={`card${p.active ? " active" : ""}`} aria-label={p.label}>
					<div className="row spread">
						<strong>{p.label}</strong>
						<span className="chip">{p.api}</span>
						<span className="chip">{p.hasKey ? "key saved" : "no key"}</span>
						{p.active ? (
							<span className="chip ok">active</span>
						) : (
							<button onClick={() => void command.send("provider", { id: p.id })}>Use</button>
						)}
					</div>
					<div className="muted">{p.baseUrl}</div>
					<label>
						Model{" "}
						<input
							value={model[p.id] ?? p.model}
							onChange={(e) => setModel({ ...model, [p.id]: e.target.value })}
						/>
					</label>
					<label>
						API key{" "}
						<input
							type="password"
							placeholder={p.hasKey ? "saved (enter to replace)" : "paste a key"}
							value={key[p.id] ?? ""}
							onChange={(e) => setKey({ ...key, [p.id]: e.target.value })}
						/>
					</label>
					<div className="row">
						<button
							className="primary"
							onClick={() => {
								const changes: Record<string, unknown> = { model: model[p.id] ?? p.model };
								if (key[p.id]) changes.apiKey = key[p.id];
								void command.send("provider:save", { id: p.id, changes });
								setKey({ ...key, [p.id]: "" });
							}}
						>
							Save
						</button>
						<button onClick={() => void command.send("provider:test", { id: p.id })}>Test</button>
						<button onClick={() => void command.send("models:discover", { id: p.id })}>Fetch models</button>
						<button className="danger" onClick={() => void command.send("provider:remove", { id: p.id })}>
							Remove
						</button>
					</div>
				</section>
			))}
			<p className="status" role="status">
				{command.text}
			</p>
			{Array.isArray(command.data) && (
				<ul className="models">
					{(command.data as string[]).slice(0, 200).map((m) => (
						<li key={m}>{m}</li>
					))}
				</ul>
			)}
		</main>
	);
}

const SETTINGS: Array<{ key: string; label: string; choices?: string[]; min?: number; max?: number; step?: number }> = [
	{ key: "agent.effort", label: "Reasoning effort", choices: ["off", "low", "medium", "high", "xhigh", "max"] },
	{ key: "agent.temperature", label: "Temperature", min: 0, max: 2, step: 0.1 },
	{ key: "agent.maxTurns", label: "Steps per turn", min: 1, max: 200, step: 1 },
	{ key: "agent.stream", label: "Stream replies", choices: ["true", "false"] },
	{ key: "bridge.requestTimeout", label: "Relay timeout (s)", min: 10, max: 86400, step: 10 },
];

function Settings({ snapshot, run, results }: { snapshot: Snapshot; run: Run; results: Results }) {
	const command = useCommand(run, results);
	const settings = snapshot.settings ?? {};
	return (
		<main className="panel">
			<h2>Settings</h2>
			<section className="card">
				<label>
					Permission mode
					<select
						value={snapshot.permissionMode}
						onChange={(e) => void command.send("permission-mode", { mode: e.target.value })}
					>
						{["ask", "auto", "full", "readonly"].map((m) => (
							<option key={m}>{m}</option>
						))}
					</select>
				</label>
				<label>
					Runtime
					<select
						value={snapshot.runtime}
						onChange={(e) => void command.send("runtime", { runtime: e.target.value })}
					>
						<option value="game">game (native HTTP)</option>
						<option value="web">web (through this bridge)</option>
					</select>
				</label>
				{SETTINGS.map((s) => (
					<label key={s.key}>
						{s.label}
						{s.choices ? (
							<select
								value={String(settings[s.key])}
								onChange={(e) =>
									void command.send("setting", {
										key: s.key,
										value:
											e.target.value === "true"
												? true
												: e.target.value === "false"
													? false
													: e.target.value,
									})
								}
							>
								{s.choices.map((c) => (
									<option key={c}>{c}</option>
								))}
							</select>
						) : (
							<input
								type="number"
								min={s.min}
								max={s.max}
								step={s.step}
								defaultValue={String(settings[s.key] ?? "")}
								onBlur={(e) =>
									void command.send("setting", { key: s.key, value: Number(e.target.value) })
								}
							/>
						)}
					</label>
				))}
			</section>
			<Transfer run={run} results={results} />
			<h2>Tools</h2>
			<section className="card tools">
				{(snapshot.tools ?? []).map((t) => (
					<label key={t.name} className="row spread">
						<span>
							{t.name} <span className="muted">{t.group}</span>
						</span>
						<select
							defaultValue="default"
							onChange={(e) => void command.send("tool:rule", { name: t.name, rule: e.target.value })}
						>
							<option value="default">default</option>
							<option value="allow">allow</option>
							<option value="ask">ask</option>
							<option value="deny">deny</option>
						</select>
					</label>
				))}
			</section>
			<p className="status" role="status">
				{command.text}
			</p>
		</main>
	);
}

function RequestLog({ snapshot }: { snapshot: Snapshot }) {
	const requests = snapshot.requests ?? [];
	return (
		<main className="panel">
			<h2>Requests</h2>
			{requests.length === 0 && <p className="empty">No requests yet.</p>}
			<table className="log">
				<thead>
					<tr>
						<th>Status</th>
						<th>Via</th>
						<th>What</th>
						<th>URL</th>
						<th>ms</th>
					</tr>
				</thead>
				<tbody>
					{requests
						.slice()
						.reverse()
						.map((r, i) => (
							<tr key={i} className={r.status !== undefined && r.status >= 400 ? "bad" : ""}>
								<td>{r.status ?? "—"}</td>
								<td>{r.via}</td>
								<td>{r.tag}</td>
								<td className="url">{r.url}</td>
								<td>{r.ms}</td>
							</tr>
						))}
				</tbody>
			</table>
		</main>
	);
}
