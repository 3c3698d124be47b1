// The layout numbers of one window, rebuilt on each layout pass and read by every part.
import type { Geometry } from "./geometry";

/** Layout numbers every part reads; rebuilt on each layout pass. */
export interface Metrics {
	geometry: Geometry;
	target: number;
	textScale: number;
	touch: boolean;
	/** Width of a section's rows (content width minus paddings). */
	rowWidth: number;
	/** Visible height of a tab's page (what shows at once, paddings included). */
	pageHeight: number;
}
