-- Shared by scenarios (not a scenario itself): a layout check that walks a GUI tree as laid out now
-- and reports what a user would see as broken.
--   * clipped: a shown text or button that sticks out of a clipping ancestor (ClipsDescendants)
--     that is not a scrolling frame (scrolled content leaves its view by design), or out of the
--     viewport; a text label whose text does not fit its box (TextFits false without truncation).
--   * overlapping: two shown texts, buttons or boxes (neither inside the other) whose rectangles
--     intersect by more than a pixel each way, where both are in view.
-- "Shown" = Visible with every GUI ancestor Visible, inside the view of every scrolling frame
-- above it (only the part inside those views counts), non-empty (texts) and not fully transparent. Objects under an ancestor whose
-- name is in `options.skip` are left out (veils, focus rings, the keyboard).
local check = {}

local function shownChain(object, root)
	local node = object
	while node and node ~= root.Parent do
		if node:IsA("GuiObject") and not node.Visible then
			return false
		end
		if node:IsA("LayerCollector") and not node.Enabled then
			return false
		end
		node = node.Parent
	end
	return true
end

local function rect(object)
	local p, s = object.AbsolutePosition, object.AbsoluteSize
	return { x = p.X, y = p.Y, r = p.X + s.X, b = p.Y + s.Y }
end

local function inside(a, b, slack)
	return a.x >= b.x - slack and a.y >= b.y - slack and a.r <= b.r + slack and a.b <= b.b + slack
end

local function intersects(a, b, slack)
	return math.min(a.r, b.r) - math.max(a.x, b.x) > slack and math.min(a.b, b.b) - math.max(a.y, b.y) > slack
end

local function isContent(object)
	if object:IsA("TextBox") then
		return object.Visible
	end
	if object:IsA("TextLabel") or object:IsA("TextButton") then
		return object.Text ~= "" and object.TextTransparency < 1
	end
	if object:IsA("ImageButton") then
		return true
	end
	return false
end

local function skipped(object, root, skip)
	local node = object
	while node and node ~= root do
		if skip[node.Name] then
			return true
		end
		node = node.Parent
	end
	return false
end

local function describe(object)
	local text = if object:IsA("TextLabel") or object:IsA("TextButton") or object:IsA("TextBox") then " \"" .. string.sub(object.Text, 1, 30) .. "\"" else ""
	return object:GetFullName() .. text
end

-- Returns a list of problems (strings); empty when the layout is clean.
function check.problems(root, options)
	options = options or {}
	local skip = {}
	for _, name in options.skip or {} do
		skip[name] = true
	end
	local viewport = workspace.CurrentCamera.ViewportSize
	local inset = game:GetService("GuiService"):GetGuiInset()
	local screen = { x = 0, y = -inset.Y, r = viewport.X, b = viewport.Y - inset.Y }
	local problems = {}
	local shown = {}
	for _, object in root:GetDescendants() do
		if object:IsA("GuiObject") and isContent(object) and shownChain(object, root) and not skipped(object, root, skip) then
			local box = rect(object)
			local inView = true
			local node = object.Parent
			while node and node ~= root.Parent do
				if node:IsA("ScrollingFrame") then
					local view = rect(node)
					view.r = view.x + node.AbsoluteWindowSize.X
					view.b = view.y + node.AbsoluteWindowSize.Y
					if not intersects(box, view, 0) then
						inView = false
					else
						-- what shows of it: the part inside the scrolling view
						box = { x = math.max(box.x, view.x), y = math.max(box.y, view.y), r = math.min(box.r, view.r), b = math.min(box.b, view.b) }
					end
				end
				node = node.Parent
			end
			if inView and box.r > box.x and box.b > box.y then
				table.insert(shown, { object = object, box = box })
				if not inside(box, screen, 0.5) then
					table.insert(problems, "off screen: " .. describe(object))
				end
				node = object.Parent
				while node and node ~= root.Parent do
					if node:IsA("GuiObject") and node.ClipsDescendants and not node:IsA("ScrollingFrame") and not inside(box, rect(node), 0.5) then
						-- text scrolled inside its own box's clip (a TextBox's lines) is not clipped
						table.insert(problems, "clipped by " .. node.Name .. ": " .. describe(object))
						break
					end
					node = node.Parent
				end
				if (object:IsA("TextLabel") or object:IsA("TextButton")) and object.TextTruncate == Enum.TextTruncate.None and not object.TextFits then
					table.insert(problems, "text does not fit: " .. describe(object))
				end
			end
		end
	end
	for i = 1, #shown do
		for j = i + 1, #shown do
			local a, b = shown[i].object, shown[j].object
			if not a:IsDescendantOf(b) and not b:IsDescendantOf(a) and intersects(shown[i].box, shown[j].box, 1) then
				table.insert(problems, "overlap: " .. describe(a) .. " and " .. describe(b))
			end
		end
	end
	return problems
end

-- Raises with every problem found.
function check.assert(root, label, options)
	local problems = check.problems(root, options)
	if #problems > 0 then
		error(label .. ": layout problems:\n  " .. table.concat(problems, "\n  "), 2)
	end
end

return check
