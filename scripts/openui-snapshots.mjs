// `node scripts/openui-snapshots.mjs`: renders a stored OpenUI answer (a table, metrics and a
// filled form) with the Roblox library in both themes, from the committed dist/uai.lua, and writes
// docs/images/openui-answer-<dark|light>.png for docs/OPENUI.md. Run `npm run build` first.
import path from "node:path";
import { OUT, renderShots } from "./render-shots.mjs";

const PROGRAM = [
	'root = Stack([Text("Parts in the workspace", "heading"), kpis, parts, order])',
	'kpis = Stack([Metric("Parts", 42), Metric("Anchored", 71, "%"), Metric("Largest", 512, "studs")], "row")',
	'parts = Table([Col("Name", ["Baseplate", "SpawnLocation", "Tower"]), Col("Size", ["512 × 20 × 512", "12 × 1 × 12", "8 × 60 × 8"]), Col("Anchored", ["yes", "yes", "no"])])',
	'order = Card("Resize a part", [Form("resize", [Select("part", [SelectItem("tower", "Tower"), SelectItem("spawn", "Spawn")], null, "Part"), Input("height", "Height in studs", null, {required: true, numeric: true}, "New height"), Buttons([Button("Apply", @ToAssistant("Resize it"), "primary"), Button("Cancel")])])])',
].join("\n");

const driver = (theme, out) => `
local uai = loadstring(host.readRepoFile("dist/uai.lua"), "=uai")({ ui = false })
local openui = uai.env.require("openui")
local gui = Instance.new("ScreenGui")
gui.Parent = game:GetService("Players").LocalPlayer:WaitForChild("PlayerGui")
local palette = { Dark = Color3.fromRGB(23, 25, 29), Light = Color3.fromRGB(246, 247, 249) }
local back = Instance.new("Frame")
back.BorderSizePixel = 0
back.BackgroundColor3 = palette["${theme}"]
back.Size = UDim2.fromScale(1, 1)
back.Parent = gui
local pad = Instance.new("UIPadding")
pad.PaddingTop, pad.PaddingLeft, pad.PaddingRight = UDim.new(0, 20), UDim.new(0, 24), UDim.new(0, 24)
pad.Parent = back
local content = [==[Here is what I found.
\`\`\`openui
${PROGRAM}
\`\`\`
Pick a part and a height.]==]
local stored = openui.Message.build(content, '[{"resize":{"part":{"value":"tower","componentType":"select"},"height":{"value":"80","componentType":"input"}}}]', { { "library", "roblox-assistant@1.0.0" } }, true)
openui.roblox.mount(back, stored, { theme = "${theme}" })
host.advance(0.2)
host.snapshot("${out}")
`;

await renderShots(
	"openui",
	["Dark", "Light"].map((theme) => {
		const out = path.join(OUT, `openui-answer-${theme.toLowerCase()}.png`);
		return { out, source: driver(theme, out), device: "desktop" };
	}),
);
