// Renders pictures for the docs: each shot is a Luau driver script run in the offline host, which
// ends by writing `out` with host.snapshot. Shared by `npm run snapshots` (UI LIB) and
// scripts/app-snapshots.mjs (the application). Exits non-zero when any shot fails.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDeps } from "./ensure-deps.mjs";
import { runHost } from "./host.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const OUT = path.join("docs", "images");

/** shots: [{ out, source, device: "desktop" | "tablet" | "phone" | "portrait" }] — `out` relative to the repository. */
export async function renderShots(label, shots) {
	ensureDeps();
	fs.mkdirSync(path.join(ROOT, OUT), { recursive: true });
	const temp = fs.mkdtempSync(path.join(os.tmpdir(), `uai-${label}-`));
	let failed = 0;
	try {
		for (const shot of shots) {
			// named after the picture: the app's log panel shows the driver's chunk name
			const script = path.join(temp, `${path.basename(shot.out, ".png").replace(/^app-/, "")}.luau`);
			fs.writeFileSync(script, shot.source);
			const viewport = shot.device === "desktop" ? "1280x720" : shot.device;
			const r = await runHost(script, ["--viewport", viewport], { capture: true });
			if (r.code !== 0) {
				failed++;
				console.log(`FAIL ${shot.out}\n${r.stdout}${r.stderr}`);
			} else console.log(`wrote ${shot.out}`);
		}
	} finally {
		fs.rmSync(temp, { recursive: true, force: true });
	}
	process.exit(failed === 0 ? 0 : 1);
}
