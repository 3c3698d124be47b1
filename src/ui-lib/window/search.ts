// The search box ("Search this tab"): filters the rows of every tab by a case-insensitive literal
// substring of label, description and section title. Sections without matches hide, collapsed
// bodies open while a query is active, summaries count matches, and the active tab shows
// "No matching controls" when nothing matches.
import { label } from "../core/create";
import { textField } from "../parts/text-field";
import type { Tab } from "../containers/tab";
import type { WindowCore } from "../context/window-core";

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
		this.box = textField(core, scope, enabled ? parent : undefined, {
			name: "Search",
			props: { PlaceholderText: "Search this tab", Visible: enabled },
		}).box;
		scope.give(this.box);
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
		core.text(scope, this.empty, "Body", "Muted");
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
			// a tab without the search box is never filtered
			const filtering = query !== "" && tab.look.search;
			for (const section of tab.Sections) {
				let matches = 0;
				for (const control of section.Controls) {
					control.filtered = filtering && control.searchText().find(query, 1, true)[0] === undefined;
					if (control.Visible && !control.filtered) matches += 1;
				}
				section.filtered = filtering && matches === 0;
				section.refreshRows();
			}
			const count = tab.updateSummary();
			if (tab === activeTab) this.empty.Visible = filtering && count === 0;
		}
		if (activeTab === undefined) this.empty.Visible = false;
		this.core.shown.fire();
	}
}
