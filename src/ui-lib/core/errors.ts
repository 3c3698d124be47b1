// Public errors and warnings of UI LIB. Programmer mistakes (bad options, bad values) raise an
// error with this prefix; operational failures (files, config documents) are returned as values.
export const PREFIX = "Project UAI UI LIB: ";

/** The bundle runtime (docs/BUILDING.md); undefined when the library runs from the Rojo model. */
declare const __bundle: { readonly mapError: (text: string) => string } | undefined;

/** Raises a public error at level 0: the message names the method, so no library line is shown. */
export function fail(message: string): never {
	error(PREFIX + message, 0);
}

/** Warns with the library prefix (callback failures, cleanup failures during teardown). */
export function warnLib(message: string) {
	warn(PREFIX + message);
}

/**
 * The text of a caught error value, without the library prefix repeated. Bundle line numbers (the
 * functions form) are rewritten to `uai-ui/<module>:<line>`.
 */
export function describeError(err: unknown): string {
	const text = __bundle !== undefined ? __bundle.mapError(tostring(err)) : tostring(err);
	const [start] = text.find(PREFIX, 1, true);
	return start === 1 ? text.sub(PREFIX.size() + 1) : text;
}
