// Record ids: derived from the label (or preset), lowercase, other characters become "-"; a
// clash takes -2 … -99, then a millisecond stamp.

const MAX_ID_BASE = 48;

export function idBase(label: string, preset: string): string {
	const source = label.match("%S")[0] !== undefined ? label : preset;
	let id = source.lower().gsub("[^%w]+", "-")[0].gsub("^%-+", "")[0].gsub("%-+$", "")[0];
	if (id.size() > MAX_ID_BASE) id = id.sub(1, MAX_ID_BASE).gsub("%-+$", "")[0];
	return id === "" ? "provider" : id;
}

export function uniqueId(base: string, taken: (id: string) => boolean, nowMs: () => number): string {
	if (!taken(base)) return base;
	for (let n = 2; n <= 99; n++) if (!taken(`${base}-${n}`)) return `${base}-${n}`;
	let stamp = math.floor(nowMs());
	while (taken(`${base}-${stamp}`)) stamp += 1;
	return `${base}-${stamp}`;
}
