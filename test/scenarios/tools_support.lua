-- Shared helpers of the built-in tool scenarios (test/scenarios/tools_*.luau); not a scenario itself.
-- A scripted loopback model: each request the agent loop sends is answered by the next queued
-- reply (text, or tool calls as a model makes them), and every request body is kept, so a
-- scenario sees exactly the tool results the model was sent.
-- Load with: local tools = require(host.newModuleScript("tools", host.readRepoFile("test/scenarios/tools_support.lua")))
local support = require(host.newModuleScript("support", host.readRepoFile("test/scenarios/runtime_support.lua")))
local HttpService = game:GetService("HttpService")

local M = setmetatable({}, { __index = support })

local function reply(message)
	return {
		status = 200,
		headers = { ["Content-Type"] = "application/json" },
		body = HttpService:JSONEncode({
			id = "r", object = "chat.completion", model = "m",
			choices = { { index = 0, message = message, finish_reason = message.tool_calls and "tool_calls" or "stop" } },
			usage = { prompt_tokens = 10, completion_tokens = 5 },
		}),
	}
end

-- Starts the client (executor profile: loadstring with `context`) with a loopback provider whose
-- model follows the queue. Returns the handle and the model: model.queue(step...) where a step is
-- a string (a text reply) or { calls = { { name, args } ... } }; model.bodies holds each request.
function M.start(context)
	local model = { bodies = {}, steps = {}, serial = 0 }
	local server = host.network.serve(function(request)
		local body = HttpService:JSONDecode(request.body)
		table.insert(model.bodies, body)
		local step = table.remove(model.steps, 1)
		if step == nil then
			return reply({ role = "assistant", content = "done" })
		elseif type(step) == "function" then
			step = step(body)
		end
		if type(step) == "string" then
			return reply({ role = "assistant", content = step })
		end
		local calls = {}
		for _, call in step.calls do
			model.serial += 1
			table.insert(calls, { id = "call" .. model.serial, type = "function", ["function"] = {
				name = call[1],
				arguments = if type(call[2]) == "string" then call[2]
					elseif call[2] == nil or next(call[2]) == nil then "{}"
					else HttpService:JSONEncode(call[2]),
			} })
		end
		return reply({ role = "assistant", content = step.text or "", tool_calls = calls })
	end)
	host.network.mapHost("api.openai.com", server)
	function model.queue(...)
		for _, step in { ... } do
			table.insert(model.steps, step)
		end
	end
	-- the tool messages of the last request, in order: { name?, content }
	function model.toolResults()
		local last = model.bodies[#model.bodies]
		local list = {}
		for _, message in last and last.messages or {} do
			if message.role == "tool" then
				table.insert(list, message.content)
			end
		end
		return list
	end
	function model.systemPrompt()
		local last = model.bodies[#model.bodies]
		return last.messages[1].role == "system" and last.messages[1].content or ""
	end
	function model.offered()
		local last = model.bodies[#model.bodies]
		local names = {}
		for _, declaration in last.tools or {} do
			names[declaration["function"].name] = true
		end
		return names
	end

	local uai = M.load(context)
	local record = assert(uai.providers.blank("openai"))
	record.label = "Loopback"
	record.apiKey = "sk-loopback-secret-1234"
	record.model = "m"
	record.stream = false
	assert(uai.providers.save(record))
	return uai, model
end

-- One turn through the agent loop: returns the result and the events it emitted. `onEvent` may
-- answer approvals or questions.
function M.turn(uai, session, text, onEvent)
	local events = {}
	local request = assert(uai.sdk.request(session, text, { onEvent = function(event)
		table.insert(events, event)
		if onEvent then
			onEvent(event)
		end
	end }))
	return request.await(), events, request
end

-- The tool:result and tool:error events of a turn, in call order (calls of one reply run in parallel).
function M.results(events)
	local list = {}
	for _, event in events do
		if event.kind == "tool:result" or event.kind == "tool:error" then
			table.insert(list, event)
		end
	end
	table.sort(list, function(a, b)
		return (tonumber(string.match(a.id, "%d+$")) or 0) < (tonumber(string.match(b.id, "%d+$")) or 0)
	end)
	return list
end

-- Names of the tools `uai.tools.definitions()` offers, as a set.
function M.declared(uai, filter)
	local names = {}
	for _, declaration in assert(uai.tools.definitions(filter)) do
		names[declaration["function"].name] = true
	end
	return names
end

return M
