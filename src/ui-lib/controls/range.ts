// What Slider and Progress share: the Min/Max options and the readout pill at the row's top-right.
import { label, round, fail, finiteOption, type Options } from "../core";
import type { Scope } from "../core/scope";
import type { WindowCore } from "../context/window-core";

/** Min (0) and Max (100), finite, with Max above Min. */
export function readRange(options: Options, kind: string): LuaTuple<[number, number]> {
	const min = finiteOption(options, "Min", 0, kind);
	const max = finiteOption(options, "Max", 100, kind);
	if (max <= min) fail(`${kind}: Max must be greater than Min`);
	return $tuple(min, max);
}

/** The value in a pill at the top-right of a stacked row (`width` wide, `height` tall). */
export function readout(core: WindowCore, scope: Scope, row: Frame, width: number, height: number): TextLabel {
	const text = label("Readout", row, {
		AnchorPoint: new Vector2(1, 0),
		// centred on the row's first line of Body text (the caption starts 14 px down)
		Position: new UDim2(1, 0, 0, 14 - (height - 14) / 2),
		Size: UDim2.fromOffset(width, height),
		BackgroundTransparency: 0,
		TextXAlignment: Enum.TextXAlignment.Center,
		TextYAlignment: Enum.TextYAlignment.Center,
		TextTruncate: Enum.TextTruncate.AtEnd,
		TextWrapped: false,
	});
	round(text);
	core.type.bind(scope, text, "Caption");
	core.painter.bind(scope, text, "BackgroundColor3", "AccentSoft");
	core.painter.bind(scope, text, "TextColor3", "Text");
	return text;
}
