// The Roblox component library as the client uses it: compiled from the generated library.json
// text, and the prompt section that teaches a model to answer with a program in it.
import { decodeJson } from "../json";
import { compileLibrary, CompiledLibrary } from "../library";
import { isObject, Value } from "../values";
import { LIBRARY_JSON } from "./library_spec";

let spec: Value | undefined;
let compiled: CompiledLibrary | undefined;

export function robloxSpec(): Value {
	if (spec === undefined) {
		const decoded = decodeJson(LIBRARY_JSON);
		if (!decoded.ok) error(`openui: the built-in library spec does not decode: ${decoded.error}`);
		spec = decoded.value;
	}
	return spec;
}

export function robloxLibrary(): CompiledLibrary {
	if (compiled === undefined) compiled = compileLibrary(robloxSpec());
	return compiled;
}

/** The system-prompt section: when and how to answer with a program, and every component. */
export function promptSection(): string {
	const components = isObject(robloxSpec())
		? (robloxSpec() as { map: Map<string, Value> }).map.get("components")
		: undefined;
	const lines: string[] = [
		"## Interactive answers (OpenUI Lang)",
		"When a table, metrics, a form or buttons help more than prose, answer with a program in a fenced block tagged `openui`. Prose may come before and after the fence.",
		'Rules: one statement per line, `name = Component(arg1, arg2, ...)` with arguments in the order shown (no names); the entry is `root = Stack([...])`; statements may reference each other by name in any order; strings use double quotes; `$name = value` declares state that inputs and `@Set` change; built-ins need `@` (`@Count(list)`, `@Sum`, `@Filter(list, "field", "==", value)`, `@Sort(list, "field", "desc")`, `@Each(list, "row", Template(row.x))`).',
		'Actions: a Button without an action sends its label to you; `@ToAssistant("message")` sends a message (form values are included); `@Set($name, value)` changes state; `Action([step, ...])` runs several steps.',
		"Components:",
	];
	if (isObject(components))
		for (const name of components.keys) {
			const entry = components.map.get(name);
			if (!isObject(entry)) continue;
			lines.push(`- ${tostring(entry.map.get("signature"))} - ${tostring(entry.map.get("description"))}`);
		}
	lines.push(
		"Example:",
		"```openui",
		'root = Stack([Text("Parts in the workspace", "heading"), kpis, parts])',
		'kpis = Stack([Metric("Parts", 42), Metric("Anchored", 30)], "row")',
		'parts = Table([Col("Name", ["Baseplate", "Spawn"]), Col("Anchored", ["yes", "no"])])',
		"```",
	);
	return lines.join("\n");
}
