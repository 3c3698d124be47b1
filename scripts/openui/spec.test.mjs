// node --test: each compatibility rule of the OpenUI library spec, broken on purpose against the
// committed library.json, must be refused; compatible changes must pass.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";
import { buildSpec, checkCompatibility, checkSpec, loadDefinitions, paths } from "./spec.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const files = paths(ROOT);
const committed = JSON.parse(fs.readFileSync(files.json, "utf8"));
const defs = loadDefinitions(files.definitions);

/** The definitions with `edit` applied to a deep copy, and the version bumped. */
function changed(edit, bump = true) {
	const copy = structuredClone({ ...defs });
	copy.COMPONENTS = structuredClone(defs.COMPONENTS);
	edit(copy);
	if (bump) copy.LIBRARY_VERSION = "1.0.1";
	return buildSpec(copy);
}
const component = (d, name) => d.COMPONENTS.find((c) => c.name === name);
const problems = (spec) => [...checkSpec(spec), ...checkCompatibility(committed, spec)];

test("the committed spec is current and consistent", () => {
	assert.deepEqual(buildSpec(defs), committed);
	assert.deepEqual(problems(committed), []);
});

test("adding an optional prop at the end is compatible", () => {
	assert.deepEqual(problems(changed((d) => component(d, "Metric").props.push({ name: "trend", schema: { type: "number" } }))), []);
});

test("adding a required prop with a default at the end is compatible", () => {
	const spec = changed((d) => component(d, "Tag").props.push({ name: "size", schema: { type: "string", default: "m" }, required: true }));
	assert.deepEqual(problems(spec), []);
});

test("rule 1: reordering props is refused", () => {
	const spec = changed((d) => component(d, "Metric").props.reverse());
	assert.match(problems(spec).join("\n"), /Metric: prop 1 was "label", now "unit"/);
});

test("rule 1: removing a prop is refused", () => {
	const spec = changed((d) => component(d, "Text").props.pop());
	assert.match(problems(spec).join("\n"), /Text: prop 2 was "variant", now "\(removed\)"/);
});

test("rule 1: inserting a prop before existing ones is refused", () => {
	const spec = changed((d) => component(d, "Metric").props.unshift({ name: "icon", schema: { type: "string" } }));
	assert.match(problems(spec).join("\n"), /Metric: prop 1 was "label", now "icon"/);
});

test("rule 2: a renamed component must keep its old name as an alias", () => {
	const spec = changed((d) => (component(d, "Metric").name = "Kpi"));
	assert.match(problems(spec).join("\n"), /Metric: removed/);
	const aliased = changed((d) => {
		Object.assign(component(d, "Metric"), { name: "Kpi", aliases: ["Metric"] });
		d.COMPONENT_GROUPS = d.COMPONENT_GROUPS.map((g) => ({ ...g, components: g.components.map((n) => (n === "Metric" ? "Kpi" : n)) }));
	});
	assert.deepEqual(problems(aliased), []);
});

test("rule 3: a new required prop without a default is refused", () => {
	const spec = changed((d) => component(d, "Tag").props.push({ name: "size", schema: { type: "string" }, required: true }));
	assert.match(problems(spec).join("\n"), /Tag\.size: a new required prop needs a default/);
});

test("rule 3: an optional prop made required without a default is refused", () => {
	const spec = changed((d) => (component(d, "Text").props[1].required = true));
	assert.match(problems(spec).join("\n"), /Text\.variant: became required without a default/);
});

test("rule 4: a component named after a built-in is refused", () => {
	for (const name of ["Take", "Count", "Query", "Action", "ToAssistant"]) {
		const spec = changed((d) => d.COMPONENTS.push({ name, description: "x", props: [] }));
		assert.match(problems(spec).join("\n"), new RegExp(`${name}: (a built-in name|named after a built-in)`));
	}
});

test("a changed spec must bump its version", () => {
	const spec = changed((d) => component(d, "Metric").props.push({ name: "trend", schema: { type: "number" } }), false);
	assert.match(problems(spec).join("\n"), /bump it/);
});

test("required props come before optional ones; root and groups must exist", () => {
	const spec = changed((d) => {
		component(d, "Card").props[1].required = true;
		component(d, "Card").props[0].required = false;
		d.LIBRARY_ROOT = "Nope";
		d.COMPONENT_GROUPS = [{ name: "G", components: ["Missing"] }];
	});
	const text = problems(spec).join("\n");
	assert.match(text, /Card\.children: a required prop after an optional one/);
	assert.match(text, /root Nope is not a component/);
	assert.match(text, /group G: Missing is not a component/);
});
