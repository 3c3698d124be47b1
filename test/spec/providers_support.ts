// Small helpers shared by the providers specs (TestEZ has no string matcher).

/** Whether `text` contains `needle` literally. */
export function contains(text: string, needle: string): boolean {
	return text.find(needle, 1, true)[0] !== undefined;
}
