import { useState } from "react";

// How components send commands to the game and follow their answers (bridge/README.md, "Commands").
export type Run = (type: string, args?: Record<string, unknown>) => Promise<{ commandId: string } | undefined>;

export interface CommandResult {
	id: string;
	ok?: boolean;
	error?: string;
	pending?: boolean;
	data?: unknown;
}

export type Results = Record<string, CommandResult>;

/** Sends commands and reports the latest one's answer ("Working…", "Done.", "Failed: …") and data. */
export function useCommand(run: Run, results: Results) {
	const [last, setLast] = useState<string | undefined>();
	const status = last ? results[last] : undefined;
	const send = async (type: string, args?: Record<string, unknown>) => {
		const reply = await run(type, args);
		setLast(reply?.commandId);
	};
	const text =
		status === undefined ? "" : status.pending ? "Working…" : status.ok ? "Done." : `Failed: ${status.error}`;
	return { send, text, data: status?.ok ? status.data : undefined, done: status?.ok === true, last };
}
