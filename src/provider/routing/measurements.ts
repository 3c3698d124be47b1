// Free-routing measurements shared by the model picker (`uai.providers.warm`/`probes`) and the
// agent's requests (free_route.ts): one FreeRouter per connection signature, so an unsaved
// draft with the same connection as a saved record shares its measurements and a change of URL,
// protocol, auth, keys, headers or query starts afresh. A router works on a copy of the record it
// was made for (a live record edited in place cannot send probes of another connection). At most
// eight connections are kept, the least recently used dropped; turning the setting off drops all.
import { parseUrl } from "../../net/url";
import type { PublicConfig } from "../../runtime/config";
import { deepCopy } from "../../runtime/util";
import { newPool } from "../key_pool";
import type { ProviderEnv } from "../operation";
import { priceFor } from "../pricing/prices";
import type { ProviderRecord } from "../record";
import { FREE_ROUTING, FreeRouter } from "./free_router";
import { recordRouterDeps, routingSignature } from "./record_deps";

/** The preset whose key is Project UAI Free's included access; any other key is personal. */
export const INCLUDED_PRESET = "hcnsec";
const MAX_CONNECTIONS = 8;

/** One model's latest synthetic probe, as `uai.providers.probes` hands it out. */
export interface ProbeView {
	readonly model: string;
	readonly verified: boolean;
	/** Both responses together; absent when the probe could not be timed. */
	readonly seconds?: number;
	/** When the probe finished (the client clock, `os.clock()`). */
	readonly at: number;
	readonly reason?: string;
}

export function isIncluded(record: ProviderRecord): boolean {
	return record.preset === INCLUDED_PRESET;
}

function isEmpty(map: object): boolean {
	return next(map)[0] === undefined;
}

/** Explicit provider body, query or socket settings (they keep their route). */
export function hasExplicitSettings(record: ProviderRecord): boolean {
	return !isEmpty(record.params) || !isEmpty(record.query) || record.wsUrl !== "";
}

/** A model's known context window: the learned one, else the catalog's for this endpoint. */
export function knownWindow(config: PublicConfig, record: ProviderRecord, model: string): number | undefined {
	const learned = (config.get("agent.forceContext") as Record<string, unknown> | undefined)?.[model.lower()];
	if (typeIs(learned, "number")) return learned;
	const url = parseUrl(record.baseUrl);
	return url.ok ? priceFor(url.url.host, url.url.path, model)?.context : undefined;
}

export interface MeasurementsDeps {
	readonly config: PublicConfig;
	readonly env: ProviderEnv | undefined;
	readonly noHttpReason: string;
	/** Connection problems of a record (validation); empty when it can connect. */
	readonly problems: (record: ProviderRecord) => Array<string>;
	/** The measurements of these record ids changed (an unsaved draft's id is ""). */
	readonly changed: (ids: ReadonlyArray<string>) => void;
	/** Runs measurement work in the background (default task.spawn). */
	readonly spawn?: (work: () => void) => void;
}

export interface Measurements {
	readonly enabled: () => boolean;
	/** The router of a record's connection, made on first use; undefined without HTTP. */
	readonly routerOf: (record: ProviderRecord) => FreeRouter | undefined;
	/** Why opening the picker does not measure this record, or undefined when it does. */
	readonly refusal: (record: ProviderRecord) => string | undefined;
	/** Starts measurements in the background unless refused, fresh or running. */
	readonly warm: (record: ProviderRecord) => LuaTuple<[boolean, string | undefined]>;
	/** The latest probes of the record's connection (verified fastest first) and whether they run. */
	readonly probes: (record: ProviderRecord) => LuaTuple<[Array<ProbeView>, boolean]>;
	readonly destroy: () => void;
}

interface Entry {
	readonly router: FreeRouter;
	readonly ids: Set<string>;
	used: number;
}

function byPreference(a: ProbeView, b: ProbeView): boolean {
	if (a.verified !== b.verified) return a.verified;
	if (a.verified && a.seconds !== b.seconds) return (a.seconds ?? math.huge) < (b.seconds ?? math.huge);
	return a.model < b.model;
}

export function createMeasurements(deps: MeasurementsDeps): Measurements {
	const { config } = deps;
	const routers = new Map<string, Entry>();
	let uses = 0;
	const enabled = () => config.get("agent.freeRouting") === true;

	const drop = (signature: string) => {
		const entry = routers.get(signature);
		if (entry === undefined) return;
		routers.delete(signature);
		entry.router.clear();
		deps.changed([...entry.ids]);
	};
	const unsubscribe = config.changed.connect(() => {
		if (enabled()) return;
		const signatures = new Array<string>();
		for (const [signature] of routers) signatures.push(signature);
		for (const signature of signatures) drop(signature);
	});

	const routerOf = (record: ProviderRecord): FreeRouter | undefined => {
		const env = deps.env;
		if (env === undefined) return undefined;
		const signature = routingSignature(record);
		uses += 1;
		const current = routers.get(signature);
		if (current !== undefined) {
			current.used = uses;
			current.ids.add(record.id);
			return current.router;
		}
		const copy = deepCopy(record);
		const ids = new Set([record.id]);
		const router = new FreeRouter({
			...recordRouterDeps(
				copy,
				newPool(copy.apiKey),
				env,
				(model) => knownWindow(config, copy, model),
				deps.spawn,
			),
			changed: () => deps.changed([...ids]),
		});
		routers.set(signature, { router, ids, used: uses });
		if (routers.size() > MAX_CONNECTIONS) {
			let oldest: string | undefined;
			let oldestUse = math.huge;
			for (const [key, entry] of routers) {
				if (entry.used < oldestUse) {
					oldest = key;
					oldestUse = entry.used;
				}
			}
			if (oldest !== undefined) drop(oldest);
		}
		return router;
	};

	const refusal = (record: ProviderRecord): string | undefined => {
		if (!enabled()) return `automatic free routing is off (${FREE_ROUTING.settingPath})`;
		if (record.model !== "auto")
			return record.model === ""
				? "no model is selected; only the auto selector is measured"
				: `only the auto selector is measured; this provider uses ${record.model}`;
		if (!isIncluded(record))
			return "only Project UAI Free's included access is measured; a personal key keeps its route";
		if (hasExplicitSettings(record)) return "explicit body, query or socket settings keep their route";
		if (deps.env === undefined) return deps.noHttpReason;
		const problems = deps.problems(record);
		return problems.size() > 0 ? problems.join(" ") : undefined;
	};

	return {
		enabled,
		routerOf,
		refusal,
		warm: (record) => {
			const reason = refusal(record);
			if (reason !== undefined) return $tuple(false, reason);
			const router = routerOf(record);
			if (router === undefined) return $tuple(false, deps.noHttpReason);
			router.warm(routingSignature(record));
			return $tuple(true, undefined);
		},
		probes: (record) => {
			const signature = routingSignature(record);
			const router = routers.get(signature)?.router;
			const list = new Array<ProbeView>();
			if (router === undefined) return $tuple(list, false);
			for (const entry of router.results(signature)) {
				list.push({
					model: entry.model,
					verified: entry.verified,
					seconds: entry.seconds === math.huge ? undefined : entry.seconds,
					at: entry.at,
					reason: entry.reason,
				});
			}
			list.sort(byPreference);
			return $tuple(list, router.measuring(signature));
		},
		destroy: () => {
			unsubscribe();
			for (const [, entry] of routers) entry.router.clear();
			routers.clear();
		},
	};
}
