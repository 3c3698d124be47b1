// Showing Luau values to the model: strings quoted, tables as `{key = value}` up to a depth and
// a count, everything else through tostring (Instances by their full name and class).

const DEPTH = 3;
const ENTRIES = 30;

function renderValue(value: unknown, depth: number, seen: Set<object>): string {
	if (typeIs(value, "string")) return string.format("%q", value);
	if (typeIs(value, "Instance")) return `${value.ClassName} ${value.GetFullName()}`;
	if (!typeIs(value, "table")) return tostring(value);
	if (seen.has(value)) return "{…cycle}";
	if (depth >= DEPTH) return "{…}";
	seen.add(value);
	const parts = new Array<string>();
	let count = 0;
	let more = 0;
	for (const [key, item] of pairs(value as Record<string, unknown>)) {
		count += 1;
		if (count > ENTRIES) {
			more += 1;
			continue;
		}
		const label =
			typeIs(key, "string") && string.find(key, "^[%a_][%w_]*$")[0] !== undefined
				? key
				: `[${renderValue(key, depth + 1, seen)}]`;
		parts.push(`${label} = ${renderValue(item, depth + 1, seen)}`);
	}
	seen.delete(value);
	if (more > 0) parts.push(`… ${more} more`);
	return `{${parts.join(", ")}}`;
}

/** One value as text. */
export function render(value: unknown): string {
	return renderValue(value, 0, new Set());
}
