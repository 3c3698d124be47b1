// The tool services of one client: registry, hooks, permissions and approvals, the dispatcher,
// and the public `uai.tools`, `uai.hooks` and `uai.permissions` built over them. Unload cancels
// pending approvals; calls still running see the client gone through `ctx.aborted()`.
import { Caps } from "../../host/caps";
import { CleanupRegistry } from "../../runtime/cleanup";
import { PublicConfig } from "../../runtime/config";
import { Log } from "../../runtime/log";
import { createApprovals } from "./approvals";
import { Availability, createAvailability } from "./availability";
import { CATALOG_DECLARATION, CATALOG_NAME } from "./catalog_tool";
import { budget, Declaration, declare } from "./definitions";
import type * as DispatchModule from "./dispatch";
import type { Dispatch } from "./dispatch";
import { checkFilter } from "./filter";
import { createHooks, Hooks } from "./hooks";
import { createPermissions, Permissions } from "./permissions";
import { createRegistry, Registry } from "./registry";
import { Tool, ToolFilter } from "./tool";

/** `true`, or `false` and the reason. */
type Outcome = LuaTuple<[boolean, string | undefined]>;

/** `uai.tools` (dot calls). */
export interface PublicTools {
	readonly register: (definition: unknown) => Outcome;
	readonly unregister: (name: unknown, expected?: unknown) => Outcome;
	readonly get: (name: unknown) => Tool | undefined;
	/** Every registered tool (built-in first, then registration order); frozen. */
	readonly list: () => ReadonlyArray<Tool>;
	/** The provider-facing declarations for `{ only, groups, exclude }`, or nil and the reason. */
	readonly definitions: (filter?: unknown) => LuaTuple<[ReadonlyArray<Declaration>, undefined] | [undefined, string]>;
	readonly dispatch: Dispatch;
}

export interface ToolServicesDeps {
	readonly config: PublicConfig;
	readonly caps: Caps;
	readonly log: Log;
	readonly cleanup: CleanupRegistry;
	/** The client's `uai.env`, handed to handlers whose dispatch context brings none. */
	readonly env: unknown;
	readonly mapError: (text: string) => string;
}

export interface ToolServices {
	readonly tools: PublicTools;
	readonly hooks: Hooks;
	readonly permissions: Permissions;
	readonly registry: Registry;
	readonly availability: Availability;
	readonly alive: () => boolean;
}

export const UNLOADED_REASON = "the client has unloaded";

export function createToolServices(deps: ToolServicesDeps): ToolServices {
	const { config, caps, log, cleanup } = deps;
	const toolLog = log.scope("tools");
	const alive = () => !cleanup.closed();
	const capabilityKeys = new Array<string>();
	for (const [key] of pairs(caps.keys)) capabilityKeys.push(key);
	table.sort(capabilityKeys);

	const registry = createRegistry({ capabilityKeys, reserved: [CATALOG_NAME] });
	const approvals = createApprovals(log.scope("permissions"));
	registry.onRemove((entry) => approvals.cancelTool(entry.tool));
	const hooks = createHooks(log.scope("hooks"), deps.mapError);
	const permissions = createPermissions({
		config,
		approvals,
		lookup: (name) => registry.lookup(name)?.tool,
	});
	const availability = createAvailability({
		config,
		has: caps.has,
		ordered: registry.ordered,
		policy: permissions.policy,
	});
	// The dispatcher (call context, deadlines, protected runs, argument validation and repair,
	// results) loads on the first call, not at boot (docs/BUILDING.md, "Lazy modules"): a literal
	// require, which the bundler follows and carries.
	let dispatcher: Dispatch | undefined;
	const dispatch: Dispatch = (call, ctx) => {
		if (dispatcher === undefined) {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const module = require(script.Parent!.WaitForChild("dispatch") as ModuleScript) as typeof DispatchModule;
			dispatcher = module.createDispatcher({
				registry,
				availability,
				permissions,
				approvals,
				hooks,
				config,
				log: toolLog,
				env: deps.env,
				alive,
				mapError: deps.mapError,
			});
		}
		return dispatcher(call, ctx);
	};
	cleanup.add(() => approvals.denyAll(UNLOADED_REASON), "tools: pending approvals");

	const tools: PublicTools = {
		register: (definition) => {
			if (!alive()) return $tuple(false, UNLOADED_REASON);
			const [entry, problem] = registry.add(definition);
			if (entry !== undefined) return $tuple(true, undefined);
			toolLog.warn(`tool not registered: ${problem}`);
			return $tuple(false, problem);
		},
		unregister: (name, expected) => registry.remove(name, expected),
		get: (name) => (typeIs(name, "string") ? registry.lookup(name)?.tool : undefined),
		list: () => table.freeze(registry.ordered().map((entry) => entry.tool)),
		definitions: (filter) => {
			const problem = checkFilter(filter);
			if (problem !== undefined) return $tuple(undefined, problem);
			const { declared, overflow } = budget(availability.callable(filter as ToolFilter | undefined));
			const list = declared.map((tool) => declare(tool.name, tool.description, tool.parameters));
			if (!overflow.isEmpty()) list.push(CATALOG_DECLARATION);
			return $tuple(table.freeze(list), undefined);
		},
		dispatch,
	};

	return {
		tools: table.freeze(tools),
		hooks,
		permissions,
		registry,
		availability,
		alive,
	};
}
