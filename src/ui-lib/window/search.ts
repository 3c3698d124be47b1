// The search box ("Search this tab"): filters the rows of every tab by a case-insensitive literal
// substring of label, description and section title. Sections without matches hide, collapsed
// bodies open while a query is active, summaries count matches, and the active tab shows
// "No matching controls" when nothing matches.
import { corner, create, label, stroke } from "../core/create";
import { SIZE } from "../layout/geometry";
import type { Tab } from "../containers/tab";
import type { WindowCore } from "./core";

export class Search {
	readonly box: TextBox;
	readonly empty: TextLabel;
	query = "";
	private filtering = false;

	constructor(
		private readonly core: WindowCore,
		parent: Frame,
		content: Frame,
		enabled: boolean,
		private readonly tabs: () => Tab[],
		private readonly active: () => Tab | undefined,
	) {
		const scope = core.scope;
		const painter = core.painter;
		this.box = create(
			"TextBox",
			{
				Name: "Search",
				BorderSizePixel: 0,
				BackgroundTransparency: 0,
				ClearTextOnFocus: false,
				PlaceholderText: "Search this tab",
				Text: "",
				RichText: false,
				TextXAlignment: Enum.TextXAlignment.Left,
				Visible: enabled,
			},
			enabled ? parent : undefined,
		);
		scope.give(this.box);
		corner(this.box, SIZE.FieldRadius);
		create("UIPadding", { PaddingLeft: new UDim(0, 12), PaddingRight: new UDim(0, 12) }, this.box);
		core.type.bind(scope, this.box, "Body");
		let focused = false;
		painter.bind(scope, this.box, "BackgroundColor3", "Input");
		painter.bind(scope, this.box, "TextColor3", "Text");
		painter.bind(scope, this.box, "PlaceholderColor3", "Muted");
		const outline = stroke(this.box);
		const outlinePaint = painter.bind(scope, outline, "Color", (p) => (focused ? p.Accent : p.Edge));
		scope.give(
			this.box.Focused.Connect(() => {
				focused = true;
				outline.Thickness = 2;
				outlinePaint.update(true);
			}),
		);
		scope.give(
			this.box.FocusLost.Connect(() => {
				focused = false;
				outline.Thickness = 1;
				outlinePaint.update(true);
			}),
		);
		scope.give(
			this.box.GetPropertyChangedSignal("Text").Connect(() => {
				this.query = this.box.Text.lower();
				this.refilter();
				const tab = this.active();
				if (tab !== undefined) tab.Frame.CanvasPosition = new Vector2(0, 0);
			}),
		);
		this.empty = label("EmptySearch", content, {
			Text: "No matching controls",
			Visible: false,
			TextXAlignment: Enum.TextXAlignment.Center,
			Size: new UDim2(1, 0, 0, 40),
			Position: UDim2.fromOffset(0, 60),
			ZIndex: 2,
		});
		core.type.bind(scope, this.empty, "Body");
		painter.bind(scope, this.empty, "TextColor3", "Muted");
	}

	focused(): boolean {
		return this.box.IsFocused();
	}

	/** Applies the query to every row; cheap when there was and is no query. */
	refilter() {
		const query = this.query;
		if (query === "" && !this.filtering) {
			this.empty.Visible = false;
			return;
		}
		this.filtering = query !== "";
		const activeTab = this.active();
		for (const tab of this.tabs()) {
			for (const section of tab.Sections) {
				let matches = 0;
				for (const control of section.Controls) {
					control.filtered = query !== "" && control.searchText().find(query, 1, true)[0] === undefined;
					if (control.Visible && !control.filtered) matches += 1;
				}
				section.filtered = query !== "" && matches === 0;
				section.refreshRows();
			}
			const count = tab.updateSummary();
			if (tab === activeTab) this.empty.Visible = query !== "" && count === 0;
		}
		if (activeTab === undefined) this.empty.Visible = false;
		this.core.shown.fire();
	}
}
