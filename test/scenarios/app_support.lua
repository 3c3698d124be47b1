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

-- Scrolls every scrolling frame holding `gui` (a List inside a page, the page, a panel body) with
-- the mouse wheel until its centre is in view in all of them. The wheel goes over the frame's edge
-- at a point no nested List covers (support.scrollPoint).
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

-- Every row of the Chat transcript, top to bottom, as "Title: Text": the wheel over the list
-- scrolls it to the top, then down notch by notch to its end (where it follows new rows again).
function support.transcript()
	local view = support.control("chat-transcript").Frame.Value.List
	support.reveal(view)
	local texts, offsets = {}, {}
	local function collect()
		for _, row in view:GetChildren() do
			if row.Name == "Item" and row.Visible then
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

-- The Chat panel's transcript and Send on the window's page: when both fit in the page's view, a
-- drag shows the transcript's rows and Send at the same time; otherwise (a landscape phone) the
-- transcript is shorter than the view and a drag shows all of it, then another shows Send.
function support.checkTranscriptAndSend()
	local view = support.control("chat-transcript").Frame.Value.List
	local send = support.control("chat-send").Frame.Value.Action
	local page = view.Parent:FindFirstAncestorOfClass("ScrollingFrame")
	local function shown(top, bottom)
		local viewTop = page.AbsolutePosition.Y
		return top >= viewTop - 0.5 and bottom <= viewTop + page.AbsoluteWindowSize.Y + 0.5
	end
	local function bring(top, bottom)
		local viewTop, height = page.AbsolutePosition.Y, page.AbsoluteWindowSize.Y
		support.dragPage(page, math.floor(top - viewTop - (height - (bottom - top)) / 2))
		host.settle()
	end
	local function span()
		return view.AbsolutePosition.Y, send.AbsolutePosition.Y + send.AbsoluteSize.Y
	end
	support.check(support.control("chat-transcript"):MountedCount() > 0, "the transcript shows rows")
	local top, bottom = span()
	local room = page.AbsoluteWindowSize.Y
	local detail = string.format("transcript %d px, transcript to Send %d px, page view %d px", view.AbsoluteSize.Y, bottom - top, room)
	if bottom - top <= room then
		bring(span())
		support.check(shown(span()), "the transcript and Send show at once: " .. detail)
		return true
	end
	support.check(view.AbsoluteSize.Y <= room - 40, "the transcript leaves part of the page to drag: " .. detail)
	bring(view.AbsolutePosition.Y, view.AbsolutePosition.Y + view.AbsoluteSize.Y)
	support.check(shown(view.AbsolutePosition.Y, view.AbsolutePosition.Y + view.AbsoluteSize.Y), "a drag shows the whole transcript: " .. detail)
	bring(send.AbsolutePosition.Y, send.AbsolutePosition.Y + send.AbsoluteSize.Y)
	support.check(shown(send.AbsolutePosition.Y, send.AbsolutePosition.Y + send.AbsoluteSize.Y), "a drag shows Send: " .. detail)
	return false
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
