-- The 200-control window the UI LIB instance budget is measured on (docs/UI_LIBRARY.md, "Rows
-- and instance budget"): Toggle 30, Checkbox 10, Slider 30, Dropdown 25 with 8 options, Input 20,
-- Button 25, Label 15, Paragraph 10, Keybind 15, ColorPicker 10, Segmented 5, Badge 3, Progress 2,
-- over 4 tabs × 5 sections, dealt round-robin. Loaded by test/scenarios/ui_rhythm.luau and
-- bench/ui_window.luau; it only uses the documented API, so it builds the same window with any
-- UI LIB 1.x copy. Returns build(UI, id) -> window, { [kind] = instances per control },
-- instances of the whole window (chrome included), real seconds spent creating the controls.
local OPTIONS = { "a", "b", "c", "d", "e", "f", "g", "h" }

local MIX = {
	{ "Toggle", 30, {} },
	{ "Checkbox", 10, {} },
	{ "Slider", 30, {} },
	{ "Dropdown", 25, { Options = OPTIONS } },
	{ "Input", 20, {} },
	{ "Button", 25, {} },
	{ "Label", 15, {} },
	{ "Paragraph", 10, { Content = "Body text" } },
	{ "Keybind", 15, {} },
	{ "ColorPicker", 10, {} },
	{ "Segmented", 5, { Options = { "One", "Two", "Three" } } },
	{ "Badge", 3, {} },
	{ "Progress", 2, {} },
}

local TABS, SECTIONS = 4, 5

local function build(UI, id)
	host.settle()
	local base = host.counters().instances
	local window = UI:CreateWindow({ Id = id, Title = "Mix", ReducedMotion = true })
	local sections = {}
	for t = 1, TABS do
		local tab = window:Tab({ Id = "tab" .. t, Title = "Tab " .. t })
		for s = 1, SECTIONS do
			table.insert(sections, tab:Section({ Title = "Section " .. s }))
		end
	end
	host.settle()
	local perKind = {}
	local n = 0
	local seconds = 0
	for _, entry in MIX do
		local kind, count, extra = entry[1], entry[2], entry[3]
		local before = host.counters().instances
		local started = host.realClock()
		for _ = 1, count do
			n += 1
			local options = table.clone(extra)
			options.Id = "c" .. n
			options.Text = kind .. " " .. n
			local section = sections[(n - 1) % #sections + 1]
			section[kind](section, options)
		end
		host.settle()
		seconds += host.realClock() - started
		perKind[kind] = (host.counters().instances - before) / count
	end
	host.settle()
	return window, perKind, host.counters().instances - base, seconds
end

return { build = build, mix = MIX, controls = 200 }
