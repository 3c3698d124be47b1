-- The workbench example's launcher (see examples/embedding/README.md):
--   local handles = loadstring(game:HttpGet(".../examples/embedding/launcher.lua"))({ ui = false })
-- Loads or reuses the UAI client, loads UI LIB and the example's two modules from ONE pinned
-- revision, checks every download, compile and startup with a message that says which step
-- failed, composes them, and returns { uai, UI, workbench, window, session }.
-- Options (all optional): ui = false (start the client without its app; an app that is already
-- mounted stays), theme = "Dark" | "Light", windowId, sessionId.
-- Running it again reuses the client (reuse = true) and the installed workbench, and replaces
-- the panel by its window id.

-- Pin a reviewed commit SHA here for a reproducible host; "main" follows every published update.
local REVISION = "main"
local BASE = "https://raw.githubusercontent.com/<owner>/<repo>/" .. REVISION .. "/"

local options = ... or {}
assert(type(options) == "table", "launcher options must be a table")

local function fetch(path)
	local ok, source = pcall(game.HttpGet, game, BASE .. path)
	if not ok then
		error(string.format("workbench launcher: downloading %s failed: %s", path, tostring(source)), 0)
	elseif type(source) ~= "string" or source == "" then
		error(string.format("workbench launcher: %s downloaded empty (check REVISION %q)", path, REVISION), 0)
	end
	local chunk, compileError = loadstring(source, "=" .. path)
	if not chunk then
		error(string.format("workbench launcher: %s did not compile: %s", path, tostring(compileError)), 0)
	end
	return chunk
end

local function start(path, ...)
	local results = table.pack(pcall(fetch(path), ...))
	if not results[1] then
		error(string.format("workbench launcher: %s failed to start: %s", path, tostring(results[2])), 0)
	end
	return table.unpack(results, 2, results.n)
end

if type(loadstring) ~= "function" or type(game.HttpGet) ~= "function" then
	error("workbench launcher: this host has no loadstring/HttpGet; use the Rojo model or ModuleScripts instead", 0)
end

local uai = start("dist/uai.lua", {
	ui = options.ui,
	reuse = true, -- a running client of this build is returned as it is, without toggling its app
	prompt = "This host provides workbench_status and workbench_configure for local workbench settings.",
})
if not (type(uai) == "table" and uai.alive) then
	error("workbench launcher: UAI did not start; the console has the reason", 0)
end
if uai.pendingBuild then
	warn("workbench launcher: UAI " .. uai.pendingBuild .. " is waiting; still running " .. uai.build)
end

local UI = start("dist/uai-ui.lua")
if not (type(UI) == "table" and UI.CreateWindow) then
	error("workbench launcher: dist/uai-ui.lua did not return the UI LIB object", 0)
end

local install = start("examples/embedding/host_tools.lua")
local createPanel = start("examples/embedding/assistant_panel.lua")
local workbench = install(uai)
local window, session = createPanel(uai, UI, {
	workbench = workbench,
	theme = options.theme,
	windowId = options.windowId,
	sessionId = options.sessionId,
})
return { uai = uai, UI = UI, workbench = workbench, window = window, session = session }
