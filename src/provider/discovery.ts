// Model discovery: GET <base>/models for the record's protocol (Google: native paging, up to ten
// pages or 10,000 entries), cached ten minutes per connection and auth configuration. Each scope
// (a saved record, or one unsaved editor draft) has its own cache and generation: a newer fetch,
// an invalidation or a settings change makes an older response stale, and a stale response never
// overwrites anything. An HTTP error document is an error, never an empty list; manual ids stay
// first. A cached list takes no key from the pool.
import { defaultEnv } from "../net/http";
import { modelsUrl, providerHeaders } from "./connection";
import { failureText } from "./failure_text";
import { KeyPool, splitKeys } from "./key_pool";
import { mergeModelIds, parseModelPage } from "./model_list";
import { OperationEvent, ProviderEnv, runOperation } from "./operation";
import { ProviderRecord } from "./record";

export const DISCOVERY_TTL_SECONDS = 600;
export const MAX_PAGES = 10;
export const MAX_ENTRIES = 10000;
const GOOGLE_PAGE_SIZE = "1000";
const DISCOVERY_ATTEMPTS = 2;
const MAX_SCOPES = 64;

export interface DiscoveryOutcome {
	readonly ok: boolean;
	/** Manual ids first, then the discovered ones. */
	readonly models: Array<string>;
	readonly discovered: Array<string>;
	readonly cached: boolean;
	/** A newer fetch or a settings change made this one stale; nothing was stored. */
	readonly superseded?: boolean;
	readonly error?: string;
	/** The proxy base URL the request switched to (the caller saves it on a live record). */
	readonly proxiedTo?: string;
}

export interface DiscoveryOptions {
	/** Skip the cache. */
	readonly force?: boolean;
	readonly timeout?: number;
	readonly isCancelled?: () => boolean;
	readonly onEvent?: (event: OperationEvent) => void;
	/** The request log's tag: "discovery" unless a connection test ("test"). */
	readonly tag?: string;
}

interface CacheEntry {
	readonly connection: string;
	readonly at: number;
	readonly ids: Array<string>;
}

const cache = new Map<string, CacheEntry>();
const generations = new Map<string, number>();

/**
 * Everything that decides what a model list request returns: URL, protocol, auth style, keys,
 * headers, query. Kept in memory only (it contains the keys) and never shown or logged.
 */
export function connectionSignature(record: ProviderRecord): string {
	const sorted = (map: Record<string, string>) => {
		const parts = new Array<string>();
		for (const [key, value] of pairs(map)) parts.push(`${key.lower()}=${value}`);
		parts.sort();
		return parts.join("\n");
	};
	const keys = splitKeys(record.apiKey).join("\n");
	return [record.baseUrl, record.api, record.authStyle, keys, sorted(record.headers), sorted(record.query)].join(
		string.char(31),
	);
}

/** Forgets a scope's cached list and makes any fetch in flight for it stale. */
export function invalidateDiscovery(scope: string): void {
	cache.delete(scope);
	generations.set(scope, (generations.get(scope) ?? 0) + 1);
}

function failure(record: ProviderRecord, reason: string, extra?: Partial<DiscoveryOutcome>): DiscoveryOutcome {
	return {
		ok: false,
		models: mergeModelIds(record.models, []),
		discovered: [],
		cached: false,
		error: reason,
		...extra,
	};
}

function statusAdvice(status: number): string | undefined {
	if (status === 404) return "This provider has no model list at this URL; enter the model id by hand.";
	if (status === 401) return "The key was rejected.";
	if (status === 403) return "The key is not allowed to list models.";
	return undefined;
}

function remember(scope: string, entry: CacheEntry): void {
	if (!cache.has(scope) && cache.size() >= MAX_SCOPES) {
		let oldest: string | undefined;
		let oldestAt = math.huge;
		for (const [key, value] of cache) {
			if (value.at < oldestAt) {
				oldest = key;
				oldestAt = value.at;
			}
		}
		if (oldest !== undefined) cache.delete(oldest);
	}
	cache.set(scope, entry);
}

/** Lists the models of a record in `scope` ("saved:<id>" or a draft's own scope). */
export function discoverModels(
	record: ProviderRecord,
	scope: string,
	pool: KeyPool,
	env: ProviderEnv,
	options: DiscoveryOptions = {},
): DiscoveryOutcome {
	const clock = env.transport ?? defaultEnv;
	const connection = connectionSignature(record);
	const hit = cache.get(scope);
	if (options.force !== true && hit !== undefined && hit.connection === connection) {
		if (clock.now() - hit.at < DISCOVERY_TTL_SECONDS) {
			return { ok: true, models: mergeModelIds(record.models, hit.ids), discovered: hit.ids, cached: true };
		}
	}
	const generation = (generations.get(scope) ?? 0) + 1;
	generations.set(scope, generation);
	const deadline = clock.now() + math.clamp(options.timeout ?? 60, 1, 300);
	const stale = () => generations.get(scope) !== generation || connectionSignature(record) !== connection;
	const ids = new Array<string>();
	let pageToken: string | undefined;
	let proxiedTo: string | undefined;
	for (let page = 1; page <= MAX_PAGES; page++) {
		const query = new Map<string, string>();
		if (record.api === "gemini") query.set("pageSize", GOOGLE_PAGE_SIZE);
		if (pageToken !== undefined) query.set("pageToken", pageToken);
		const outcome = runOperation(record, pool, env, {
			build: (baseUrl, key) => {
				const url = modelsUrl({ ...record, baseUrl }, query);
				return url.ok
					? { url: url.url, method: "GET", headers: providerHeaders(record, key, env.http) }
					: url.reason;
			},
			timeout: math.max(1, deadline - clock.now()),
			attempts: DISCOVERY_ATTEMPTS,
			isCancelled: options.isCancelled,
			tag: options.tag ?? "discovery",
			onEvent: options.onEvent,
		});
		proxiedTo = outcome.proxiedTo ?? proxiedTo;
		if (stale()) {
			return failure(record, "The connection settings changed while the list was loading; fetch again.", {
				superseded: true,
			});
		}
		if (outcome.invalid !== undefined) return failure(record, outcome.invalid);
		const { result, document } = outcome;
		if (!result.ok) {
			const advice = statusAdvice(result.status);
			const detail = failureText(result, document, outcome.secrets);
			return failure(record, advice !== undefined ? `${advice} ${detail}` : detail, { proxiedTo });
		}
		const parsed = parseModelPage(record.api, document);
		if (parsed === undefined)
			return failure(record, "The response is not a model list; check the base URL and protocol.");
		for (const id of parsed.ids) if (ids.size() < MAX_ENTRIES) ids.push(id);
		pageToken = parsed.nextPage;
		if (pageToken === undefined || ids.size() >= MAX_ENTRIES) break;
	}
	const discovered = mergeModelIds([], ids);
	if (discovered.size() === 0) {
		return failure(record, "The provider listed no models; enter the model id by hand.", { proxiedTo });
	}
	remember(scope, { connection, at: clock.now(), ids: discovered });
	return { ok: true, models: mergeModelIds(record.models, discovered), discovered, cached: false, proxiedTo };
}
