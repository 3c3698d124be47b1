// The provider editor's text forms of record fields (headers as "Name: value" lines, models as
// a comma or newline separated list) and the model choices the picker offers.
import type { StringMap } from "../../../api";

export function headersText(headers: StringMap): string {
	const lines = new Array<string>();
	for (const [name, value] of pairs(headers)) lines.push(`${name}: ${value}`);
	lines.sort();
	return lines.join("\n");
}

/** Parses "Name: value" lines; the second value names the first line that is not one. */
export function parseHeaders(text: string): LuaTuple<[StringMap, string | undefined]> {
	const headers: StringMap = {};
	for (const line of text.split("\n")) {
		const trimmed = line.gsub("^%s+", "")[0].gsub("%s+$", "")[0];
		if (trimmed === "") continue;
		const [name, value] = trimmed.match("^([^:]+):%s*(.*)$") as LuaTuple<[string?, string?]>;
		if (name === undefined || value === undefined) return $tuple(headers, `"${trimmed}" is not "Name: value"`);
		headers[name.gsub("%s+$", "")[0]] = value;
	}
	return $tuple(headers, undefined);
}

export function parseModels(text: string): string[] {
	const models = new Array<string>();
	for (const [id] of text.gmatch("[^,%s]+")) {
		if (!models.includes(id as string)) models.push(id as string);
	}
	return models;
}

/** Manual ids first, then fetched ones, without repeats. */
export function modelChoices(manual: ReadonlyArray<string>, fetched: ReadonlyArray<string>): string[] {
	const choices = [...manual];
	for (const id of fetched) if (!choices.includes(id)) choices.push(id);
	return choices;
}

/** How many keys a key field holds (newline or comma separated), never the keys themselves. */
export function keyCount(keys: string): number {
	let count = 0;
	for (const [_] of keys.gmatch("[^,%s]+")) count += 1;
	return count;
}
