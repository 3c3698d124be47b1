// Interactive answers in the web client (bridge/README.md, "Interactive answers"): the game sends
// each stored answer with its view — the tree its OpenUI parser evaluated with the page state — so
// the page only draws it. Here: reading a view, the page state's shape (the official React
// renderer's: `$name` → value, a field → {value, componentType}, a form → {field → {…}}), the
// stored user-action message a sending button writes, and the text a stored user turn shows.
import { firstFailure, listRuleName, RuleValues } from "../../../src/openui/rules";

export const MARKER = "]]>openui:";

export type State = Record<string, unknown>;

export interface Element {
	type: string;
	props: Record<string, unknown>;
}

export interface AnswerView {
	before: string;
	after: string;
	cut: boolean;
	root: Element | null;
	state: State;
	/** Each declared `$name`'s default (what `@Reset` writes). */
	defaults: State;
}

export interface Step {
	step: string;
	args: unknown[];
}

export function readView(json: unknown): AnswerView | undefined {
	if (typeof json !== "string") return undefined;
	try {
		const view = JSON.parse(json) as AnswerView;
		if (typeof view !== "object" || view === null) return undefined;
		const state = view.state;
		const record = (v: unknown): State =>
			typeof v === "object" && v !== null && !Array.isArray(v) ? (v as State) : {};
		return { ...view, state: record(state), defaults: record(view.defaults) };
	} catch {
		return undefined;
	}
}

export const isElement = (v: unknown): v is Element =>
	typeof v === "object" &&
	v !== null &&
	typeof (v as Element).type === "string" &&
	typeof (v as Element).props === "object";

export const isBinding = (v: unknown): v is { $binding: string; value: unknown } =>
	typeof v === "object" && v !== null && typeof (v as { $binding?: unknown }).$binding === "string";

export const isPlan = (v: unknown): v is { action: Step[] } =>
	typeof v === "object" && v !== null && Array.isArray((v as { action?: unknown }).action);

export const isStep = (v: unknown): v is Step =>
	typeof v === "object" && v !== null && typeof (v as Step).step === "string" && Array.isArray((v as Step).args);

export function isStored(text: string): boolean {
	return text.startsWith(MARKER) || text.includes(`\n${MARKER}`);
}

/** The last content section of a stored message (what a stored user turn shows). */
export function storedContent(text: string): string {
	if (!isStored(text)) return text;
	let content: string[] | undefined;
	let current: string[] | undefined;
	for (const line of text.split("\n")) {
		const bare = line.endsWith("\r") ? line.slice(0, -1) : line;
		const marker = /^\]\]>openui:([a-z]+)(?:[? ].*)?$/.exec(bare);
		if (marker) {
			current = marker[1] === "content" ? [] : undefined;
			if (current) content = current;
			continue;
		}
		current?.push(line);
	}
	return (content ?? []).join("\n");
}

/** The stored user turn a sending button writes: its message, then the click, form state and context. */
export function userAction(message: string, formState: unknown, context?: unknown): string {
	const parts: unknown[] = [`User clicked: ${message}`, formState];
	if (context !== undefined) parts.push(context);
	return `${MARKER}content\n${message}\n${MARKER}context\n${JSON.stringify(parts)}`;
}

/** A field's value: bound `$name`, else under its form (or at the top without one). */
export function fieldValue(state: State, form: string | undefined, name: string): unknown {
	const holder = form === undefined ? state : (state[form] as State | undefined);
	const entry = holder?.[name];
	return typeof entry === "object" && entry !== null && "value" in entry
		? (entry as { value: unknown }).value
		: entry;
}

/** The state with a field set (`{value, componentType}` under its form), keys kept in order. */
export function withField(
	state: State,
	form: string | undefined,
	name: string,
	value: unknown,
	componentType: string,
): State {
	const entry = { value, componentType };
	if (form === undefined) return { ...state, [name]: entry };
	const holder = state[form];
	return { ...state, [form]: { ...(typeof holder === "object" && holder !== null ? holder : {}), [name]: entry } };
}

/** A JSON value as the form rules read it (src/openui/rules.ts, shared with the game). */
const VALUES: RuleValues<unknown> = {
	off: (arg) => arg === false || arg === null,
	empty: (v) => {
		if (v === undefined || v === null || v === "") return true;
		if (Array.isArray(v)) return v.length === 0;
		if (typeof v !== "object") return false;
		const entries = Object.values(v);
		// a map of booleans (a checkbox group) is empty when none is true
		if (entries.every((x) => typeof x === "boolean")) return !entries.includes(true);
		return false;
	},
	number: (v) => (typeof v === "number" ? v : typeof v === "string" ? parseFloat(v) : NaN),
	length: (v) => (Array.isArray(v) ? v.length : [...VALUES.text(v)].length),
	text: (v) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : ""),
	pattern: (arg) => (typeof arg === "string" ? arg : undefined),
	matches: (pattern, text) => {
		try {
			return new RegExp(pattern).test(text);
		} catch {
			return true; // a pattern the browser cannot compile cannot be checked, so it does not block the form
		}
	},
};

/** The rules as pairs in order: an object's entries, or the older list form read as the game reads it. */
function ruleList(rules: unknown): Array<[string, unknown]> {
	if (typeof rules !== "object" || rules === null) return [];
	if (!Array.isArray(rules)) return Object.entries(rules);
	const out = new Map<string, unknown>();
	const numericList = rules.includes("numeric");
	for (const item of rules) {
		const match = typeof item === "string" ? /^([^:]+):?(.*)$/s.exec(item) : null;
		if (!match) continue;
		const arg = match[2];
		const n = Number(arg);
		out.set(
			listRuleName(match[1], numericList),
			arg === "" ? true : arg.trim() !== "" && !Number.isNaN(n) ? n : arg,
		);
	}
	return [...out];
}

/** The first failing rule's message for a field value, or undefined (docs/OPENUI.md, validation rules). */
export function validate(value: unknown, rules: unknown): string | undefined {
	return firstFailure(ruleList(rules), value, VALUES);
}
