/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Unit checks of the dispatcher's stages: JSON repair, validation and coercion, schema copies,
// hooks, and the 128-declaration budget with uai_tool_catalog (built-in tools first).
import { CATALOG_NAME, CATALOG_PAGE_SIZE } from "agent/dispatch/catalog_tool";
import { DECLARATION_LIMIT } from "agent/dispatch/definitions";
import { repairJson } from "agent/dispatch/repair";
import { copySchema } from "agent/dispatch/schema/copy";
import { validateArguments } from "agent/dispatch/schema/validate";
import { JsonTable } from "agent/dispatch/tool";
import { encode, NULL } from "runtime/json";
import { harness, mentions } from "./tools_support";

function repaired(text: string, allowTruncated = false): string {
	const [value, reason] = repairJson(text, allowTruncated);
	return value !== undefined ? (encode(value)[0] as string) : `refused: ${reason}`;
}

function validated(schema: JsonTable, args: unknown): string {
	const [value, errors] = validateArguments(schema, args);
	return value !== undefined ? (encode(value)[0] as string) : `invalid: ${errors.join("; ")}`;
}

const object = (properties: JsonTable, required: Array<string> = []): JsonTable => ({
	type: "object",
	properties,
	required,
});

export = () => {
	describe("JSON repair", () => {
		it("repairs the documented formatting problems, in order", () => {
			expect(repaired("")).to.equal("{}");
			expect(repaired(' {"a":1} ')).to.equal('{"a":1}');
			expect(repaired('```json\n{"a":1}\n```')).to.equal('{"a":1}');
			expect(repaired('```\n{"a":1}\n```')).to.equal('{"a":1}');
			expect(repaired('Sure! {"a": {"b": [1, 2]}} Hope that helps')).to.equal('{"a":{"b":[1,2]}}');
			expect(repaired('{"a": [1, 2,], "b": 3,}')).to.equal('{"a":[1,2],"b":3}');
			expect(repaired('{"a": None, "b": True, "c": False}')).to.equal('{"a":null,"b":true,"c":false}');
			expect(repaired('{"text": "True, None, and {braces}, too,]"}')).to.equal(
				'{"text":"True, None, and {braces}, too,]"}',
			);
			expect(repaired('{"a": "say \\"hi\\", ok",}')).to.equal('{"a":"say \\"hi\\", ok"}');
		});

		it("refuses what cannot be balanced, and completes truncation only when allowed", () => {
			expect(mentions(repaired('{"a": "unterminated', true), "inside a string")).to.equal(true);
			expect(mentions(repaired('{"a": [1, 2}', true), "do not match")).to.equal(true);
			expect(mentions(repaired("no json here"), "no object found")).to.equal(true);
			expect(mentions(repaired('{"a": 1, "b": [1, 2'), "cut off")).to.equal(true);
			expect(repaired('{"a": 1, "b": [1, 2', true)).to.equal('{"a":1,"b":[1,2]}');
			expect(repaired('{"a": 1, "b":', true)).to.equal('{"a":1}');
			expect(repaired('{"a": 1, "b"', true)).to.equal('{"a":1}');
			expect(repaired('{"a": 1, "b": tru', true)).to.equal('{"a":1}');
			expect(repaired('["x", "y"', true)).to.equal('["x","y"]');
			expect(repaired('{"a": {"b": 1, "c": [', true)).to.equal('{"a":{"b":1,"c":[]}}');
			expect(mentions(repaired('{"a": 01}'), "not valid JSON")).to.equal(true);
		});
	});

	describe("validation and coercion", () => {
		it("coerces numeric strings, boolean forms, numbers to strings and scalars to lists", () => {
			const schema = object({
				n: { type: "number" },
				i: { type: "integer" },
				s: { type: "string" },
				b: { type: "boolean" },
				list: { type: "array", items: { type: "integer" } },
			});
			expect(validated(schema, { n: " 2.5 ", i: "-3", s: 7, b: "FALSE", list: "4" })).to.equal(
				'{"b":false,"i":-3,"list":[4],"n":2.5,"s":"7"}',
			);
			expect(validated(schema, { b: 1, s: false, n: "1e2" })).to.equal('{"b":true,"n":100,"s":"false"}');
			for (const bad of ["0x10", "inf", "nan", "1e999", "1.5.2", "", "-"]) {
				expect(mentions(validated(schema, { n: bad }), "expected number")).to.equal(true);
			}
			expect(mentions(validated(schema, { i: "2.5" }), "expected integer")).to.equal(true);
			expect(mentions(validated(schema, { b: "maybe" }), "expected boolean")).to.equal(true);
			expect(mentions(validated(schema, { list: { a: 1 } }), "expected array")).to.equal(true);
		});

		it("applies enum, bounds, byte lengths, item counts and required, listing each problem", () => {
			const schema = object(
				{
					mode: { type: "string", enum: ["fast", "safe"] },
					n: { type: "number", minimum: 1, maximum: 3, exclusiveMaximum: 3 },
					s: { type: "string", minLength: 2, maxLength: 3 },
					list: { type: "array", maxItems: 1, items: { type: "string" } },
				},
				["mode", "ghost"],
			);
			const text = validated(schema, { mode: "slow", n: 3, s: "éé", list: [1, 2] });
			expect(mentions(text, "arguments.mode: must be one of")).to.equal(true);
			expect(mentions(text, "arguments.n: must be less than 3")).to.equal(true);
			expect(mentions(text, "arguments.s: must be at most 3 bytes")).to.equal(true);
			expect(mentions(text, "arguments.list: allows at most 1 items")).to.equal(true);
			expect(mentions(text, "arguments.list[1]")).to.equal(false); // too many items: members unchecked
			expect(mentions(text, "arguments.ghost: required")).to.equal(true);
			expect(mentions(text, "arguments.mode: required")).to.equal(false); // reported once
		});

		it("reads null as absent for optional typed properties, keeps it where null is allowed", () => {
			const schema = object({ a: { type: "string" }, b: { type: ["null", "string"] }, c: {} }, ["r"]);
			expect(validated(schema, { a: NULL, b: NULL, c: NULL, r: 1 })).to.equal('{"b":null,"c":null,"r":1}');
			const required = object({ a: { type: "string" } }, ["a"]);
			expect(mentions(validated(required, { a: NULL }), "expected string, got null")).to.equal(true);
		});

		it("accepts any listed type, reads [] as the schema's structure, and wants an object at the root", () => {
			const schema = object({ v: { type: ["integer", "string"] }, o: { type: "object" }, l: { type: "array" } });
			expect(validated(schema, { v: "x", o: [], l: [] })).to.equal('{"l":[],"o":{},"v":"x"}');
			expect(validated(schema, { v: 2.5 })).to.equal('{"v":"2.5"}');
			expect(mentions(validated(schema, [1]), "expected object")).to.equal(true);
			expect(mentions(validated(schema, "text"), "expected object")).to.equal(true);
			expect(validated(object({}), {})).to.equal("{}");
		});

		it("passes unsupported keywords and extra keys through without enforcing them", () => {
			const schema = {
				...object({ code: { type: "string", pattern: "^[0-9]+$" } }),
				additionalProperties: false,
			};
			expect(validated(schema, { code: "abc", extra: [1] })).to.equal('{"code":"abc","extra":[1]}');
		});
	});

	describe("schema copies", () => {
		it("writes empty maps as {} and keeps empty keyword lists as []", () => {
			const [copy] = copySchema({
				type: "object",
				properties: { required: { type: "object", properties: {} }, list: { type: "array", items: {} } },
				required: [],
			});
			expect(encode(copy)[0]).to.equal(
				'{"properties":{"list":{"items":{},"type":"array"},"required":{"properties":{},"type":"object"}},"required":[],"type":"object"}',
			);
		});
	});

	describe("hooks", () => {
		it("run by order then registration, all of them, protected; only an explicit false vetoes preTool", () => {
			const h = harness();
			const order = new Array<string>();
			const register = h.services.hooks.public.register;
			register("preTool", () => order.push("b0"), { name: "b0" });
			register("preTool", () => order.push("c10"), { order: 10 });
			register("preTool", () => order.push("a-5") > 0 && undefined, { order: -5 });
			register("preTool", () => {
				order.push("boom");
				error("hook failure");
			});
			const [unsubscribe] = register("preTool", () => order.push("gone"));
			unsubscribe();
			h.services.tools.register({ name: "t", risk: "read", run: () => "ran" });
			expect(h.call("t").ok).to.equal(true);
			expect(order.join(",")).to.equal("a-5,b0,boom,c10");

			order.clear();
			register("preTool", (payload: { reason?: string }) => {
				payload.reason = "locked";
				return false;
			});
			register("preTool", () => order.push("after veto"), { order: 20 });
			register("preTool", () => 0);
			const vetoed = h.call("t");
			expect(vetoed.error).to.equal("vetoed");
			expect(mentions(vetoed.text, "locked")).to.equal(true);
			expect(order.includes("after veto")).to.equal(true);
			expect(h.log.entries().some((entry) => mentions(entry.text, "hook failure"))).to.equal(true);
		});

		it("refuse invalid registrations with a no-op and a reason", () => {
			const register = harness().services.hooks.public.register;
			for (const [kind, fn, options] of [
				["preFlight", () => {}, undefined],
				["preTool", "fn", undefined],
				["preTool", () => {}, { order: "first" }],
				["preTool", () => {}, { order: 0 / 0 }],
				["preTool", () => {}, 5],
			] as Array<[unknown, unknown, unknown]>) {
				const [noop, reason] = register(kind, fn, options);
				expect(typeIs(noop, "function") && typeIs(reason, "string")).to.equal(true);
				noop();
			}
		});

		it("postTool amends text and data; preTool sees validated arguments", () => {
			const h = harness();
			let seen: unknown;
			h.services.hooks.public.register("preTool", (payload: { args: { n: number } }) => {
				seen = payload.args.n;
			});
			h.services.hooks.public.register("postTool", (payload: { text: string; data: unknown }) => {
				payload.text = `${payload.text}!`;
				payload.data = { amended: true };
			});
			h.services.tools.register({
				name: "t",
				risk: "read",
				parameters: object({ n: { type: "integer" } }),
				run: () => ({ text: "hi", data: { amended: false } }),
			});
			const result = h.call("t", { n: "4" });
			expect(seen).to.equal(4);
			expect(result.text).to.equal("hi!");
			expect((result.data as { amended: boolean }).amended).to.equal(true);
		});
	});

	describe("declaration budget and uai_tool_catalog", () => {
		const fill = (count: number, builtins = 0) => {
			const h = harness();
			for (let i = 1; i <= count; i++) {
				h.services.tools.register({
					name: `host_${i}`,
					risk: "read",
					description: `Host tool ${i}.\nMore.`,
					run: () => `host ${i}`,
				});
			}
			for (let i = 1; i <= builtins; i++) {
				h.services.registry.add({ name: `core_${i}`, risk: "read", run: () => `core ${i}` }, { builtin: true });
			}
			return h;
		};
		const names = (h: ReturnType<typeof harness>, filter?: unknown) =>
			h.services.tools.definitions(filter)[0]!.map((declaration) => declaration.function.name);

		it("declares everything up to 128 tools, then 127 and the catalog; built-in tools first", () => {
			expect(names(fill(DECLARATION_LIMIT)).size()).to.equal(128);
			expect(names(fill(DECLARATION_LIMIT)).includes(CATALOG_NAME)).to.equal(false);
			const h = fill(150, 5);
			const list = names(h);
			expect(list.size()).to.equal(DECLARATION_LIMIT);
			expect(list[0]).to.equal("core_1");
			expect(list[4]).to.equal("core_5");
			expect(list[5]).to.equal("host_1");
			expect(list[126]).to.equal("host_122");
			expect(list[127]).to.equal(CATALOG_NAME);
			expect(names(h, { exclude: { host_1: true, host_2: true, core_1: true } }).size()).to.equal(128);
			expect(names(h, { groups: { misc: true } }).size()).to.equal(128);
		});

		it("lists the rest in pages of 32, gives exact schemas, and calls through the dispatcher", () => {
			const h = fill(200);
			h.services.tools.register({
				name: "host_write",
				description: "Writes.",
				parameters: object({ n: { type: "integer" } }, ["n"]),
				run: (args: { n: number }) => `wrote ${args.n}`,
			});
			const page1 = h.call(CATALOG_NAME, { action: "list" });
			const data = page1.data as {
				page: number;
				pages: number;
				total: number;
				tools: Array<{ name: string; description: string }>;
			};
			expect(page1.ok).to.equal(true);
			expect(data.total).to.equal(201 - 127);
			expect(data.pages).to.equal(math.ceil(74 / CATALOG_PAGE_SIZE));
			expect(data.tools.size()).to.equal(CATALOG_PAGE_SIZE);
			expect(data.tools[0].name).to.equal("host_128");
			expect(data.tools[0].description).to.equal("Host tool 128.…");
			const last = h.call(CATALOG_NAME, { action: "list", page: "3" }).data as { tools: Array<{ name: string }> };
			expect(last.tools[last.tools.size() - 1].name).to.equal("host_write");
			expect(h.call(CATALOG_NAME, { action: "list", page: 4 }).ok).to.equal(false);
			expect(h.call(CATALOG_NAME, { action: "list", page: 0 }).error).to.equal("invalid arguments");

			const schema = h.call(CATALOG_NAME, { action: "schema", name: "host_write" });
			expect(
				mentions(schema.text, '{"properties":{"n":{"type":"integer"}},"required":["n"],"type":"object"}'),
			).to.equal(true);
			expect(h.call(CATALOG_NAME, { action: "schema", name: "nope" }).ok).to.equal(false);
			expect(h.call(CATALOG_NAME, { action: "call", name: CATALOG_NAME }).ok).to.equal(false);
			expect(h.call(CATALOG_NAME, { action: "call" }).ok).to.equal(false);
			expect(h.call(CATALOG_NAME, { action: "explode" }).error).to.equal("invalid arguments");

			const direct = h.services.tools.dispatch({
				id: "same",
				function: { name: "host_write", arguments: '{"n": 2}' },
			});
			const viaCatalog = h.services.tools.dispatch({
				id: "same",
				function: {
					name: CATALOG_NAME,
					arguments: '{"action": "call", "name": "host_write", "arguments": {"n": "2"}}',
				},
			});
			expect(viaCatalog.id).to.equal(direct.id);
			expect(viaCatalog.name).to.equal("host_write");
			expect(viaCatalog.text).to.equal(direct.text);
			expect(typeIs(viaCatalog.ms, "number")).to.equal(true);
			const asText = h.call(CATALOG_NAME, { action: "call", name: "host_write", arguments: '{"n": 3}' });
			expect(asText.text).to.equal("wrote 3");
			expect(h.call(CATALOG_NAME, { action: "call", name: "host_write", arguments: {} }).error).to.equal(
				"invalid arguments",
			);

			// the same permissions and scopes apply as to a direct call
			h.services.permissions.public.setMode("readonly");
			expect(h.call(CATALOG_NAME, { action: "call", name: "host_write", arguments: { n: 1 } }).error).to.equal(
				"denied",
			);
			const scoped = h.call(
				CATALOG_NAME,
				{ action: "call", name: "host_5" },
				{ filter: { exclude: { host_5: true } } },
			);
			expect(scoped.error).to.equal("tool disabled");
			const withinScope = h.call(CATALOG_NAME, { action: "list" }, { filter: { only: { host_5: true } } });
			expect(withinScope.text).to.equal("Every available tool is already declared.");
		});
	});
};
