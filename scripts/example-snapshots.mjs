// `node scripts/example-snapshots.mjs`: renders the workbench example's panel (examples/embedding/,
// loaded by its launcher as users load it) in the offline host and writes
// docs/images/workbench-<tab>-<dark|light>-<desktop|phone>.png for examples/embedding/README.md.
// It uses the committed dist/ (run `npm run build` first) and headless Chromium. Look at the
// pictures after visual changes and commit them.
import path from "node:path";
import { OUT, renderShots } from "./render-shots.mjs";

const driver = (theme, device, tab, out) => `
local HttpService = game:GetService("HttpService")
local server = host.network.serve(function()
	return { status = 200, headers = { ["Content-Type"] = "application/json" }, body = HttpService:JSONEncode({
		id = "r", object = "chat.completion", model = "m",
		choices = { { index = 0, message = { role = "assistant", content = "The workbench is enabled with a batch size of 4. Ask me to change the title, switch it off, or pick another batch size." }, finish_reason = "stop" } },
	}) }
end)
host.network.mapHost("api.openai.com", server)
local RAW = "https://raw.githubusercontent.com/owner/repo/main/examples/embedding/"
local handles = loadstring(game:HttpGet(RAW .. "launcher.lua"), "=launcher.lua")({ ui = false, theme = "${theme}" })
local record = handles.uai.providers.blank("openai")
record.apiKey, record.model, record.stream = "sk-example", "m", false
handles.uai.providers.save(record)
handles.session.send("What is the workbench set to?")
host.advance(2)
local window = handles.window
if "${tab}" == "workbench" then
	window:SelectTab("workbench")
	window:Get("workbench-title"):Set("Nightly batch", true)
	window:Get("workbench-batch"):Set(80, true)
	window:Get("workbench-apply"):Press()
	host.advance(0.5)
	if "${device}" == "phone" then
		-- a landscape phone shows a few rows: scroll the page to the applied state and the refusal
		local page, applied = window.Tabs[2].Frame, window:Get("workbench-applied").Frame
		page.CanvasPosition = Vector2.new(0, applied.AbsolutePosition.Y - page.AbsolutePosition.Y - 30)
	end
end
host.advance(1)
host.snapshot("${out}")
`;

const shots = [];
for (const theme of ["Dark", "Light"])
	for (const device of ["desktop", "phone"])
		for (const tab of ["assistant", "workbench"]) {
			const out = path.join(OUT, `workbench-${tab}-${theme.toLowerCase()}-${device}.png`);
			shots.push({ out, device, source: driver(theme, device, tab, out) });
		}
await renderShots("example-snapshots", shots);
