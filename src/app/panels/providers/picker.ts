// The editor's model picker: manual ids first, then fetched ones, then models automatic free
// routing measured; free choices (`uai.providers.modelInfo(...).free`) get a green border; each
// measured model shows its latest synthetic probe time ("model-x · 2.4 s", "not verified") and
// `auto` names the fastest verified one. Opening the picker calls `uai.providers.warm` with the
// draft (only a synthetic probe is sent, never conversation text); the labels follow
// `providers.changed` "probes" events while the picker stays open.
import type { Handle, ProbeView, ProviderRecord, Section, Window } from "../../../api";
import { modelChoices } from "./draft";

export interface ModelPicker {
	/** Rebuilds the options for the current draft; `close` (the draft changed) closes an open picker. */
	readonly show: (close: boolean) => void;
	/** Fetched ids of the current connection (cleared on a connection change). */
	fetched: Array<string>;
}

function seconds(value: number | undefined): string {
	return value === undefined ? "no time" : `${string.format("%.1f", value)} s`;
}

/** The label of one choice given the latest probes (fastest verified first) and whether they run. */
export function choiceLabel(id: string, probes: ReadonlyArray<ProbeView>, measuring: boolean): string {
	if (id === "auto") {
		const fastest = probes.find((probe) => probe.verified);
		if (fastest !== undefined) return `auto · fastest verified: ${fastest.model} · ${seconds(fastest.seconds)}`;
		if (measuring) return "auto · measuring…";
		return probes.size() > 0 ? "auto · no verified model" : "auto";
	}
	const probe = probes.find((entry) => entry.model === id);
	if (probe === undefined) return id;
	return probe.verified ? `${id} · ${seconds(probe.seconds)}` : `${id} · not verified`;
}

export function buildModelPicker(
	uai: Handle,
	window: Window,
	section: Section,
	draftOf: () => ProviderRecord,
	onPick: (model: string) => void,
): ModelPicker {
	const util = uai.env.require("runtime/util");
	const model = section.Dropdown({
		Id: "provider-model",
		Text: "Model",
		Options: [],
		Placeholder: "Enter or discover a model id",
		Persist: false,
	});
	// free flags per id for the current connection (probe events rebuild the labels often)
	let free = new Map<string, boolean>();
	const isFree = (draft: ProviderRecord, id: string) => {
		let known = free.get(id);
		if (known === undefined) {
			known = uai.providers.modelInfo(draft, id)?.free === true;
			free.set(id, known);
		}
		return known;
	};
	const options = () => {
		const draft = util.deepCopy(draftOf());
		const [probes, measuring] = uai.providers.probes(draft);
		const ids = modelChoices(
			draft.models,
			modelChoices(
				picker.fetched,
				probes.map((probe) => probe.model),
			),
		);
		if (draft.model !== "" && !ids.includes(draft.model)) ids.unshift(draft.model);
		return ids.map((id) => ({
			Label: choiceLabel(id, probes, measuring),
			Value: id,
			Highlight: isFree(draft, id),
		}));
	};
	const picker: ModelPicker = {
		fetched: [],
		show: (close) => {
			const draft = draftOf();
			if (close) {
				free = new Map();
				model.SetOptions(options(), true);
			} else model.UpdateOptions(options(), true);
			model.Set(draft.model !== "" ? draft.model : undefined, true);
		},
	};
	model.OnChanged((value: unknown) => onPick(value === undefined ? "" : tostring(value)));
	model.OnOpen(() => {
		const [started, reason] = uai.providers.warm(util.deepCopy(draftOf()));
		const draft = draftOf();
		model.SetDescription(
			started
				? "Free choices have a green border. Times are the latest synthetic probe (no conversation is sent)."
				: draft.model === "auto"
					? `No probe times: ${reason}.`
					: "",
		);
		picker.show(false);
	});
	window.Give(
		uai.providers.changed.connect((kind) => {
			if (kind === "probes" && window.Alive) picker.show(false);
		}),
	);
	return picker;
}
