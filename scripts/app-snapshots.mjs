// `node scripts/app-snapshots.mjs`: renders the standard application's panels in the offline host
// from scripted states (a saved provider, one exchange, a few log entries) and writes
// docs/images/app-<panel>-<dark|light>-<desktop|phone>.png for docs/APP.md. It uses the committed
// dist/uai.lua (run `npm run build` first) and headless Chromium (see scripts/snapshot.mjs). Look
// at the pictures after visual changes.
import path from "node:path";
import { OUT, renderShots } from "./render-shots.mjs";
const PANELS = ["chat", "providers", "settings", "logs"];

// The scene: a UI-free client gets a provider (answered by a loopback server) and a theme, one
// exchange in the current conversation, then the app opens on one panel.
const driver = (theme, panel, out) => `
local HttpService = game:GetService("HttpService")
host.network.mapHost("openrouter.ai", host.network.serve(function()
	return { status = 200, headers = { ["Content-Type"] = "application/json" }, body = HttpService:JSONEncode({
		id = "r", object = "chat.completion", model = "openrouter/auto",
		choices = { { index = 0, finish_reason = "stop", message = { role = "assistant",
			content = "Hello! I can read and change this experience's UI through my tools. Write tools ask for your approval first." } } },
	}) }
end))
local uai = loadstring(game:HttpGet("https://raw.githubusercontent.com/owner/repo/main/dist/uai.lua"), "=uai")({ ui = false })
uai.config.set("ui.theme", "${theme}")
local record = uai.providers.blank("openrouter")
record.apiKey = "sk-or-snapshot-0000000000"
record.model = "openrouter/auto"
record.stream = false
assert(uai.providers.save(record))
local session = uai.sessions.current()
assert(session.send("What can you do here?"))
for _ = 1, 100 do
	if not session.busy then break end
	host.advance(0.1)
end
uai.log.warn("a sample warning for the Logs panel", "snapshot")
assert(uai.show("${panel}"))
host.advance(1)
host.snapshot("${out}")
uai.unload()
`;

const shots = [];
for (const panel of PANELS)
	for (const theme of ["dark", "light"])
		for (const device of ["desktop", "phone"]) {
			const out = path.join(OUT, `app-${panel}-${theme}-${device}.png`);
			shots.push({ out, device, source: driver(theme, panel, out) });
		}
await renderShots("app-snapshots", shots);
