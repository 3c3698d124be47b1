// Interactive answers in the web client (bridge/README.md, "Interactive answers"): the game sends
// each stored answer with its view — the tree its OpenUI parser evaluated with the page state — so
// the page only draws it. Here: reading a view, the page state's shape (the official React
// renderer's: `$name` → value, a field → {value, componentType}, a form → {field → {…}}), the
// stored user-action message a sending button writes, and the text a stored user turn shows.
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

// the game's messages (src/openui/validation.ts), so both clients say the same
const MESSAGES = {
	required: "This field is required",
	email: "Enter a valid email address",
	url: "Enter a valid URL",
	numeric: "Enter a number",
	min: "The value is too small",
	max: "The value is too large",
	minLength: "Too short",
	maxLength: "Too long",
	pattern: "The value does not match the expected format",
};

/** The first failing rule's message for a field value, or undefined (docs/OPENUI.md, validation rules). */
export function validate(value: unknown, rules: unknown): string | undefined {
	if (typeof rules !== "object" || rules === null) return undefined;
	const list: Array<[string, unknown]> = Array.isArray(rules)
		? rules.map((r) => {
				const [k, v] = String(r).split(":");
				return [k, v ?? true];
			})
		: Object.entries(rules);
	const text = value === undefined || value === null ? "" : String(value);
	for (const [rule, arg] of list) {
		if (arg === false || arg === null) continue;
		if (rule === "required") {
			if (text.trim() === "") return MESSAGES.required;
			continue;
		}
		if (text === "") continue;
		const n = parseFloat(text);
		if (rule === "numeric" && Number.isNaN(n)) return MESSAGES.numeric;
		if (rule === "email" && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return MESSAGES.email;
		if (rule === "url" && !/^[a-z][a-z0-9+.-]*:\/\/[^/\s]+/i.test(text)) return MESSAGES.url;
		if (rule === "min" && !(n >= Number(arg))) return MESSAGES.min;
		if (rule === "max" && !(n <= Number(arg))) return MESSAGES.max;
		if (rule === "minLength" && text.length < Number(arg)) return MESSAGES.minLength;
		if (rule === "maxLength" && text.length > Number(arg)) return MESSAGES.maxLength;
		if (rule === "pattern" && typeof arg === "string" && !new RegExp(arg).test(text)) return MESSAGES.pattern;
	}
	return undefined;
}
