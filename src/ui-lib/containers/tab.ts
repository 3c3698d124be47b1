// A tab: a text-only navigation button and a vertically scrolling page that starts with a heading
// (an eyebrow, the title, a summary of controls and sections or of search matches; each can be
// left out), then the sections, and optionally a footer section docked under the page (outside
// its scrolling canvas, so it stays at the bottom of the window, above an on-screen keyboard).
// Scroll positions are kept per tab.
import { create, frame, label, place } from "../core/create";
import { fail } from "../core/errors";
import { booleanOption, readOptions, type Options } from "../core/options";
import type { Scope } from "../core/scope";
import { textHeight } from "../layout/measure";
import type { Control } from "../controls/control";
import type { NavEntry, WindowCore } from "../context/window-core";
import { Section, type TabHost } from "./section";

/** What a tab needs of its window. */
export interface WindowHost {
	readonly core: WindowCore;
	isActive: (tab: Tab) => boolean;
	select: (tab: Tab) => void;
	tabHidden: (tab: Tab) => void;
	tabRemoved: (tab: Tab) => void;
	searchQuery: () => string;
	claimId: (id: string, control: Control) => void;
	releaseId: (id: string, control: Control) => void;
}

function plural(count: number, word: string): string {
	return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** Gap between the heading and sections of a page (its UIListLayout padding). */
const PAGE_GAP = 16;
/** Top and bottom padding of a page (and under its footer) while typing on a short touch layout. */
const TYPING_PAD = 4;

/** The page options of a tab (docs/UI_LIBRARY.md, "Tabs and sections"). */
export interface TabLook {
	/** The window's search box shows while this tab is active, and filters its rows. */
	readonly search: boolean;
	readonly heading: boolean;
	readonly summary: boolean;
	/** The eyebrow text, or undefined for none. */
	readonly eyebrow?: string;
}

export function readTabLook(options: Options): TabLook {
	const eyebrow = options.Eyebrow;
	if (eyebrow !== undefined && eyebrow !== false && !typeIs(eyebrow, "string"))
		fail("Tab: Eyebrow must be a string or false");
	return {
		search: booleanOption(options, "Search", true, "Tab"),
		heading: booleanOption(options, "Heading", true, "Tab"),
		summary: booleanOption(options, "Summary", true, "Tab"),
		eyebrow:
			eyebrow === false || eyebrow === "" ? undefined : eyebrow === undefined ? "WORKSPACE" : (eyebrow as string),
	};
}
export class Tab {
	readonly Id: string;
	readonly Title: string;
	Alive = true;
	Visible = true;
	readonly Sections: Section[] = [];
	readonly Frame: ScrollingFrame;
	/** The docked footer section (Tab:Footer), if any. */
	private footer?: Section;
	nav!: NavEntry;
	private readonly footerHolder: Frame;
	private footerHeight = 0;
	private docking = false;
	private redock = false;
	private readonly heading: Frame;
	private readonly eyebrow: TextLabel;
	private readonly titleLabel: TextLabel;
	private readonly summary: TextLabel;
	private readonly sectionHost: TabHost;
	private order = 0;

	constructor(
		private readonly window: WindowHost,
		private readonly scope: Scope,
		id: string,
		title: string,
		parent: Instance,
		readonly look: TabLook,
	) {
		const core = window.core;
		this.Id = id;
		this.Title = title;
		this.Frame = create(
			"ScrollingFrame",
			{
				Name: `Tab_${id}`,
				BorderSizePixel: 0,
				BackgroundTransparency: 1,
				Size: UDim2.fromScale(1, 1),
				CanvasSize: new UDim2(),
				AutomaticCanvasSize: Enum.AutomaticSize.Y,
				ScrollingDirection: Enum.ScrollingDirection.Y,
				ScrollBarThickness: 3,
				ElasticBehavior: Enum.ElasticBehavior.Never,
				Visible: false,
			},
			parent,
		);
		scope.give(this.Frame);
		scope.onEnd(() => (this.Alive = false));
		core.painter.bind(scope, this.Frame, "ScrollBarImageColor3", "Border");
		create("UIListLayout", { SortOrder: Enum.SortOrder.LayoutOrder, Padding: new UDim(0, PAGE_GAP) }, this.Frame);
		create("UIPadding", {}, this.Frame);
		this.heading = frame("Heading", this.Frame, { LayoutOrder: 0, Size: new UDim2(1, 0, 0, 0) });
		this.eyebrow = label("Eyebrow", this.heading, {
			Text: look.eyebrow !== undefined ? look.eyebrow : "",
			TextWrapped: false,
		});
		this.heading.Visible = look.heading;
		core.text(scope, this.eyebrow, "Eyebrow", "Accent");
		this.titleLabel = label("Title", this.heading, { Text: title });
		core.text(scope, this.titleLabel, "Display", "Text");
		this.summary = label("Summary", this.heading, { TextWrapped: false });
		core.text(scope, this.summary, "Caption", "Muted");
		this.sectionHost = {
			core,
			isActive: () => this.Alive && window.isActive(this),
			isAlive: () => this.Alive && core.alive,
			searching: () => this.searching(),
			claimId: (claimed, control) => window.claimId(claimed, control),
			releaseId: (claimed, control) => window.releaseId(claimed, control),
			sectionChanged: () => this.updateSummary(),
			sectionResized: () => this.dock(),
			sectionRemoved: (section) => {
				const index = this.Sections.indexOf(section);
				if (index >= 0) this.Sections.remove(index);
				if (section === this.footer) this.footer = undefined;
				core.refilter();
				this.dock();
			},
			pageHeight: () => this.pageHeight(),
			fillRoom: (section) => this.fillRoom(section),
			nextOrder: () => {
				this.order += 1;
				return this.order;
			},
		};
		this.footerHolder = frame(`TabFooter_${id}`, parent, {
			AnchorPoint: new Vector2(0, 1),
			Position: UDim2.fromScale(0, 1),
			Size: new UDim2(1, 0, 0, 0),
			Visible: false,
		});
		scope.give(this.footerHolder);
		// the on-screen keyboard on a short layout changes the paddings: the page docks again
		scope.give(core.reflows.add(() => this.dock()));
		create("UIPadding", {}, this.footerHolder);
		// the footer shows with its page
		scope.give(
			this.Frame.GetPropertyChangedSignal("Visible").Connect(() => {
				this.footerHolder.Visible = this.Frame.Visible && this.footer !== undefined;
			}),
		);
	}

	// Public members --------------------------------------------------------------------------------

	Section(value?: unknown): Section {
		if (!this.Alive || !this.window.core.alive) fail("Tab:Section: the tab was destroyed");
		const options = readOptions(value, "Tab:Section", "Title");
		const section = new Section(
			this.sectionHost,
			this.scope.child(),
			options,
			this.sectionHost.nextOrder(),
			this.Frame,
		);
		this.Sections.push(section);
		section.layout(this.window.core.metrics.rowWidth);
		this.window.core.refilter();
		return section;
	}

	/**
	 * The tab's footer: a section docked at the bottom of the page, outside its scrolling canvas
	 * (a composer under a transcript). One per tab; later calls return it.
	 */
	Footer(value?: unknown): Section {
		if (!this.Alive || !this.window.core.alive) fail("Tab:Footer: the tab was destroyed");
		if (this.footer !== undefined) return this.footer;
		const options = readOptions(value, "Tab:Footer", "Title");
		const section = new Section(this.sectionHost, this.scope.child(), options, 0, this.footerHolder);
		this.Sections.push(section);
		this.footer = section;
		this.footerHolder.Visible = this.Frame.Visible;
		section.layout(this.window.core.metrics.rowWidth);
		this.window.core.refilter();
		this.dock();
		return section;
	}

	Select(): this {
		this.window.select(this);
		return this;
	}

	SetVisible(visible: unknown): this {
		if (!typeIs(visible, "boolean")) fail("Tab:SetVisible expects a boolean");
		if (!this.Alive) return this;
		this.Visible = visible;
		this.nav.button.Visible = visible;
		if (!visible) this.window.tabHidden(this);
		return this;
	}

	Destroy() {
		if (!this.Alive) return;
		this.Visible = false;
		this.window.tabHidden(this);
		this.Alive = false;
		for (const section of [...this.Sections]) section.Destroy();
		this.scope.destroy();
		this.window.tabRemoved(this);
	}

	// Internals -------------------------------------------------------------------------------------

	/** Whether the window's search query filters this tab now. */
	private searching(): boolean {
		return this.look.search && this.window.searchQuery() !== "";
	}

	/** Visible height of the scrolling page: the window's page less the docked footer. */
	pageHeight(): number {
		return math.max(0, this.window.core.metrics.pageHeight - this.footerHeight);
	}

	/** Space above and below the page's content: less while typing on a short touch layout. */
	private verticalPad(): number {
		const geometry = this.window.core.metrics.geometry;
		return geometry.typing ? TYPING_PAD : geometry.pad;
	}

	/** The page's height left to `section` once its paddings, heading and other sections are placed. */
	fillRoom(section: Section): number {
		let room = this.pageHeight() - 2 * this.verticalPad();
		if (this.heading.Visible) room -= this.heading.Size.Y.Offset + PAGE_GAP;
		for (const other of this.Sections) {
			if (other === section || other === this.footer) continue;
			const height = other.measuredHeight();
			if (height > 0) room -= height + PAGE_GAP;
		}
		return room;
	}

	/** Sizes the page above the docked footer; rows that fill the page refit. Re-entrant calls repeat it. */
	dock() {
		if (this.docking) {
			this.redock = true;
			return;
		}
		this.docking = true;
		for (let pass = 0; pass < 4; pass++) {
			this.redock = false;
			const footer = this.footer;
			const pad = this.verticalPad();
			const padding = this.Frame.FindFirstChildOfClass("UIPadding")!;
			if (padding.PaddingTop.Offset !== pad) {
				padding.PaddingTop = new UDim(0, pad);
				padding.PaddingBottom = new UDim(0, pad);
				this.footerHolder.FindFirstChildOfClass("UIPadding")!.PaddingBottom = new UDim(0, pad);
			}
			const height = footer !== undefined ? footer.measuredHeight() + pad : 0;
			if (height !== this.footerHeight) {
				this.footerHeight = height;
				this.footerHolder.Size = new UDim2(1, 0, 0, height);
				this.Frame.Size = new UDim2(1, 0, 1, -height);
			}
			for (const section of this.Sections) section.refit();
			if (!this.redock) break;
		}
		this.docking = false;
	}

	/** Re-measures the heading and every section for the window's current metrics. */
	layout() {
		const core = this.window.core;
		const metrics = core.metrics;
		const pad = metrics.geometry.pad;
		const padding = this.Frame.FindFirstChildOfClass("UIPadding")!;
		padding.PaddingLeft = new UDim(0, pad);
		padding.PaddingRight = new UDim(0, pad);
		padding.PaddingTop = new UDim(0, this.verticalPad());
		padding.PaddingBottom = new UDim(0, this.verticalPad());
		const footerPadding = this.footerHolder.FindFirstChildOfClass("UIPadding")!;
		footerPadding.PaddingLeft = new UDim(0, pad);
		footerPadding.PaddingRight = new UDim(0, pad);
		footerPadding.PaddingBottom = new UDim(0, this.verticalPad());
		const width = metrics.rowWidth + 32;
		const scale = core.type.scale;
		const look = this.look;
		const eyebrow = look.eyebrow !== undefined ? core.type.size("Eyebrow") + 4 : 0;
		const title = textHeight(this.Title, "Display", scale, width);
		const summary = look.summary ? core.type.size("Caption") + 4 : 0;
		this.eyebrow.Visible = eyebrow > 0;
		this.summary.Visible = summary > 0;
		this.eyebrow.Size = UDim2.fromOffset(width, eyebrow);
		const titleTop = eyebrow > 0 ? eyebrow + 4 : 0;
		place(this.titleLabel, 0, titleTop, width, title);
		place(this.summary, 0, titleTop + title + 4, width, summary);
		this.heading.Size = new UDim2(1, 0, 0, titleTop + title + (summary > 0 ? 4 + summary : 0));
		for (const section of this.Sections) section.layout(metrics.rowWidth);
		this.dock();
	}

	/** Summary line: "<n> controls  /  <m> sections", or "<n> matching controls" while searching. */
	updateSummary() {
		let controls = 0;
		let sections = 0;
		for (const section of this.Sections) {
			if (!section.Visible || section.filtered) continue;
			sections += 1;
			controls += section.shownCount();
		}
		const searching = this.searching();
		this.summary.Text = searching
			? `${plural(controls, "matching control")}`
			: `${plural(controls, "control")}  /  ${plural(sections, "section")}`;
		this.heading.Visible = this.look.heading && (!searching || controls > 0);
		return controls;
	}
}
