// Installs the npm dependencies when they are missing or were installed from another
// package-lock.json, so that `npm run build` and `npm test` work on a fresh clone without a separate
// install step. A stamp with the lockfile's hash records what node_modules was installed from.
// A node_modules that is a symlink (a scratch clone sharing another checkout's) is never reinstalled:
// `npm ci` would empty the shared folder.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MODULES = path.join(ROOT, "node_modules");
const STAMP = path.join(MODULES, ".uai-lock-sha256");

export function ensureDeps() {
	const lockHash = createHash("sha256").update(fs.readFileSync(path.join(ROOT, "package-lock.json"))).digest("hex");
	const installed = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, "utf8").trim() : undefined;
	if (installed === lockHash) return;
	if (fs.existsSync(MODULES) && fs.lstatSync(MODULES).isSymbolicLink()) {
		if (installed !== undefined) console.warn("node_modules is a shared symlink installed from another lockfile; not reinstalling");
		return;
	}
	console.log("installing npm dependencies (npm ci)...");
	const r = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: ROOT, stdio: "inherit" });
	if (r.status !== 0) {
		console.error("npm ci failed");
		process.exit(r.status ?? 1);
	}
	fs.writeFileSync(STAMP, `${lockHash}\n`);
}
