// Proof for the local-name pass (rename.mjs): Luau compiles each module and its shortened text, and
// the shortened text is kept only where the bytecode at debug level 1 is the same (debug level 1
// keeps line numbers and function names but no local names). Runs Lune once per bundle.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { luneCommand } from "../lune.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * @param {{ name: string, before: string, after: string }[]} pairs
 * @param {string} levels "1" or "1,2"
 * @returns {boolean[]} per pair: the two compile to the same bytecode
 */
export function sameBytecode(pairs, levels = "1") {
	if (pairs.length === 0) return [];
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "uai-verify-"));
	try {
		pairs.forEach((p, i) => {
			fs.writeFileSync(path.join(tmp, `${i}.a.luau`), p.before);
			fs.writeFileSync(path.join(tmp, `${i}.b.luau`), p.after);
		});
		fs.writeFileSync(path.join(tmp, "list.txt"), pairs.map((p) => p.name).join("\n") + "\n");
		const [cmd, pre] = luneCommand();
		const r = spawnSync(cmd, [...pre, "run", path.join(HERE, "roundtrip.luau"), tmp, levels, "--report"], {
			encoding: "utf8",
			maxBuffer: 64 * 1024 * 1024,
		});
		if (r.status !== 0) throw new Error(`bytecode check failed to run: ${r.stderr || r.error?.message}`);
		const same = new Array(pairs.length).fill(false);
		for (const line of r.stdout.split("\n")) {
			const m = /^(same|diff) (\d+)$/.exec(line.trim());
			if (m) same[Number(m[2])] = m[1] === "same";
		}
		return same;
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}

/**
 * Proof for the packed client modules (pack.mjs): the decoder the bundle carries
 * (scripts/bundle/unpack.luau), run by Lune, gives back each module's text exactly.
 * @param {{ text: string, packed: string }[]} items
 * @returns {boolean[]} per item: it unpacks to its text
 */
export function samePacked(items) {
	if (items.length === 0) return [];
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "uai-unpack-"));
	try {
		items.forEach((item, i) => {
			fs.writeFileSync(path.join(tmp, `${i}.a`), item.text);
			fs.writeFileSync(path.join(tmp, `${i}.b`), item.packed);
		});
		fs.writeFileSync(path.join(tmp, "count.txt"), String(items.length));
		const [cmd, pre] = luneCommand();
		const script = path.join(HERE, "unpack_check.luau");
		const r = spawnSync(cmd, [...pre, "run", script, tmp, path.join(HERE, "unpack.luau")], {
			encoding: "utf8",
			maxBuffer: 64 * 1024 * 1024,
		});
		if (r.status !== 0) throw new Error(`unpack check failed to run: ${r.stderr || r.error?.message}`);
		const same = new Array(items.length).fill(false);
		for (const line of r.stdout.split("\n")) {
			const m = /^(same|diff) (\d+)$/.exec(line.trim());
			if (m) same[Number(m[2])] = m[1] === "same";
		}
		return same;
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}
