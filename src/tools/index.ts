// The built-in tool families, registered when the tool registry is first used (src/client/boot.ts)
// through the same registry and dispatch pipeline as host tools (validation, capabilities,
// permissions, hooks, deadlines, result bounds, catalog).
// Every family is registered on every host; a tool whose capability is missing stays registered
// (Settings can say why) but is left out of the definitions the model is offered.
import { Registry } from "../agent/dispatch/registry";
import { Logger } from "../runtime/log";
import { ToolDeps } from "./deps";
import { fileTools } from "./files";
import { ToolFamily } from "./kit";
import { luauTools } from "./luau";
import { guiTools } from "./gui";
import { netTools } from "./net";
import { worldFamilies } from "./world";
import { agentTools } from "./agent";
import { delegationTools } from "./agents";

// what boot reaches through this module once it loads (src/client/boot.ts)
export { catalogue } from "./catalogue";
export { promptNotes } from "./prompt";

/** Every built-in family, in the order the model is offered them. */
export function builtinFamilies(deps: ToolDeps): ReadonlyArray<ToolFamily> {
	return [
		agentTools(deps),
		delegationTools(deps),
		fileTools(deps),
		luauTools(deps),
		guiTools(deps),
		...worldFamilies(deps),
		netTools(deps),
	];
}

/** Registers each family's tools as built-ins; a definition the registry refuses is logged. */
export function registerBuiltins(registry: Registry, families: ReadonlyArray<ToolFamily>, log: Logger) {
	for (const entry of families) {
		for (const definition of entry.tools) {
			const [added, problem] = registry.add(definition, { builtin: true, requireDescription: true });
			if (added === undefined) log.error(`built-in tool not registered: ${problem}`);
		}
	}
}
