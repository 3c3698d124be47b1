// npm run openui:spec             regenerate openui/library.json (and src/openui/roblox/library_spec.ts)
//                                 from definitions.ts, refusing a change that breaks stored programs
// npm run openui:spec -- --check  fail when the committed files are out of date or break a rule
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSpec, checkCompatibility, checkSpec, loadDefinitions, paths, specModule, specText } from "./openui/spec.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const check = process.argv.includes("--check");
const files = paths(ROOT);
const spec = buildSpec(loadDefinitions(files.definitions));
const text = specText(spec);
const committed = fs.existsSync(files.json) ? fs.readFileSync(files.json, "utf8") : undefined;
const problems = checkSpec(spec);
if (committed !== undefined) problems.push(...checkCompatibility(JSON.parse(committed), spec));
if (check) {
	if (committed !== text) problems.unshift("library.json is out of date: run npm run openui:spec");
	const module = fs.existsSync(files.module) ? fs.readFileSync(files.module, "utf8") : "";
	if (module !== specModule(text)) problems.unshift("library_spec.ts is out of date: run npm run openui:spec");
}
if (problems.length > 0) {
	for (const p of problems) console.error(`openui:spec: ${p}`);
	process.exit(1);
}
if (!check) {
	fs.writeFileSync(files.json, text);
	fs.writeFileSync(files.module, specModule(text));
	console.log(`wrote ${path.relative(ROOT, files.json)} (${Object.keys(spec.components).length} components, version ${spec.version})`);
} else console.log(`openui:spec: library.json is current (${Object.keys(spec.components).length} components)`);
