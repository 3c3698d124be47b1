-- The workbench example's view (see examples/embedding/README.md).
-- Returns createPanel(uai, UI, options) -> window, session
--   uai       a live client handle
--   UI        the UI LIB object (dist/uai-ui.lua)
--   options   { workbench (required: what host_tools.lua's install returned), windowId?, sessionId?,
--               title?, theme? ("Dark" | "Light"), parent? }
-- Tabs: Assistant (draft, Send, Stop, the latest response bounded to 6,000 bytes and painted at
-- most once per 60 ms, Open UAI and Providers links), Workbench (a form over the model with an
-- applied-state summary, explicit Apply and Refresh; agent changes never overwrite a draft),
-- Appearance (Dark/Light and reduced motion for this window).
-- Lifetime: the window owns every subscription and the pending paint; a panel created again with
-- the same windowId replaces this one; the client's unload closes it; closing it leaves the
-- client and the workbench alive.
local RESPONSE_LIMIT = 6000
local PAINT_DELAY = 0.06

-- At most RESPONSE_LIMIT bytes, cut at a character boundary, marked when cut.
local function bounded(text)
	if #text <= RESPONSE_LIMIT then
		return text
	end
	local ellipsis = "…"
	local cut = utf8.offset(text, 0, RESPONSE_LIMIT - #ellipsis + 1) or 1 -- start of the character the limit falls in
	return string.sub(text, 1, cut - 1) .. ellipsis
end

local function summary(state)
	return string.format("Applied: %s · %s · batch size %d", state.title, state.enabled and "enabled" or "disabled", state.batchSize)
end

local ENDS_PREVIEW = { ["assistant:complete"] = true, abort = true, error = true, cleared = true }

return function(uai, UI, options)
	assert(type(uai) == "table" and uai.alive, "createPanel needs a live UAI client")
	assert(type(UI) == "table" and UI.CreateWindow, "createPanel needs the UI LIB object")
	options = options or {}
	local workbench = options.workbench
	assert(type(workbench) == "table" and workbench.read and workbench.update and workbench.subscribe, "options.workbench must be the installed workbench model")
	local windowId = options.windowId or "workbench-assistant"

	local session, why = uai.sessions.open(options.sessionId or "workbench-assistant", {
		title = "Workbench assistant",
		toolFilter = { workbench_status = true, workbench_configure = true },
	})
	assert(session, why)

	-- Create the window first: replacing its stable Id closes the previous panel and its scope.
	local window = UI:CreateWindow({
		Id = windowId,
		Title = options.title or "Workbench",
		Subtitle = "Project UAI example",
		Theme = options.theme or (uai.config.get("ui.theme") == "light" and "Light" or "Dark"),
		ThemeToggle = false, -- the Appearance tab owns the theme
		ToggleKey = false,
		Search = false,
		Parent = options.parent,
	})
	local viewScope = assert(uai.sdk.createScope(windowId .. "-view"))
	viewScope.give(function()
		window:Destroy()
	end)
	window:OnDestroy(function()
		viewScope.destroy()
	end)

	-- Assistant: the latest response first, then the message and its actions.
	local assistantTab = window:Tab({ Id = "assistant", Title = "Assistant" })
	local latestSection = assistantTab:Section({ Title = "Latest response" })
	local response = latestSection:Paragraph({ Id = "assistant-response", Text = "Assistant", Content = "No response yet.", Persist = false })
	local status = latestSection:Label({ Id = "assistant-status", Text = "Ready" })
	local assistant = assistantTab:Section({ Title = "Message" })
	local draft = assistant:Input({ Id = "assistant-draft", Text = "", MultiLine = true, Lines = 2, Live = true, Placeholder = "Ask about the workbench", Persist = false })
	local send, stop
	local function refresh()
		if not window.Alive then
			return
		end
		send:SetDisabled(session.busy)
		stop:SetDisabled(not session.busy)
		status:SetText(session.status or "Ready")
	end
	send = assistant:Button({ Id = "assistant-send", Text = "Send the message", ActionText = "Send", Style = "Primary", Callback = function()
		local text = draft:Get()
		if not string.find(text, "%S") then
			status:SetText("Write a message first")
			return
		end
		local accepted, reason = session.send(text, function()
			refresh() -- busy is released before onDone runs
		end)
		if accepted then
			draft:Set("", true)
		else
			status:SetText("Not sent: " .. tostring(reason)) -- the draft stays
		end
		refresh()
	end })
	stop = assistant:Button({ Id = "assistant-stop", Text = "Stop the reply", ActionText = "Stop", Disabled = true, Callback = function()
		session.abort()
	end })
	local more = assistantTab:Section({ Title = "The full app" })
	more:Button({ Id = "assistant-open-uai", Text = "Full history, permissions and settings", ActionText = "Open UAI", Callback = function()
		uai.show("chat")
	end })
	more:Button({ Id = "assistant-providers", Text = "Provider and model", ActionText = "Providers", Callback = function()
		uai.show("providers")
	end })

	-- The latest response: events replace one pending text; one delayed paint shows the newest.
	local latest, painted = "", nil
	local pending
	local function paint()
		if latest ~= painted then
			painted = latest
			response:SetDescription(if latest == "" then "No response yet." else latest)
		end
	end
	local function schedulePaint()
		if pending then
			return
		end
		local release
		release = window:Give(task.delay(PAINT_DELAY, function()
			pending = nil
			release(false)
			paint()
		end))
		pending = release
	end
	local function onEvent(event)
		local kind = event.kind
		if kind == "assistant:preview" or kind == "assistant:text" then
			latest = bounded(event.text or "")
			schedulePaint()
		elseif kind == "cleared" then
			latest = ""
			schedulePaint()
		elseif kind == "error" then
			status:SetText("Failed: " .. tostring(event.message))
		end
		if kind == "status" or kind == "turn:end" or ENDS_PREVIEW[kind] then
			refresh()
		end
	end
	window:Give(session.events:connect(onEvent))
	window:Give(uai.sessions.listChanged:connect(refresh))
	for _, event in session.transcript.snapshot() do
		if event.kind == "assistant:text" then
			latest = bounded(event.text or "")
		end
	end
	paint()
	refresh()

	-- Workbench: the form is a draft; the summary follows the model.
	local form = window:Tab({ Id = "workbench", Title = "Workbench" })
	local fields = form:Section({ Title = "Settings", Description = "Edit, then Apply. Changes made by the agent update the summary, not your draft." })
	local applied = workbench.read()
	local title = fields:Input({ Id = "workbench-title", Text = "Title", Default = applied.title, MaxLength = 200, Persist = false })
	local enabled = fields:Toggle({ Id = "workbench-enabled", Text = "Enabled", Default = applied.enabled, Persist = false })
	local batch = fields:Input({ Id = "workbench-batch", Text = "Batch size", Numeric = true, Default = applied.batchSize, Persist = false })
	local state = form:Section({ Title = "Applied state" })
	local appliedLabel = state:Label({ Id = "workbench-applied", Text = summary(applied) })
	local result = state:Label({ Id = "workbench-result", Text = "" })
	state:Button({ Id = "workbench-apply", Text = "Validate and apply the form", ActionText = "Apply", Style = "Primary", Callback = function()
		local ok, outcome = workbench.update({ title = title:Get(), enabled = enabled:Get(), batchSize = batch:Get() })
		result:SetText(ok and "Applied." or ("Not applied: " .. outcome))
	end })
	state:Button({ Id = "workbench-refresh", Text = "Load the applied values into the form", ActionText = "Refresh", Callback = function()
		local current = workbench.read()
		title:Set(current.title, true)
		enabled:Set(current.enabled, true)
		batch:Set(current.batchSize, true)
		result:SetText("Form reloaded.")
	end })
	window:Give(workbench.subscribe(function(current)
		if window.Alive then
			appliedLabel:SetText(summary(current))
		end
	end))

	-- Appearance: this window only.
	local appearance = window:Tab({ Id = "appearance", Title = "Appearance" }):Section({ Title = "This window" })
	appearance:Segmented({ Id = "appearance-theme", Text = "Theme", Options = { "Dark", "Light" }, Default = (window:GetTheme()), Persist = false, Callback = function(name)
		window:SetTheme(name)
	end })
	appearance:Toggle({ Id = "appearance-reduced-motion", Text = "Reduced motion", Default = false, Persist = false, Callback = function(on)
		window:SetReducedMotion(on)
	end })

	return window, session
end
