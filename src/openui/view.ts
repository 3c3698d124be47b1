// A stored answer as the browser client draws it (bridge/README.md, "Interactive answers"): the
// game reads the stored message with the same parser and page state the Chat uses and hands the
// browser the evaluated tree as JSON — components as `{type, props}`, two-way bindings as
// `{"$binding": name, value}`, action plans as `{action: [{step, args}]}` — with the prose around
// the fence, whether the answer was cut, and the page state (the context's `[snapshot]` shape).
import { decodeJson, encodeJson } from "./json";
import { parseMessage } from "./message";
import { proseAround } from "./prose";
import { robloxLibrary } from "./roblox/library";
import { Page } from "./runtime";
import { isArray, isBinding, isElement, isObject, Value } from "./values";

function quote(text: string): string {
	return encodeJson(text);
}

/** JSON of an evaluated value, keeping the names of two-way bindings. */
function viewJson(v: Value | undefined): string {
	if (isBinding(v)) return `{"$binding":${quote(v.name)},"value":${viewJson(v.value)}}`;
	if (isElement(v)) return `{"type":${quote(v.typeName)},"props":${viewJson(v.props)}}`;
	if (isArray(v)) return `[${v.items.map((item) => viewJson(item)).join(",")}]`;
	if (isObject(v)) return `{${v.keys.map((k) => `${quote(k)}:${viewJson(v.map.get(k))}`).join(",")}}`;
	return encodeJson(v);
}

/** The view of a stored answer as JSON text: `{before, after, cut, root, state, defaults}` (defaults: each `$name`'s declared value). */
export function answerView(stored: string): string {
	const parsed = parseMessage(stored);
	const page = new Page({ library: robloxLibrary() });
	if (parsed.context !== undefined) {
		const decoded = decodeJson(parsed.context);
		if (decoded.ok) page.store.restore(decoded.value);
	}
	page.finish(parsed.content);
	const [before, after, fenced] = proseAround(parsed.content);
	const fields = [
		`"before":${quote(fenced ? before : "")}`,
		`"after":${quote(fenced ? after : "")}`,
		`"cut":${parsed.marked && !parsed.ended ? "true" : "false"}`,
		`"root":${viewJson(page.current().root)}`,
		`"state":${encodeJson(page.store.snapshot())}`,
		`"defaults":${encodeJson(page.current().stateDeclarations)}`,
	];
	return `{${fields.join(",")}}`;
}
