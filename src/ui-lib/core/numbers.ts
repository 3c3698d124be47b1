// Number rules shared by options and control values.

export function isFiniteNumber(value: unknown): value is number {
	return typeIs(value, "number") && value === value && value !== math.huge && value !== -math.huge;
}

/** Rounds to 10 significant digits, which removes float noise such as 0.30000000000000004. */
export function roundSignificant(value: number): number {
	if (value === 0 || !isFiniteNumber(value)) return value;
	const magnitude = math.floor(math.log10(math.abs(value)));
	const factor = 10 ** (9 - magnitude);
	const rounded = math.round(value * factor) / factor;
	// the division can reintroduce noise; %.10g prints the value it stands for
	return tonumber(string.format("%.10g", rounded)) ?? rounded;
}

/** Text of a number with at most 10 significant digits ("2.5", "100", "-0.4"). */
export function formatNumber(value: number): string {
	return string.format("%.10g", roundSignificant(value));
}

/** A finite number clamped to [min, max], or `fallback` for anything that is not finite. */
export function clampOr(value: unknown, min: number, max: number, fallback: number): number {
	return isFiniteNumber(value) ? math.clamp(value, min, max) : fallback;
}
