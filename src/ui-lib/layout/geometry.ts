// Window geometry: a pure function of the viewport, the device and the window's options, computed
// on every layout pass. The numbers are the library's responsive rules (docs/UI_LIBRARY.md,
// "Layout and responsiveness").

export const SIZE = {
	Target: 40,
	TouchTarget: 44,
	Pad: 20,
	MobilePad: 12,
	Header: 80,
	Footer: 30,
	Sidebar: 196,
	Tabs: 52,
	Avatar: 36,
	Radius: 18,
	FieldRadius: 10,
	Scrollbar: 3,
	Width: 780,
	Height: 580,
	Compact: 640,
	MinWidth: 280,
	MinHeight: 240,
} as const;

export interface GeometryInput {
	viewport: Vector2;
	/** Height above the on-screen keyboard, when one covers the viewport. */
	availableHeight?: number;
	touch: boolean;
	textScale: number;
	width: number;
	height: number;
	/** Whether the caller gave Height (touch phones otherwise use the full available height). */
	heightGiven: boolean;
	/** Remembered drag position (top-left), re-clamped into the safe rect. */
	dragged?: Vector2;
	/** Whether the search box has focus (it stays visible while focused). */
	searchFocused: boolean;
	keyboardVisible: boolean;
}

export interface Geometry {
	target: number;
	margin: number;
	/** Safe rect: the viewport inset by the margin (dragging, pickers). */
	safe: { x: number; y: number; width: number; height: number };
	position: Vector2;
	size: Vector2;
	short: boolean;
	/** Typing on a short touch layout (an on-screen keyboard over a landscape phone): chrome shrinks. */
	typing: boolean;
	compact: boolean;
	pad: number;
	inset: number;
	headerVisible: boolean;
	headerHeight: number;
	brandVisible: boolean;
	subtitleVisible: boolean;
	/** Compact tab strip (under the header); zero when hidden or on desktop. */
	stripHeight: number;
	sidebarWidth: number;
	searchVisible: boolean;
	searchBlock: number;
	profileVisible: boolean;
	resizeVisible: boolean;
	/** Width of the built-in theme action beside the compact strip. */
	compactThemeWidth: number;
}

export function targetSize(touch: boolean, textScale: number): number {
	return math.max(touch ? SIZE.TouchTarget : SIZE.Target, math.ceil(36 * textScale));
}

export function computeGeometry(input: GeometryInput): Geometry {
	const ts = input.textScale;
	const target = targetSize(input.touch, ts);
	const viewW = input.viewport.X;
	const viewH = input.viewport.Y;
	const availH = input.availableHeight !== undefined ? math.min(viewH, input.availableHeight) : viewH;
	const margin = math.floor(math.min(input.touch ? 8 : 16, viewW / 10, availH / 10));
	let width = math.max(0, math.min(input.width, viewW - 2 * margin));
	let height = math.max(0, math.min(input.height, availH - 2 * margin));
	if (input.touch && width < SIZE.Compact && !input.heightGiven) height = math.max(0, availH - 2 * margin);
	width = math.floor(width);
	height = math.floor(height);

	const short = height < (input.touch ? 440 : 380);
	const compact = width < SIZE.Compact || short;
	const pad = input.touch && compact ? SIZE.MobilePad : SIZE.Pad;
	// the page panel's gap to the window's sides (and the compact strip's): 10 px, 6 on a narrow
	// mouse window
	const inset = compact && !input.touch ? 6 : 10;

	const fullHeader = math.max(SIZE.Header, 14 + math.ceil(26 * ts) + 3 + math.ceil(18 * ts) + 12);
	const headerHeight = short ? math.max(52, target + 8) : fullHeader;
	// typing on a short touch layout: the on-screen keyboard leaves the page the header's room
	const typing = input.touch && input.keyboardVisible && short;
	const headerVisible = !typing && height >= headerHeight + SIZE.Footer + target;
	// the tab strip too: navigation waits until the keyboard closes, the page keeps the room
	const stripVisible = compact && height >= 240 && !typing;
	const stripHeight = stripVisible ? math.max(SIZE.Tabs, target + 8) : 0;
	const sidebarWidth = compact ? 0 : math.floor(SIZE.Sidebar * math.min(1.28, ts));

	const maxX = math.max(margin, viewW - margin - width);
	const maxY = math.max(margin, availH - margin - height);
	const wanted = input.dragged ?? new Vector2((viewW - width) / 2, (availH - height) / 2);
	const position = new Vector2(
		math.floor(math.clamp(wanted.X, margin, maxX)),
		math.floor(math.clamp(wanted.Y, margin, maxY)),
	);

	return {
		target,
		margin,
		safe: {
			x: margin,
			y: margin,
			width: math.max(0, viewW - 2 * margin),
			height: math.max(0, availH - 2 * margin),
		},
		position,
		size: new Vector2(width, height),
		short,
		typing,
		compact,
		pad,
		inset,
		headerVisible,
		headerHeight: headerVisible ? headerHeight : 0,
		brandVisible: headerVisible && width >= 300,
		subtitleVisible: headerVisible && !short,
		stripHeight,
		sidebarWidth,
		searchVisible: input.searchFocused || (height >= 300 && !(input.touch && input.keyboardVisible)),
		searchBlock: target + 12,
		profileVisible: !compact,
		resizeVisible: !input.touch,
		compactThemeWidth: math.max(96, math.ceil(78 * ts + 20)),
	};
}
