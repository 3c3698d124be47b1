// Dropdown: one option value (or nil), or with Multi an array of values in option order. Up to
// 10,000 options (the picker is virtualised). The closed field shows the selected label(s) joined
// by ", " ("<n> selected" beyond two) or the placeholder, a "Choose" hint, and an avatar when the
// selected option has an Image. Open() shows the picker (overlays/options-panel.ts) and tells the
// OnOpen listeners; UpdateOptions replaces the list while an open picker stays open.
import {
	label,
	booleanOption,
	textOption,
	deepCopy,
	Listeners,
	indexChoices,
	normalizeMulti,
	normalizeSingle,
	readChoices,
	valueKey,
	type Choice,
	type ChoiceValue,
} from "../core";
import { OptionsPanel } from "../overlays/options-panel";
import type { PanelHandle } from "../overlays/panel";
import { avatar, type Avatar } from "../parts/avatar";
import type { ControlContext } from "./control";
import { FieldControl } from "./field";

export const DROPDOWN_OPTION_LIMIT = 10000;
const AVATAR = 24;

export class DropdownControl extends FieldControl<OptionsPanel> {
	private choices: Choice[];
	private index: Map<string, number>;
	private readonly multi: boolean;
	private readonly searchable: boolean;
	private readonly placeholder: string;
	private readonly text: TextLabel;
	private readonly hint: TextLabel;
	/** The selected option's avatar, made the first time a selected option has an Image. */
	private face?: Avatar;
	private readonly openListeners = new Listeners<[]>();

	constructor(context: ControlContext) {
		super("Dropdown", context, "stack", 0);
		const options = context.options;
		this.multi = booleanOption(options, "Multi", false, "Dropdown");
		this.searchable = booleanOption(options, "Searchable", true, "Dropdown");
		this.placeholder = textOption(options, "Placeholder", "Select an option");
		this.choices = readChoices(options.Options, "Dropdown", 0, DROPDOWN_OPTION_LIMIT);
		this.index = indexChoices(this.choices);
		this.value = this.normalize(options.Default);

		const core = this.core;
		this.text = this.fieldText("Selection");
		this.paint(this.text, "TextColor3", (p) =>
			this.Disabled ? p.Disabled : this.hasSelection() ? p.Text : p.Muted,
		);
		this.hint = label("Hint", this.field, {
			Text: "Choose",
			TextWrapped: false,
			AnchorPoint: new Vector2(1, 0),
			TextXAlignment: Enum.TextXAlignment.Right,
			TextYAlignment: Enum.TextYAlignment.Center,
		});
		core.type.bind(this.scope, this.hint, "Caption");
		this.paint(this.hint, "TextColor3", (p) => (this.Disabled ? p.Disabled : p.Accent));
		this.scope.onEnd(() => this.openListeners.clear());
		this.render();
	}

	protected normalize(value: unknown): unknown {
		return this.multi
			? normalizeMulti(value, this.choices, this.index, "Dropdown")
			: normalizeSingle(value, this.index, "Dropdown");
	}

	private hasSelection(): boolean {
		return this.multi ? (this.value as ChoiceValue[]).size() > 0 : this.value !== undefined;
	}

	private selectedChoices(): Choice[] {
		const values = this.multi
			? (this.value as ChoiceValue[])
			: this.value === undefined
				? []
				: [this.value as ChoiceValue];
		const selected: Choice[] = [];
		for (const value of values) selected.push(this.choices[this.index.get(valueKey(value))!]);
		return selected;
	}

	protected render() {
		const selected = this.selectedChoices();
		const count = selected.size();
		let pictured: Choice | undefined;
		const labels: string[] = [];
		for (const choice of selected) {
			labels.push(choice.label);
			if (pictured === undefined && choice.image !== undefined) pictured = choice;
		}
		this.text.Text = count === 0 ? this.placeholder : count > 2 ? `${count} selected` : labels.join(", ");
		if (pictured !== undefined && this.face === undefined)
			this.face = avatar(this.core, this.scope, this.field, AVATAR);
		if (this.face) this.face.set(pictured && pictured.image, pictured ? pictured.label : "");
		this.layoutField();
		this.repaint();
		if (this.picker) this.picker.refresh();
	}

	private layoutField() {
		const height = this.core.metrics.target;
		const face = this.face && this.face.frame;
		const left = face && face.Visible ? 12 + AVATAR + 8 : 12;
		if (face) face.Position = UDim2.fromOffset(12, math.floor((height - AVATAR) / 2));
		this.text.Position = UDim2.fromOffset(left, 0);
		this.text.Size = new UDim2(1, -left - 72, 1, 0);
		this.hint.Position = new UDim2(1, -12, 0, 0);
		this.hint.Size = new UDim2(0, 56, 1, 0);
	}

	protected layoutSlot() {
		this.layoutField();
	}

	protected activated() {
		this.Open();
	}

	/** Opens the picker; nil when the control cannot be used now. */
	Open(): PanelHandle | undefined {
		this.assertAlive("Open");
		if (!this.isInteractive()) return undefined;
		this.picker = new OptionsPanel(this.core, {
			title: this.Text,
			choices: this.choices,
			multi: this.multi,
			searchable: this.searchable,
			anchor: this.field,
			isSelected: (index) => {
				const key = valueKey(this.choices[index].value);
				for (const choice of this.selectedChoices()) if (valueKey(choice.value) === key) return true;
				return false;
			},
			pick: (index) => this.pick(index),
			onClose: () => this.pickerClosed(),
		});
		this.repaint(true);
		const handle = this.picker.panel.handle;
		this.openListeners.each((fn) => {
			this.core.protect(fn);
			return this.Alive && !handle.Closed;
		});
		return handle;
	}

	/** Calls `fn()` each time the picker opens (after it shows); returns a function that removes it. */
	OnOpen(fn: unknown): () => void {
		this.assertAlive("OnOpen");
		this.expect(fn, "function", "OnOpen");
		return this.openListeners.add(fn as () => void);
	}

	private pick(index: number) {
		const value = this.choices[index].value;
		if (!this.multi) {
			if (this.picker) this.picker.close();
			this.commit(value);
			return;
		}
		const current = this.value as ChoiceValue[];
		const key = valueKey(value);
		const picked: ChoiceValue[] = [];
		for (const item of current) if (valueKey(item) !== key) picked.push(item);
		if (picked.size() === current.size()) picked.push(value);
		this.commit(this.normalize(picked));
	}

	/** Replaces the options; still-valid selections are kept, the picker closes. */
	SetOptions(list: unknown, silent?: boolean): this {
		this.assertAlive("SetOptions");
		this.replaceOptions(list, silent, true);
		return this;
	}

	/** Like SetOptions, but an open picker stays open and shows the new list. */
	UpdateOptions(list: unknown, silent?: boolean): this {
		this.assertAlive("UpdateOptions");
		this.replaceOptions(list, silent, false);
		return this;
	}

	private replaceOptions(list: unknown, silent: boolean | undefined, close: boolean) {
		const choices = readChoices(list, "Dropdown", 0, DROPDOWN_OPTION_LIMIT);
		const index = indexChoices(choices);
		if (close && this.picker) this.picker.close();
		let kept: unknown;
		if (this.multi) {
			const values: ChoiceValue[] = [];
			for (const value of this.value as ChoiceValue[]) if (index.has(valueKey(value))) values.push(value);
			kept = values;
		} else if (this.value !== undefined && index.has(valueKey(this.value))) kept = this.value;
		this.choices = choices;
		this.index = index;
		const picker = this.picker;
		if (picker !== undefined) {
			picker.source.choices = choices;
			picker.reload();
		}
		this.commit(deepCopy(this.normalize(kept)), silent);
	}

	exportValue(): unknown {
		if (!this.multi && this.value === undefined) return { empty: true };
		return { value: deepCopy(this.value) };
	}

	importValue(encoded: unknown): unknown {
		if (!typeIs(encoded, "table")) error("a dropdown value must be { value = ... } or { empty = true }", 0);
		const record = encoded as { value?: unknown; empty?: unknown };
		if (record.empty === true) return this.normalize(this.multi ? [] : undefined);
		return this.normalize(record.value);
	}
}
