/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Fuzzing the dispatcher: thousands of random schemas from the supported subset and random
// arguments (near-valid ones derived from the schema, arbitrary JSON, mangled JSON text). An
// independent strict checker, written here, inspects every argument table a handler receives:
// none may violate the schema. Dispatch must never raise. The run is bounded: a fixed iteration
// count, fixed generation depths (seeded, so a failure reproduces) and a real-time budget.
import { repairJson } from "agent/dispatch/repair";
import { JsonTable } from "agent/dispatch/tool";
import { encode, isMarkedObject, NULL } from "runtime/json";
import { harness } from "./tools_support";

const FUZZ_ITERATIONS = 4000;
const REPAIR_ITERATIONS = 3000;
const DEFINITION_ITERATIONS = 2000;

/** Park–Miller generator: exact in doubles, the same sequence everywhere. */
function generator(seed: number) {
	let state = seed;
	const step = () => {
		state = (state * 48271) % 2147483647;
		return state / 2147483647;
	};
	const int = (low: number, high: number) => low + math.floor(step() * (high - low + 1));
	const pick = <T>(list: ReadonlyArray<T>): T => list[int(0, list.size() - 1)];
	const chance = (p: number) => step() < p;
	return { int, pick, chance };
}
type Rng = ReturnType<typeof generator>;

const SCALAR_TYPES = ["string", "number", "integer", "boolean", "null"];
const NAMES = ["a", "b", "c", "count", "required", "type", "items", "1"];
const STRINGS = [
	"",
	"a",
	"hé",
	"12",
	"-3",
	"1.5",
	"1e3",
	"true",
	"False",
	"no",
	"1",
	"0",
	"0x10",
	"inf",
	"nan",
	" 7 ",
	"x y z w",
];

function scalar(rng: Rng): unknown {
	switch (rng.int(0, 5)) {
		case 0:
			return NULL;
		case 1:
			return rng.chance(0.5);
		case 2:
			return rng.int(-20, 20);
		case 3:
			return rng.int(-2000, 2000) / 100;
		case 4:
			return rng.chance(0.5) ? 1e300 : -0.5;
	}
	return rng.pick(STRINGS);
}

function randomJson(rng: Rng, depth: number): unknown {
	if (depth >= 3 || rng.chance(0.6)) return scalar(rng);
	if (rng.chance(0.5)) {
		const list = new Array<defined>();
		for (let i = 0; i < rng.int(0, 4); i++) list.push(randomJson(rng, depth + 1) as defined);
		return list;
	}
	const object: JsonTable = {};
	for (let i = 0; i < rng.int(0, 4); i++) object[rng.pick(NAMES)] = randomJson(rng, depth + 1);
	return object;
}

function bounds(rng: Rng, schema: JsonTable, low: string, high: string, whole: boolean, min: number, max: number) {
	const value = () => (whole ? rng.int(min, max) : rng.int(min * 10, max * 10) / 10);
	if (rng.chance(0.4)) schema[low] = value();
	if (rng.chance(0.4)) schema[high] = math.max(value(), (schema[low] as number | undefined) ?? min);
}

function randomSchema(rng: Rng, depth: number, kind?: string): JsonTable {
	const choice =
		kind ??
		rng.pick(["string", "number", "integer", "boolean", "null", "array", "object", "enum", "multi", "untyped"]);
	const schema: JsonTable = {};
	switch (choice) {
		case "string":
			schema.type = "string";
			bounds(rng, schema, "minLength", "maxLength", true, 0, 5);
			break;
		case "number":
		case "integer":
			schema.type = choice;
			bounds(rng, schema, "minimum", "maximum", choice === "integer", -10, 10);
			if (rng.chance(0.2)) schema.exclusiveMinimum = rng.int(-10, 0);
			if (rng.chance(0.2)) schema.exclusiveMaximum = rng.int(0, 10);
			break;
		case "boolean":
		case "null":
			schema.type = choice;
			break;
		case "array":
			schema.type = "array";
			if (depth < 3 && rng.chance(0.8)) schema.items = randomSchema(rng, depth + 1);
			bounds(rng, schema, "minItems", "maxItems", true, 0, 4);
			break;
		case "object": {
			schema.type = "object";
			if (depth < 3) {
				const properties: JsonTable = {};
				for (let i = 0; i < rng.int(0, 4); i++) properties[rng.pick(NAMES)] = randomSchema(rng, depth + 1);
				schema.properties = properties;
			}
			const required = new Array<string>();
			for (const name of NAMES) if (rng.chance(0.2)) required.push(name);
			schema.required = required;
			break;
		}
		case "enum": {
			const values = new Array<defined>();
			for (let i = 0; i < rng.int(1, 4); i++) values.push(scalar(rng) as defined);
			schema.enum = values;
			if (rng.chance(0.5)) schema.type = rng.pick(SCALAR_TYPES);
			break;
		}
		case "multi":
			schema.type = [rng.pick(SCALAR_TYPES), rng.pick(["string", "array", "object", "integer"])];
			bounds(rng, schema, "minimum", "maximum", false, -5, 5);
			bounds(rng, schema, "minLength", "maxLength", true, 0, 4);
			break;
		default:
			if (rng.chance(0.5)) schema.minimum = rng.int(-5, 5);
			if (rng.chance(0.5)) schema.maxLength = rng.int(0, 4);
	}
	return schema;
}

/** A value shaped by `schema` most of the time, arbitrary JSON otherwise. */
function valueFor(rng: Rng, schema: JsonTable, depth: number): unknown {
	if (depth >= 4 || rng.chance(0.25)) return randomJson(rng, depth);
	const declared = typeIs(schema.type, "table") ? rng.pick(schema.type as Array<string>) : schema.type;
	if (schema.enum !== undefined && rng.chance(0.7)) return rng.pick(schema.enum as Array<unknown>);
	switch (declared) {
		case "object": {
			const object: JsonTable = {};
			for (const [name, child] of pairs((schema.properties ?? {}) as Record<string, JsonTable>)) {
				if (rng.chance(0.8)) object[name] = valueFor(rng, child, depth + 1);
			}
			for (const name of (schema.required ?? []) as Array<string>) {
				if (object[name] === undefined && rng.chance(0.7)) object[name] = scalar(rng);
			}
			return object;
		}
		case "array": {
			const list = new Array<defined>();
			for (let i = 0; i < rng.int(0, 5); i++)
				list.push(valueFor(rng, (schema.items ?? {}) as JsonTable, depth + 1) as defined);
			return list;
		}
		case "integer":
			return rng.chance(0.7) ? rng.int(-12, 12) : tostring(rng.int(-12, 12));
		case "number":
			return rng.chance(0.7) ? rng.int(-120, 120) / 10 : tostring(rng.int(-120, 120) / 10);
		case "boolean":
			return rng.pick([true, false, "true", "false", 1, 0, "yes", "maybe"]);
		case "string":
			return rng.chance(0.8) ? rng.pick(STRINGS) : rng.int(0, 99);
	}
	return scalar(rng);
}

/** Wraps or damages JSON text the way model output can be. */
function mangle(rng: Rng, text: string): string {
	switch (rng.int(0, 9)) {
		case 0:
			return "```json\n" + text + "\n```";
		case 1:
			return `Arguments: ${text} (end)`;
		case 2:
			return text.sub(1, rng.int(0, text.size()));
		case 3:
			return string.gsub(text, "}$", ",}")[0];
		case 4:
			return string.gsub(string.gsub(text, "true", "True")[0], "null", "None")[0];
	}
	return text;
}

// The strict checker: no coercion, no repair; reports every way `value` breaks `schema`.
function isArrayLike(value: object): boolean {
	let count = 0;
	for (const [key] of pairs(value as Record<string, unknown>)) {
		if (!typeIs(key, "number")) return false;
		count += 1;
	}
	return count === 0 || (value as Array<unknown>)[count - 1] !== undefined;
}

function hasType(name: string, value: unknown): boolean {
	const finite = typeIs(value, "number") && value === value && math.abs(value) !== math.huge;
	switch (name) {
		case "null":
			return value === NULL;
		case "boolean":
			return typeIs(value, "boolean");
		case "number":
			return finite;
		case "integer":
			return finite && (value as number) % 1 === 0;
		case "string":
			return typeIs(value, "string");
		case "array":
			return typeIs(value, "table") && value !== NULL && !isMarkedObject(value) && isArrayLike(value);
		case "object":
			return typeIs(value, "table") && value !== NULL && (next(value)[0] === undefined || !isArrayLike(value));
	}
	return false;
}

function same(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (!typeIs(a, "table") || !typeIs(b, "table")) return false;
	for (const [key, item] of pairs(a as JsonTable)) if (!same(item, (b as JsonTable)[key as string])) return false;
	for (const [key] of pairs(b as JsonTable)) if ((a as JsonTable)[key as string] === undefined) return false;
	return true;
}

function violations(schema: JsonTable, value: unknown, path: string, out: Array<string>) {
	const types = typeIs(schema.type, "string") ? [schema.type] : (schema.type as Array<string> | undefined);
	if (types !== undefined && !types.some((name) => hasType(name, value))) out.push(`${path}: type`);
	if (schema.enum !== undefined && !(schema.enum as Array<defined>).some((choice) => same(choice, value)))
		out.push(`${path}: enum`);
	const n = schema as Record<string, number | undefined>;
	if (typeIs(value, "number")) {
		if (n.minimum !== undefined && value < n.minimum) out.push(`${path}: minimum`);
		if (n.maximum !== undefined && value > n.maximum) out.push(`${path}: maximum`);
		if (n.exclusiveMinimum !== undefined && value <= n.exclusiveMinimum) out.push(`${path}: exclusiveMinimum`);
		if (n.exclusiveMaximum !== undefined && value >= n.exclusiveMaximum) out.push(`${path}: exclusiveMaximum`);
	}
	if (typeIs(value, "string")) {
		if (n.minLength !== undefined && value.size() < n.minLength) out.push(`${path}: minLength`);
		if (n.maxLength !== undefined && value.size() > n.maxLength) out.push(`${path}: maxLength`);
	}
	if (!typeIs(value, "table") || value === NULL) return;
	const record = value as JsonTable;
	if (isArrayLike(value) && !isMarkedObject(value) && schema.properties === undefined) {
		const list = value as Array<defined>;
		if (n.minItems !== undefined && list.size() < n.minItems) out.push(`${path}: minItems`);
		if (n.maxItems !== undefined && list.size() > n.maxItems) out.push(`${path}: maxItems`);
		const items = schema.items as JsonTable | undefined;
		if (items !== undefined) list.forEach((item, i) => violations(items, item, `${path}[${i + 1}]`, out));
		return;
	}
	for (const name of (schema.required ?? []) as Array<string>)
		if (record[name] === undefined) out.push(`${path}.${name}: required`);
	for (const [name, child] of pairs((schema.properties ?? {}) as Record<string, JsonTable>)) {
		if (record[name] !== undefined) violations(child, record[name], `${path}.${name}`, out);
	}
}

export = () => {
	describe("dispatch fuzz", () => {
		it(`${FUZZ_ITERATIONS} random schemas and arguments: handlers see only valid arguments, dispatch never raises`, () => {
			const rng = generator(20261130);
			const h = harness();
			const problems = new Array<string>();
			let reached = 0;
			let refused = 0;
			for (let i = 1; i <= FUZZ_ITERATIONS; i++) {
				const schema = randomSchema(rng, 1, "object");
				const risk = rng.pick(["read", "write"]);
				const [registered, why] = h.services.tools.register({
					name: "fuzz",
					risk,
					parameters: schema,
					run: (args: JsonTable) => {
						reached += 1;
						const found = new Array<string>();
						violations(schema, args, "arguments", found);
						if (!found.isEmpty()) {
							const [text] = encode(args);
							problems.push(`#${i}: ${found.join(", ")} in ${text} for ${encode(schema)[0]}`);
						}
						return "ok";
					},
				});
				if (!registered) {
					refused += 1;
					problems.push(`#${i}: schema refused: ${why}`);
					continue;
				}
				const [text] = encode(valueFor(rng, schema, 1));
				const [ok, result] = pcall(() =>
					h.services.tools.dispatch({
						id: `f${i}`,
						function: { name: "fuzz", arguments: mangle(rng, text ?? "{}") },
					}),
				);
				if (!ok) problems.push(`#${i}: dispatch raised ${result}`);
				else if (!typeIs(result.ok, "boolean") || !typeIs(result.text, "string"))
					problems.push(`#${i}: bad result`);
				h.services.tools.unregister("fuzz");
				if (problems.size() > 5) break;
			}
			expect(problems.join("\n")).to.equal("");
			expect(refused).to.equal(0);
			// the generator must reach handlers often enough for the check to mean something
			expect(reached > FUZZ_ITERATIONS / 5).to.equal(true);
		});

		it(`${DEFINITION_ITERATIONS} random definitions: registration answers with a value, never raises`, () => {
			const rng = generator(99);
			const h = harness();
			const fields = ["name", "group", "risk", "description", "parameters", "needs", "run", "prepare", "timeout"];
			const values = (): unknown =>
				rng.pick<unknown>([
					"fuzz_tool",
					"bad name",
					"read",
					"write",
					"fs",
					0,
					-1,
					1 / 0,
					true,
					() => "ran",
					randomJson(rng, 0),
					randomSchema(rng, 1),
					[1, "x"],
				]);
			let raised = 0;
			for (let i = 0; i < DEFINITION_ITERATIONS; i++) {
				const definition: Record<string, unknown> = { name: "fuzz_tool", run: () => "ran" };
				for (const field of fields) if (rng.chance(0.3)) definition[field] = values();
				const [ok, registered] = pcall(() => h.services.tools.register(definition)[0]);
				if (!ok) raised += 1;
				else if (registered) h.services.tools.unregister("fuzz_tool");
			}
			expect(raised).to.equal(0);
		});

		it(`${REPAIR_ITERATIONS} damaged texts: repair returns a value or a reason, never raises`, () => {
			const rng = generator(7);
			const alphabet = ["{", "}", "[", "]", '"', ":", ",", "\\", "a", "1", " ", "True", "None", "```", "\n", "é"];
			let failures = 0;
			for (let i = 0; i < REPAIR_ITERATIONS; i++) {
				const parts = new Array<string>();
				for (let j = 0; j < rng.int(0, 24); j++) parts.push(rng.pick(alphabet));
				const [ok, value, reason] = pcall(repairJson, parts.join(""), rng.chance(0.5));
				if (!ok || (value === undefined) === (reason === undefined)) failures += 1;
			}
			expect(failures).to.equal(0);
		});
	});
};
