// `npm run host -- FILE.luau [--profile executor|studio|plain] [--viewport desktop|tablet|phone|WxH]
//  [--signal deferred|immediate] [--snapshot out.png]`: runs a Luau script in the offline host.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runLune } from "./lune.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function hostArgs(file, options = []) {
	return ["run", path.join(ROOT, "test", "host", "main.luau"), "--", path.relative(ROOT, path.resolve(file)), ...options];
}

export function runHost(file, options = [], runOptions = {}) {
	return runLune(hostArgs(file, options), { cwd: ROOT, ...runOptions });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const [file, ...options] = process.argv.slice(2);
	if (!file) {
		console.error("usage: npm run host -- FILE.luau [--profile P] [--viewport V] [--signal S] [--snapshot out.png]");
		process.exit(2);
	}
	try {
		const { code } = await runHost(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), options);
		process.exit(code);
	} catch (err) {
		console.error(`host: ${err.message}`);
		process.exit(1);
	}
}
