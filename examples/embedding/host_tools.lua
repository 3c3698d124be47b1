-- The workbench example's model and host tools (see examples/embedding/README.md).
-- Returns install(uai) -> workbench. install runs once per client: a second call returns the
-- installed workbench. The workbench is a small validated model kept at
-- uai.env.context.workbenchExample (an example-owned namespace, not a UAI feature):
--   read()                 -> a copy of the applied state { title, enabled, batchSize }
--   update(patch)          -> true, state | false, reason   (the one validation boundary)
--   subscribe(callback)    -> unsubscribe; callback(state) after every applied update
--   validate(patch)        -> true | false, reason          (what update checks, without applying)
--   lock(locked)           -> a host policy: while locked, the agent's workbench_configure is vetoed
--   configure(patch)       -> dispatches workbench_configure like an agent call (yieldable task)
--   alive(), uninstall()   -> the installation's lifetime (unload of the client uninstalls too)
-- Two tools go through an SDK scope: workbench_status (read) and workbench_configure (write). The
-- tool and a manual Apply button call the same update(patch).
local LIMITS = { titleBytes = 80, batchMin = 1, batchMax = 64 }

local function validate(patch)
	if type(patch) ~= "table" then
		return false, "a patch is a table of fields to change"
	end
	local fields = 0
	for key, value in patch do
		fields += 1
		if key == "title" then
			if type(value) ~= "string" or not string.find(value, "%S") then
				return false, "title must be nonblank text"
			elseif #value > LIMITS.titleBytes then
				return false, string.format("title must be at most %d bytes", LIMITS.titleBytes)
			end
		elseif key == "enabled" then
			if type(value) ~= "boolean" then
				return false, "enabled must be true or false"
			end
		elseif key == "batchSize" then
			if type(value) ~= "number" or value ~= value or value % 1 ~= 0 or value < LIMITS.batchMin or value > LIMITS.batchMax then
				return false, string.format("batchSize must be a whole number from %d to %d", LIMITS.batchMin, LIMITS.batchMax)
			end
		else
			return false, "unknown field " .. tostring(key)
		end
	end
	if fields == 0 then
		return false, "the patch changes nothing"
	end
	return true
end

local function describe(state)
	return string.format("%s: %s, batch size %d", state.title, state.enabled and "enabled" or "disabled", state.batchSize)
end

return function(uai)
	assert(type(uai) == "table" and uai.alive, "install(uai) needs a live UAI client")
	local context = uai.env.context
	local installed = context.workbenchExample
	if type(installed) == "table" and installed.alive and installed.alive() then
		return installed
	end

	local scope = assert(uai.sdk.createScope("workbench-example"))
	local state = { title = "Workbench", enabled = true, batchSize = 4 }
	local listeners = {}
	local workbench = { limits = table.freeze(table.clone(LIMITS)), validate = validate }

	function workbench.read()
		return table.clone(state)
	end
	function workbench.update(patch)
		local ok, why = validate(patch)
		if not ok then
			return false, why
		end
		for key, value in patch do
			state[key] = value
		end
		local snapshot = table.clone(state)
		for _, callback in table.clone(listeners) do
			-- a failing view must not stop the others, nor the tool that applied the change
			local ran, problem = pcall(callback, table.clone(snapshot))
			if not ran then
				warn("workbench subscriber failed: " .. tostring(problem))
			end
		end
		return true, snapshot
	end
	function workbench.subscribe(callback)
		assert(type(callback) == "function", "subscribe(callback) needs a function")
		table.insert(listeners, callback)
		return function()
			local index = table.find(listeners, callback)
			if index then
				table.remove(listeners, index)
			end
		end
	end

	assert(scope.registerTool({
		name = "workbench_status",
		group = "workbench",
		risk = "read",
		description = "Reads this host's workbench: its title, whether it is enabled, and its batch size.",
		parameters = { type = "object", properties = {}, required = {} },
		run = function(_, ctx)
			if ctx.aborted() then
				return { ok = false, text = "Stopped" }
			end
			local current = workbench.read()
			return { text = describe(current), data = current }
		end,
	}))
	assert(scope.registerTool({
		name = "workbench_configure",
		group = "workbench",
		risk = "write",
		description = string.format(
			"Changes this host's workbench. Send only the fields to change: title (nonblank, at most %d bytes), enabled (boolean), batchSize (whole number %d-%d).",
			LIMITS.titleBytes, LIMITS.batchMin, LIMITS.batchMax
		),
		parameters = {
			type = "object",
			properties = {
				title = { type = "string", minLength = 1, maxLength = LIMITS.titleBytes },
				enabled = { type = "boolean" },
				-- the range is the model's to check, so Apply and this tool refuse with one reason
				batchSize = { type = "integer" },
			},
		},
		run = function(args, ctx)
			if ctx.aborted() then
				return { ok = false, text = "Stopped before changing anything" }
			end
			local changed, result = workbench.update(args)
			if not changed then
				return { ok = false, text = result }
			end
			return { text = "Updated the workbench. " .. describe(result), data = result }
		end,
	}))

	-- Host policy: while locked, the agent's configuration calls are vetoed with a reason.
	local locked = false
	assert(scope.hook("preTool", function(payload)
		if locked and payload.tool.name == "workbench_configure" then
			payload.reason = "the workbench is locked"
			return false
		end
	end, { name = "workbench-lock", order = 10 }))
	function workbench.lock(value)
		locked = value == true
	end

	-- A host action that should behave like the agent's call (validation, hooks, permissions):
	-- dispatch it through the registry, from a task that may wait.
	local calls = 0
	local util = uai.env.require("runtime/util")
	function workbench.configure(patch)
		calls += 1
		return uai.tools.dispatch({
			id = "workbench-configure-" .. calls,
			["function"] = { name = "workbench_configure", arguments = assert(util.encode(patch)) },
		})
	end

	function workbench.alive()
		return scope.alive
	end
	function workbench.uninstall()
		return scope.destroy()
	end
	-- Destroying the scope (uninstall, or the client's unload) removes the tools, the hook and
	-- this entry, so a later install starts over.
	scope.give(function()
		table.clear(listeners)
		if context.workbenchExample == workbench then
			context.workbenchExample = nil
		end
	end)
	context.workbenchExample = workbench
	return workbench
end
