// Saved providers: which one is active (and its model), editing and removing. The list follows
// `uai.providers.changed`, whose events carry ids only (probe measurements do not change it).
import type { Handle, Section, Window } from "../../../api";
import { CONTROL_UNITS, Pause } from "../../slices";
import type { ProviderEditor } from "./editor";

/** Builds the list in slices of its page's build (`pause`, ../../slices.ts), a control's units each. */
export function buildSaved(uai: Handle, window: Window, section: Section, editor: ProviderEditor, pause: Pause) {
	const summary = section.Label({ Id: "providers-summary", Text: "" });
	pause(CONTROL_UNITS);
	const picker = section.Dropdown({
		Id: "providers-active",
		Text: "Active provider",
		Options: [],
		Placeholder: "No provider saved yet",
		Persist: false,
		Callback: (id: unknown) => {
			if (id === undefined) return;
			const [ok, reason] = uai.providers.setActive(id);
			if (!ok) window.Notify({ Title: "Not selected", Content: tostring(reason), Kind: "Warning" });
		},
	});
	pause(CONTROL_UNITS);
	const selected = () => {
		const id = picker.Get();
		return id !== undefined ? uai.providers.get(id) : undefined;
	};
	const edit = section.Button({
		Id: "providers-edit",
		Text: "Edit the active provider",
		ActionText: "Edit",
		Callback: () => {
			const record = selected();
			if (record !== undefined) editor.load(record);
		},
	});
	pause(CONTROL_UNITS);
	const remove = section.Button({
		Id: "providers-remove",
		Text: "Remove the active provider",
		ActionText: "Remove",
		Style: "Danger",
		Callback: () => {
			const record = selected();
			if (record === undefined) return;
			window.Confirm({
				Title: `Remove ${record.label}?`,
				Content: "Its keys and settings are deleted from this client.",
				ConfirmText: "Remove",
				Danger: true,
				Callback: () => {
					const [ok, reason] = uai.providers.remove(record.id);
					if (!ok) window.Notify({ Title: "Not removed", Content: tostring(reason), Kind: "Warning" });
				},
			});
		},
	});
	pause(CONTROL_UNITS);

	const refresh = () => {
		const records = uai.providers.list();
		const active = uai.providers.active();
		picker.SetOptions(
			records.map((record) => ({ Label: record.label, Value: record.id })),
			true,
		);
		picker.Set(active?.id, true);
		edit.SetDisabled(active === undefined);
		remove.SetDisabled(active === undefined);
		summary.SetText(
			active === undefined
				? "No provider is set up: choose a preset below, add your key and a model, then save."
				: `${active.label} · ${active.model !== "" ? active.model : "no model chosen"} · ${records.size()} saved`,
		);
	};
	window.Give(
		uai.providers.changed.connect((kind) => {
			if (kind !== "probes") refresh();
		}),
	);
	// filling the list and the summary: counted before it, as a control
	pause(CONTROL_UNITS);
	refresh();
}
