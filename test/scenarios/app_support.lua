-- Shared helpers of the application scenarios (test/scenarios/app_*.luau); not a scenario itself.
-- They find the app's window through UI LIB's shared registry and act on it only through
-- host.input (clicks, taps, typing, the mouse wheel to bring a row into view, finger drags).
local support = {}
local input = host.input
local touch = game:GetService("UserInputService").TouchEnabled

function support.check(condition, message)
	if not condition then
		error(message, 2)
	end
	return condition
end

-- The window the helpers act on: the app's, unless a scenario names another window's Id.
support.windowId = "project-uai-app"

function support.window()
	-- UI LIB keeps its registry in getgenv() where it exists, else _G (studio, plain)
	local registry = (if getgenv then getgenv() else _G).__PROJECT_UAI_UI_LIB_V1
	return registry and registry.Windows[support.windowId]
end

local function within(gui, frame)
	local top, bottom = frame.AbsolutePosition.Y, frame.AbsolutePosition.Y + frame.AbsoluteSize.Y
	local y = gui.AbsolutePosition.Y + gui.AbsoluteSize.Y / 2
	return y > top + 4 and y < bottom - 4
end

local function inside(point, gui)
	local position, size = gui.AbsolutePosition, gui.AbsoluteSize
	return point.X >= position.X and point.X <= position.X + size.X and point.Y >= position.Y and point.Y <= position.Y + size.Y
end

-- A point of `frame` at its left or right edge that no scrolling frame nested in it covers: the
-- wheel or a finger there scrolls `frame` itself, never a List inside it (the transcript would stop
-- following its end).
function support.scrollPoint(frame)
	local nested = {}
	for _, object in frame:GetDescendants() do
		if object:IsA("ScrollingFrame") then
			table.insert(nested, object)
		end
	end
	local position, size = frame.AbsolutePosition, frame.AbsoluteSize
	for _, share in { 0.5, 0.3, 0.7, 0.1, 0.9 } do
		for _, x in { position.X + 2, position.X + size.X - 2 } do
			local point = Vector2.new(x, math.floor(position.Y + size.Y * share))
			local covered = false
			for _, list in nested do
				covered = covered or inside(point, list)
			end
			if not covered then
				return point
			end
		end
	end
	error("no point of " .. frame:GetFullName() .. " outside its nested lists")
end

-- Selects the tab whose page holds `gui` when another tab is shown, by pressing its navigation
-- button as a user does (the rail on wide windows, the strip on compact ones).
function support.showTab(gui)
	local page = gui
	while page and not (page:IsA("ScrollingFrame") and string.match(page.Name, "^Tab_")) and not string.match(page.Name, "^TabFooter_") do
		page = page.Parent
	end
	if not page or page.Visible then
		return
	end
	local id = string.match(page.Name, "^Tab_(.+)$") or string.match(page.Name, "^TabFooter_(.+)$")
	for _, object in support.window().Frame:GetDescendants() do
		if object:IsA("GuiButton") and object.Name == "Tab_" .. id and object.Visible and object.AbsoluteSize.X > 0 then
			if touch then
				input.tap(object)
			else
				input.click(object)
			end
			host.advance(0.3)
			return
		end
	end
	error("no navigation button for the tab " .. id)
end

-- Scrolls every scrolling frame holding `gui` (a List inside a page, the page, a panel body) with
-- the mouse wheel until its centre is in view in all of them. The wheel goes over the frame's edge
-- at a point no nested List covers (support.scrollPoint).
function support.reveal(gui)
	host.settle()
	support.showTab(gui)
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
		input.wheel(support.scrollPoint(hidden), below and -1 or 1)
		host.advance(1 / 60)
	end
	error("could not scroll " .. gui:GetFullName() .. " into view")
end

-- Scrolls `page` down by `dy` pixels (up when negative) with finger drags from a point outside its
-- nested lists: a finger moves the canvas by exact pixels, where a wheel notch moves 50.
function support.dragPage(page, dy)
	local reach = math.floor(page.AbsoluteWindowSize.Y / 2) - 4
	while math.abs(dy) >= 1 do
		local step = math.clamp(dy, -reach, reach)
		local from = support.scrollPoint(page)
		from = Vector2.new(from.X, page.AbsolutePosition.Y + page.AbsoluteWindowSize.Y / 2)
		input.drag(from, from - Vector2.new(0, step), { touch = true, steps = 4 })
		host.advance(1 / 60)
		dy -= step
	end
end

-- Every row of the Chat transcript, top to bottom, as "Title: Text": the wheel over the view
-- scrolls it to the top, then down notch by notch to its end (where it follows new rows again).
function support.transcript()
	local view = support.control("chat-transcript").Frame.Value.Transcript
	support.reveal(view)
	local texts, offsets = {}, {}
	local function collect()
		for _, row in view:GetChildren() do
			if row.Name == "Row" and row.Visible and row:FindFirstChild("Text") then
				local offset = math.floor(row.AbsolutePosition.Y - view.AbsolutePosition.Y + view.CanvasPosition.Y + 0.5)
				if not texts[offset] then
					texts[offset] = row.Title.Text .. ": " .. row.Text.Text
					table.insert(offsets, offset)
				end
			end
		end
	end
	for _ = 1, 1000 do
		if view.CanvasPosition.Y <= 0 then
			break
		end
		input.wheel(view, 10)
		host.advance(1 / 60)
	end
	for _ = 1, 1000 do
		collect()
		if view.CanvasPosition.Y >= view.AbsoluteCanvasSize.Y - view.AbsoluteWindowSize.Y - 1 then
			break
		end
		input.wheel(view, -1)
		host.advance(1 / 60)
	end
	table.sort(offsets)
	local rows = {}
	for _, offset in offsets do
		table.insert(rows, texts[offset])
	end
	return rows
end

-- The Chat page's transcript and Send show at once, without scrolling the page: the composer is
-- docked under the transcript, and the page fits its view.
function support.checkTranscriptAndSend()
	local view = support.control("chat-transcript").Frame.Value.Transcript
	local send = support.sendButton()
	local page = view:FindFirstAncestorOfClass("ScrollingFrame")
	local windowFrame = support.window().Frame
	local top = windowFrame.AbsolutePosition.Y
	local bottom = top + windowFrame.AbsoluteSize.Y
	support.check(support.control("chat-transcript"):MountedCount() > 0, "the transcript shows rows")
	local detail = string.format("transcript %d px at %d, Send at %d..%d, window %d..%d", view.AbsoluteSize.Y, view.AbsolutePosition.Y, send.AbsolutePosition.Y, send.AbsolutePosition.Y + send.AbsoluteSize.Y, top, bottom)
	support.check(page.AbsoluteCanvasSize.Y <= page.AbsoluteWindowSize.Y + 0.5, "the chat page fits its view: " .. detail)
	support.check(view.AbsolutePosition.Y >= top and view.AbsolutePosition.Y + view.AbsoluteSize.Y <= send.AbsolutePosition.Y, "the transcript ends above Send: " .. detail)
	support.check(send.AbsolutePosition.Y + send.AbsoluteSize.Y <= bottom, "Send is inside the window: " .. detail)
	return true
end

-- The composer's Send and Stop buttons (UI LIB Composer parts).
function support.sendButton()
	return support.control("chat-draft").Frame.Value.Send
end
function support.stopButton()
	return support.control("chat-draft").Frame.Value.Stop
end
function support.send()
	support.press(support.sendButton())
end
function support.stop()
	support.press(support.stopButton())
end
function support.pressSend()
	support.send()
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
