-- A complete SDK entry point (see examples/embedding/README.md):
--   loadstring(game:HttpGet(".../examples/embedding/sdk.lua"))()
-- Checked download and startup of a UI-free client (an existing one is reused), feature checks, a
-- read-only host tool, a dedicated conversation limited to that tool, its events, one explicit
-- sdk.request awaited with a deadline, cancellation owned by a scope, and teardown that releases
-- only what this script made (the client stays for other integrations).
-- A provider and model must already be configured (uai.show("providers")); nothing is guessed.
-- Returns the request's result table { ok, status, text, error?, sessionId }.
local REVISION = "main"
local URL = "https://raw.githubusercontent.com/<owner>/<repo>/" .. REVISION .. "/dist/uai.lua"
local WAIT_SECONDS = 60

-- 1. Download, compile and start, each step checked.
local downloaded, source = pcall(game.HttpGet, game, URL)
assert(downloaded and type(source) == "string" and source ~= "", "sdk.lua: UAI download failed: " .. tostring(source))
local chunk, compileError = loadstring(source, "=uai")
assert(chunk, "sdk.lua: UAI did not compile: " .. tostring(compileError))
local started, uai = pcall(chunk, { ui = false, reuse = true })
assert(started and type(uai) == "table" and uai.alive, "sdk.lua: UAI did not start: " .. tostring(uai))

-- 2. Feature checks: treat a missing key as unavailable.
local sdk = uai.sdk
assert(sdk and sdk.features.requests and sdk.features.resourceScopes, "sdk.lua: this client lacks SDK requests or resource scopes")
if not uai.providers.active() then
	error("sdk.lua: no provider is configured; open uai.show(\"providers\") and choose one first", 0)
end

-- 3. Everything this script owns belongs to one scope.
local scope = assert(sdk.createScope("sdk-example"))
local ok, why = scope.registerTool({
	name = "sdkexample_clock",
	group = "sdkexample",
	risk = "read",
	description = "Reads the host's clock: the current UTC date and time.",
	parameters = { type = "object", properties = {}, required = {} },
	run = function(_, ctx)
		if ctx.aborted() then
			return { ok = false, text = "Stopped" }
		end
		local now = os.time()
		return { text = "It is " .. os.date("!%Y-%m-%d %H:%M:%S", now) .. " UTC.", data = { unix = now } }
	end,
})
assert(ok, why)

local session, sessionError = uai.sessions.open("sdk-example", {
	title = "SDK example",
	ephemeral = true, -- not kept in saved history
	toolFilter = { sdkexample_clock = true },
})
if not session then
	scope.destroy()
	error("sdk.lua: " .. tostring(sessionError), 0)
end

-- 4. Events of that conversation, released with the scope.
assert(scope.connect(session.events, function(event)
	if event.kind == "tool:call" then
		print("sdk.lua: the agent calls " .. tostring(event.name))
	elseif event.kind == "status" then
		print("sdk.lua: " .. tostring(event.text))
	end
end))

-- 5. One explicit request; the scope cancels it if the integration ends first.
local request, reason = sdk.request(session, "What does the host's clock say? Use the tool.", {
	onComplete = function(result)
		print(string.format("sdk.lua: request %s", result.status))
	end,
})
if not request then
	scope.destroy()
	error("sdk.lua: the request was not accepted: " .. tostring(reason), 0)
end
scope.give(function()
	request.cancel()
end)
local result, waitError = request.await(WAIT_SECONDS)
if not result then
	-- the wait ended, not the work: ask for a cooperative Stop and wait for the settlement
	warn("sdk.lua: no answer within " .. WAIT_SECONDS .. " s (" .. tostring(waitError) .. "); cancelling")
	request.cancel()
	result = request.await()
end
if result.ok then
	print("sdk.lua: " .. result.text)
else
	warn("sdk.lua: " .. tostring(result.error or result.status))
end

-- 6. Teardown: the tool, the listener and the request's cleanup go; the client stays.
scope.destroy()
return result
