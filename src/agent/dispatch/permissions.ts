// Client-wide permissions (`uai.permissions`): a base mode decides by risk, and per-tool rules
// override it. An exact name outranks every prefix rule (`file_*`); among prefix rules the longest
// matching prefix wins. Tool discovery and dispatch take their decision from `decide`, so a tool
// the model is offered is one it may call (possibly after approval), and vice versa.
import { PublicConfig } from "../../runtime/config";
import { markObject } from "../../runtime/json";
import { Approvals } from "./approvals";
import { Risk, RISKS, Tool, Verdict, VERDICTS } from "./tool";

export type Mode = "readonly" | "ask" | "auto" | "full";
export type Source = "rule" | "mode";

export const MODES: ReadonlyArray<Mode> = ["readonly", "ask", "auto", "full"];

/** What each base mode decides for each risk (docs/EMBEDDING.md, "Permissions"). */
export const MODE_TABLE: Readonly<Record<Mode, Readonly<Record<Risk, Verdict>>>> = {
	readonly: { read: "allow", write: "deny", danger: "deny" },
	ask: { read: "allow", write: "ask", danger: "ask" },
	auto: { read: "allow", write: "allow", danger: "ask" },
	full: { read: "allow", write: "allow", danger: "allow" },
};

/** A rule pattern: a tool name, or a name prefix followed by `*` (`*` alone matches every tool). */
const PATTERN = "^[%w_%-]*%*?$";
const PATTERN_LIMIT = 65;

export interface Rule {
	readonly pattern: string;
	readonly verdict: Verdict;
}

/** The mode and rules at one moment (one read of the configuration serves a whole tool list). */
export interface Policy {
	readonly mode: Mode;
	readonly rules: ReadonlyMap<string, Verdict>;
}

export interface Decision {
	readonly verdict: Verdict;
	readonly source: Source;
	/** The rule's pattern when `source` is "rule". */
	readonly pattern?: string;
}

/** The rule that applies to `name`: the exact one, else the longest matching prefix rule. */
export function matchRule(rules: ReadonlyMap<string, Verdict>, name: string): Rule | undefined {
	const exact = rules.get(name);
	if (exact !== undefined) return { pattern: name, verdict: exact };
	let best: Rule | undefined;
	for (const [pattern, verdict] of rules) {
		if (pattern.sub(-1) !== "*") continue;
		const prefix = pattern.sub(1, -2);
		if (name.sub(1, prefix.size()) !== prefix) continue;
		if (best === undefined || pattern.size() > best.pattern.size()) best = { pattern, verdict };
	}
	return best;
}

export function decide(policy: Policy, name: string, risk: Risk): Decision {
	const rule = matchRule(policy.rules, name);
	if (rule !== undefined) return { verdict: rule.verdict, source: "rule", pattern: rule.pattern };
	return { verdict: MODE_TABLE[policy.mode][risk], source: "mode" };
}

function isPattern(value: unknown): value is string {
	return (
		typeIs(value, "string") &&
		value !== "" &&
		value.size() <= PATTERN_LIMIT &&
		string.find(value, PATTERN)[0] !== undefined
	);
}

/** `true`, or `false` and the reason. */
type Outcome = LuaTuple<[boolean, string | undefined]>;

/** The outcome of a configuration write that failed with `problem` (or succeeded). */
function stored(problem: string | undefined): Outcome {
	if (problem !== undefined) return $tuple(false, problem);
	return $tuple(true, undefined);
}

/** `uai.permissions` (dot calls). */
export interface PublicPermissions {
	readonly mode: () => Mode;
	readonly setMode: (mode: unknown) => Outcome;
	/** `check(tool)`: a registered name or `{ name, risk? }` → verdict and source, without prompting. */
	readonly check: (tool: unknown) => LuaTuple<[Verdict, Source] | [undefined, string]>;
	/** `ruleFor(name)` → the verdict and pattern of the rule that applies, or nil. */
	readonly ruleFor: (name: unknown) => LuaTuple<[Verdict, string] | [undefined, undefined]>;
	/** Stored rules sorted by pattern (a frozen copy). */
	readonly listRules: () => ReadonlyArray<Rule>;
	/** `setRule(pattern, verdict)`; nil or "default" removes the rule. */
	readonly setRule: (pattern: unknown, verdict?: unknown) => Outcome;
	readonly pendingCount: (session?: unknown) => number;
	readonly denyAll: (reason?: unknown, session?: unknown) => number;
}

export interface Permissions {
	readonly public: PublicPermissions;
	/** The current mode and rules. */
	readonly policy: () => Policy;
}

export interface PermissionsDeps {
	readonly config: PublicConfig;
	readonly approvals: Approvals;
	readonly lookup: (name: string) => Tool | undefined;
}

export function createPermissions(deps: PermissionsDeps): Permissions {
	const { config, approvals } = deps;

	const storedRules = (): Map<string, Verdict> => {
		const rules = new Map<string, Verdict>();
		const stored = config.get("permissions.rules");
		if (!typeIs(stored, "table")) return rules;
		for (const [pattern, verdict] of pairs(stored as Record<string, unknown>)) {
			if (isPattern(pattern) && VERDICTS.includes(verdict as Verdict)) rules.set(pattern, verdict as Verdict);
		}
		return rules;
	};

	const policy = (): Policy => ({ mode: config.get("permissions.mode") as Mode, rules: storedRules() });

	const publicPermissions: PublicPermissions = {
		mode: () => policy().mode,
		setMode: (mode) => {
			if (!MODES.includes(mode as Mode)) return $tuple(false, `mode must be one of ${MODES.join(", ")}`);
			return stored(config.set("permissions.mode", mode)[1]);
		},
		check: (tool) => {
			let name: unknown = tool;
			let risk: unknown;
			if (typeIs(tool, "string")) {
				const registered = deps.lookup(tool);
				if (registered === undefined) return $tuple(undefined, `no tool named ${tool} is registered`);
				risk = registered.risk;
			} else if (typeIs(tool, "table")) {
				name = (tool as { name?: unknown }).name;
				risk = (tool as { risk?: unknown }).risk ?? "write";
			}
			if (!typeIs(name, "string")) return $tuple(undefined, "check expects a tool name or { name, risk }");
			if (!RISKS.includes(risk as Risk)) return $tuple(undefined, 'risk must be "read", "write" or "danger"');
			const decision = decide(policy(), name, risk as Risk);
			return $tuple(decision.verdict, decision.source);
		},
		ruleFor: (name) => {
			if (!typeIs(name, "string")) return $tuple(undefined, undefined);
			const rule = matchRule(storedRules(), name);
			if (rule === undefined) return $tuple(undefined, undefined);
			return $tuple(rule.verdict, rule.pattern);
		},
		listRules: () => {
			const list = new Array<Rule>();
			for (const [pattern, verdict] of storedRules()) list.push(table.freeze({ pattern, verdict }));
			table.sort(list, (a, b) => a.pattern < b.pattern);
			return table.freeze(list);
		},
		setRule: (pattern, verdict) => {
			if (!isPattern(pattern))
				return $tuple(false, "a rule pattern is a tool name, or a name prefix ending in * (at most 65 bytes)");
			const removing = verdict === undefined || verdict === "default";
			if (!removing && !VERDICTS.includes(verdict as Verdict))
				return $tuple(false, 'verdict must be "allow", "ask", "deny", "default" or nil');
			const rules = markObject(new Map<string, Verdict>());
			for (const [key, value] of storedRules()) rules.set(key, value);
			if (removing) rules.delete(pattern);
			else rules.set(pattern, verdict as Verdict);
			return stored(config.set("permissions.rules", rules)[1]);
		},
		pendingCount: (session) => approvals.pendingCount(session),
		denyAll: (reason, session) => approvals.denyAll(typeIs(reason, "string") ? reason : undefined, session),
	};

	return { public: table.freeze(publicPermissions), policy };
}
