// Config export and import (`config:export`, `config:import`): the export downloads as a JSON file
// without any provider key; an import reads such a file and replaces the game's configuration
// (the game keeps its bridge settings and the keys it already has).
import { useEffect, useRef, useState } from "react";
import { Results, Run, useCommand } from "./commands";

export function Transfer({ run, results }: { run: Run; results: Results }) {
	const exporter = useCommand(run, results);
	const importer = useCommand(run, results);
	const [problem, setProblem] = useState("");
	const file = useRef<HTMLInputElement>(null);
	const saved = useRef<string | undefined>(undefined);
	useEffect(() => {
		// the export's answer arrived: hand it to the browser as a download, once
		if (exporter.data === undefined || saved.current === exporter.last) return;
		saved.current = exporter.last;
		const blob = new Blob([JSON.stringify(exporter.data, null, 2)], { type: "application/json" });
		const link = document.createElement("a");
		link.href = URL.createObjectURL(blob);
		link.download = "uai-config.json";
		link.click();
		setTimeout(() => URL.revokeObjectURL(link.href), 10000);
	}, [exporter.data, exporter.last]);
	const load = async (files: FileList | null) => {
		const f = files?.[0];
		if (file.current) file.current.value = "";
		if (!f) return;
		let config: unknown;
		try {
			config = JSON.parse(await f.text());
		} catch {
			setProblem(`${f.name} is not a JSON file`);
			return;
		}
		setProblem("");
		await importer.send("config:import", { config });
	};
	return (
		<>
			<h2>Configuration</h2>
			<section className="card" aria-label="Configuration">
				<p className="muted">The export has no API keys; an import keeps the keys the game already has.</p>
				<div className="row">
					<button onClick={() => void exporter.send("config:export")}>Export</button>
					<button onClick={() => file.current?.click()}>Import…</button>
					<input
						ref={file}
						type="file"
						accept="application/json,.json"
						hidden
						data-testid="config-file"
						onChange={(e) => void load(e.target.files)}
					/>
				</div>
				{problem !== "" && (
					<p className="notice error" role="alert">
						{problem}
					</p>
				)}
				<p className="status" role="status" data-testid="config-status">
					{importer.text !== ""
						? `Import: ${importer.text}`
						: exporter.text !== ""
							? `Export: ${exporter.text}`
							: ""}
				</p>
			</section>
		</>
	);
}
