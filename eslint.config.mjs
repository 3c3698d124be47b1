// ESLint flat config: TypeScript (typescript-eslint), roblox-ts rules (eslint-plugin-roblox-ts
// recommended, typed), the house rules (scripts/lint/plugin.mjs: layers and doors, see
// docs/ARCHITECTURE.md) and Prettier formatting reported as lint errors (eslint-plugin-prettier).
// The browser bridge (bridge/: a Node server and a React page, plain TypeScript rather than
// roblox-ts) has its own block: typed typescript-eslint rules, React's hooks rules, and Node or
// browser globals for its scripts and tests.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import prettierRecommended from "eslint-plugin-prettier/recommended";
import roblox from "eslint-plugin-roblox-ts";
import tseslint from "typescript-eslint";
import { houseRules } from "./scripts/lint/plugin.mjs";

export default tseslint.config(
	{ ignores: ["out/**", "include/**", "dist/**", "build/**", ".cache/**", "node_modules/**", "**/*.d.ts"] },
	{
		files: ["src/**/*.ts", "src/**/*.tsx", "test/spec/**/*.ts", "test/spec/**/*.tsx"],
		extends: [js.configs.recommended, ...tseslint.configs.recommended, roblox.configs.recommended],
		languageOptions: {
			parserOptions: {
				projectService: true,
				tsconfigRootDir: import.meta.dirname,
			},
		},
		rules: {
			// ARCHITECTURE.md: several values for Luau callers are real multiple returns, which
			// roblox-ts only produces from LuaTuple<[...]> and $tuple(...).
			"roblox-ts/no-user-defined-lua-tuple": "off",
			"@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
		},
	},
	{
		files: ["bridge/src/**/*.ts", "bridge/web/src/**/*.ts", "bridge/web/src/**/*.tsx"],
		extends: [js.configs.recommended, ...tseslint.configs.recommended],
		languageOptions: {
			parserOptions: { project: "./bridge/tsconfig.json", tsconfigRootDir: import.meta.dirname },
		},
		rules: {
			"@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
			"@typescript-eslint/no-floating-promises": "error",
		},
	},
	{
		files: ["bridge/web/src/**/*.tsx", "bridge/web/src/**/*.ts"],
		extends: [reactHooks.configs.flat["recommended-latest"]],
		languageOptions: { globals: globals.browser },
	},
	{
		files: ["bridge/src/**/*.ts"],
		languageOptions: { globals: globals.node },
	},
	{
		files: ["bridge/test/**/*.mjs", "bridge/web/*.mjs"],
		extends: [js.configs.recommended],
		languageOptions: { globals: globals.node },
		rules: { "no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }] },
	},
	houseRules,
	prettierRecommended,
);
