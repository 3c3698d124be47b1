// A tab: a text-only navigation button and a vertically scrolling page that starts with a heading
// (WORKSPACE eyebrow, the title, a summary of controls and sections or of search matches), then
// the sections. Scroll positions are kept per tab.
import { create, frame, label } from "../core/create";
import { fail } from "../core/errors";
import { readOptions } from "../core/options";
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

export class Tab {
	readonly Id: string;
	readonly Title: string;
	Alive = true;
	Visible = true;
	readonly Sections: Section[] = [];
	readonly Frame: ScrollingFrame;
	nav!: NavEntry;
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
		create("UIListLayout", { SortOrder: Enum.SortOrder.LayoutOrder, Padding: new UDim(0, 16) }, this.Frame);
		create("UIPadding", {}, this.Frame);
		this.heading = frame("Heading", this.Frame, { LayoutOrder: 0, Size: new UDim2(1, 0, 0, 0) });
		this.eyebrow = label("Eyebrow", this.heading, { Text: "WORKSPACE", TextWrapped: false });
		core.type.bind(scope, this.eyebrow, "Eyebrow");
		core.painter.bind(scope, this.eyebrow, "TextColor3", "Accent");
		this.titleLabel = label("Title", this.heading, { Text: title });
		core.type.bind(scope, this.titleLabel, "Display");
		core.painter.bind(scope, this.titleLabel, "TextColor3", "Text");
		this.summary = label("Summary", this.heading, { TextWrapped: false });
		core.type.bind(scope, this.summary, "Caption");
		core.painter.bind(scope, this.summary, "TextColor3", "Muted");
		this.sectionHost = {
			core,
			isActive: () => this.Alive && window.isActive(this),
			isAlive: () => this.Alive && core.alive,
			searching: () => window.searchQuery() !== "",
			claimId: (claimed, control) => window.claimId(claimed, control),
			releaseId: (claimed, control) => window.releaseId(claimed, control),
			sectionChanged: () => this.updateSummary(),
			sectionRemoved: (section) => {
				const index = this.Sections.indexOf(section);
				if (index >= 0) this.Sections.remove(index);
				core.refilter();
			},
			nextOrder: () => {
				this.order += 1;
				return this.order;
			},
		};
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

	/** Re-measures the heading and every section for the window's current metrics. */
	layout() {
		const core = this.window.core;
		const metrics = core.metrics;
		const pad = metrics.geometry.pad;
		const padding = this.Frame.FindFirstChildOfClass("UIPadding")!;
		padding.PaddingLeft = new UDim(0, pad);
		padding.PaddingRight = new UDim(0, pad);
		padding.PaddingTop = new UDim(0, pad);
		padding.PaddingBottom = new UDim(0, pad);
		const width = metrics.rowWidth + 32;
		const scale = core.type.scale;
		const eyebrow = core.type.size("Eyebrow") + 4;
		const title = textHeight(this.Title, "Display", scale, width);
		const summary = core.type.size("Caption") + 4;
		this.eyebrow.Size = UDim2.fromOffset(width, eyebrow);
		this.titleLabel.Position = UDim2.fromOffset(0, eyebrow + 4);
		this.titleLabel.Size = UDim2.fromOffset(width, title);
		this.summary.Position = UDim2.fromOffset(0, eyebrow + 4 + title + 4);
		this.summary.Size = UDim2.fromOffset(width, summary);
		this.heading.Size = new UDim2(1, 0, 0, eyebrow + 4 + title + 4 + summary);
		for (const section of this.Sections) section.layout(metrics.rowWidth);
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
		const searching = this.window.searchQuery() !== "";
		this.summary.Text = searching
			? `${plural(controls, "matching control")}`
			: `${plural(controls, "control")}  /  ${plural(sections, "section")}`;
		this.heading.Visible = !searching || controls > 0;
		return controls;
	}
}
