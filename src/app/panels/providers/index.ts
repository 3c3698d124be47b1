// The Providers panel: saved providers, the preset gallery and the editor.
import type { Handle, Tab, Window } from "../../../api";
import type { Pause } from "../../slices";
import { buildEditor } from "./editor";
import { buildGallery } from "./gallery";
import { buildSaved } from "./saved";

/** Work units of drawing one part of the page (the page is built in slices: ../../slices.ts): one a frame. */
const PART_UNITS = 2000;

export function buildProvidersPanel(uai: Handle, window: Window, tab: Tab, pause: Pause) {
	const saved = tab.Section({ Title: "Your providers" });
	const gallery = tab.Section({
		Title: "Add a provider",
		Description: "Tier is access, not capability: a model list never proves an account or tool support.",
	});
	pause(PART_UNITS);
	const editor = buildEditor(uai, window, tab.Section({ Title: "Editor" }), pause);
	pause(PART_UNITS);
	buildSaved(uai, window, saved, editor, pause);
	pause(PART_UNITS);
	buildGallery(uai, gallery, editor, pause);
}
