// `uai.sdk`: the SDK version, feature discovery and integration scopes. Live scope ids are unique;
// a duplicate is refused without touching the scope that holds the id. Every live scope is
// registered with the client's cleanup registry, so unload destroys it.
import { Hooks } from "../agent/dispatch/hooks";
import { Registry } from "../agent/dispatch/registry";
import { CleanupRegistry, Release } from "../runtime/cleanup";
import { Logger } from "../runtime/log";
import { RequestFn } from "./request";
import { createScope, Scope } from "./scope";

export const SCOPE_ID_LIMIT = 128;

/** `uai.sdk` (dot calls). */
export interface PublicSdk {
	readonly version: string;
	/** A key is true only when its API is present; unknown keys are nil. */
	readonly features: Readonly<Record<string, boolean>>;
	readonly createScope: (id: unknown) => LuaTuple<[Scope, undefined] | [undefined, string]>;
	readonly request: RequestFn;
}

export interface SdkDeps {
	readonly version: string;
	readonly log: Logger;
	readonly hooks: Hooks;
	readonly registry: Registry;
	readonly cleanup: CleanupRegistry;
	readonly request: RequestFn;
}

export function createSdk(deps: SdkDeps): PublicSdk {
	const live = new Map<string, Scope>();

	const createScopeChecked = (id: unknown): LuaTuple<[Scope, undefined] | [undefined, string]> => {
		if (!typeIs(id, "string") || string.find(id, "%S")[0] === undefined || id.size() > SCOPE_ID_LIMIT)
			return $tuple(undefined, `a scope id must be a nonblank string of at most ${SCOPE_ID_LIMIT} bytes`);
		if (deps.cleanup.closed()) return $tuple(undefined, "the client has unloaded");
		if (live.has(id)) return $tuple(undefined, `a scope named "${id}" is live; destroy it before reusing the id`);
		// the client's cleanup entry for this scope, forgotten when the scope is destroyed first
		const registration: { release?: Release } = {};
		const scope = createScope({
			id,
			log: deps.log,
			hooks: deps.hooks,
			registry: deps.registry,
			onDestroy: () => {
				live.delete(id);
				registration.release?.(false);
			},
		});
		[registration.release] = deps.cleanup.add(() => scope.destroy(), `sdk scope ${id}`);
		live.set(id, scope);
		return $tuple(scope, undefined);
	};

	return table.freeze({
		version: deps.version,
		features: table.freeze({ uiFreeBoot: true, resourceScopes: true, requests: true, sessionLookup: true }),
		createScope: createScopeChecked,
		request: deps.request,
	});
}
