// Roblox values as JSON and back (docs/TOOLS.md, "Values"). Reads tag every value with its type
// (`{ type = "Vector3", value = [1, 2, 3] }`); writes take the JSON shape a model naturally writes
// for the property's current type — Vector3 `[x, y, z]` or `{x, y, z}`, Color3 `"#rrggbb"`,
// `"rgb(r, g, b)"` or `{r, g, b}` (0-255), UDim2 `[xScale, xOffset, yScale, yOffset]`, CFrame
// `{position, orientation}` (degrees) or `{position, lookAt}`, BrickColor and Enum names — and
// every tagged value a read returned. A wrong shape is refused with the shapes the type takes.
import { HostWorld } from "../../host/world";
import { formatPath, resolvePath } from "./path";

/** A value as a read reports it. */
export interface TaggedValue {
	readonly type: string;
	readonly value?: unknown;
}

/** What a write converts to: a datatype name, an enum, or "any" when the current value is nil. */
export interface TypeHint {
	readonly kind: string;
	readonly enumType?: Enum;
}

const DIGITS = 1e4;

function round(n: number): number {
	const r = math.round(n * DIGITS) / DIGITS;
	return r === 0 ? 0 : r;
}

function hex(color: Color3): string {
	return "#" + color.ToHex().lower();
}

/** An enum's name ("Material"): Roblox's tostring gives it bare, some hosts as "Enum.Material". */
function nameOfEnum(enumType: Enum): string {
	const text = tostring(enumType);
	return text.sub(1, 5) === "Enum." ? text.sub(6) : text;
}

function enumName(item: EnumItem): string {
	return nameOfEnum(item.EnumType);
}

/** A Roblox value as a tagged JSON value. */
export function encodeValue(world: HostWorld, value: unknown): TaggedValue {
	if (value === undefined) return { type: "nil" };
	if (typeIs(value, "number")) return { type: "number", value: round(value) };
	if (typeIs(value, "boolean") || typeIs(value, "string")) return { type: typeOf(value), value };
	if (typeIs(value, "Vector3")) return { type: "Vector3", value: [round(value.X), round(value.Y), round(value.Z)] };
	if (typeIs(value, "Vector2")) return { type: "Vector2", value: [round(value.X), round(value.Y)] };
	if (typeIs(value, "Color3")) return { type: "Color3", value: hex(value) };
	if (typeIs(value, "BrickColor")) return { type: "BrickColor", value: value.Name };
	if (typeIs(value, "EnumItem")) return { type: `Enum.${enumName(value)}`, value: value.Name };
	if (typeIs(value, "Instance")) return { type: "Instance", value: formatPath(world, value) ?? value.Name };
	if (typeIs(value, "CFrame")) {
		const [rx, ry, rz] = value.ToOrientation();
		const p = value.Position;
		return {
			type: "CFrame",
			value: {
				position: [round(p.X), round(p.Y), round(p.Z)],
				orientation: [round(math.deg(rx)), round(math.deg(ry)), round(math.deg(rz))],
			},
		};
	}
	if (typeIs(value, "UDim2"))
		return {
			type: "UDim2",
			value: [round(value.X.Scale), value.X.Offset, round(value.Y.Scale), value.Y.Offset],
		};
	if (typeIs(value, "UDim")) return { type: "UDim", value: [round(value.Scale), value.Offset] };
	if (typeIs(value, "NumberRange")) return { type: "NumberRange", value: [round(value.Min), round(value.Max)] };
	if (typeIs(value, "Rect")) return { type: "Rect", value: [value.Min.X, value.Min.Y, value.Max.X, value.Max.Y] };
	return { type: typeOf(value), value: tostring(value) };
}

/** A stable text of a value, for comparing an expected value with the current one. */
export function valueKey(world: HostWorld, value: unknown): string {
	const tagged = encodeValue(world, value);
	const inner = tagged.value;
	const render = (v: unknown): string => {
		if (typeIs(v, "table")) {
			const parts = new Array<string>();
			const keys = new Array<string>();
			for (const [k] of pairs(v as object)) keys.push(tostring(k));
			keys.sort();
			for (const k of keys) {
				const key = tonumber(k) ?? k;
				parts.push(`${k}=${render((v as Record<string | number, unknown>)[key as string])}`);
			}
			return `{${parts.join(",")}}`;
		}
		return tostring(v);
	};
	return `${tagged.type}:${render(inner)}`;
}

/** The hint a write to a property with this current value converts to. */
export function hintOf(current: unknown): TypeHint {
	if (current === undefined) return { kind: "any" };
	if (typeIs(current, "EnumItem")) return { kind: "EnumItem", enumType: current.EnumType };
	return { kind: typeOf(current) };
}

const SHAPES: Record<string, string> = {
	number: "a number",
	boolean: "true or false",
	string: "a string",
	Vector3: 'a Vector3: [x, y, z] or {"x": x, "y": y, "z": z}',
	Vector2: 'a Vector2: [x, y] or {"x": x, "y": y}',
	Color3: 'a Color3: "#rrggbb", "rgb(r, g, b)", {"r": r, "g": g, "b": b} or [r, g, b] (0-255), or a BrickColor name',
	BrickColor: 'a BrickColor: its name ("Bright red"), its number, or a Color3 shape',
	CFrame: 'a CFrame: {"position": [x, y, z], "orientation": [rx, ry, rz]} (degrees), {"position": [...], "lookAt": [...]}, [x, y, z] or its 12 components',
	UDim2: 'a UDim2: [xScale, xOffset, yScale, yOffset] or {"x": {"scale": s, "offset": o}, "y": {...}}',
	UDim: 'a UDim: [scale, offset] or {"scale": s, "offset": o}',
	NumberRange: 'a NumberRange: [min, max], {"min": min, "max": max} or one number',
	Instance: 'an instance path such as "Workspace.Lobby" (or null)',
};

function shapeOf(hint: TypeHint): string {
	if (hint.kind === "EnumItem" && hint.enumType !== undefined) {
		const items = hint.enumType.GetEnumItems();
		items.sort((a, b) => a.Value < b.Value);
		const names = items.map((item) => item.Name).filter((_, index) => index < 8);
		return `an Enum.${nameOfEnum(hint.enumType)} name (${names.join(", ")}, ...)`;
	}
	return SHAPES[hint.kind] ?? `a ${hint.kind}`;
}

function jsonKind(value: unknown): string {
	if (value === undefined) return "null";
	if (typeIs(value, "table")) return (value as unknown[])[0] !== undefined ? "an array" : "an object";
	if (typeIs(value, "string")) return `the string "${value.size() > 40 ? value.sub(1, 40) + "..." : value}"`;
	return `a ${typeOf(value)}`;
}

/** (true, value) or (false, message). */
type Decoded = LuaTuple<[boolean, unknown]>;

function ok(value: unknown): Decoded {
	return $tuple(true, value);
}

function bad(message: string): Decoded {
	return $tuple(false, message);
}

/** Reads a field case-insensitively ("x" or "X"). */
function field(value: object, name: string): unknown {
	const record = value as Record<string, unknown>;
	return record[name] ?? record[name.upper()] ?? record[name.sub(1, 1).upper() + name.sub(2)];
}

/** Numbers from an array of `count` or from the named fields; nil when the shape differs. */
function numbers(value: unknown, names: ReadonlyArray<string>): Array<number> | undefined {
	if (!typeIs(value, "table")) return undefined;
	const list = value as unknown[];
	const out = new Array<number>();
	if (list[0] !== undefined) {
		if (list.size() !== names.size()) return undefined;
		for (const item of list) {
			if (!typeIs(item, "number")) return undefined;
			out.push(item);
		}
		return out;
	}
	for (const name of names) {
		const item = field(value as object, name);
		if (!typeIs(item, "number")) return undefined;
		out.push(item);
	}
	return out;
}

function vector3(value: unknown): Vector3 | undefined {
	const n = numbers(value, ["x", "y", "z"]);
	return n === undefined ? undefined : new Vector3(n[0], n[1], n[2]);
}

function byte(n: number): boolean {
	return n >= 0 && n <= 255;
}

function color3(value: unknown): Color3 | undefined {
	if (typeIs(value, "string")) {
		const trimmed = value.gsub("%s", "")[0];
		const [r, g, b] = string.match(trimmed, "^rgb%((%d+),(%d+),(%d+)%)$");
		if (r !== undefined) {
			const [rn, gn, bn] = [tonumber(r)!, tonumber(g)!, tonumber(b)!];
			return byte(rn) && byte(gn) && byte(bn) ? Color3.fromRGB(rn, gn, bn) : undefined;
		}
		const [digits] = string.match(trimmed, "^#?(%x+)$");
		if (digits !== undefined && ((digits as string).size() === 6 || (digits as string).size() === 3)) {
			const [made, color] = pcall(() => Color3.fromHex(digits as string));
			return made ? color : undefined;
		}
		const brick = new BrickColor(value as never);
		return brick.Name === value ? brick.Color : undefined;
	}
	const n = numbers(value, ["r", "g", "b"]);
	if (n === undefined || !byte(n[0]) || !byte(n[1]) || !byte(n[2])) return undefined;
	return Color3.fromRGB(n[0], n[1], n[2]);
}

function cframe(value: unknown): CFrame | undefined {
	if (!typeIs(value, "table")) return undefined;
	const list = value as unknown[];
	if (list[0] !== undefined) {
		if (list.size() === 3) {
			const p = vector3(value);
			return p && new CFrame(p);
		}
		if (list.size() === 12 && (list as defined[]).every((x) => typeIs(x, "number"))) {
			const c = list as number[];
			return new CFrame(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11]);
		}
		return undefined;
	}
	const position = vector3(field(value as object, "position"));
	if (position === undefined) return undefined;
	const lookAt = field(value as object, "lookAt");
	if (lookAt !== undefined) {
		const target = vector3(lookAt);
		return target && CFrame.lookAt(position, target);
	}
	const orientation = field(value as object, "orientation");
	if (orientation === undefined) return new CFrame(position);
	const o = vector3(orientation);
	return o && new CFrame(position).mul(CFrame.fromOrientation(math.rad(o.X), math.rad(o.Y), math.rad(o.Z)));
}

function udim(value: unknown): UDim | undefined {
	const n = numbers(value, ["scale", "offset"]);
	return n === undefined ? undefined : new UDim(n[0], n[1]);
}

function udim2(value: unknown): UDim2 | undefined {
	const n = numbers(value, ["xScale", "xOffset", "yScale", "yOffset"]);
	if (n !== undefined) return new UDim2(n[0], n[1], n[2], n[3]);
	if (!typeIs(value, "table")) return undefined;
	const x = udim(field(value as object, "x"));
	const y = udim(field(value as object, "y"));
	return x && y && new UDim2(x, y);
}

function enumItem(value: unknown, enumType: Enum): EnumItem | undefined {
	const items = enumType.GetEnumItems();
	if (typeIs(value, "number")) return items.find((item) => item.Value === value);
	if (!typeIs(value, "string")) return undefined;
	const [, short] = string.match(value, "^(Enum%.[%w_]+%.)([%w_]+)$");
	const name = (short as string | undefined) ?? value;
	const prefix = `Enum.${nameOfEnum(enumType)}.`;
	if (short !== undefined && value.sub(1, prefix.size()) !== prefix) return undefined;
	return items.find((item) => item.Name === name) ?? items.find((item) => item.Name.lower() === name.lower());
}

function instanceAt(world: HostWorld, value: unknown): Decoded {
	if (value === undefined) return ok(undefined);
	if (!typeIs(value, "string")) return bad("");
	const [found, problem] = resolvePath(world, value);
	if (found === undefined) return bad(problem);
	return ok(found);
}

/** The tagged form `{type, value}` a read returned, unwrapped when its type fits the hint. */
function untag(value: unknown, hint: TypeHint): LuaTuple<[unknown, TypeHint]> {
	if (!typeIs(value, "table")) return $tuple(value, hint);
	const tag = (value as { type?: unknown }).type;
	if (!typeIs(tag, "string") || (value as unknown[])[0] !== undefined) return $tuple(value, hint);
	const inner = (value as { value?: unknown }).value;
	if (hint.kind === "any") {
		const [, name] = string.match(tag, "^(Enum%.)([%w_]+)$");
		if (name !== undefined) {
			const [found, enumType] = pcall(() => (Enum as unknown as Record<string, Enum>)[name as string]);
			if (found && enumType !== undefined) return $tuple(inner, { kind: "EnumItem", enumType });
		}
		return $tuple(inner, { kind: tag === "nil" ? "any" : tag });
	}
	return $tuple(inner, hint);
}

/**
 * Converts a JSON value for a write; `label` names what is written ("Color", "attribute Speed").
 * Returns the Roblox value, or nil and a message naming the expected shape.
 */
export function decodeValue(world: HostWorld, json: unknown, target: TypeHint, label: string): Decoded {
	const [value, hint] = untag(json, target);
	const fail = (): Decoded => bad(`${label} expects ${shapeOf(hint)}; got ${jsonKind(value)}`);
	switch (hint.kind) {
		case "any": {
			// a nil property or a new attribute: the JSON's own type
			if (value === undefined || typeIs(value, "number") || typeIs(value, "boolean")) return ok(value);
			if (typeIs(value, "string")) {
				const [found, instance] = instanceAt(world, value);
				return found ? ok(instance) : ok(value);
			}
			const v3 = vector3(value);
			if (v3 !== undefined) return ok(v3);
			return bad(
				`${label}: give a number, string, boolean, [x, y, z] or a tagged {"type", "value"}; got ${jsonKind(value)}`,
			);
		}
		case "number":
			return typeIs(value, "number") ? ok(value) : fail();
		case "boolean":
			return typeIs(value, "boolean") ? ok(value) : fail();
		case "string":
			if (typeIs(value, "string")) return ok(value);
			return typeIs(value, "number") ? ok(tostring(value)) : fail();
		case "Vector3": {
			const v = vector3(value);
			return v !== undefined ? ok(v) : fail();
		}
		case "Vector2": {
			const n = numbers(value, ["x", "y"]);
			return n !== undefined ? ok(new Vector2(n[0], n[1])) : fail();
		}
		case "Color3": {
			const c = color3(value);
			return c !== undefined ? ok(c) : fail();
		}
		case "BrickColor": {
			if (typeIs(value, "number")) {
				const brick = new BrickColor(value as never);
				return brick.Number === value ? ok(brick) : fail();
			}
			if (typeIs(value, "string")) {
				const brick = new BrickColor(value as never);
				if (brick.Name === value) return ok(brick);
			}
			const c = color3(value);
			return c !== undefined ? ok(new BrickColor(c as never)) : fail();
		}
		case "EnumItem": {
			const item = hint.enumType && enumItem(value, hint.enumType);
			return item !== undefined ? ok(item) : fail();
		}
		case "CFrame": {
			const c = cframe(value);
			return c !== undefined ? ok(c) : fail();
		}
		case "UDim2": {
			const u = udim2(value);
			return u !== undefined ? ok(u) : fail();
		}
		case "UDim": {
			const u = udim(value);
			return u !== undefined ? ok(u) : fail();
		}
		case "NumberRange": {
			if (typeIs(value, "number")) return ok(new NumberRange(value));
			const n = numbers(value, ["min", "max"]);
			return n !== undefined && n[0] <= n[1] ? ok(new NumberRange(n[0], n[1])) : fail();
		}
		case "Instance": {
			const [found, result] = instanceAt(world, value);
			if (found) return ok(result);
			return bad(
				result === "" ? `${label} expects ${shapeOf(hint)}; got ${jsonKind(value)}` : `${label}: ${result}`,
			);
		}
		default:
			return bad(`${label} is a ${hint.kind}, which the tools cannot write`);
	}
}
