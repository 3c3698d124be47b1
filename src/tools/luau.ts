// The script tools (group `script`): run_luau runs code, or a file from UAI/files, managed — the
// threads it starts through task.spawn/defer/delay (and spawn/delay) are tracked and cancelled at
// its deadline or on Stop, while the connections and windows it made stay alive — and check_luau
// compiles without running. Neither is a sandbox: the code runs with the executor's powers.
// script_list and script_source (./scripts) read the game's scripts.
import type UILibrary from "../ui-lib";
import { CallContext } from "../agent/dispatch/tool";
import { HostLuau } from "../host/luau";
import { ToolDeps } from "./deps";
import { readText } from "./file_store";
import { failure, family, tool, ToolFamily } from "./kit";
import { checkPath } from "./paths";
import { render } from "./render";
import { scriptTools } from "./scripts";
import { utf8Prefix } from "../runtime/text_limit";

const DEFAULT_SECONDS = 10;
const MAX_SECONDS = 60;
/** Captured print/warn output kept per run. */
export const OUTPUT_LIMIT = 16000;
const CHUNK = "run_luau";
const POLL = 0.03;

interface Run {
	live: boolean;
	readonly threads: Array<thread>;
	output: Array<string>;
	bytes: number;
	dropped: number;
}

function capture(run: Run, prefix: string, args: ReadonlyArray<unknown>) {
	const parts = new Array<string>();
	for (let index = 0; index < args.size(); index++) parts.push(tostring(args[index]));
	const line = prefix + parts.join(" ");
	if (run.bytes + line.size() + 1 > OUTPUT_LIMIT) {
		const room = OUTPUT_LIMIT - run.bytes - 1;
		if (room > 0) run.output.push(utf8Prefix(line, room));
		run.dropped += line.size() - math.max(0, room);
		run.bytes = OUTPUT_LIMIT;
		return;
	}
	run.output.push(line);
	run.bytes += line.size() + 1;
}

/** `task` for the code: spawn/defer/delay are tracked while the run is live, plain afterwards. */
function managedTask(run: Run) {
	const track = (thread: thread) => {
		if (run.live) run.threads.push(thread);
		return thread;
	};
	type Fn = Callback | thread;
	return table.freeze({
		spawn: (fn: Fn, ...args: Array<unknown>) => track(task.spawn(fn as Callback, ...args)),
		defer: (fn: Fn, ...args: Array<unknown>) => track(task.defer(fn as Callback, ...args)),
		delay: (seconds: number, fn: Fn, ...args: Array<unknown>) =>
			track(task.delay(seconds, fn as Callback, ...args)),
		wait: task.wait,
		cancel: task.cancel,
		synchronize: task.synchronize,
		desynchronize: task.desynchronize,
	});
}

function cancelThreads(run: Run): number {
	let cancelled = 0;
	const current = coroutine.running();
	for (const thread of run.threads) {
		if (thread === current || coroutine.status(thread) === "dead") continue;
		if (pcall(task.cancel, thread)[0]) cancelled += 1;
	}
	return cancelled;
}

type Ending = "completed" | "error" | "deadline" | "stopped";

function describe(ending: Ending, seconds: number, limit: number): string {
	if (ending === "completed") return `Ran to completion in ${string.format("%.2f", seconds)} s.`;
	if (ending === "error") return `Raised an error after ${string.format("%.2f", seconds)} s.`;
	if (ending === "deadline") return `Stopped at its ${limit} s deadline.`;
	return "Stopped by the user.";
}

/** xpcall's results with their count, nils included (`table.pack`, which TypeScript cannot express). */
type Packed = { readonly n: number } & Record<number, unknown>;
type Packer = (fn: Callback, handler: (err: unknown) => unknown) => Packed;

function runManaged(luau: HostLuau, pack: Packer, source: string, seconds: number, ctx: CallContext) {
	const run: Run = { live: true, threads: [], output: [], bytes: 0, dropped: 0 };
	const managed = managedTask(run);
	const globals = {
		// UI LIB loads with the first run, not at boot: a literal require the bundler follows (docs/BUILDING.md)
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		UI: require(script.Parent!.Parent!.WaitForChild("ui-lib") as ModuleScript) as typeof UILibrary,
		print: (...args: Array<unknown>) => capture(run, "", args),
		warn: (...args: Array<unknown>) => capture(run, "[warn] ", args),
		task: managed,
		spawn: (fn: Callback) => managed.defer(fn),
		delay: (delay: number, fn: Callback) => managed.delay(delay, fn),
	};
	const [fn, compileError] = luau.compileWith(source, CHUNK, globals);
	if (fn === undefined) return failure(`the code does not compile: ${compileError}`, { ending: "compile" });
	const started = os.clock();
	let finished: { ok: boolean; values: Array<unknown>; count: number } | undefined;
	const main = task.spawn(() => {
		const packed = pack(fn, (err: unknown) => (typeIs(err, "string") ? err : render(err)));
		const values = new Array<unknown>();
		for (let index = 2; index <= packed.n; index++) values[index - 2] = packed[index];
		finished = { ok: packed[1] === true, values, count: packed.n - 1 };
	});
	run.threads.push(main);
	const deadline = started + seconds;
	while (finished === undefined && os.clock() < deadline && !ctx.aborted()) task.wait(POLL);
	let ending: Ending;
	if (finished !== undefined) ending = finished.ok ? "completed" : "error";
	else ending = ctx.aborted() ? "stopped" : "deadline";
	run.live = false;
	const cancelled = cancelThreads(run);
	const lines = [describe(ending, os.clock() - started, seconds)];
	if (!run.output.isEmpty()) lines.push(`Output:\n${run.output.join("\n")}`);
	if (run.dropped > 0) lines.push(`[${run.dropped} more bytes of output were dropped]`);
	if (ending === "error") lines.push(`Error: ${tostring(finished?.values[0])}`);
	const returned = new Array<string>();
	if (ending === "completed" && finished !== undefined)
		for (let index = 0; index < finished.count; index++) returned.push(render(finished.values[index]));
	if (!returned.isEmpty()) lines.push(`Returned: ${returned.join(", ")}`);
	if (cancelled > 0)
		lines.push(
			`Cancelled ${cancelled} thread${cancelled === 1 ? "" : "s"} it started; connections and windows it made stay.`,
		);
	const data = { ending, output: run.output.join("\n"), returned, cancelled, threads: run.threads.size() };
	const text = lines.join("\n");
	if (ending === "completed") return { ok: true, text, data };
	return { ok: false, text: `Failed: ${text}`, data };
}

function sourceOf(
	deps: ToolDeps,
	args: { code?: string; path?: string },
): LuaTuple<[string, undefined] | [undefined, string]> {
	if (args.code !== undefined && args.path !== undefined) return $tuple(undefined, "give code or path, not both");
	if (args.code !== undefined) return $tuple(args.code, undefined);
	if (args.path === undefined) return $tuple(undefined, "give the code to run, or the path of a file in UAI/files");
	const files = deps.host.files;
	if (files === undefined) return $tuple(undefined, "this host has no file functions to read the file with");
	const [path, problem] = checkPath(args.path);
	if (path === undefined) return $tuple(undefined, problem);
	const [text, why] = readText(files, path);
	if (text === undefined) return $tuple(undefined, why);
	return $tuple(text, undefined);
}

export function luauTools(deps: ToolDeps): ToolFamily {
	const luau = deps.host.luau;
	const packer =
		luau !== undefined
			? luau.compile("return function(f, h) return table.pack(xpcall(f, h)) end", "pack")[0]
			: undefined;
	const pack = packer !== undefined ? (packer() as Packer) : undefined;
	const CODE = { type: "string", minLength: 1, maxLength: 200000, description: "Luau source" };
	// the prompt names what this host offers: no loadstring, no running; no decompile, no sources
	const reading =
		deps.host.decompile !== undefined
			? "list the game's scripts and read their decompiled source"
			: "list the game's scripts";
	const summary =
		luau !== undefined
			? `run and check Luau in this client (run_luau can build windows with the UI LIB as UI); ${reading}`
			: reading;
	return family("script", "Code", summary, [
		tool<{ code?: string; path?: string; timeout?: number }>({
			name: "run_luau",
			risk: "danger",
			needs: ["exec"],
			description:
				"Run Luau code (or a file in UAI/files) in this Roblox client, in a fresh environment where `UI` is the UI LIB " +
				"(see ui_library_docs) and print/warn are captured. Returns output, returned values, or the error with its line. " +
				`Managed: threads started with task.spawn/defer/delay (and spawn/delay) are cancelled at the deadline (default ${DEFAULT_SECONDS} s) or on Stop; ` +
				"event connections and windows it creates stay alive, so build UIs with callbacks, not polling loops. " +
				"Not a sandbox: the code has the executor's full powers.",
			parameters: {
				type: "object",
				properties: {
					code: CODE,
					path: {
						type: "string",
						minLength: 1,
						description: "a .lua/.luau file in UAI/files instead of code",
					},
					timeout: {
						type: "number",
						minimum: 1,
						maximum: MAX_SECONDS,
						description: `seconds (default ${DEFAULT_SECONDS})`,
					},
				},
				required: [],
			},
			timeout: (args) => ((args as { timeout?: number }).timeout ?? DEFAULT_SECONDS) + 5,
			limits: `deadline 1-${MAX_SECONDS} s (default ${DEFAULT_SECONDS}); output ${OUTPUT_LIMIT} bytes; code up to 200,000 bytes`,
			example: {
				args: { code: 'print("hi") return 1 + 1' },
				result: "Ran to completion in 0.00 s.\nOutput:\nhi\nReturned: 2",
			},
			run: (args, ctx) => {
				if (luau === undefined || pack === undefined) return failure("this host has no loadstring");
				const [source, problem] = sourceOf(deps, args);
				if (source === undefined) return failure(problem);
				return runManaged(luau, pack, source, math.clamp(args.timeout ?? DEFAULT_SECONDS, 1, MAX_SECONDS), ctx);
			},
		}),
		tool<{ code?: string; path?: string }>({
			name: "check_luau",
			risk: "read",
			needs: ["exec"],
			description:
				"Compile Luau code (or a file in UAI/files) without running it; reports syntax errors with their line numbers.",
			parameters: {
				type: "object",
				properties: { code: CODE, path: { type: "string", minLength: 1 } },
				required: [],
			},
			limits: "syntax only: names, types and runtime errors are not checked",
			example: {
				args: { code: "local x = " },
				result: "Failed: run_luau:1: Expected identifier when parsing expression, got <eof>",
			},
			run: (args) => {
				if (luau === undefined) return failure("this host has no loadstring");
				const [source, problem] = sourceOf(deps, args);
				if (source === undefined) return failure(problem);
				const [fn, why] = luau.compile(source, CHUNK);
				if (fn === undefined) return failure(why as string, { valid: false });
				return { ok: true, text: `No syntax errors (${source.size()} bytes).`, data: { valid: true } };
			},
		}),
		...scriptTools(deps),
	]);
}
