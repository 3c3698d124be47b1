// Readers for option tables passed from Luau. Each validates one field and raises a public
// error naming the method and the field; absent fields give the documented default.
import { fail } from "./errors";
import { isFiniteNumber } from "./numbers";

export type Options = Record<string, unknown>;

/** An options table, or `{ [key] = text }` when a bare string was passed (`section:Button("Run")`). */
export function readOptions(value: unknown, method: string, stringKey: string): Options {
	if (value === undefined) return {};
	if (typeIs(value, "string")) return { [stringKey]: value };
	if (!typeIs(value, "table")) fail(`${method} expects an options table or a string, got ${typeOf(value)}`);
	return value as Options;
}

/** Any value shown as text: nil gives the default, anything else tostring. */
export function textOption(options: Options, key: string, fallback: string): string {
	const value = options[key];
	return value === undefined ? fallback : tostring(value);
}

/** The field when it is absent or of Luau type `kind` (error otherwise). */
function typedOption(options: Options, key: string, kind: "boolean" | "function", method: string): unknown {
	const value = options[key];
	if (value !== undefined && type(value) !== kind) fail(`${method}: ${key} must be a ${kind}, got ${typeOf(value)}`);
	return value;
}

export function booleanOption(options: Options, key: string, fallback: boolean, method: string): boolean {
	const value = optionalBooleanOption(options, key, method);
	return value === undefined ? fallback : value;
}

export function optionalBooleanOption(options: Options, key: string, method: string): boolean | undefined {
	return typedOption(options, key, "boolean", method) as boolean | undefined;
}

export function functionOption(options: Options, key: string, method: string): Callback | undefined {
	return typedOption(options, key, "function", method) as Callback | undefined;
}

/** A finite number (error otherwise), or the fallback when absent. */
export function finiteOption(options: Options, key: string, fallback: number, method: string): number {
	const value = options[key];
	if (value === undefined) return fallback;
	if (!isFiniteNumber(value)) fail(`${method}: ${key} must be a finite number, got ${tostring(value)}`);
	return value;
}

/** Sizes and scales: a non-finite or absent value gives the fallback, then the value is clamped. */
export function clampedOption(options: Options, key: string, min: number, max: number, fallback: number): number {
	const value = options[key];
	return isFiniteNumber(value) ? math.clamp(value, min, max) : fallback;
}

/** One of the listed strings (error otherwise), or the fallback when absent. */
export function choiceOption<T extends string>(
	options: Options,
	key: string,
	choices: readonly T[],
	fallback: T,
	method: string,
): T {
	const value = options[key];
	if (value === undefined) return fallback;
	if (!typeIs(value, "string") || !choices.includes(value as T)) {
		fail(`${method}: ${key} must be one of ${choices.join(", ")}, got ${tostring(value)}`);
	}
	return value as T;
}
