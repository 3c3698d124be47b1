// `node scripts/app-snapshots.mjs`: renders the standard application's panels in the offline host
// from scripted states (a saved provider, one exchange, a few log entries) and writes
// docs/images/app-<panel>-<dark|light>-<desktop|phone>.png for docs/APP.md. It uses the committed
// dist/uai.lua (run `npm run build` first) and headless Chromium (see scripts/snapshot.mjs). Look
// at the pictures after visual changes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDeps } from "./ensure-deps.mjs";
import { runHost } from "./host.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join("docs", "images");
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

async function main() {
	ensureDeps();
	fs.mkdirSync(path.join(ROOT, OUT), { recursive: true });
	const temp = fs.mkdtempSync(path.join(os.tmpdir(), "uai-app-snapshots-"));
	let failed = 0;
	try {
		for (const panel of PANELS)
			for (const theme of ["dark", "light"])
				for (const device of ["desktop", "phone"]) {
					const out = path.join(OUT, `app-${panel}-${theme}-${device}.png`);
					const script = path.join(temp, `${panel}-${theme}-${device}.luau`);
					fs.writeFileSync(script, driver(theme, panel, out));
					const viewport = device === "phone" ? "phone" : "1280x720";
					const r = await runHost(script, ["--viewport", viewport], { capture: true });
					if (r.code !== 0) {
						failed++;
						console.log(`FAIL ${out}\n${r.stdout}${r.stderr}`);
					} else console.log(`wrote ${out}`);
				}
	} finally {
		fs.rmSync(temp, { recursive: true, force: true });
	}
	process.exit(failed === 0 ? 0 : 1);
}

await main();
