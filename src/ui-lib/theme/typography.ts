// Type ramp and fonts. Sizes are multiplied by the window's TextScale and rounded.

export type TextStyle = "Display" | "Title" | "Heading" | "Body" | "Caption" | "Small" | "Eyebrow" | "Code";

const SIZES: Record<TextStyle, number> = {
	Display: 26,
	Title: 20,
	Heading: 15,
	Body: 14,
	Caption: 12,
	Small: 11,
	Eyebrow: 10,
	Code: 13,
};

const FONTS: Record<TextStyle, Enum.Font> = {
	Display: Enum.Font.BuilderSansBold,
	Title: Enum.Font.BuilderSansMedium,
	Heading: Enum.Font.BuilderSansMedium,
	Body: Enum.Font.BuilderSans,
	Caption: Enum.Font.BuilderSans,
	Small: Enum.Font.BuilderSans,
	Eyebrow: Enum.Font.BuilderSansMedium,
	Code: Enum.Font.RobotoMono,
};

export function textSize(style: TextStyle, scale: number): number {
	return math.round(SIZES[style] * scale);
}

export function fontOf(style: TextStyle): Enum.Font {
	return FONTS[style];
}
