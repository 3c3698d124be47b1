// Configuration export and import. The export is the whole configuration, API keys included, so it
// is produced only after the user confirms a warning that says so. An import is parsed and
// summarised first (Review); nothing changes until the user presses Apply in that review.
import type { Handle, PublicUtil, Tab, Window } from "../../api";
import { CONTROL_UNITS, Pause } from "../slices";

const MAX_DOCUMENT = 65536;

/** One line per top-level section that the import would change, plus what it holds. */
function reviewLines(current: Record<string, unknown>, incoming: Record<string, unknown>, util: PublicUtil): string[] {
	const lines = new Array<string>();
	const names = new Set<string>();
	for (const [key] of pairs(current)) names.add(tostring(key));
	for (const [key] of pairs(incoming)) names.add(tostring(key));
	for (const name of [...names].sort()) {
		const [before] = util.encode(current[name]);
		const [after] = util.encode(incoming[name]);
		if (before !== after)
			lines.push(`• ${name}: ${incoming[name] === undefined ? "reset to defaults" : "changes"}`);
	}
	const providers = (incoming.providers as { list?: unknown } | undefined)?.list;
	const count = typeIs(providers, "table") ? (providers as unknown[]).size() : 0;
	lines.push(`Providers in the file: ${count} (their API keys are imported too).`);
	return lines;
}

export function buildTransferSection(uai: Handle, window: Window, tab: Tab, pause: Pause) {
	const util = uai.env.require("runtime/util");
	const section = tab.Section({
		Title: "Configuration",
		Description: "Export everything, or import a configuration after reviewing what it changes.",
	});
	const exported = section.Input({
		Id: "settings-export-text",
		Text: "Exported configuration (contains API keys)",
		MultiLine: true,
		Lines: 4,
		MaxLength: MAX_DOCUMENT,
		Persist: false,
		Visible: false,
	});
	pause(CONTROL_UNITS);
	section.Button({
		Id: "settings-export",
		Text: "Export configuration",
		Description: "The export contains your API keys: share it only with yourself.",
		ActionText: "Export",
		Callback: () =>
			window.Confirm({
				Title: "Export with API keys?",
				Content:
					"The exported text contains every provider's API keys in plain text. Anyone who gets it can use your accounts.",
				ConfirmText: "Show export",
				Callback: () => {
					const [text, reason] = util.encode(uai.config.snapshot());
					if (text === undefined) {
						window.Notify({ Title: "Export failed", Content: tostring(reason), Kind: "Danger" });
						return;
					}
					exported.SetVisible(true);
					exported.Set(text, true);
				},
			}),
	});
	pause(CONTROL_UNITS);
	const incoming = section.Input({
		Id: "settings-import-text",
		Text: "Configuration to import",
		Placeholder: "Paste an exported configuration",
		MultiLine: true,
		Lines: 4,
		MaxLength: MAX_DOCUMENT,
		Persist: false,
	});
	pause(CONTROL_UNITS);
	section.Button({
		Id: "settings-import",
		Text: "Review the import",
		ActionText: "Review",
		Callback: () => {
			const [value, reason] = util.decode(tostring(incoming.Get()));
			if (!typeIs(value, "table") || (value as unknown[]).size() > 0) {
				window.Notify({
					Title: "Not a configuration",
					Content: reason ?? "the text is not a JSON object",
					Kind: "Warning",
				});
				return;
			}
			const document = value as Record<string, unknown>;
			const current = uai.config.snapshot() as Record<string, unknown>;
			window.Dialog({
				Title: "Review the import",
				Content: reviewLines(current, document, util).join("\n"),
				Buttons: [
					{ Text: "Cancel" },
					{
						Text: "Apply",
						Style: "Primary",
						Callback: () => {
							const [ok, why] = uai.config.replace(document);
							window.Notify(
								ok
									? { Title: "Configuration imported", Kind: "Success" }
									: { Title: "Import refused", Content: tostring(why), Kind: "Danger" },
							);
							if (ok) incoming.Set("", true);
						},
					},
				],
			});
		},
	});
	pause(CONTROL_UNITS);
}
