// `npm run snapshots`: renders the UI LIB showcase (examples/ui/showcase.luau) in the offline host
// and writes docs/images/showcase-<dark|light>-<desktop|phone>.png, the Values section
// (showcase-values-*), a picker and a dialog, so
// people can see the library. It uses the committed dist/uai-ui.lua (run `npm run build` first)
// and headless Chromium (see scripts/snapshot.mjs). The images are committed; rerun after visual
// changes and look at them.
import path from "node:path";
import { OUT, renderShots } from "./render-shots.mjs";

// The scene: the showcase as users run it, then the requested theme and view.
const driver = (theme, device, view, out) => `
local source = host.readRepoFile("examples/ui/showcase.luau")
local window = loadstring(source, "=showcase")()
${device === "phone" ? 'host.setViewport(Vector2.new(390, 844))' : ""}
window:SetTheme("${theme}")
local page = window.Tabs[1].Frame
if "${view}" == "values" then
	-- the Values section at the top of the page: row rhythm, toggle, checkbox, slider pill, inputs
	local volume = window:Get("enabled")
	page.CanvasPosition = Vector2.new(0, volume.Frame.AbsolutePosition.Y - page.AbsolutePosition.Y - 80)
elseif "${view}" == "picker" then
	-- the Tags picker: multiple selection, search and Done
	local tags = window:Get("tags")
	page.CanvasPosition = Vector2.new(0, tags.Frame.AbsolutePosition.Y - page.AbsolutePosition.Y - 40)
	host.settle()
	tags:Open()
elseif "${view}" == "dialog" then
	window:Notify({ Title = "Saved", Content = "Your profile was written to the executor workspace.", Kind = "Success", Duration = 0 })
	window:Confirm({ Title = "Reset the showcase?", Content = "Every control goes back to its default value.", ConfirmText = "Reset", Danger = true })
end
host.advance(1)
host.snapshot("${out}")
`;

const SHOTS = [];
for (const theme of ["Dark", "Light"]) {
	for (const device of ["desktop", "phone"]) {
		SHOTS.push({ theme, device, view: "window", name: `showcase-${theme.toLowerCase()}-${device}.png` });
		SHOTS.push({ theme, device, view: "values", name: `showcase-values-${theme.toLowerCase()}-${device}.png` });
	}
}
SHOTS.push({ theme: "Dark", device: "desktop", view: "picker", name: "showcase-picker-dark-desktop.png" });
SHOTS.push({ theme: "Light", device: "desktop", view: "dialog", name: "showcase-dialog-light-desktop.png" });

await renderShots(
	"snapshots",
	SHOTS.map((shot) => {
		const out = path.join(OUT, shot.name);
		return { out, device: shot.device, source: driver(shot.theme, shot.device, shot.view, out) };
	}),
);
