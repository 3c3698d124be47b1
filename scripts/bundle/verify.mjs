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
	const files = pairs.flatMap((p, i) => [
		[`${i}.a.luau`, p.before],
		[`${i}.b.luau`, p.after],
	]);
	files.push(["list.txt", pairs.map((p) => p.name).join("\n") + "\n"]);
	return luneVerdicts("bytecode", pairs.length, files, (tmp) => [
		path.join(HERE, "roundtrip.luau"),
		tmp,
		levels,
		"--report",
	]);
}

/**
 * Proof for the private-member rename (members.mjs): each module and its renamed text compile to
 * the same bytecode at debug levels 1 and 2, except for string table entries, which map back
 * through `renames` to the original's (members_check.luau).
 * @param {{ before: string, after: string }[]} pairs
 * @param {Map<string, string>} renames name -> short name
 * @returns {boolean[]} per pair: the proof held
 */
export function sameMembers(pairs, renames) {
	const files = pairs.flatMap((p, i) => [
		[`${i}.a.luau`, p.before],
		[`${i}.b.luau`, p.after],
	]);
	files.push(["count.txt", String(pairs.length)]);
	files.push(["renames.txt", [...renames].map(([name, short]) => `${short} ${name}`).join("\n") + "\n"]);
	return luneVerdicts("members", pairs.length, files, (tmp) => [path.join(HERE, "members_check.luau"), tmp]);
}

/**
 * Proof for the packed client modules (pack.mjs): the decoder the bundle carries
 * (scripts/bundle/unpack.luau), run by Lune, gives back each module's text exactly.
 * @param {{ text: string, packed: string }[]} items
 * @returns {boolean[]} per item: it unpacks to its text
 */
export function samePacked(items) {
	const files = items.flatMap((item, i) => [
		[`${i}.a`, item.text],
		[`${i}.b`, item.packed],
	]);
	files.push(["count.txt", String(items.length)]);
	return luneVerdicts("unpack", items.length, files, (tmp) => [
		path.join(HERE, "unpack_check.luau"),
		tmp,
		path.join(HERE, "unpack.luau"),
	]);
}

/**
 * Writes `files` into a fresh temporary folder, runs one Lune script on it and reads its
 * "same N" / "diff N" lines: per item, whether the check held (items it does not name: false).
 * @param {string} label what the check is, for its failure message
 * @param {number} count how many items
 * @param {[string, string][]} files name and content, written before the run
 * @param {(tmp: string) => string[]} args the script and its arguments
 * @returns {boolean[]}
 */
function luneVerdicts(label, count, files, args) {
	if (count === 0) return [];
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `uai-${label}-`));
	try {
		for (const [name, content] of files) fs.writeFileSync(path.join(tmp, name), content);
		const [cmd, pre] = luneCommand();
		const r = spawnSync(cmd, [...pre, "run", ...args(tmp)], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
		if (r.status !== 0) throw new Error(`${label} check failed to run: ${r.stderr || r.error?.message}`);
		const same = new Array(count).fill(false);
		for (const line of r.stdout.split("\n")) {
			const m = /^(same|diff) (\d+)$/.exec(line.trim());
			if (m) same[Number(m[2])] = m[1] === "same";
		}
		return same;
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}
