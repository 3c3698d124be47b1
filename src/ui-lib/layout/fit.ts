// A List's height: a fixed number of pixels, or "Fill": on every layout pass, the page's visible
// height less the section's other rows, so the list and the rest of its section show together
// (a transcript above its composer). MinHeight and MaxHeight bound it; it never exceeds the page's
// visible height less one target, so a strip of the page stays to scroll it by touch, and never
// goes below FLOOR (a short landscape phone, an on-screen keyboard).
import { fail, clampedOption, type Options } from "../core";
import type { Metrics } from "./metrics";

export type ListHeight =
	| { readonly fill: false; readonly pixels: number }
	| { readonly fill: true; readonly min: number; readonly max: number };

/** Smallest "Fill" list: about two rows. */
export const FLOOR = 60;
/** Room left between the filled section and the page's edges. */
const MARGIN = 8;

export function readListHeight(options: Options, kind = "List", minimum = 120): ListHeight {
	const height = options.Height;
	if (height !== "Fill") {
		if (height !== undefined && !typeIs(height, "number")) fail(`${kind}: Height is a number of pixels or "Fill"`);
		return { fill: false, pixels: math.floor(clampedOption(options, "Height", 120, 2000, 240)) };
	}
	const min = math.floor(clampedOption(options, "MinHeight", FLOOR, 2000, minimum));
	const max = math.floor(clampedOption(options, "MaxHeight", min, 4000, 2000));
	return { fill: true, min, max };
}

/** The slot height of a "Fill" list on a `page` px page beside `others` px of rows, its row being `chrome` px more. */
export function fillHeight(
	height: { readonly min: number; readonly max: number },
	page: number,
	metrics: Metrics,
	others: number,
	chrome: number,
): number {
	const room = math.clamp(page - others - chrome - MARGIN, height.min, height.max);
	return math.floor(math.max(FLOOR, math.min(room, page - metrics.target)));
}
