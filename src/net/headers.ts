// Header maps: HTTP header names are case-insensitive, and a request is assembled from several
// maps (protocol, auth, identity, the user's own). Later maps win; the spelling of the winning
// map is the one sent.

export type HeaderMap = Record<string, string>;

/** Merges header maps left to right; a later name replaces an earlier one regardless of case. */
export function mergeHeaders(...maps: ReadonlyArray<HeaderMap | undefined>): HeaderMap {
	const merged: HeaderMap = {};
	const spelling = new Map<string, string>();
	for (const map of maps) {
		if (map === undefined) continue;
		for (const [name, value] of pairs(map)) {
			const lower = name.lower();
			const previous = spelling.get(lower);
			if (previous !== undefined) delete merged[previous];
			spelling.set(lower, name);
			merged[name] = value;
		}
	}
	return merged;
}

/** The value of a header, whatever the case of its name. */
export function headerValue(map: HeaderMap | undefined, name: string): string | undefined {
	if (map === undefined) return undefined;
	const lower = name.lower();
	for (const [key, value] of pairs(map)) if (key.lower() === lower) return value;
	return undefined;
}
