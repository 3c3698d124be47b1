// Copies and comparisons of control values: primitives, Color3, EnumItem and plain arrays/records.

export function deepCopy<T>(value: T): T {
	if (!typeIs(value, "table")) return value;
	const copy = new Map<unknown, unknown>();
	for (const [key, item] of pairs(value as object)) copy.set(key, deepCopy(item));
	return copy as unknown as T;
}

export function deepEqual(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (!typeIs(a, "table") || !typeIs(b, "table")) return false;
	for (const [key, item] of pairs(a as object)) {
		if (!deepEqual(item, (b as Map<unknown, unknown>).get(key))) return false;
	}
	for (const [key] of pairs(b as object)) {
		if ((a as Map<unknown, unknown>).get(key) === undefined) return false;
	}
	return true;
}
