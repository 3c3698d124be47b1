// ESLint rules of the house (docs/ARCHITECTURE.md, "Layers" and "Doors"), a local plugin:
//   uai/layers — an import of src/ that runs against the layers (scripts/lint/layers.mjs), an app
//                import of internals, a ui-lib import of anything outside ui-lib, and (one import
//                style) a module of src/ named by its baseUrl path inside src/;
//   uai/doors  — code outside src/host/ and src/ui-lib/adapter/ that reads `game`, calls
//                `GetService`, reads or declares an executor global, or imports @rbxts/services.
// No published rule does both the layer ranks and ui-lib's isolation from one table, and none
// knows which globals an executor adds, so the rules are ours; scripts/lint/prove-rules.mjs
// lints a wrong snippet for each direction and expects each error.
import path from "node:path";
import {
	DOOR_GLOBALS,
	DOOR_MEMBERS,
	DOOR_MODULES,
	importProblem,
	isDoor,
	moduleId,
	resolveImport,
	SRC,
} from "./layers.mjs";

/** The module id of the linted file when it is inside src/, else undefined. */
function sourceModule(context) {
	const file = path.resolve(context.filename);
	return file.startsWith(SRC + path.sep) ? moduleId(file) : undefined;
}

const layers = {
	meta: {
		type: "problem",
		fixable: "code",
		docs: { description: "imports follow the layers of docs/ARCHITECTURE.md" },
		schema: [],
		messages: {
			layer: "{{why}} (docs/ARCHITECTURE.md, Layers)",
			style: 'import "{{specifier}}" by its relative path: modules of src/ import each other relatively',
		},
	},
	create(context) {
		const source = sourceModule(context);
		if (source === undefined) return {};
		const file = path.resolve(context.filename);
		const check = (node) => {
			if (node?.type !== "Literal" || typeof node.value !== "string") return;
			const target = resolveImport(file, node.value);
			if (target === undefined) return;
			if (!target.relative) {
				let relative = path.relative(path.dirname(file), path.join(SRC, target.id)).split(path.sep).join("/");
				if (!relative.startsWith(".")) relative = `./${relative}`;
				context.report({
					node,
					messageId: "style",
					data: { specifier: node.value },
					fix: (fixer) => fixer.replaceText(node, JSON.stringify(relative)),
				});
				return;
			}
			const why = importProblem(source, target.id);
			if (why !== undefined) context.report({ node, messageId: "layer", data: { why } });
		};
		return {
			ImportDeclaration: (node) => check(node.source),
			ExportNamedDeclaration: (node) => check(node.source),
			ExportAllDeclaration: (node) => check(node.source),
			ImportExpression: (node) => check(node.source),
			TSImportType: (node) => check(node.argument?.literal ?? node.argument),
		};
	},
};

const doors = {
	meta: {
		type: "problem",
		docs: { description: "only src/host/ and src/ui-lib/adapter/ reach Roblox services and executor globals" },
		schema: [],
		messages: {
			global: "`{{name}}` is reached through a door: src/host/ (client) or src/ui-lib/adapter/ (UI LIB) (docs/ARCHITECTURE.md, Doors)",
			member: "`{{name}}` is called in a door only: src/host/ (client) or src/ui-lib/adapter/ (UI LIB) (docs/ARCHITECTURE.md, Doors)",
			module: '"{{name}}" is imported in a door only: src/host/ (client) or src/ui-lib/adapter/ (UI LIB) (docs/ARCHITECTURE.md, Doors)',
		},
	},
	create(context) {
		const source = sourceModule(context);
		if (source === undefined || isDoor(source)) return {};
		return {
			ImportDeclaration(node) {
				if (DOOR_MODULES.has(node.source.value))
					context.report({ node: node.source, messageId: "module", data: { name: node.source.value } });
			},
			VariableDeclarator(node) {
				// `declare const readfile: unknown` would make the global look local
				if (node.id.type === "Identifier" && DOOR_GLOBALS.has(node.id.name) && node.parent?.declare === true)
					context.report({ node: node.id, messageId: "global", data: { name: node.id.name } });
			},
			MemberExpression(node) {
				if (!node.computed && node.property.type === "Identifier" && DOOR_MEMBERS.has(node.property.name))
					context.report({ node: node.property, messageId: "member", data: { name: node.property.name } });
			},
			"Program:exit"(program) {
				const scope = context.sourceCode.getScope(program);
				for (const reference of scope.through) {
					const name = reference.identifier.name;
					if (DOOR_GLOBALS.has(name))
						context.report({ node: reference.identifier, messageId: "global", data: { name } });
				}
			},
		};
	},
};

export default { meta: { name: "uai" }, rules: { layers, doors } };

/** The config block that turns the rules on for src/ (eslint.config.mjs and the proof share it). */
export const houseRules = {
	files: ["src/**/*.ts", "src/**/*.tsx"],
	plugins: { uai: { meta: { name: "uai" }, rules: { layers, doors } } },
	rules: { "uai/layers": "error", "uai/doors": "error" },
};
