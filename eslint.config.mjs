// ESLint flat config: TypeScript (typescript-eslint), roblox-ts rules (eslint-plugin-roblox-ts
// recommended, typed), the house rules (scripts/lint/plugin.mjs: layers and doors, see
// docs/ARCHITECTURE.md) and Prettier formatting reported as lint errors (eslint-plugin-prettier).
import js from "@eslint/js";
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
	houseRules,
	prettierRecommended,
);
