-- Shared helpers of the application scenarios (test/scenarios/app_*.luau); not a scenario itself.
-- They find the app's window through UI LIB's shared registry and act on it only through
-- host.input (clicks, taps, typing, the mouse wheel to bring a row into view).
local support = {}
local input = host.input
local touch = game:GetService("UserInputService").TouchEnabled

function support.check(condition, message)
	if not condition then
		error(message, 2)
	end
	return condition
end

function support.window()
	local registry = getgenv().__PROJECT_UAI_UI_LIB_V1
	return registry and registry.Windows["project-uai-app"]
end

local function within(gui, frame)
	local top, bottom = frame.AbsolutePosition.Y, frame.AbsolutePosition.Y + frame.AbsoluteSize.Y
	local y = gui.AbsolutePosition.Y + gui.AbsoluteSize.Y / 2
	return y > top + 4 and y < bottom - 4
end

-- Scrolls every scrolling frame holding `gui` (a List inside a page, the page, a panel body) with
-- the mouse wheel until its centre is in view in all of them. The wheel goes over the frame's left
-- edge, where a nested List (which would take the wheel itself) does not reach.
function support.reveal(gui)
	host.settle()
	for _ = 1, 400 do
		local hidden
		local scroller = gui:FindFirstAncestorOfClass("ScrollingFrame")
		while scroller and not hidden do
			if not within(gui, scroller) then
				hidden = scroller
			end
			scroller = scroller.Parent and scroller.Parent:FindFirstAncestorOfClass("ScrollingFrame")
		end
		if not hidden then
			return gui
		end
		local below = gui.AbsolutePosition.Y > hidden.AbsolutePosition.Y
		local edge = Vector2.new(hidden.AbsolutePosition.X + 2, hidden.AbsolutePosition.Y + hidden.AbsoluteSize.Y / 2)
		input.wheel(edge, below and -1 or 1)
		host.advance(1 / 60)
	end
	error("could not scroll " .. gui:GetFullName() .. " into view")
end

function support.press(gui)
	support.reveal(gui)
	if touch then
		input.tap(gui)
	else
		input.click(gui)
	end
	host.advance(0.3)
end

function support.type(gui, text)
	support.reveal(gui)
	input.typeInto(gui, text)
	host.advance(0.1)
end

-- A control's interactive part: the Button face, a Segmented option, a Dropdown field, an Input box.
function support.control(id)
	local control = support.window().Controls[id]
	support.check(control ~= nil, "no control " .. id)
	return control
end

function support.button(id)
	support.press(support.control(id).Frame.Value.Action)
end

function support.segment(id, index)
	support.press(support.control(id).Frame:FindFirstChild("Segment_" .. index, true))
end

function support.fill(id, text)
	support.type(support.control(id).Frame.Value.Input, text)
end

-- Opens a Dropdown and picks the row whose label is `label`.
function support.pick(id, label)
	support.press(support.control(id).Frame.Value.Dropdown)
	local window = support.window()
	local options = window.ScreenGui:FindFirstChild("Options", true)
	support.check(options ~= nil, "the picker of " .. id .. " opened")
	for _, row in options:GetChildren() do
		if row:IsA("GuiButton") and row.Visible and row.OptionLabel.Text == label then
			support.press(row)
			return
		end
	end
	error("no option " .. label .. " in " .. id)
end

-- The text of every notification the app's window shows.
function support.toasts()
	local texts = {}
	for _, object in support.window().ScreenGui:GetDescendants() do
		if object:IsA("TextLabel") and object:FindFirstAncestor("Notification") then
			table.insert(texts, object.Text)
		end
	end
	return table.concat(texts, "\n")
end

function support.counters()
	for _, name in { "HttpService", "RunService", "GuiService", "Players", "UserInputService", "TweenService", "TextService", "MarketplaceService", "CoreGui", "ContextActionService" } do
		pcall(game.GetService, game, name)
	end
	gethui() -- the executor's hidden container is made on first use and belongs to the game
	host.settle()
	return host.counters()
end

-- Replaces an Input's text as a user does: focus it, Backspace over what is there, type `text`.
function support.replace(id, text)
	local box = support.control(id).Frame.Value.Input
	support.reveal(box)
	input.typeInto(box, "", { keepFocus = true })
	for _ = 1, utf8.len(box.Text) or #box.Text do
		input.tapKey(Enum.KeyCode.Backspace)
	end
	input.typeInto(box, text)
	host.advance(0.1)
end

return support
