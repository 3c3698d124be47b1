// Form validation rules (docs/OPENUI.md, "Forms"), defined once for both clients: the game's
// OpenUI (`validation.ts`, compiled by roblox-ts) and the bridge's web page
// (`bridge/web/src/openui.ts`, built by Vite, which imports this file), so a form accepts the same
// values and says the same messages in the game's Chat and in the browser. Plain TypeScript that
// both compilers take: no roblox-ts globals, no DOM or JavaScript built-ins, no string or array
// methods (they differ between the two targets). What depends on how a client holds its values
// comes in through `RuleValues`.

export const MESSAGES: Readonly<Record<string, string>> = {
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

/** The JavaScript regular expressions of the `email` and `url` rules. */
export const EMAIL_PATTERN = "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$";
export const URL_PATTERN = "^[a-zA-Z][a-zA-Z0-9+.-]*://[^\\s/?#]+";

/** What a client knows about its own values (V: a field value or a rule's argument); plain functions (dot calls in Luau). */
export interface RuleValues<V> {
	/** A rule switched off: its argument is false or null. */
	off: (arg: V) => boolean;
	/** Nothing entered: null or absent, "", an empty list or object, a map of booleans none true. */
	empty: (value: V | undefined) => boolean;
	/** A number as itself, text as JavaScript's parseFloat reads it, anything else NaN. */
	number: (value: V) => number;
	/** The characters (code points) of text or a number's text, the items of a list. */
	length: (value: V) => number;
	/** Text as itself, a number as text, anything else "". */
	text: (value: V) => string;
	/** A text argument, or undefined. */
	pattern: (arg: V) => string | undefined;
	/** Whether a JavaScript regular expression matches somewhere in the text. */
	matches: (pattern: string, text: string) => boolean;
}

/**
 * The rule a name of the older list form (`["required", "min:8"]`) stands for: `min` is a
 * length unless the list holds `numeric`, `max` is always a length.
 */
export function listRuleName(name: string, numericList: boolean): string {
	if (name === "min") return numericList ? "min" : "minLength";
	return name === "max" ? "maxLength" : name;
}

/**
 * The message of the first failing rule, in order, or undefined when the value passes. Every
 * rule but `required` skips an empty value; an unknown rule passes.
 */
export function firstFailure<V>(
	rules: ReadonlyArray<readonly [string, V]>,
	value: V | undefined,
	values: RuleValues<V>,
): string | undefined {
	const empty = values.empty(value);
	for (const [rule, arg] of rules) {
		if (values.off(arg)) continue;
		if (rule === "required") {
			if (empty) return MESSAGES.required;
			continue;
		}
		if (empty) continue;
		const v = value as V;
		let ok = true;
		if (rule === "email") ok = values.matches(EMAIL_PATTERN, values.text(v));
		else if (rule === "url") ok = values.matches(URL_PATTERN, values.text(v));
		else if (rule === "numeric") {
			const n = values.number(v);
			ok = n === n;
		} else if (rule === "min") ok = values.number(v) >= values.number(arg);
		else if (rule === "max") ok = values.number(v) <= values.number(arg);
		else if (rule === "minLength") ok = values.length(v) >= values.number(arg);
		else if (rule === "maxLength") ok = values.length(v) <= values.number(arg);
		else if (rule === "pattern") {
			const pattern = values.pattern(arg);
			ok = pattern === undefined || values.matches(pattern, values.text(v));
		}
		if (!ok) return MESSAGES[rule];
	}
	return undefined;
}
