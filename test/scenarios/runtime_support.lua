-- Shared helpers of the runtime scenarios (test/scenarios/runtime_*.luau); not a scenario itself.
-- Load with: local support = require(host.newModuleScript("support", host.readRepoFile("test/scenarios/runtime_support.lua")))
local support = {}
-- Rojo models support.load inserted (Studio and plain profiles); their instances are the scenario's
support.models = {}

function support.check(condition, message)
	if not condition then
		error(message, 2)
	end
	return condition
end

-- dist/uai.lua as users get it: by raw GitHub URL in an executor.
function support.source()
	if host.profile == "executor" then
		return game:HttpGet("https://raw.githubusercontent.com/owner/repo/main/dist/uai.lua")
	end
	return host.readRepoFile("dist/uai.lua")
end

-- Loads the client the way the profile allows: loadstring(source)(context) in an executor; where
-- there is no loadstring (Studio, a game's own scripts) the Rojo model build/uai.rbxm inserted
-- into ReplicatedStorage and required (no context argument there; docs/BUILDING.md).
function support.load(context, source)
	if host.profile == "executor" then
		source = source or support.source()
		local chunk = assert(loadstring(source, "=uai"))
		return chunk(context)
	end
	assert(context == nil, "a context can only be passed where loadstring exists")
	local model = host.loadModel("build/uai.rbxm", game:GetService("ReplicatedStorage"))
	-- the model stays, as in a game: modules it loads on first use are required from it later
	table.insert(support.models, model)
	return require(model)
end

-- The same bundle with another build id: what a loader sees after the published file changed.
function support.otherBuild(source, tag)
	local build = string.match(source, "build (%d+%.%d+%.%d+%-%x+)")
	local replacement = string.sub(build, 1, #build - #tag) .. tag
	local changed, count = string.gsub(source, (string.gsub(build, "%p", "%%%0")), replacement)
	assert(count == 2, "the build id appears twice in a bundle")
	return changed, replacement, build
end

-- The host's counters. Services the client reads are created on first GetService (as in Roblox)
-- and belong to the game, so they are created before counting.
function support.counters()
	for _, name in { "HttpService", "RunService", "GuiService" } do
		game:GetService(name)
	end
	if gethui then
		gethui() -- the executor's hidden GUI container (where the app mounts) belongs to the game
	end
	host.settle()
	local counters = host.counters()
	for _, model in support.models do
		counters.instances -= #model:GetDescendants() + 1
	end
	return counters
end

function support.sameCounters(before, after, what)
	for _, key in { "instances", "connections", "threads" } do
		support.check(before[key] == after[key], string.format("%s: %s %d before, %d after", what, key, before[key], after[key]))
	end
end

-- Whether any printed or warned line contains `text` (plain).
function support.printed(text)
	for _, line in host.output() do
		if string.find(line.text, text, 1, true) then
			return true
		end
	end
	return false
end

-- Whether the client's log holds an entry whose text contains `text` (plain).
function support.logged(uai, text)
	for _, entry in uai.log.entries() do
		if string.find(entry.text, text, 1, true) then
			return true
		end
	end
	return false
end

-- An examples/embedding file as users run it: fetched by raw URL and compiled in an executor, a
-- ModuleScript where there is no loadstring. Returns what the example returns.
function support.example(name)
	if host.profile == "executor" then
		local url = "https://raw.githubusercontent.com/owner/repo/main/examples/embedding/" .. name
		return assert(loadstring(game:HttpGet(url), "=" .. name))()
	end
	local module = host.newModuleScript(name, host.readRepoFile("examples/embedding/" .. name))
	local result = require(module)
	module:Destroy()
	return result
end

return support
