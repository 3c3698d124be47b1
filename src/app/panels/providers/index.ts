// The Providers panel: saved providers, the preset gallery and the editor.
import type { Handle, Tab, Window } from "../../../api";
import { buildEditor } from "./editor";
import { buildGallery } from "./gallery";
import { buildSaved } from "./saved";

export function buildProvidersPanel(uai: Handle, window: Window, tab: Tab) {
	const saved = tab.Section({ Title: "Your providers" });
	const gallery = tab.Section({
		Title: "Add a provider",
		Description: "Tier is access, not capability: a model list never proves an account or tool support.",
	});
	const editor = buildEditor(uai, window, tab.Section({ Title: "Editor" }));
	buildSaved(uai, window, saved, editor);
	buildGallery(uai, gallery, editor);
}
