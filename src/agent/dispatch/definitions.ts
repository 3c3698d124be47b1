// Provider-facing tool declarations and the 128-declaration budget: when more tools are callable, a
// request keeps the first 127 (in declaration order) and declares `uai_tool_catalog`, through which
// the model lists the rest, reads a schema and calls any of them (docs/EMBEDDING.md, "What the
// model is offered"). Every protocol (Chat, Responses, Messages, Gemini) uses the same budget.
import { Tool } from "./tool";

export const DECLARATION_LIMIT = 128;

/** `{ type = "function", function = { name, description, parameters } }` (frozen). */
export interface Declaration {
	readonly type: "function";
	readonly function: {
		readonly name: string;
		readonly description: string;
		readonly parameters: object;
	};
}

/** The declaration of one tool. */
export function declare(name: string, description: string, parameters: object): Declaration {
	return table.freeze({ type: "function", function: table.freeze({ name, description, parameters }) });
}

export interface Budget {
	/** Tools declared directly. */
	readonly declared: ReadonlyArray<Tool>;
	/** Tools reached only through the catalog (empty when everything fits). */
	readonly overflow: ReadonlyArray<Tool>;
}

/** How `callable` (in declaration order) splits between direct declarations and the catalog. */
export function budget(callable: ReadonlyArray<Tool>): Budget {
	if (callable.size() <= DECLARATION_LIMIT) return { declared: callable, overflow: [] };
	const kept = DECLARATION_LIMIT - 1;
	return {
		declared: callable.filter((_, index) => index < kept),
		overflow: callable.filter((_, index) => index >= kept),
	};
}
