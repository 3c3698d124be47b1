// A round avatar for options with an Image: the image over the label's first character, which
// shows until the image loads (or when it never does).
import { create, frame, label } from "../core/create";
import type { Scope } from "../core/scope";
import { firstCharacter } from "../core/utf8-text";
import type { WindowCore } from "../context/window-core";

export interface Avatar {
	frame: Frame;
	set: (image: string | undefined, text: string) => void;
}

export function avatar(core: WindowCore, scope: Scope, parent: Instance, size: number): Avatar {
	const holder = frame("Avatar", parent, {
		Size: UDim2.fromOffset(size, size),
		BackgroundTransparency: 0,
		Visible: false,
	});
	create("UICorner", { CornerRadius: new UDim(1, 0) }, holder);
	core.painter.bind(scope, holder, "BackgroundColor3", "AccentSoft");
	const initial = label("AvatarInitial", holder, {
		Size: UDim2.fromScale(1, 1),
		TextXAlignment: Enum.TextXAlignment.Center,
		TextYAlignment: Enum.TextYAlignment.Center,
		TextWrapped: false,
	});
	core.text(scope, initial, "Caption", "Accent");
	const image = create(
		"ImageLabel",
		{ Name: "AvatarImage", Size: UDim2.fromScale(1, 1), BackgroundTransparency: 1, BorderSizePixel: 0 },
		holder,
	);
	create("UICorner", { CornerRadius: new UDim(1, 0) }, image);
	return {
		frame: holder,
		set: (source, text) => {
			holder.Visible = source !== undefined;
			image.Image = source !== undefined ? source : "";
			initial.Text = firstCharacter(text).upper();
		},
	};
}
