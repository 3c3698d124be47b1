// Boot: context → rerun rules → runtime → handle. A failure anywhere reports the error, releases
// what was made, and returns nil. The standard application comes from the bundle entry (src/index.ts)
// as `app`: it sits above the client and sees only the public API (src/api).
import { createSessions } from "../agent/conversation/sessions";
import { createSubagents, Subagents } from "../agent/delegation/subagents";
import { createToolServices } from "../agent/dispatch/services";
import { createWorkers } from "../agent/conversation/workers";
import { createRequester } from "../embedding/request";
import type * as Tools from "../tools";
import { ToolFamily } from "../tools/kit";
import { createMemoryStore } from "../tools/memory_store";
import { createRelayPort } from "../net/bridge/port";
import { createAttachments } from "../runtime/attachments";
import { createSdk } from "../embedding/sdk";
import { createHost, Host } from "../host";
import { publicFrame } from "../host/frame";
import { createInference } from "../provider/inference";
import { createProviders } from "../provider/registry";
import { createBlockerRegistry } from "../runtime/blockers";
import { createCleanupRegistry } from "../runtime/cleanup";
import { createConfig } from "../runtime/config";
import { createLog, isLogLevel, Log } from "../runtime/log";
import { createRedactor } from "../runtime/redact";
import { createModuleRegistry } from "../runtime/registry";
import { collectSecrets } from "../runtime/secrets";
import { createStorage, STORAGE_FOLDER } from "../runtime/storage";
import { publicUtil } from "../runtime/util";
import { CLIENT_VERSION, SDK_VERSION } from "../version";
import { createBridge } from "./bridge";
import { Bundle } from "./bundle";
import { chooseContext, Context, reviewContext, wantsReuse, wantsUi } from "./context";
import { createEnv, definePublicModule } from "./env";
import { AppFactory, createHandle, Handle } from "./handle";
import { createNotices } from "./notices";
import { resolveRerun } from "./reload";
import { loadOpenUI, OpenUIModule } from "./optional_modules";
import { createAnswerPolicy } from "./answers";
import { createWarm } from "./warm";
import { routeProtocol } from "../provider/protocols/opencode_routes";

interface LogSettings {
	readonly logs?: { readonly level?: unknown; readonly mirror?: unknown };
}

/** Keeps the log in step with the configuration: level, console mirror, known credentials. */
function applyLogSettings(log: Log, data: LogSettings) {
	const level = data.logs?.level;
	if (isLogLevel(level)) log.setLevel(level);
	log.setMirror(data.logs?.mirror === true);
	log.setSecrets("config", collectSecrets(data));
}

/** The context a boot uses, and where it came from (for the boot log). */
interface ChosenContext {
	readonly context: Context;
	readonly source: string;
}

function bootClient(
	host: Host,
	chosen: ChosenContext,
	build: string,
	bundle: Bundle | undefined,
	replaced: string | undefined,
	app: AppFactory,
): Handle {
	const context = chosen.context;
	const log = createLog();
	const logger = log.scope("boot");
	const cleanup = createCleanupRegistry(log.scope("cleanup"));
	try {
		const caps = host.caps;
		logger.info(`UAI ${CLIENT_VERSION} (${build}) starting: ${caps.summary()}`);
		if (!caps.has("http")) logger.warn(caps.reason("http") as string);
		for (const line of caps.lost) logger.info(`unavailable ${line}`);
		logger.info(`context: ${chosen.source}`);
		reviewContext(context, logger);

		const blockers = createBlockerRegistry(log.scope("blockers"));
		const storage = createStorage(host.files, log.scope("storage"));
		const [canSave, noSave] = storage.available();
		if (!canSave) logger.info(noSave as string);
		const config = createConfig({
			storage,
			log: log.scope("config"),
			cleanup,
			blockers,
			onWrite: (data) => applyLogSettings(log, data),
		});
		config.load();

		// the web relay's port exists before the providers; the bridge attaches its link below
		const relay = createRelayPort();
		const providers = createProviders({
			config: config.public,
			log: log.scope("providers"),
			// every attempt over the host's transports goes to the request log (uai.log.requests)
			http: host.http !== undefined ? { ...host.http, record: log.recordRequest } : undefined,
			websocket: host.websocket,
			noHttpReason: caps.reason("http") ?? "this host has no HTTP transport",
			canReachLocal: caps.http === "executor",
			addSecrets: log.addRequestSecrets,
			relay,
		});
		cleanup.add(providers.destroy, "providers");

		const registry = createModuleRegistry();
		definePublicModule(registry, "runtime/util", () => publicUtil);
		definePublicModule(registry, "runtime/log", () => log.public);
		definePublicModule(registry, "runtime/config", () => config.public);
		definePublicModule(registry, "runtime/caps", () => caps);
		definePublicModule(registry, "runtime/blockers", () => blockers);
		definePublicModule(registry, "runtime/clipboard", () => host.clipboard);
		definePublicModule(registry, "runtime/cleanup", () => table.freeze({ add: cleanup.add, count: cleanup.count }));
		definePublicModule(registry, "runtime/frame", () => publicFrame);
		definePublicModule(registry, "openui", loadOpenUI);
		// OpenUI loads on first use: a stored answer in history or Settings → Chat → Interactive answers
		const openui = () => registry.require("openui") as OpenUIModule;
		const env = createEnv(
			registry,
			context,
			table.freeze({
				name: "UAI",
				version: CLIENT_VERSION,
				build,
				sdkVersion: SDK_VERSION,
				folder: STORAGE_FOLDER,
			}),
			caps,
		);

		const mapError = bundle !== undefined ? bundle.mapError : (text: string) => text;
		const toolServices = createToolServices({ config: config.public, caps, log, cleanup, env, mapError });
		toolServices.hooks.adopt(context.hooks);
		const memory = createMemoryStore(storage, log.scope("memory"));
		// Built-in tools: src/tools (every family and implementation, the prompt notes and the catalogue)
		// loads on first use — the registry's first read or change (below), a turn's prompt — not at
		// boot (docs/BUILDING.md, "Lazy modules"): a literal require, which the bundler follows and carries.
		let tools: typeof Tools | undefined;
		const loadTools = () => {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			tools ??= require(script.Parent!.Parent!.WaitForChild("tools") as ModuleScript) as typeof Tools;
			return tools;
		};
		// the built-in families, made on first use (below)
		let builtinFamilies = (): ReadonlyArray<ToolFamily> => [];
		const attachments = createAttachments(host.files, relay.imagesAvailable);
		definePublicModule(registry, "runtime/attachments", () =>
			table.freeze({ save: attachments.save, reference: attachments.reference }),
		);
		// assigned once the session manager exists; the loop asks it for pending children
		// eslint-disable-next-line prefer-const
		let subagents: Subagents | undefined;
		// a first turn's lazy modules, compiled ahead from the turn's start (warm.ts); the loop's first
		// read of the tools and each attempt wait for their group where the turn's thread may yield
		const warm = createWarm({
			prepare: bundle?.prepare,
			protocol: () => {
				const [record] = providers.usable();
				return record !== undefined ? routeProtocol(record.baseUrl, record.api, record.model) : undefined;
			},
			cleanup,
		});
		const inference = createInference(providers);
		const sessions = createSessions({
			loop: {
				inference: {
					...inference,
					attempt: (record, request, callbacks) =>
						warm.use("inference", () => inference.attempt(record, request, callbacks)),
				},
				config: config.public,
				hooks: toolServices.hooks,
				tools: {
					...toolServices.tools,
					// the first read registers the built-ins: their modules and families, then the rest
					definitions: (filter) =>
						warm.use(
							"tools",
							() => toolServices.tools.definitions(filter),
							() => builtinFamilies(),
						),
				},
				warm: warm.start,
				pendingSubagents: (session) => subagents?.pending(session) ?? [],
				hostPrompt: () => context.prompt,
				promptNotes: (declared) => {
					warm.ready("tools");
					return loadTools().promptNotes(
						{
							families: builtinFamilies(),
							memory,
							memoryOn: () => config.public.get("memory.enabled") !== false,
						},
						declared,
					);
				},
				modelText: (stored, role) => openui().Message.modelText(stored, role),
				// Settings → Chat → Interactive answers: the library's section, stored answers, edits
				answers: createAnswerPolicy(config.public),
			},
			permissions: toolServices.permissions,
			workers: createWorkers(),
			log: log.scope("sessions"),
			env,
			mapError,
			alive: toolServices.alive,
			attachments,
			availability: toolServices.availability,
			storage,
			cleanup,
			blockers,
			placeId: host.placeId,
			placeName: "",
		});
		subagents = createSubagents({ sessions, config: config.public, log: log.scope("subagents") });
		cleanup.add(subagents.destroy, "subagents");
		const sdk = createSdk({
			version: SDK_VERSION,
			log: log.scope("sdk"),
			hooks: toolServices.hooks,
			registry: toolServices.registry,
			cleanup,
			request: createRequester({ sessions, cleanup, log: log.scope("requests") }),
		});

		const bridge = createBridge({
			http: host.http !== undefined ? { ...host.http, record: log.recordRequest } : undefined,
			addSecrets: log.addRequestSecrets,
			noHttpReason: caps.reason("http") ?? "this host has no HTTP transport",
			sessions,
			providers: providers.public,
			permissions: toolServices.permissions.public,
			tools: toolServices.tools,
			config: config.public,
			log: log.public,
			logger: log.scope("bridge"),
			cleanup,
			relay,
			attachments,
			version: CLIENT_VERSION,
		});

		const notices = createNotices(log.scope("client"));
		cleanup.add(notices.destroy, "notices");
		// Built-in tools, registered before any host tool can be (and listed first regardless), when
		// the registry is first read or changed: the first turn, tools.list(), Settings.
		let families: ReadonlyArray<ToolFamily> | undefined;
		builtinFamilies = () => {
			families ??= loadTools().builtinFamilies({
				host,
				config: config.public,
				log: log.scope("tools"),
				recordRequest: log.recordRequest,
				notify: (text) => notices.add("other", text),
				sessions,
				memory,
				subagents,
			});
			return families;
		};
		toolServices.registry.defer(() =>
			loadTools().registerBuiltins(toolServices.registry, builtinFamilies(), log.scope("tools")),
		);
		definePublicModule(registry, "tools/builtin", () => loadTools().catalogue(builtinFamilies()));
		if (replaced !== undefined)
			notices.add("replaced", `UAI ${build} replaced build ${replaced}, which unloaded cleanly.`);
		const handle = createHandle({
			version: CLIENT_VERSION,
			build,
			sdk,
			caps,
			log,
			config,
			cleanup,
			blockers,
			env,
			providers: providers.public,
			tools: toolServices.tools,
			hooks: toolServices.hooks.public,
			permissions: toolServices.permissions.public,
			sessions: sessions.public,
			bridge: bridge.public,
			notices,
			genv: host.genv,
			bundle,
			app,
		});
		if (wantsUi(context)) {
			const [shown, why] = handle.show();
			if (!shown) logger.warn(`the application could not open: ${why}`);
		}
		if (host.genv !== undefined) host.genv.UAI = handle;
		bridge.resume();
		logger.info("ready");
		return handle;
	} catch (err) {
		cleanup.drain();
		throw err;
	}
}

function startUnprotected(bundle: Bundle | undefined, app: AppFactory): Handle | undefined {
	const build = bundle !== undefined ? bundle.build : `${CLIENT_VERSION}-dev`;
	const host = createHost();
	const choice = chooseContext(bundle?.args[0], host.genv);
	let chosen: ChosenContext | undefined;
	let replaced: string | undefined;
	if (choice.context !== undefined) chosen = { context: choice.context, source: choice.source as string };
	if (host.genv !== undefined) {
		const outcome = resolveRerun(host.genv, build, choice.context, wantsReuse(choice.context));
		if (outcome.kind === "keep") return outcome.handle as Handle;
		replaced = outcome.replaced;
		if (chosen === undefined && outcome.inherited !== undefined) {
			chosen = { context: outcome.inherited, source: "inherited from the replaced client" };
		}
	}
	return bootClient(host, chosen ?? { context: {}, source: "a new empty table" }, build, bundle, replaced, app);
}

/** Starts the client; on failure warns with the (redacted, source-mapped) error and returns nil. */
export function start(bundle: Bundle | undefined, app: AppFactory): Handle | undefined {
	const [ok, result] = xpcall(startUnprotected, (err) => debug.traceback(tostring(err), 2), bundle, app);
	if (ok) return result;
	const text = bundle !== undefined ? bundle.mapError(tostring(result)) : tostring(result);
	warn(`[UAI] failed to start: ${createRedactor().redact(text)}`);
	return undefined;
}
