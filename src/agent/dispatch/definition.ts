// Checking a tool definition a host registers and making the registry's own frozen copy: the
// schema and capability list are copied, so the host may reuse or change its table afterwards.
import { CAP_ALIASES, capabilityKey } from "../../host/caps";
import { deepFreeze } from "../../runtime/util";
import { copySchema } from "./schema/copy";
import { checkParameters } from "./schema/shape";
import { isIdentifier, JsonTable, Risk, RISKS, Tool, ToolPrepare, ToolRun, ToolTimeout } from "./tool";

export const DEFAULT_GROUP = "misc";
export const DEFAULT_RISK: Risk = "write";

export interface DefinitionRules {
	/** SDK scopes require a description; `uai.tools.register` defaults it to "". */
	readonly requireDescription: boolean;
	/** Capability keys `needs` may name. */
	readonly capabilityKeys: ReadonlyArray<string>;
}

type Checked = LuaTuple<[Tool, undefined] | [undefined, string]>;

interface RawDefinition {
	readonly name?: unknown;
	readonly group?: unknown;
	readonly risk?: unknown;
	readonly description?: unknown;
	readonly parameters?: unknown;
	readonly needs?: unknown;
	readonly run?: unknown;
	readonly prepare?: unknown;
	readonly timeout?: unknown;
}

function aliasNames(): string {
	const names = new Array<string>();
	for (const [name] of pairs(CAP_ALIASES)) names.push(name);
	table.sort(names);
	return names.join(", ");
}

function checkNeeds(
	needs: unknown,
	known: ReadonlyArray<string>,
): LuaTuple<[Array<string>, undefined] | [undefined, string]> {
	if (needs === undefined) return $tuple([], undefined);
	const [copy, problem] = copySchema(needs, "needs");
	if (problem !== undefined || !typeIs(copy, "table")) return $tuple(undefined, problem ?? "needs must be a list");
	const list = new Array<string>();
	for (const [index, key] of pairs(copy as Record<number, unknown>)) {
		if (!typeIs(index, "number")) return $tuple(undefined, "needs must be a list of capability keys");
		// the executor-function spellings (`loadstring`, `readfile`, ...) mean our keys
		const canonical = capabilityKey(key);
		if (canonical === undefined || !known.includes(canonical))
			return $tuple(
				undefined,
				`needs: unknown capability ${tostring(key)} (known: ${known.join(", ")}, or ${aliasNames()})`,
			);
		if (!list.includes(canonical)) list.push(canonical);
	}
	return $tuple(list, undefined);
}

function checkTimeout(timeout: unknown): boolean {
	if (timeout === undefined || typeIs(timeout, "function")) return true;
	return typeIs(timeout, "number") && timeout > 0 && timeout < math.huge;
}

/** The registry's copy of `input`, or nil and the first reason it is not a valid definition. */
export function checkDefinition(input: unknown, rules: DefinitionRules): Checked {
	if (!typeIs(input, "table")) return $tuple(undefined, "a tool definition must be a table");
	const raw = input as RawDefinition;
	if (!isIdentifier(raw.name)) return $tuple(undefined, "name must be 1-64 letters, digits, _ or -");
	const name = raw.name;
	const fail = (reason: string): Checked => $tuple(undefined, `${name}: ${reason}`);
	const group = raw.group ?? DEFAULT_GROUP;
	if (!isIdentifier(group)) return fail("group must be 1-64 letters, digits, _ or -");
	const risk = raw.risk ?? DEFAULT_RISK;
	if (!RISKS.includes(risk as Risk)) return fail('risk must be "read", "write" or "danger"');
	const description = raw.description ?? "";
	if (!typeIs(description, "string")) return fail("description must be a string");
	if (rules.requireDescription && string.find(description, "%S")[0] === undefined)
		return fail("description must say what the tool reads or changes");
	if (!typeIs(raw.run, "function")) return fail("run must be a function");
	if (raw.prepare !== undefined && !typeIs(raw.prepare, "function")) return fail("prepare must be a function");
	if (!checkTimeout(raw.timeout)) return fail("timeout must be a positive finite number of seconds or a function");
	const [parameters, schemaProblem] = copySchema(raw.parameters ?? { type: "object", properties: {}, required: [] });
	if (schemaProblem !== undefined) return fail(schemaProblem);
	if (!typeIs(parameters, "table")) return fail('parameters must be an object schema (type = "object")');
	const shapeProblem = checkParameters(parameters as JsonTable);
	if (shapeProblem !== undefined) return fail(shapeProblem);
	const [needs, needsProblem] = checkNeeds(raw.needs, rules.capabilityKeys);
	if (needs === undefined) return fail(needsProblem);
	const tool: Tool = {
		name,
		group,
		risk: risk as Risk,
		description,
		parameters: parameters as JsonTable,
		needs,
		run: raw.run as ToolRun,
		prepare: raw.prepare as ToolPrepare | undefined,
		timeout: raw.timeout as ToolTimeout | undefined,
	};
	return $tuple(deepFreeze(tool), undefined);
}
