// The web client's build: one JS and one CSS file, which scripts/bridge-bundle.mjs inlines into the
// page that the bridge serves (the bridge ships as one file).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
	root: path.dirname(fileURLToPath(import.meta.url)),
	base: "./",
	logLevel: "warn",
	oxc: { jsx: { runtime: "automatic" } },
	build: {
		outDir: "../../.cache/bridge-web",
		emptyOutDir: true,
		modulePreload: false,
		cssCodeSplit: false,
		assetsInlineLimit: 1_000_000,
		rolldownOptions: { output: { codeSplitting: false } },
	},
});
