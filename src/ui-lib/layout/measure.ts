// Text measurement with TextService: the library lays out rows from measured text, so long
// labels wrap and rows grow instead of the UI being scaled.
import { services } from "../adapter/services";
import { fontOf, textSize, type TextStyle } from "../theme/typography";

const UNBOUNDED = 100000;

/** Height of `text` wrapped at `width` in `style` at `scale`; an empty text takes no height. */
export function textHeight(text: string, style: TextStyle, scale: number, width: number): number {
	if (text === "") return 0;
	const size = textSize(style, scale);
	const bounds = services.TextService.GetTextSize(
		text,
		size,
		fontOf(style),
		new Vector2(math.max(1, width), UNBOUNDED),
	);
	return math.max(size, math.ceil(bounds.Y));
}

/** Unwrapped width of `text` in `style` at `scale`. */
export function textWidth(text: string, style: TextStyle, scale: number): number {
	if (text === "") return 0;
	const bounds = services.TextService.GetTextSize(
		text,
		textSize(style, scale),
		fontOf(style),
		new Vector2(UNBOUNDED, UNBOUNDED),
	);
	return math.ceil(bounds.X);
}
