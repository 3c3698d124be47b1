// The Dropdown picker: a panel titled with the control's text, anchored under the field (a centred
// sheet on compact layouts), with a search box ("Search options", literal case-insensitive label
// match) and a virtualised list of option rows (Option_<n>: optional avatar, OptionLabel, a
// Selected marker; a Highlight border on highlighted options). Single selection closes on pick; multiple selection toggles and stays open
// until Done. On touch, rows wrap and grow up to 3 × Target, and the search box is pinned above
// the list when the body has room (2 × Target + 28), else it scrolls with the rows.
import { services } from "../adapter/services";
import { button, corner, create, frame, label, stroke, place } from "../core/create";
import { SIZE } from "../layout/geometry";
import { textHeight } from "../layout/measure";
import type { Choice } from "../core/choices";
import { actionButton } from "../parts/action-button";
import { textField } from "../parts/text-field";
import { avatar } from "../parts/avatar";
import { VirtualList } from "../virtual-list/virtual-list";
import type { WindowCore } from "../context/window-core";
import { Panel } from "./panel";

export interface OptionsSource {
	title: string;
	/** Read again by refresh(): an owner may replace the list while the picker is open. */
	choices: Choice[];
	multi: boolean;
	searchable: boolean;
	anchor: GuiObject;
	isSelected: (index: number) => boolean;
	/** Applies a pick of option `index` (single: set; multi: toggle). */
	pick: (index: number) => void;
	onClose: () => void;
}

type RowFill = (index: number, width: number, height: number) => void;

const MAX_HEIGHT = 440;
const MIN_WIDTH = 320;
const AVATAR = 24;

export class OptionsPanel {
	readonly panel: Panel;
	readonly list: VirtualList<number>;
	private readonly search: TextBox;
	private readonly empty: TextLabel;
	private readonly view: ScrollingFrame;
	/** Each pooled row's fill and repaint functions. */
	private readonly rows = new Map<GuiObject, { fill: RowFill; repaint: () => void }>();
	private filtered: number[] = [];
	private done?: TextButton;

	constructor(
		private readonly core: WindowCore,
		readonly source: OptionsSource,
	) {
		this.panel = new Panel(core, {
			title: source.title,
			width: math.max(MIN_WIDTH, source.anchor.AbsoluteSize.X),
			height: this.wantedHeight(),
			dismissible: true,
			anchor: source.anchor,
			layoutActions: source.multi ? (width) => this.layoutDone(width) : undefined,
			onClose: () => source.onClose(),
		});
		const panel = this.panel;
		const scope = panel.scope;
		panel.body.ScrollingEnabled = false;
		this.search = textField(core, scope, panel.body, {
			name: "SearchOptions",
			props: { PlaceholderText: "Search options", Visible: source.searchable, ZIndex: 2 },
		}).box;
		this.view = create(
			"ScrollingFrame",
			{
				Name: "Options",
				BorderSizePixel: 0,
				BackgroundTransparency: 1,
				ScrollBarThickness: SIZE.Scrollbar,
				ScrollingDirection: Enum.ScrollingDirection.Y,
				ElasticBehavior: Enum.ElasticBehavior.Never,
			},
			panel.body,
		);
		core.painter.bind(scope, this.view, "ScrollBarImageColor3", "Border");
		this.empty = label("EmptyOptions", panel.body, {
			Text: "No matching options",
			Visible: false,
			TextXAlignment: Enum.TextXAlignment.Center,
		});
		core.text(scope, this.empty, "Body", "Muted");

		this.list = new VirtualList<number>(
			this.view,
			scope,
			{
				estimate: () => core.metrics.target,
				measure: (index, width) => this.rowHeight(index, width),
				create: () => this.createRow(),
				fill: (row, index, _position, width, height) => this.rows.get(row)!.fill(index, width, height),
			},
			false,
		);
		scope.give(this.search.GetPropertyChangedSignal("Text").Connect(() => this.applyFilter()));
		panel.onLayout = (width, height) => this.layout(width, height);
		this.applyFilter();
		panel.show();
		if (services.GuiService.SelectedObject !== undefined)
			for (const i of $range(0, this.filtered.size() - 1))
				if (!source.choices[this.filtered[i]].disabled) {
					const row = this.list.rowAt(i);
					if (row !== undefined) services.GuiService.SelectedObject = row;
					break;
				}
	}

	close() {
		this.panel.close();
	}

	/** Repaints the mounted rows (selection changed while open). */
	refresh() {
		for (const [, row] of this.rows) row.repaint();
	}

	/** Shows a replaced option list in place: the search text stays and is applied again. */
	reload() {
		this.applyFilter();
		this.panel.setHeight(this.wantedHeight());
	}

	/** Room for every option up to MAX_HEIGHT. */
	private wantedHeight(): number {
		const target = this.core.metrics.target;
		const source = this.source;
		const searchBlock = source.searchable ? target + 12 : 0;
		const chrome = math.max(54, target + 12) + searchBlock + 16 + (source.multi ? target + 16 : 0) + SIZE.Footer;
		return math.min(MAX_HEIGHT, chrome + math.max(1, source.choices.size()) * target);
	}

	private rowHeight(index: number, width: number): number {
		const target = this.core.metrics.target;
		if (!this.core.metrics.touch) return target;
		const choice = this.source.choices[index];
		const textWidth = width - 24 - 20 - (choice.image !== undefined ? AVATAR + 10 : 0);
		const wrapped = textHeight(choice.label, "Body", this.core.type.scale, textWidth) + 16;
		return math.clamp(wrapped, target, 3 * target);
	}

	private applyFilter() {
		const query = this.search.Text.lower();
		const choices = this.source.choices;
		const filtered: number[] = [];
		for (let i = 0; i < choices.size(); i++) {
			if (query === "" || choices[i].search.find(query, 1, true)[0] !== undefined) filtered.push(i);
		}
		this.filtered = filtered;
		this.empty.Visible = filtered.size() === 0;
		this.list.setItems(filtered);
	}

	private layout(width: number, height: number) {
		const target = this.core.metrics.target;
		const searchable = this.source.searchable;
		const pinned = searchable && (!this.core.metrics.touch || height >= 2 * target + 28);
		const searchBlock = searchable ? target + 12 : 0;
		this.search.Size = UDim2.fromOffset(width, target);
		if (pinned) {
			this.search.Parent = this.panel.body;
			this.search.Position = UDim2.fromOffset(20, 4);
			place(this.view, 12, searchBlock + 4, width + 16, math.max(0, height - searchBlock - 8));
			this.list.setLead(0);
		} else {
			// too short to pin: the search box scrolls with the rows
			this.search.Parent = this.view;
			this.search.Position = UDim2.fromOffset(8, 4);
			place(this.view, 12, 4, width + 16, math.max(0, height - 8));
			this.list.setLead(searchBlock);
		}
		place(this.empty, 20, searchBlock + 12, width, target);
		this.panel.contentHeight = height;
		this.list.resize(width + 16 - SIZE.Scrollbar, this.view.Size.Y.Offset);
	}

	private layoutDone(width: number): number {
		if (this.done === undefined) {
			const face = actionButton(this.core, this.panel.scope, this.panel.actions, "Done", "Done", "Primary");
			this.panel.scope.give(face.button.Activated.Connect(() => this.close()));
			this.done = face.button;
		}
		const target = this.core.metrics.target;
		this.done.AnchorPoint = new Vector2(1, 0);
		this.done.Position = new UDim2(1, -20, 0, 8);
		this.done.Size = UDim2.fromOffset(math.min(width, 112), target);
		return target + 16;
	}

	private createRow(): GuiObject {
		const core = this.core;
		const scope = this.panel.scope;
		const row = button("Option", undefined, { BackgroundTransparency: 0 });
		corner(row, SIZE.FieldRadius);
		let index = -1;
		const state = core.pressables.track(scope, row, () => repaint());
		const selected = () => index >= 0 && this.source.isSelected(index);
		const disabled = () => index >= 0 && this.source.choices[index].disabled;
		const bindings = [
			core.painter.bind(scope, row, "BackgroundColor3", (p) =>
				selected() ? p.Selected : state.hover && !disabled() ? p.Hover : p.Surface,
			),
		];
		const face = avatar(core, scope, row, AVATAR);
		const highlight = stroke(row);
		highlight.Name = "Highlight";
		bindings.push(core.painter.bind(scope, highlight, "Color", "Success"));
		const text = label("OptionLabel", row, { TextYAlignment: Enum.TextYAlignment.Center });
		core.type.bind(scope, text, "Body");
		bindings.push(core.painter.bind(scope, text, "TextColor3", (p) => (disabled() ? p.Disabled : p.Text)));
		const marker = frame("SelectedMarker", row, {
			Size: UDim2.fromOffset(8, 8),
			AnchorPoint: new Vector2(1, 0.5),
			Position: new UDim2(1, -12, 0.5, 0),
			BackgroundTransparency: 0,
		});
		create("UICorner", { CornerRadius: new UDim(1, 0) }, marker);
		bindings.push(core.painter.bind(scope, marker, "BackgroundColor3", "Accent"));
		const repaint = () => {
			marker.Visible = selected();
			for (const binding of bindings) binding.update(true);
		};
		scope.give(
			row.Activated.Connect(() => {
				if (index < 0 || disabled()) return;
				this.source.pick(index);
				if (!this.panel.closed) this.refresh();
			}),
		);
		const fill = (option: number, width: number, height: number) => {
			index = option;
			const choice = this.source.choices[option];
			row.Name = `Option_${option + 1}`;
			row.Active = !choice.disabled;
			highlight.Enabled = choice.highlight;
			face.set(choice.image, choice.label);
			const left = choice.image !== undefined ? 12 + AVATAR + 10 : 12;
			face.frame.Position = UDim2.fromOffset(12, (height - AVATAR) / 2);
			text.Text = choice.label;
			text.TextWrapped = core.metrics.touch;
			text.TextTruncate = core.metrics.touch ? Enum.TextTruncate.None : Enum.TextTruncate.AtEnd;
			text.Position = UDim2.fromOffset(left, 0);
			text.Size = new UDim2(0, width - left - 32, 1, 0);
			repaint();
		};
		this.rows.set(row, { fill, repaint });
		return row;
	}
}
