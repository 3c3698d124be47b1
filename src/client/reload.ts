// Loader reruns: what happens when the bundle runs while `getgenv().UAI` holds a client.
//
// | running client                          | result                                              |
// |-----------------------------------------|-----------------------------------------------------|
// | reload-blocked (cleanup never finished) | notice: rejoin needed; the blocked handle returned  |
// | same build                              | that handle; its app toggles unless reuse = true;   |
// |                                         | the new context is not adopted                      |
// | other build, something blocks           | that handle, pendingBuild set, notice of blockers   |
// | other build, safe                       | state saved by its checks, it unloads, a new boot   |
// |                                         | (inheriting its context when none was passed)       |
// | other build, unload did not finish      | that handle, reloadBlocked set, rejoin notice       |
//
// Builds talk through a small, versioned port on the handle (`_reload`), so a later build can
// replace this one without knowing its internals.
import { Context } from "./context";

export const RELOAD_PROTOCOL = 1;

/** What a running client offers the loader of another build. */
export interface ReloadPort {
	readonly protocol: number;
	/** Runs the client's blocker checks (saving its state on the way); the reasons, empty if safe. */
	readonly check: () => ReadonlyArray<string>;
	/**
	 * Shows a notice to the user through that client (`uai.notices`, the log; the app's
	 * notifications). `kind` ("pending", "reload-blocked") is optional: older loaders omit it.
	 */
	readonly notify: (text: string, kind?: string) => void;
}

/** The fields of a running handle the loader reads and writes. */
interface RunningHandle {
	alive?: unknown;
	build?: unknown;
	reloadBlocked?: unknown;
	pendingBuild?: unknown;
	cleanupFailed?: unknown;
	toggle?: unknown;
	destroy?: unknown;
	env?: { context?: unknown };
	_reload?: unknown;
}

export type RerunOutcome =
	| { readonly kind: "keep"; readonly handle: unknown }
	| {
			readonly kind: "boot";
			readonly inherited: Context | undefined;
			/** The build this boot replaces (it unloaded cleanly), if any. */
			readonly replaced?: string;
	  };

function portOf(handle: RunningHandle): ReloadPort | undefined {
	const port = handle._reload;
	if (!typeIs(port, "table")) return undefined;
	const candidate = port as Partial<ReloadPort>;
	if (
		candidate.protocol !== RELOAD_PROTOCOL ||
		!typeIs(candidate.check, "function") ||
		!typeIs(candidate.notify, "function")
	) {
		return undefined;
	}
	return candidate as ReloadPort;
}

function firstLine(err: unknown): string {
	return string.match(tostring(err), "^[^\n]*")[0] as string;
}

/**
 * Applies the rerun rules for a loader of build `build` whose chosen context is `context`
 * (undefined when none was passed). `genv` is getgenv()'s table.
 */
export function resolveRerun(
	genv: Record<string, unknown>,
	build: string,
	context: Context | undefined,
	reuse: boolean,
): RerunOutcome {
	const value = genv.UAI;
	if (!typeIs(value, "table")) return { kind: "boot", inherited: undefined };
	const running = value as RunningHandle;
	const blocked = running.reloadBlocked !== undefined && running.reloadBlocked !== false;
	if (running.alive !== true && !blocked) return { kind: "boot", inherited: undefined };

	const port = portOf(running);
	const notify = (text: string, kind: "pending" | "reload-blocked") => {
		if (port === undefined || !pcall(port.notify, text, kind)[0]) warn(`[UAI] ${text}`);
	};
	const runningBuild = tostring(running.build);

	if (blocked) {
		notify(
			`UAI ${build} was not loaded: build ${runningBuild} could not finish unloading (${tostring(running.reloadBlocked)}). Rejoin the game to load a new copy.`,
			"reload-blocked",
		);
		return { kind: "keep", handle: running };
	}
	if (runningBuild === build) {
		if (!reuse && typeIs(running.toggle, "function")) pcall(running.toggle as () => void);
		return { kind: "keep", handle: running };
	}

	let reasons: ReadonlyArray<string>;
	if (port === undefined) {
		reasons = [`the running copy cannot report whether it is safe to replace; call uai.unload() on it first`];
	} else {
		const [ok, result] = pcall(port.check);
		if (!ok) reasons = [`its replacement check failed: ${firstLine(result)}`];
		else reasons = typeIs(result, "table") ? (result as ReadonlyArray<string>) : [];
	}
	if (reasons.size() > 0) {
		running.pendingBuild = build;
		notify(
			`UAI ${build} is ready but was not loaded; build ${runningBuild} keeps running because: ${reasons.join("; ")}. Run the loader again when this is resolved.`,
			"pending",
		);
		return { kind: "keep", handle: running };
	}

	const [, previousContext] = pcall(() => running.env?.context);
	const inherited =
		context === undefined && typeIs(previousContext, "table") ? (previousContext as Context) : undefined;
	const [destroyed, destroyError] = pcall(running.destroy as () => unknown);
	let failure: string | undefined;
	if (!destroyed) failure = `unload raised: ${firstLine(destroyError)}`;
	else if (running.alive === true) failure = "it is still alive after unload";
	else if (running.cleanupFailed === true) failure = "some of its cleanup failed";
	if (failure !== undefined) {
		running.reloadBlocked = failure;
		genv.UAI = running;
		notify(
			`UAI ${build} was not loaded: build ${runningBuild} did not unload cleanly (${failure}). Rejoin the game to load a new copy.`,
			"reload-blocked",
		);
		return { kind: "keep", handle: running };
	}
	return { kind: "boot", inherited, replaced: runningBuild };
}
