// Installs the one system package the tests need that npm cannot supply: Debian's Chromium (with
// a basic font) for the GUI snapshots, so `npm test` passes on a fresh machine. As root on Debian
// it runs apt-get itself; anywhere else it stops with the command to run, before any test starts,
// rather than letting the snapshot tests fail one by one. UAI_CHROMIUM names another binary.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = process.env.UAI_CHROMIUM || "/usr/bin/chromium";
const PACKAGES = ["chromium", "fonts-dejavu-core"];
const INSTALL = `apt-get install -y --no-install-recommends ${PACKAGES.join(" ")}`;

function executable(file) {
	try {
		fs.accessSync(file, fs.constants.X_OK);
		return true;
	} catch {
		return false;
	}
}

function apt(args) {
	const r = spawnSync("apt-get", args, {
		stdio: ["ignore", "inherit", "inherit"],
		env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
	});
	return r.status === 0;
}

export function ensureSystem() {
	if (executable(CHROMIUM)) return;
	const debian = fs.existsSync("/etc/debian_version") && executable("/usr/bin/apt-get");
	const root = typeof process.getuid === "function" && process.getuid() === 0;
	if (process.env.UAI_CHROMIUM === undefined && debian && root) {
		console.log(`Chromium is missing: installing ${PACKAGES.join(", ")} (apt-get)...`);
		if (apt(["update", "-q"]) && apt(["install", "-y", "-q", "--no-install-recommends", ...PACKAGES]) && executable(CHROMIUM))
			return;
		console.error(`npm test: installing Chromium failed; run "${INSTALL}" and try again`);
		process.exit(1);
	}
	const how = debian
		? `run "sudo ${INSTALL}"`
		: "install Chromium and set UAI_CHROMIUM to its path";
	console.error(`npm test: the GUI snapshot tests need Chromium at ${CHROMIUM}, which is missing: ${how}, then run npm test again`);
	process.exit(1);
}
