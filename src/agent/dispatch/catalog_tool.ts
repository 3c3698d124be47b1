// `uai_tool_catalog`: the declaration that stands for the tools beyond the 127 a request declares.
// `list` pages through their names (32 a page) with one-line descriptions, `schema` gives one
// tool's exact parameter schema, and `call` hands a call to the dispatcher under the real tool's
// name, so permissions, scopes, hooks, deadlines and the result's identity are those of a direct
// call. The catalog itself only reads the registry; it is not a registered tool.
import { encode } from "../../runtime/json";
import { deepFreeze } from "../../runtime/util";
import { budget, declare } from "./definitions";
import { copySchema } from "./schema/copy";
import { firstLine } from "./text";
import { JsonTable, Tool } from "./tool";

export const CATALOG_NAME = "uai_tool_catalog";
export const CATALOG_PAGE_SIZE = 32;
const DESCRIPTION_LIMIT = 160;

export const CATALOG_PARAMETERS = deepFreeze(
	copySchema({
		type: "object",
		properties: {
			action: {
				type: "string",
				enum: ["list", "schema", "call"],
				description:
					"list: names of the tools not declared in this request; schema: one tool's parameters; call: run one",
			},
			page: { type: "integer", minimum: 1, description: "list: the page to show (32 tools a page; default 1)" },
			name: { type: "string", description: "schema and call: the tool's name" },
			arguments: { description: "call: the tool's arguments, as an object or its JSON text" },
		},
		required: ["action"],
	})[0] as JsonTable,
);

export const CATALOG_DECLARATION = declare(
	CATALOG_NAME,
	"More tools are available than this request declares. Use action list to see them, schema to read a tool's parameters, and call to run one with its arguments.",
	CATALOG_PARAMETERS,
);

export type CatalogOutcome =
	| { readonly kind: "result"; readonly ok: boolean; readonly text: string; readonly data?: unknown }
	| { readonly kind: "call"; readonly name: string; readonly arguments: string };

function failure(text: string): CatalogOutcome {
	return { kind: "result", ok: false, text };
}

function list(overflow: ReadonlyArray<Tool>, page: number): CatalogOutcome {
	if (overflow.isEmpty()) return { kind: "result", ok: true, text: "Every available tool is already declared." };
	const pages = math.ceil(overflow.size() / CATALOG_PAGE_SIZE);
	if (page > pages) return failure(`There is no page ${page}; the catalog has ${pages} page(s).`);
	const first = (page - 1) * CATALOG_PAGE_SIZE;
	const shown = overflow.filter((_, index) => index >= first && index < first + CATALOG_PAGE_SIZE);
	const lines = [
		`Tools not declared in this request: page ${page} of ${pages} (${overflow.size()} in all). Read parameters with action "schema", run one with action "call".`,
	];
	const entries = shown.map((tool) => ({
		name: tool.name,
		description: firstLine(tool.description, DESCRIPTION_LIMIT),
	}));
	for (const entry of entries) lines.push(`- ${entry.name}: ${entry.description}`);
	return {
		kind: "result",
		ok: true,
		text: lines.join("\n"),
		data: { page, pages, total: overflow.size(), tools: entries },
	};
}

function schema(callable: ReadonlyArray<Tool>, name: string): CatalogOutcome {
	const tool = callable.find((candidate) => candidate.name === name);
	if (tool === undefined) return failure(`No available tool is named ${name}.`);
	const [text] = encode(tool.parameters);
	return {
		kind: "result",
		ok: true,
		text: `${tool.name}: ${tool.description}\nParameters (JSON Schema): ${text}`,
		data: { name: tool.name, description: tool.description, parameters: tool.parameters },
	};
}

function callArguments(value: unknown): string | undefined {
	if (value === undefined) return "{}";
	if (typeIs(value, "string")) return value;
	const [text] = encode(value);
	return text;
}

/** What a validated catalog call asks for; `callable` is the conversation's tool list. */
export function runCatalog(args: JsonTable, callable: ReadonlyArray<Tool>): CatalogOutcome {
	const action = args.action as "list" | "schema" | "call";
	if (action === "list") return list(budget(callable).overflow, (args.page as number | undefined) ?? 1);
	const name = args.name;
	if (!typeIs(name, "string") || name === "") return failure(`action ${action} needs the tool's name.`);
	if (name === CATALOG_NAME) return failure("The catalog cannot be used on itself.");
	if (action === "schema") return schema(callable, name);
	const text = callArguments(args.arguments);
	if (text === undefined) return failure("The arguments could not be encoded as JSON.");
	return { kind: "call", name, arguments: text };
}
