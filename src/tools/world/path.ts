// The one path syntax of the world tools (docs/TOOLS.md, "Instance paths"): names from a child of
// the DataModel down, joined by dots, a name that is not a plain identifier in brackets and
// quotes with backslash escapes — `Workspace.Lobby["Spawn Pad"]`, `Workspace["Sign.Red"]`,
// `ReplicatedStorage["say \"hi\""]`. A leading `game.` is allowed; `game` alone is the DataModel.
// Reads format paths with `formatPath`, and `parsePath(formatPath(x))` names the same segments.
import { HostWorld } from "../../host/world";

const IDENTIFIER = "^[%a_][%w_]*$";

/** Whether a name can be written without brackets. */
function plain(name: string): boolean {
	return string.match(name, IDENTIFIER)[0] !== undefined;
}

/** A name as a bracketed, quoted segment with `\` and `"` escaped. */
export function quoteName(name: string): string {
	const [escaped] = string.gsub(name, '[\\"]', (c: string) => `\\${c}`);
	const [lines] = string.gsub(escaped, "\n", "\\n");
	return `["${lines}"]`;
}

/** The segments of a path, or nil and where and why it cannot be read. */
export function parsePath(path: string): LuaTuple<[Array<string>, undefined] | [undefined, string]> {
	const segments = new Array<string>();
	const size = path.size();
	let i = 1;
	let expectName = true;
	while (i <= size) {
		const c = path.sub(i, i);
		if (c === "[") {
			const quote = path.sub(i + 1, i + 1);
			if (quote !== '"' && quote !== "'")
				return $tuple(undefined, `a bracket must hold a quoted name (at character ${i})`);
			let j = i + 2;
			let name = "";
			let closed = false;
			while (j <= size) {
				const d = path.sub(j, j);
				if (d === "\\") {
					const escaped = path.sub(j + 1, j + 1);
					if (escaped === "") return $tuple(undefined, `the path ends inside an escape (at character ${j})`);
					name += escaped === "n" ? "\n" : escaped;
					j += 2;
				} else if (d === quote) {
					closed = true;
					break;
				} else {
					name += d;
					j += 1;
				}
			}
			if (!closed || path.sub(j + 1, j + 1) !== "]")
				return $tuple(undefined, `an unclosed bracket (from character ${i})`);
			segments.push(name);
			i = j + 2;
			expectName = false;
		} else if (c === ".") {
			if (expectName) return $tuple(undefined, `an empty name (at character ${i})`);
			expectName = true;
			i += 1;
			if (path.sub(i, i) === "[") expectName = false;
		} else {
			if (!expectName) return $tuple(undefined, `a "." or "[" is expected at character ${i}`);
			const [word] = string.match(path, "^[^%.%[]+", i);
			const name = word as string;
			segments.push(name);
			i += name.size();
			expectName = false;
		}
	}
	if (segments.size() === 0) return $tuple(undefined, "the path is empty");
	if (expectName) return $tuple(undefined, "the path ends with a dot");
	if (segments[0] === "game") segments.shift();
	return $tuple(segments, undefined);
}

/** The path of an instance in the DataModel, or nil when it is outside it. */
export function formatPath(world: HostWorld, instance: Instance): string | undefined {
	if (instance === world.game) return "game";
	const names = new Array<string>();
	let cursor: Instance | undefined = instance;
	while (cursor !== undefined && cursor !== world.game) {
		names.unshift(cursor.Name);
		cursor = cursor.Parent;
	}
	if (cursor === undefined) return undefined;
	return joinNames(names);
}

/** Names joined in the path syntax (dots, brackets where a name is not plain). */
export function joinNames(names: ReadonlyArray<string>): string {
	let out = "";
	names.forEach((name, index) => {
		if (plain(name)) out += index === 0 ? name : `.${name}`;
		else out += quoteName(name);
	});
	return out;
}

/** A path for display: the DataModel path, or the instance's name and a note when it has none. */
export function describePath(world: HostWorld, instance: Instance): string {
	return formatPath(world, instance) ?? `${instance.Name} (not in the game)`;
}

/** The instance a path names, or nil and which segment was not found. */
export function resolvePath(world: HostWorld, path: string): LuaTuple<[Instance, undefined] | [undefined, string]> {
	const [segments, problem] = parsePath(path);
	if (segments === undefined) return $tuple(undefined, `bad path ${path}: ${problem}`);
	let cursor: Instance = world.game;
	for (let index = 0; index < segments.size(); index++) {
		const name = segments[index];
		let child: Instance | undefined = cursor.FindFirstChild(name);
		if (child === undefined && index === 0) child = world.findService(name);
		if (child === undefined) {
			const where = index === 0 ? "the game" : (formatPath(world, cursor) ?? cursor.Name);
			return $tuple(undefined, `${where} has no child named ${plain(name) ? name : quoteName(name)}`);
		}
		cursor = child;
	}
	return $tuple(cursor, undefined);
}
