// `env.require("tools/builtin")`: what the built-in families are, for hosts, the app's Settings and
// docs/TOOLS.md (generated from it by scripts/tools-docs.mjs): each family's group, label and
// summary, and each tool's risk, needs, description, argument schema, limits and example. No
// handlers: calling a tool goes through `uai.tools.dispatch`.
import { readOnlyCopy } from "../runtime/util";
import { ToolExample, ToolFamily } from "./kit";

export interface ToolInfo {
	readonly name: string;
	readonly group: string;
	readonly risk: string;
	readonly needs: ReadonlyArray<string>;
	readonly description: string;
	readonly parameters: unknown;
	readonly limits?: string;
	readonly example?: ToolExample;
}

export interface FamilyInfo {
	readonly group: string;
	readonly label: string;
	readonly summary: string;
	readonly tools: ReadonlyArray<ToolInfo>;
}

export type BuiltinCatalogue = ReadonlyArray<FamilyInfo>;

export function catalogue(families: ReadonlyArray<ToolFamily>): BuiltinCatalogue {
	return readOnlyCopy(
		families.map((f) => ({
			group: f.group,
			label: f.label,
			summary: f.summary,
			tools: f.tools.map((t) => ({
				name: t.name,
				group: t.group,
				risk: t.risk,
				needs: t.needs,
				description: t.description,
				parameters: t.parameters,
				limits: t.limits,
				example: t.example,
			})),
		})),
	) as BuiltinCatalogue;
}
