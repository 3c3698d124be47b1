// `node scripts/app-snapshots.mjs`: renders the standard application's panels in the offline host
// from scripted states (a saved provider, one exchange, a few log entries) and writes
// docs/images/app-<panel or part>-<dark|light>-<desktop|phone|portrait|tablet>.png for docs/APP.md. It uses the committed
// dist/uai.lua (run `npm run build` first) and headless Chromium (see scripts/snapshot.mjs). Look
// at the pictures after visual changes. The editor's model picker open with free-routing probe times is
// its own scene (pickerDriver); the approval dialog and the composer with the on-screen keyboard are
// chatDriver scenes; a Markdown reply and a tool card are transcriptDriver scenes.
import fs from "node:fs";
import path from "node:path";
import { OUT, renderShots } from "./render-shots.mjs";
const PANELS = ["chat", "conversations", "providers", "settings", "logs"];

// Extra pictures of one part of a panel: `setup` runs before the exchange, `control` is the
// control scrolled to the top of the page, `after` runs last (before the picture).
const PARTS = {
	"chat-conversations": {
		panel: "conversations",
		control: "chat-groups",
		setup: `
local work = assert(uai.sessions.createFolder("Work"))
assert(uai.sessions.createFolder("Scripts"))
assert(uai.sessions.newThread({ folderId = work.id, title = "Plan the lobby UI" }))
assert(uai.sessions.newThread({ folderId = work.id, title = "Shop prices" }))
assert(uai.sessions.newThread({ folderId = "universal", title = "Fix the shop button" }))`,
	},
	// the request log only, and the exchange's evidence open
	"logs-evidence": {
		panel: "logs",
		control: "logs-list",
		after: `
local controls = getgenv().__PROJECT_UAI_UI_LIB_V1.Windows["project-uai-app"].Controls
controls["logs-kind"]:Set("Requests")
host.advance(0.5)
local support = require(host.newModuleScript("app_support", host.readRepoFile("test/scenarios/app_support.lua")))
support.press(assert(controls["logs-list"].Frame.Value.List:FindFirstChild("Item"), "a request row").Action)
host.advance(1)`,
	},
};

// Scrolls the page with the mouse wheel until the control's row is at the top of the view; the
// wheel goes over the page's left padding, where no List (which scrolls itself) reaches.
const scrollTo = (control) =>
	control === undefined
		? ""
		: `
local row = getgenv().__PROJECT_UAI_UI_LIB_V1.Windows["project-uai-app"].Controls["${control}"].Frame
local page = row:FindFirstAncestorOfClass("ScrollingFrame")
for _ = 1, 400 do
	if row.AbsolutePosition.Y < page.AbsolutePosition.Y + 60 then break end
	host.input.wheel(Vector2.new(page.AbsolutePosition.X + 2, page.AbsolutePosition.Y + page.AbsoluteSize.Y / 2), -1)
	host.advance(1 / 60)
end
host.advance(1)`;

// The client loaded as users do (its app not mounted) with a saved OpenRouter record of `model`,
// answered by the loopback server the driver mapped first; `theme` is set when given.
const openRouterClient = (model, theme) => `local uai = loadstring(game:HttpGet("https://raw.githubusercontent.com/owner/repo/main/dist/uai.lua"), "=uai")({ ui = false })
${theme === undefined ? "" : `uai.config.set("ui.theme", "${theme}")\n`}local record = uai.providers.blank("openrouter")
record.apiKey = "sk-or-snapshot-0000000000"
record.model = "${model}"
record.stream = false
assert(uai.providers.save(record))`;

// The scene: a UI-free client gets a provider (answered by a loopback server) and a theme, one
// exchange in the current conversation, then the app opens on one panel.
const driver = (theme, panel, out, part) => `
local HttpService = game:GetService("HttpService")
host.network.mapHost("openrouter.ai", host.network.serve(function()
	return { status = 200, headers = { ["Content-Type"] = "application/json" }, body = HttpService:JSONEncode({
		id = "r", object = "chat.completion", model = "openrouter/auto",
		choices = { { index = 0, finish_reason = "stop", message = { role = "assistant",
			content = "Hello! I can read and change this experience's UI through my tools. Write tools ask for your approval first." } } },
	}) }
end))
${openRouterClient("openrouter/auto", theme)}${part?.setup ?? ""}
local session = uai.sessions.current()
for _, question in { "What can you do here?", "Can you add a shop button to the lobby?" } do
	assert(session.send(question))
	for _ = 1, 100 do
		if not session.busy then break end
		host.advance(0.1)
	end
end
uai.log.warn("a sample warning for the Logs panel", "snapshot")
assert(uai.show("${panel}"))
host.advance(1)${scrollTo(part?.control)}${part?.after ?? ""}
host.snapshot("${out}")
uai.unload()
`;

// The model picker: a saved Project UAI Free record on \`auto\`, answered by a loopback route whose
// models call the probe tool (or not), edited and its picker opened by simulated input until the
// measurements end.
const pickerDriver = (out) => `
local HttpService = game:GetService("HttpService")
local support = require(host.newModuleScript("app_support", host.readRepoFile("test/scenarios/app_support.lua")))
local function sse(delta)
	return { status = 200, headers = { ["Content-Type"] = "text/event-stream" }, body =
		"data: " .. HttpService:JSONEncode({ choices = { { index = 0, delta = delta } } }) .. "\\n\\n"
		.. 'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\\n\\ndata: [DONE]\\n\\n' }
end
host.network.mapHost("api.hcnsec.cn", host.network.serve(function(request)
	if string.sub(request.path, -7) == "/models" then
		return HttpService:JSONEncode({ data = { { id = "auto" }, { id = "deepseek-v3" }, { id = "glm-4.5" }, { id = "qwen3-coder" } } })
	end
	local body = HttpService:JSONDecode(request.body)
	if string.find(request.body, '"role":"tool"', 1, true) then return sse({ content = "done" }) end
	if body.model == "glm-4.5" then return sse({ content = "no tools here" }) end
	return sse({ tool_calls = { { index = 0, id = "call_1", type = "function",
		["function"] = { name = "uai_connectivity_check", arguments = '{"ok":true}' } } } })
end))
local uai = loadstring(game:HttpGet("https://raw.githubusercontent.com/owner/repo/main/dist/uai.lua"), "=uai")({ ui = false })
local record = uai.providers.blank("hcnsec")
record.apiKey = "sk-hcnsec-snapshot-0000000000"
record.model = "auto"
assert(uai.providers.save(record))
assert(uai.show("providers"))
host.advance(1)
support.button("providers-edit")
support.press(support.control("provider-model").Frame.Value.Dropdown)
for _ = 1, 60 do
	local _, measuring = uai.providers.probes(record.id)
	if not measuring then break end
	host.advance(0.5)
end
host.advance(1)
host.snapshot("${out}")
uai.unload()
`;

// Chat scenes by simulated input: "approval" — a write tool's approval dialog 7 s into its
// countdown; "composer-keyboard" — a draft being typed with the on-screen keyboard up.
const chatDriver = (scene, out) => `
local HttpService = game:GetService("HttpService")
local support = require(host.newModuleScript("app_support", host.readRepoFile("test/scenarios/app_support.lua")))
host.network.mapHost("openrouter.ai", host.network.serve(function()
	return { status = 200, headers = { ["Content-Type"] = "application/json" }, body = HttpService:JSONEncode({
		id = "r", object = "chat.completion", model = "openrouter/auto",
		choices = { { index = 0, finish_reason = "tool_calls", message = { role = "assistant", content = "",
			tool_calls = { { id = "c1", type = "function", ["function"] = { name = "write_note",
				arguments = '{"text":"Add a shop button to the lobby"}' } } } } } },
	}) }
end))
${openRouterClient("openrouter/auto")}
assert(uai.tools.register({ name = "write_note", group = "notes", risk = "write", description = "Writes a note for the team.",
	parameters = { type = "object", properties = { text = { type = "string" } } }, run = function() return "ok" end }))
assert(uai.permissions.setMode("ask"))
assert(uai.show("chat"))
host.advance(1)
if "${scene}" == "approval" then
	support.fill("chat-draft", "Note the shop idea")
	support.send()
	host.advance(7)
else
	local box = support.control("chat-draft").Frame.Value.Input
	support.reveal(box)
	host.input.typeInto(box, "Add a shop button to the lobby, bottom right", { keepFocus = true, atOnce = true })
	host.advance(1)
end
host.snapshot("${out}")
uai.unload()
`;

// Transcript scenes: "markdown" — a Markdown reply with reasoning; "tool-card" — a tool call's card
// with its result folded after a dozen lines, then the reply.
const transcriptDriver = (scene, theme, out) => `
local HttpService = game:GetService("HttpService")
local support = require(host.newModuleScript("app_support", host.readRepoFile("test/scenarios/app_support.lua")))
local MARKDOWN = table.concat({
	"## Shop button",
	"Add a **TextButton** named \`ShopButton\` to *StarterGui.Lobby* — see [UI docs](https://create.roblox.com/docs/ui).",
	"",
	"1. Anchor it bottom right",
	"2. Open the shop on click:",
	"",
	"\`\`\`lua",
	"button.Activated:Connect(function()",
	"\\tshop.Visible = not shop.Visible",
	"end)",
	"\`\`\`",
	"",
	"> Write tools ask for your approval first.",
}, "\\n")
host.network.mapHost("openrouter.ai", host.network.serve(function(request)
	local body = HttpService:JSONDecode(request.body)
	local last = body.messages[#body.messages]
	local message
	if last.role == "tool" then
		message = { role = "assistant", content = "The lobby has **40** instances; the shop frame is \`Lobby.Shop\`." }
	elseif "${scene}" == "markdown" then
		message = { role = "assistant", content = MARKDOWN, reasoning_content = "The user wants a *shop button*; a short plan and one snippet will do." }
	else
		message = { role = "assistant", content = "", tool_calls = { { id = "c1", type = "function",
			["function"] = { name = "list_lobby", arguments = '{"path":"StarterGui.Lobby"}' } } } }
	end
	return { status = 200, headers = { ["Content-Type"] = "application/json" }, body = HttpService:JSONEncode({
		id = "r", object = "chat.completion", model = "openai/gpt-4o-mini",
		choices = { { index = 0, finish_reason = message.tool_calls and "tool_calls" or "stop", message = message } },
		usage = { prompt_tokens = 1840, completion_tokens = 212 },
	}) }
end))
${openRouterClient("openai/gpt-4o-mini", theme)}
assert(uai.tools.register({ name = "list_lobby", group = "ui", risk = "read", description = "Lists the lobby's instances.",
	parameters = { type = "object", properties = { path = { type = "string" } } }, run = function(_, ctx)
		ctx.progress("scanning")
		local lines = {}
		for i = 1, 40 do table.insert(lines, string.format("Lobby.Item%02d  Frame", i)) end
		return table.concat(lines, "\\n")
	end }))
assert(uai.permissions.setMode("auto"))
assert(uai.show("chat"))
host.advance(1)
support.fill("chat-draft", if "${scene}" == "markdown" then "How do I add a shop button?" else "What is in the lobby?")
support.send()
local session = uai.sessions.current()
for _ = 1, 100 do
	if not session.busy then break end
	host.advance(0.1)
end
host.advance(1)
if "${scene}" == "tool-card" then
	-- the card's top in view: the wheel over the transcript, one notch at a time
	local view = support.control("chat-transcript").Frame.Value.Transcript
	for _ = 1, 40 do
		local card
		for _, row in view:GetChildren() do
			if row.Name == "Row" and row:FindFirstChild("Title") and string.find(row.Title.Text, "Tool call", 1, true) then card = row end
		end
		if card and card.AbsolutePosition.Y >= view.AbsolutePosition.Y then break end
		host.input.wheel(view, 1)
		host.advance(1 / 60)
	end
	host.advance(1)
end
host.snapshot("${out}")
uai.unload()
`;

const shots = [];
for (const scene of ["markdown", "tool-card"])
	for (const theme of ["dark", "light"]) {
		const out = path.join(OUT, `app-chat-${scene}-${theme}-desktop.png`);
		shots.push({ out, device: "desktop", source: transcriptDriver(scene, theme, out) });
	}
for (const [scene, devices] of [
	["approval", ["desktop", "phone"]],
	["composer-keyboard", ["phone", "portrait"]],
])
	for (const device of devices) {
		const out = path.join(OUT, `app-chat-${scene}-dark-${device}.png`);
		shots.push({ out, device, source: chatDriver(scene, out) });
	}
for (const panel of PANELS)
	for (const theme of ["dark", "light"])
		for (const device of ["desktop", "phone", "portrait"]) {
			const out = path.join(OUT, `app-${panel}-${theme}-${device}.png`);
			shots.push({ out, device, source: driver(theme, panel, out) });
		}
// the Chat panel on a tablet too, in both themes: the transcript fills the page (Transcript Height "Fill")
for (const theme of ["dark", "light"]) {
	const tablet = path.join(OUT, `app-chat-${theme}-tablet.png`);
	shots.push({ out: tablet, device: "tablet", source: driver(theme, "chat", tablet) });
}
for (const [name, part] of Object.entries(PARTS))
	for (const theme of ["dark", "light"])
		for (const device of ["desktop", "phone"]) {
			const out = path.join(OUT, `app-${name}-${theme}-${device}.png`);
			shots.push({ out, device, source: driver(theme, part.panel, out, part) });
		}
// the cards of file edits, a Luau run and the task list, and a question: the scenario that tests
// them (test/scenarios/app_tool_results.luau) writes its pictures when SNAPSHOT_PATH is set
const results = path.join(OUT, "app-chat-tool-results");
shots.push({
	out: `${results}-cards-dark-desktop.png`,
	device: "desktop",
	source: `SNAPSHOT_PATH = ${JSON.stringify(results)}\n${fs.readFileSync("test/scenarios/app_tool_results.luau", "utf8")}`,
});
const picker = path.join(OUT, "app-providers-picker-dark-desktop.png");
shots.push({ out: picker, device: "desktop", source: pickerDriver(picker) });
// `node scripts/app-snapshots.mjs NAME...` renders only the pictures whose file name contains a NAME.
const only = process.argv.slice(2);
await renderShots(
	"app-snapshots",
	shots.filter((shot) => only.length === 0 || only.some((name) => path.basename(shot.out).includes(name))),
);
