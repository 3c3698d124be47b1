// The OpenUI 1.0 conformance runner over test/fixtures/openui (NOTICE.md there): program, streaming,
// editing, action/state, validation and message cases, compared the way the upstream fixtures
// README describes. Each case returns undefined when it passes, else the reason.
import { encodeJson, decodeJson } from "openui/json";
import { compileLibrary, CompiledLibrary } from "openui/library";
import { buildMessage, modelText, parseMessage } from "openui/message";
import { mergeProgram } from "openui/merge";
import { ParseResult, parseText, StreamParser } from "openui/parse";
import { Page, Tool } from "openui/runtime";
import { serializeTree } from "openui/serialize";
import { validate } from "openui/validation";
import {
	arrayOf,
	ElementValue,
	isArray,
	isBinding,
	isElement,
	isNull,
	isObject,
	isPlan,
	isStep,
	NULL,
	ObjectValue,
	objSet,
	newObject,
	Value,
} from "openui/values";

interface RepoHost {
	readonly readRepoFile: (path: string) => string;
}
declare const host: RepoHost;

const ROOT = "test/fixtures/openui/";
const FUNCTIONS = new Map<string, (...args: Value[]) => Value>([
	["Upper", (text: Value) => string.upper(tostring(text))],
]);

export function readFixture(path: string): string | undefined {
	const [ok, text] = pcall(() => host.readRepoFile(ROOT + path));
	return ok ? (text as string) : undefined;
}

function json(path: string): Value | undefined {
	const text = readFixture(path);
	if (text === undefined) return undefined;
	const decoded = decodeJson(text);
	if (!decoded.ok) throw `${path}: ${decoded.error}`;
	return decoded.value;
}

function get(v: Value | undefined, key: string): Value | undefined {
	return isObject(v) ? v.map.get(key) : undefined;
}

let cachedLibrary: CompiledLibrary | undefined;
export function fixtureLibrary(): CompiledLibrary {
	if (cachedLibrary === undefined) cachedLibrary = compileLibrary(json("library.json")!);
	return cachedLibrary;
}

/** The fixture summary of a value: components as {type, props}, actions as {action: [...]}. */
export function summarize(v: Value): Value {
	if (isElement(v)) {
		const props = newObject();
		for (const key of v.props.keys) {
			const value = v.props.map.get(key);
			if (!isNull(value)) objSet(props, key, summarize(value!));
		}
		const out = newObject();
		objSet(out, "type", v.typeName);
		objSet(out, "props", props);
		return out;
	}
	if (isArray(v)) return arrayOf(v.items.map(summarize));
	if (isObject(v)) {
		const out = newObject();
		for (const key of v.keys) objSet(out, key, summarize(v.map.get(key)!));
		return out;
	}
	if (isBinding(v)) {
		const out = newObject();
		objSet(out, "$binding", v.name);
		return out;
	}
	if (isStep(v) || isPlan(v)) {
		const steps = isStep(v) ? [v] : v.steps;
		const out = newObject();
		objSet(
			out,
			"action",
			arrayOf(
				steps.map((s) => {
					const step = newObject();
					objSet(step, "step", s.name);
					objSet(step, "args", arrayOf(s.args.map(summarize)));
					return step;
				}),
			),
		);
		return out;
	}
	return v;
}

/** JSON with object keys sorted, for comparing documents whose key order may differ. */
export function canonical(v: Value | undefined): string {
	if (isArray(v)) return `[${v.items.map(canonical).join(",")}]`;
	if (isObject(v)) {
		const keys = [...v.keys];
		table.sort(keys);
		return `{${keys.map((k) => `${encodeJson(k)}:${canonical(v.map.get(k))}`).join(",")}}`;
	}
	return encodeJson(v);
}

function strings(v: Value | undefined): string[] {
	return isArray(v) ? v.items.map((x) => tostring(x)) : [];
}

function sameSet(a: string[], b: string[]): boolean {
	const x = [...a];
	const y = [...b];
	table.sort(x);
	table.sort(y);
	return x.join("\0") === y.join("\0");
}

function checkResult(result: ParseResult, expected: Value, state?: ObjectValue): string | undefined {
	const root = result.root === undefined ? NULL : summarize(result.root);
	const wantRoot = get(expected, "root") ?? NULL;
	if (canonical(root) !== canonical(wantRoot)) return `root: got ${canonical(root)}, want ${canonical(wantRoot)}`;
	const wantErrors = get(expected, "errors");
	if (isArray(wantErrors)) {
		const got = [...result.errors];
		const summary = () => got.map((e) => `${e.code}@${e.statementId ?? "-"}`).join(", ");
		const all = result.errors.map((e) => `${e.code}@${e.statementId ?? "-"}`).join(", ");
		for (const want of wantErrors.items) {
			const code = get(want, "code");
			const statementId = get(want, "statementId");
			const at = got.findIndex(
				(e) => e.code === code && (statementId === undefined || e.statementId === statementId),
			);
			if (at < 0) return `errors: missing ${canonical(want)} in [${all}]`;
			got.remove(at);
		}
		if (got.size() > 0) return `errors: unexpected [${summary()}]`;
	}
	const wantObjects = get(expected, "errorObjects");
	if (isArray(wantObjects))
		for (const want of wantObjects.items) {
			const ok = result.errors.some((e) =>
				(want as ObjectValue).keys.every((k) => (e as unknown as Record<string, unknown>)[k] === get(want, k)),
			);
			if (!ok) return `errorObjects: no error matches ${canonical(want)}`;
		}
	if (!sameSet(result.unresolved, strings(get(expected, "unresolved"))))
		return `unresolved: got [${result.unresolved.join(", ")}], want ${canonical(get(expected, "unresolved"))}`;
	if (!sameSet(result.orphaned, strings(get(expected, "orphans"))))
		return `orphans: got [${result.orphaned.join(", ")}], want ${canonical(get(expected, "orphans"))}`;
	const incomplete = get(expected, "incomplete");
	if (incomplete !== undefined && incomplete !== result.incomplete) return `incomplete: got ${result.incomplete}`;
	const wantState = get(expected, "state");
	if (wantState !== undefined) {
		const got = state ?? result.stateDeclarations;
		if (canonical(got) !== canonical(wantState))
			return `state: got ${canonical(got)}, want ${canonical(wantState)}`;
	}
	return undefined;
}

function options(streaming = false) {
	return { library: fixtureLibrary(), functions: FUNCTIONS, streaming };
}

function findElement(
	v: Value | undefined,
	id: string,
	form: string | undefined,
): LuaTuple<[ElementValue | undefined, string | undefined]> {
	if (isElement(v)) {
		if (v.statementId === id) return $tuple(v, form);
		const inner = v.typeName === "Form" ? ((v.props.map.get("name") as string | undefined) ?? form) : form;
		for (const key of v.props.keys) {
			const [found, f] = findElement(v.props.map.get(key), id, inner);
			if (found !== undefined) return $tuple(found, f);
		}
	} else if (isArray(v)) {
		for (const item of v.items) {
			const [found, f] = findElement(item, id, form);
			if (found !== undefined) return $tuple(found, f);
		}
	}
	return $tuple(undefined, undefined);
}

function runSteps(source: string, steps: Value): string | undefined {
	const events: ObjectValue[] = [];
	const results = new Map<string, Value>();
	const tools = new Map<string, Tool>();
	const list = get(steps, "steps");
	const userStep = (s: Value) => get(s, "click") !== undefined || get(s, "type") !== undefined;
	const items = isArray(list) ? list.items : [];
	const addTool = (s: Value) => {
		const name = get(s, "tool") as string;
		results.set(name, get(s, "result") ?? NULL);
		tools.set(name, () => results.get(name) ?? NULL);
	};
	let i = 0;
	while (i < items.size() && !userStep(items[i])) addTool(items[i++]);
	const page = new Page({ library: fixtureLibrary(), functions: FUNCTIONS, tools, onEvent: (e) => events.push(e) });
	page.finish(source);
	for (; i < items.size(); i++) {
		const s = items[i];
		if (get(s, "tool") !== undefined) {
			addTool(s);
			continue;
		}
		const root = page.rerender(false).root;
		const click = get(s, "click");
		const typed = get(s, "type");
		if (click !== undefined) {
			const [element, form] = findElement(root, click as string, undefined);
			if (element === undefined) return `steps: no element "${tostring(click)}" to click`;
			page.runAction(element.props.map.get("action"), form, element.props.map.get("label") as string | undefined);
		} else if (isArray(typed)) {
			const [id, text] = [typed.items[0] as string, typed.items[1]];
			const [element, form] = findElement(root, id, undefined);
			if (element === undefined) return `steps: no element "${id}" to type into`;
			const value = element.props.map.get("value");
			if (isBinding(value)) page.setState(value.name, text);
			else page.setField(form, element.props.map.get("name") as string, text, "input");
		}
	}
	const expected = get(steps, "expected");
	const wantEvents = get(expected, "events");
	if (isArray(wantEvents)) {
		if (wantEvents.items.size() !== events.size())
			return `events: got ${events.size()} (${events.map(canonical).join(" ")}), want ${wantEvents.items.size()}`;
		for (let k = 0; k < events.size(); k++) {
			const want = wantEvents.items[k] as ObjectValue;
			for (const key of want.keys) {
				const w = want.map.get(key)!;
				const g = events[k].map.get(key);
				if (w === NULL ? !isNull(g) : canonical(g) !== canonical(w))
					return `event ${k + 1} ${key}: got ${canonical(g)}, want ${canonical(w)}`;
			}
		}
	}
	const wantState = get(expected, "state");
	if (isObject(wantState))
		for (const key of wantState.keys)
			if (canonical(page.store.get(key)) !== canonical(wantState.map.get(key)))
				return `state ${key}: got ${canonical(page.store.get(key))}, want ${canonical(wantState.map.get(key))}`;
	const wantCalls = get(expected, "toolCalls");
	if (isArray(wantCalls)) {
		const got = page.toolCalls.map((c) => {
			const o = newObject();
			objSet(o, "tool", c.tool);
			objSet(o, "args", c.args);
			return o;
		});
		if (canonical(arrayOf(got)) !== canonical(wantCalls))
			return `toolCalls: got ${canonical(arrayOf(got))}, want ${canonical(wantCalls)}`;
	}
	return undefined;
}

function programCase(id: string, source: string, expected: Value): string | undefined {
	const result = parseText(source, options());
	const failure = checkResult(result, expected);
	if (failure !== undefined) return failure;
	if (string.find(id, "-roundtrip-", 1, true)[0] !== undefined && result.root !== undefined) {
		const again = parseText(serializeTree(result.root, fixtureLibrary()), options());
		const a = again.root === undefined ? NULL : summarize(again.root);
		if (canonical(a) !== canonical(summarize(result.root))) return `roundtrip: got ${canonical(a)}`;
	}
	return undefined;
}

function streamingCase(chunks: Value, expected: Value): string | undefined {
	if (!isArray(chunks)) return "chunks.json is not an array";
	const parser = new StreamParser(options(true));
	for (const chunk of chunks.items) {
		const [ok, frame] = pcall(() => parser.push(chunk as string));
		if (!ok) return `a frame raised: ${tostring(frame)}`;
		const partial = frame as ParseResult;
		const bad = partial.errors.find((e) => e.code === "no-root" || e.code === "missing-required");
		if (bad !== undefined) return `a frame reported ${bad.code} while streaming`;
	}
	const streamed = checkResult(parser.finish(), expected);
	if (streamed !== undefined) return `streamed: ${streamed}`;
	const whole = chunks.items.map((c) => c as string).join("");
	const batch = checkResult(parseText(whole, options()), expected);
	return batch === undefined ? undefined : `batch: ${batch}`;
}

function editingCase(input: string, patch: string, expected: Value): string | undefined {
	const merged = mergeProgram(input, patch);
	const failure = checkResult(parseText(merged, options()), expected);
	if (failure !== undefined) return `${failure} (merged: ${merged})`;
	const names: string[] = [];
	for (const line of merged.split("\n")) {
		const [name] = string.match(line, "^(%$?[%a_][%w_]*)%s*=") as LuaTuple<[string?]>;
		if (name !== undefined) names.push(name);
	}
	const want = strings(get(expected, "statements"));
	if (names.join(",") !== want.join(",")) return `statements: got ${names.join(",")}, want ${want.join(",")}`;
	return undefined;
}

function messageCase(dir: string, expected: Value): string | undefined {
	const mode = get(expected, "mode");
	const want = get(expected, "result");
	const text = readFixture(`${dir}/message.txt`);
	if (mode === "write") {
		const input = get(expected, "input");
		const lib = get(input, "library");
		const context = get(input, "context");
		const got = buildMessage(
			get(input, "content") as string,
			typeIs(context, "string") ? context : undefined,
			lib === undefined ? undefined : [["library", `${get(lib, "id")}@${get(lib, "version")}`]],
			get(input, "end") === true,
		);
		return got === want ? undefined : `write: got ${encodeJson(got)}`;
	}
	if (text === undefined) return "message.txt is missing";
	if (mode === "strip") {
		const got = modelText(text, "assistant");
		return got === want ? undefined : `strip: got ${encodeJson(got)}`;
	}
	const parsed = parseMessage(text, get(expected, "streaming") === true);
	const fields = newObject();
	objSet(fields, "content", parsed.content);
	objSet(fields, "context", parsed.context ?? NULL);
	objSet(fields, "end", parsed.ended);
	const attrs = newObject();
	const keys: string[] = [];
	for (const [k] of pairs(parsed.attributes)) keys.push(k as string);
	table.sort(keys);
	for (const k of keys) objSet(attrs, k, parsed.attributes[k]);
	objSet(fields, "attributes", attrs);
	if (mode === "turn") objSet(fields, "modelText", modelText(text, "user"));
	if (!isObject(want)) return "expected result is not an object";
	for (const key of want.keys)
		if (canonical(fields.map.get(key)) !== canonical(want.map.get(key)))
			return `${key}: got ${canonical(fields.map.get(key))}, want ${canonical(want.map.get(key))}`;
	return undefined;
}

function validationCase(doc: Value): string | undefined {
	const cases = get(doc, "cases");
	if (!isArray(cases)) return "validation.json has no cases";
	for (const c of cases.items) {
		const valid = validate(get(c, "value"), get(c, "rules")) === undefined;
		if (valid !== get(c, "valid"))
			return `rules ${canonical(get(c, "rules"))} on ${canonical(get(c, "value"))}: got valid=${valid}`;
	}
	return undefined;
}

/** Runs one case folder; a case with steps.json also runs those steps. */
export function runCase(dir: string): string | undefined {
	const area = string.match(dir, "^([^/]+)")[0] as string;
	const expected = json(`${dir}/expected.json`);
	if (area === "messages") return messageCase(dir, expected!);
	const validation = json(`${dir}/validation.json`);
	if (validation !== undefined) return validationCase(validation);
	if (expected === undefined) return "expected.json is missing";
	const chunks = json(`${dir}/chunks.json`);
	if (chunks !== undefined) return streamingCase(chunks, expected);
	const input = readFixture(`${dir}/input.oui`);
	if (input === undefined) return "input.oui is missing";
	const patch = readFixture(`${dir}/patch.oui`);
	if (patch !== undefined) return editingCase(input, patch, expected);
	const failure = programCase(dir, input, expected);
	if (failure !== undefined) return failure;
	const steps = json(`${dir}/steps.json`);
	if (steps !== undefined) {
		const stepFailure = runSteps(input, steps);
		if (stepFailure !== undefined) return `#steps: ${stepFailure}`;
	}
	return undefined;
}

export function caseList(): string[] {
	return (readFixture("cases.txt") ?? "").split("\n").filter((l) => l !== "");
}
