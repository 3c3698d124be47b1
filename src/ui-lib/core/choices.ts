// Option lists of Dropdown and Segmented: validation (a consecutive array of primitives or
// { Label?, Value, Disabled?, Image?, Highlight? } records with unique values) and selection
// normalisation.
import { fail } from "./errors";
import { isFiniteNumber } from "./numbers";

export type ChoiceValue = string | number | boolean;

export interface Choice {
	label: string;
	value: ChoiceValue;
	disabled: boolean;
	image?: string;
	/** Drawn with a rounded border in the Success colour in the picker. */
	highlight: boolean;
	/** Lower-cased label for search. */
	search: string;
}

const IMAGE_LIMIT = 2048;

function isPrimitive(value: unknown): value is ChoiceValue {
	const kind = type(value);
	return kind === "string" || kind === "boolean" || isFiniteNumber(value);
}

/** Identity of a value across types: "1" and 1 are different options. */
export function valueKey(value: unknown): string {
	return `${typeOf(value)}:${tostring(value)}`;
}

/** Validates an option list of at most `max` entries (at least `min`). */
export function readChoices(value: unknown, kind: string, min: number, max: number): Choice[] {
	if (value === undefined) value = [];
	if (!typeIs(value, "table")) fail(`${kind}: Options must be an array`);
	const list = value as unknown[];
	const count = list.size();
	let keys = 0;
	for (const [,] of pairs(list as unknown as object)) keys += 1;
	if (keys !== count) fail(`${kind}: Options must be a consecutive array`);
	if (count < min || count > max) {
		fail(
			min > 0
				? `${kind}: Options must have ${min} to ${max} entries`
				: `${kind}: Options can have at most ${max} entries`,
		);
	}
	const seen = new Set<string>();
	const choices: Choice[] = table.create(count);
	for (const i of $range(0, count - 1)) {
		const entry = list[i];
		let choice: Choice;
		if (isPrimitive(entry)) {
			const label = tostring(entry);
			choice = { label, value: entry, disabled: false, highlight: false, search: label.lower() };
		} else if (typeIs(entry, "table")) {
			const record = entry as {
				Label?: unknown;
				Value?: unknown;
				Disabled?: unknown;
				Image?: unknown;
				Highlight?: unknown;
			};
			if (!isPrimitive(record.Value))
				fail(`${kind}: Options[${i + 1}].Value must be a string, finite number or boolean`);
			const image = record.Image;
			if (image !== undefined && (!typeIs(image, "string") || image === "" || image.size() > IMAGE_LIMIT)) {
				fail(
					`${kind}: Options[${i + 1}].Image must be a non-empty string of at most ${IMAGE_LIMIT} characters`,
				);
			}
			if (record.Highlight !== undefined && !typeIs(record.Highlight, "boolean"))
				fail(`${kind}: Options[${i + 1}].Highlight must be a boolean`);
			const label = record.Label === undefined ? tostring(record.Value) : tostring(record.Label);
			choice = {
				label,
				value: record.Value,
				disabled: record.Disabled === true,
				image: image as string | undefined,
				highlight: record.Highlight === true,
				search: label.lower(),
			};
		} else {
			fail(`${kind}: Options[${i + 1}] must be a string, finite number, boolean or { Label, Value } record`);
		}
		const key = valueKey(choice.value);
		if (seen.has(key)) fail(`${kind}: option value ${tostring(choice.value)} appears twice`);
		seen.add(key);
		choices.push(choice);
	}
	return choices;
}

/** Position of each option value (for fast lookups in long lists). */
export function indexChoices(choices: Choice[]): Map<string, number> {
	const index = new Map<string, number>();
	for (const i of $range(0, choices.size() - 1)) index.set(valueKey(choices[i].value), i);
	return index;
}

/** A single selection: nil, or one of the option values (error otherwise). */
export function normalizeSingle(value: unknown, index: Map<string, number>, kind: string): ChoiceValue | undefined {
	if (value === undefined) return undefined;
	if (!index.has(valueKey(value))) fail(`${kind}: ${tostring(value)} is not one of the options`);
	return value as ChoiceValue;
}

/** A multiple selection: an array of option values, without repeats, in option order. */
export function normalizeMulti(
	value: unknown,
	choices: Choice[],
	index: Map<string, number>,
	kind: string,
): ChoiceValue[] {
	if (value === undefined) return [];
	if (!typeIs(value, "table")) fail(`${kind}: a multiple selection must be an array of option values`);
	const picked = new Set<number>();
	for (const [, item] of pairs(value as object)) {
		const position = index.get(valueKey(item));
		if (position === undefined) fail(`${kind}: ${tostring(item)} is not one of the options`);
		picked.add(position);
	}
	const ordered: number[] = [];
	for (const position of picked) ordered.push(position);
	ordered.sort((a, b) => a < b);
	const values: ChoiceValue[] = [];
	for (const position of ordered) values.push(choices[position].value);
	return values;
}
