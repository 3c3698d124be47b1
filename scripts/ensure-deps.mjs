// Installs the npm dependencies when they are missing or older than package-lock.json, so that
// `npm run build` and `npm test` work on a fresh clone without a separate install step.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function ensureDeps() {
	const lock = path.join(ROOT, "package-lock.json");
	const installed = path.join(ROOT, "node_modules", ".package-lock.json");
	if (fs.existsSync(installed) && fs.statSync(installed).mtimeMs >= fs.statSync(lock).mtimeMs) return;
	console.log("installing npm dependencies (npm ci)...");
	const r = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: ROOT, stdio: "inherit" });
	if (r.status !== 0) {
		console.error("npm ci failed");
		process.exit(r.status ?? 1);
	}
}
