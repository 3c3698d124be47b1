// Key names for Keybind values and configuration documents.

let byName: Map<string, Enum.KeyCode> | undefined;

/** The KeyCode named `name` ("K", "LeftShift"), or undefined. */
export function keyFromName(name: string): Enum.KeyCode | undefined {
	if (byName === undefined) {
		byName = new Map();
		for (const item of Enum.KeyCode.GetEnumItems()) byName.set(item.Name, item);
	}
	return byName.get(name);
}

/** An Enum.KeyCode item (compared as the item of that name, which also holds where EnumType is not unique). */
export function isKeyCode(value: unknown): value is Enum.KeyCode {
	return typeIs(value, "EnumItem") && keyFromName(value.Name) === value;
}
