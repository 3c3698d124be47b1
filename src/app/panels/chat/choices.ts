// Refreshing a Dropdown from a model without disturbing the user: `SetOptions` closes an open
// picker, so it runs only when the options really changed (values, labels or disabled rows);
// the selection is then set silently.
import type { DropdownControl } from "../../../api";

export interface Choice {
	readonly Label: string;
	readonly Value: string;
	readonly Disabled?: boolean;
}

export type ShowChoices = (choices: ReadonlyArray<Choice>, selected: string | undefined) => void;

export function choiceUpdater(dropdown: DropdownControl): ShowChoices {
	let shown: string | undefined;
	return (choices, selected) => {
		const signature = choices
			.map((choice) => `${choice.Value}\0${choice.Label}\0${choice.Disabled === true ? 1 : 0}`)
			.join("\n");
		if (signature !== shown) {
			shown = signature;
			dropdown.SetOptions(choices, true);
		}
		dropdown.Set(selected, true);
	};
}
