// The client's part of the system prompt for one request: which tool families this request
// offers (from the declarations actually sent, so a host without files never hears of them) and
// the index of remembered keys. (The host's `context.prompt` is added by the loop itself.)
import { ToolFamily } from "./kit";
import { MemoryStore } from "./memory_store";

export interface PromptParts {
	readonly families: ReadonlyArray<ToolFamily>;
	readonly memory: MemoryStore;
	readonly memoryOn: () => boolean;
}

export function promptNotes(parts: PromptParts, declared: ReadonlyArray<string>): string {
	const offered = new Set(declared);
	const lines = new Array<string>();
	const families = parts.families.filter((f) => f.tools.some((t) => offered.has(t.name)));
	if (!families.isEmpty()) {
		lines.push("Built-in tools in this session:");
		for (const f of families) lines.push(`- ${f.label}: ${f.summary}.`);
	}
	if (offered.has("memory_read") && parts.memoryOn()) {
		const index = parts.memory.index();
		if (index !== "") lines.push(index);
	}
	return lines.join("\n");
}
