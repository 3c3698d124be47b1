// `uai.providers`: the saved provider records (live tables), the active selection, model
// discovery for saved records and unsaved drafts, and persistence in the configuration
// (`providers.list`, `providers.active`). Dot calls; several results are Luau multiple returns;
// errors are values. Change events carry the record id, never the record: a record holds keys.
import { defaultEnv, HttpCapability, TransportEnv } from "../net/http";
import { normaliseBase, parseUrl } from "../net/url";
import type { RelayPort } from "../net/bridge/port";
import { WebSocketConnector } from "../net/ws/gateway";
import { PublicConfig } from "../runtime/config";
import { decode, markObject, MAX_DEPTH } from "../runtime/json";
import { Logger } from "../runtime/log";
import { deepCopy, deepFreeze, nestingProblem, readOnlyCopy } from "../runtime/util";
import { createSignal, Signal } from "../runtime/signal";
import { getPreset, recordFromPreset } from "./catalog";
import { AUTH_CHOICES, Choice, presetDescriptions, PresetDescription, PROTOCOL_CHOICES } from "./descriptions";
import { RepairLessons, restoreLessons } from "./errors/repairs";
import { discoverModels, DiscoveryOutcome, invalidateDiscovery } from "./discovery";
import { idBase, uniqueId } from "./ids";
import { KeyPool, newPool } from "./key_pool";
import { OperationEvent, ProviderEnv } from "./operation";
import { priceFor } from "./pricing/prices";
import type { ModelPrice } from "./pricing/types";
import { migrateBaseUrl } from "./proxy_route";
import { AuthStyle, MAX_MODEL_ID_LENGTH, Protocol, ProviderRecord } from "./record";
import { createMeasurements, isIncluded, Measurements, ProbeView } from "./routing/measurements";
import { connectionProblems, validateRecord, ValidationEnv } from "./validate";
import { trim } from "../runtime/trim";

const NO_TARGET = "expected a saved provider id or a provider record.";

export const NO_PROVIDER =
	'No provider is set up: add one in Providers (uai.show("providers")) or with uai.providers.save(record).';

type Outcome = LuaTuple<[boolean, string | undefined]>;

/** What `test` hands out (read-only). */
export interface TestResult {
	readonly ok: boolean;
	/** Seconds from the request to the answer (or the failure). */
	readonly seconds: number;
	/** How many models the provider listed. */
	readonly models?: number;
	/** The provider's error code and message (redacted), or why nothing was sent. */
	readonly error?: string;
	/** A newer fetch for the same provider or draft made this answer stale. */
	readonly superseded?: boolean;
}

export interface PublicProviders {
	readonly blank: (presetId?: unknown) => LuaTuple<[ProviderRecord | undefined, string | undefined]>;
	readonly validate: (record: unknown) => LuaTuple<[boolean, Array<string>]>;
	readonly save: (record: unknown, options?: unknown) => LuaTuple<[boolean, ProviderRecord | Array<string>]>;
	readonly get: (id: unknown) => ProviderRecord | undefined;
	readonly list: () => Array<ProviderRecord>;
	readonly count: () => number;
	readonly active: () => ProviderRecord | undefined;
	readonly setActive: (id: unknown) => Outcome;
	readonly setModel: (id: unknown, modelId: unknown) => Outcome;
	readonly remove: (id: unknown) => Outcome;
	/**
	 * Lists models of a saved record (by id) or an unsaved draft (a record table): true and the
	 * ids (manual first), or false and the reason; the third value has the details. Options:
	 * `force` (skip the cache), `timeout` (seconds, 1-300), `onEvent(event)` (retries, key
	 * rotation, proxy switch).
	 */
	readonly discover: (
		target: unknown,
		options?: unknown,
	) => LuaTuple<[boolean, Array<string> | string, DiscoveryOutcome | undefined]>;
	/** Test connection: a forced model list with the record; never sends conversation text. */
	readonly test: (target: unknown, options?: unknown) => TestResult;
	/** The catalog's gallery presets, read-only ("custom" is not listed). */
	readonly presets: () => ReadonlyArray<PresetDescription>;
	/** The values of a record's `api`, with labels. */
	readonly protocols: () => ReadonlyArray<Choice<string>>;
	/** The values of a record's `authStyle`, with labels. */
	readonly authStyles: () => ReadonlyArray<Choice<string>>;
	/** Prices, limits and whether the model is a free choice on this provider's endpoint. */
	readonly modelInfo: (target: unknown, model: unknown) => ModelPrice | undefined;
	/** Starts free-routing measurements in the background: true, or false and why not. */
	readonly warm: (target: unknown) => Outcome;
	/** The latest synthetic probe of each measured model, and whether measurements run. */
	readonly probes: (target: unknown) => LuaTuple<[ReadonlyArray<ProbeView>, boolean]>;
	/** Fires `(kind, id)`: "save", "remove", "active", "model", "proxy", "reload", "probes". */
	readonly changed: Signal<[string, string | undefined]>;
}

export interface Providers {
	readonly public: PublicProviders;
	/** The active provider, or undefined and why there is none (for the agent's requests). */
	readonly usable: () => LuaTuple<[ProviderRecord | undefined, string | undefined]>;
	/** Free-routing measurements (shared by the model picker and the agent's requests). */
	readonly measurements: Measurements;
	/** The key pool of a record (rotation state lives in memory only). */
	readonly poolOf: (record: ProviderRecord) => KeyPool;
	/** HTTP, JSON and clock for provider operations; undefined without an HTTP transport. */
	readonly env: ProviderEnv | undefined;
	/** Saves a base URL the proxy recovery switched a live record to. */
	readonly adoptProxy: (record: ProviderRecord, baseUrl: string) => void;
	/** Keeps the repair lessons of a live record, stored with it when it is saved. */
	readonly keepRepairs: (record: ProviderRecord, lessons: RepairLessons) => void;
	readonly destroy: () => void;
}

export interface ProvidersDeps {
	readonly config: PublicConfig;
	readonly log: Logger;
	readonly http: HttpCapability | undefined;
	/** Why there is no HTTP transport, when there is none. */
	readonly noHttpReason?: string;
	/** An executor HTTP function exists (local and private addresses are reachable). */
	readonly canReachLocal: boolean;
	/** Registers a request's credentials with the log's redaction (saved records and drafts alike). */
	readonly addSecrets?: (values: ReadonlyArray<string>) => void;
	readonly transport?: TransportEnv;
	/** The executor's WebSocket connector, for the UAI gateway. */
	readonly websocket?: WebSocketConnector;
	/** The browser bridge's web relay. */
	readonly relay?: RelayPort;
}

type Table = Record<string, unknown>;

/** The deepest record accepted: records nest inside the saved configuration, which JSON bounds. */
const RECORD_DEPTH = MAX_DEPTH / 2;

function text(value: unknown, fallback = ""): string {
	return typeIs(value, "string") ? value : fallback;
}

function stringMap(value: unknown): Record<string, string> {
	const out: Record<string, string> = {};
	if (typeIs(value, "table")) {
		for (const [key, entry] of pairs(value as Table))
			if (typeIs(key, "string") && typeIs(entry, "string")) out[key] = entry;
	}
	return out;
}

/** A deep, writable copy (configuration reads are frozen copies; body fields may nest). */
function copyTable(value: unknown): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	if (typeIs(value, "table")) for (const [key, entry] of pairs(value as Table)) out[key] = deepCopy(entry);
	return out;
}

/** A record from stored or host-supplied data, every field present and of its type. */
function coerce(data: Table): ProviderRecord {
	const models = new Array<string>();
	if (typeIs(data.models, "table")) {
		for (const id of data.models as Array<unknown>)
			if (typeIs(id, "string") && !models.includes(id)) models.push(id);
	}
	return {
		id: text(data.id),
		preset: text(data.preset, "custom"),
		label: text(data.label),
		baseUrl: text(data.baseUrl),
		apiKey: text(data.apiKey),
		// an unknown value is kept, so validation can name it instead of it silently changing
		authStyle: data.authStyle !== undefined ? (data.authStyle as AuthStyle) : "bearer",
		api: data.api !== undefined ? (data.api as Protocol) : "openai",
		models,
		model: text(data.model),
		headers: stringMap(data.headers),
		params: copyTable(data.params),
		query: stringMap(data.query),
		stream: data.stream !== false,
		enabled: data.enabled !== false,
		order: typeIs(data.order, "number") ? data.order : 0,
		wsUrl: text(data.wsUrl),
		note: text(data.note),
		repairs: restoreLessons(data.repairs),
	};
}

/** A normalised copy: fields typed, text trimmed, the base URL migrated and normalised. */
function prepared(data: Table): ProviderRecord {
	const clean = coerce(data);
	clean.label = trim(clean.label);
	clean.model = trim(clean.model);
	const migrated = migrateBaseUrl(clean.baseUrl);
	clean.baseUrl = normaliseBase(migrated) ?? migrated;
	return clean;
}

/** Normalises a host's record in place (save mutates the supplied record, as documented). */
function normalise(record: Table): void {
	for (const [key, value] of pairs(prepared(record) as unknown as Table)) record[key] = value;
}

/** The stored form: plain data, maps marked so empty ones stay JSON objects. */
function stored(record: ProviderRecord): Table {
	return {
		...(record as unknown as Table),
		models: [...record.models],
		headers: markObject(stringMap(record.headers)),
		params: markObject(copyTable(record.params)),
		query: markObject(stringMap(record.query)),
	};
}

function isReadOnly(value: object): boolean {
	return table.isfrozen(value);
}

function byOrder(a: ProviderRecord, b: ProviderRecord): boolean {
	return a.order !== b.order ? a.order < b.order : a.id < b.id;
}

export function createProviders(deps: ProvidersDeps): Providers {
	const { config, log } = deps;
	const validation: ValidationEnv = { canReachLocal: deps.canReachLocal };
	const records = new Map<string, ProviderRecord>();
	const pools = new Map<ProviderRecord, { apiKey: string; pool: KeyPool }>();
	const draftScopes = new Map<ProviderRecord, string>();
	let draftCount = 0;
	let activeId = "";
	let writing = false;
	const changed = createSignal<[string, string | undefined]>("providers.changed", (message) =>
		log.error(`a providers.changed handler failed: ${message}`),
	);
	const env: ProviderEnv | undefined =
		deps.http !== undefined
			? {
					http: deps.http,
					decode: (body) => decode(body)[0],
					addSecrets: deps.addSecrets,
					transport: deps.transport,
					websocket: deps.websocket,
					relay: deps.relay,
				}
			: undefined;

	const sorted = () => {
		const list = new Array<ProviderRecord>();
		for (const [, record] of records) list.push(record);
		list.sort(byOrder);
		return list;
	};

	const persist = () => {
		writing = true;
		const [, listError] = config.set("providers.list", sorted().map(stored));
		const [, activeError] = config.set("providers.active", activeId);
		writing = false;
		const problem = listError ?? activeError;
		if (problem !== undefined) log.warn(`providers were not stored: ${problem}`);
	};

	const load = () => {
		records.clear();
		const list = config.get("providers.list");
		if (typeIs(list, "table")) {
			for (const entry of list as Array<unknown>) {
				if (!typeIs(entry, "table")) continue;
				const record = coerce(entry as Table);
				record.baseUrl = migrateBaseUrl(record.baseUrl);
				if (record.id !== "" && !records.has(record.id)) records.set(record.id, record);
			}
		}
		const savedActive = config.get("providers.active");
		activeId = typeIs(savedActive, "string") && records.has(savedActive) ? savedActive : "";
	};

	const poolOf = (record: ProviderRecord): KeyPool => {
		const current = pools.get(record);
		if (current !== undefined && current.apiKey === record.apiKey) return current.pool;
		const pool = newPool(record.apiKey);
		pools.set(record, { apiKey: record.apiKey, pool });
		return pool;
	};

	const active = (): ProviderRecord | undefined => {
		const chosen = records.get(activeId);
		if (chosen !== undefined && chosen.enabled) return chosen;
		return sorted().find((record) => record.enabled);
	};

	/** Keeps a well-formed id the host chose when it is free; otherwise derives one. */
	const assignId = (record: ProviderRecord): void => {
		const wellFormed = record.id.match("^[%w%-_]+$")[0] !== undefined && record.id.size() <= 64;
		if (wellFormed && !records.has(record.id)) return;
		record.id = uniqueId(
			idBase(record.label, record.preset),
			(id) => records.has(id),
			() => os.clock() * 1000,
		);
	};

	const save = (input: unknown, options?: unknown): LuaTuple<[boolean, ProviderRecord | Array<string>]> => {
		if (!typeIs(input, "table")) return $tuple(false, ["save expects a provider record table."]);
		if (isReadOnly(input)) return $tuple(false, ["The record is read-only; save a copy of it."]);
		const deep = nestingProblem(input, RECORD_DEPTH);
		if (deep !== undefined) return $tuple(false, [`The provider record cannot be saved: ${deep}.`]);
		const flags = typeIs(options, "table") ? (options as { force?: unknown; quiet?: unknown }) : {};
		normalise(input as Table);
		const record = input as unknown as ProviderRecord;
		if (flags.force !== true) {
			const problems = validateRecord(record, validation);
			if (problems.size() > 0) return $tuple(false, problems);
		}
		const replacing = records.get(record.id);
		if (replacing === undefined || record.id === "") {
			assignId(record);
			let last = 0;
			for (const [, other] of records) last = math.max(last, other.order);
			record.order = last + 1;
		} else if (replacing !== record) {
			pools.delete(replacing);
		}
		records.set(record.id, record);
		if (activeId === "" || !records.has(activeId)) activeId = record.id;
		persist();
		log.info(`provider saved: ${record.id}`);
		if (flags.quiet !== true) changed.fire("save", record.id);
		return $tuple(true, record);
	};

	const recordOf = (id: unknown): ProviderRecord | undefined => (typeIs(id, "string") ? records.get(id) : undefined);

	const adoptProxy = (record: ProviderRecord, baseUrl: string) => {
		if (isReadOnly(record)) return;
		record.baseUrl = baseUrl;
		if (records.get(record.id) !== record) return;
		persist();
		log.info(`provider ${record.id} switched to the Project UAI proxy`);
		changed.fire("proxy", record.id);
	};

	const keepRepairs = (record: ProviderRecord, lessons: RepairLessons) => {
		if (isReadOnly(record)) return;
		record.repairs = lessons;
		if (records.get(record.id) === record) persist();
	};

	/** `discover` with the request log's tag ("discovery", or "test" for a connection test). */
	const discoverTagged = (
		target: unknown,
		options: unknown,
		tag: string,
	): LuaTuple<[boolean, Array<string> | string, DiscoveryOutcome | undefined]> => {
		const saved = recordOf(target);
		const record = saved ?? (typeIs(target, "table") ? (target as ProviderRecord) : undefined);
		if (record === undefined) return $tuple(false, NO_TARGET, undefined);
		const deep = saved === undefined ? nestingProblem(record, RECORD_DEPTH) : undefined;
		if (deep !== undefined) return $tuple(false, `The provider record cannot be used: ${deep}.`, undefined);
		if (env === undefined) return $tuple(false, deps.noHttpReason ?? "no HTTP transport is available", undefined);
		const problems = connectionProblems(record, validation);
		if (problems.size() > 0) return $tuple(false, problems.join(" "), undefined);
		let scope = saved !== undefined ? `saved:${saved.id}` : draftScopes.get(record);
		if (scope === undefined) {
			draftCount += 1;
			scope = `draft:${draftCount}`;
			draftScopes.set(record, scope);
		}
		const flags = typeIs(options, "table")
			? (options as { force?: unknown; onEvent?: unknown; timeout?: unknown })
			: {};
		const outcome = discoverModels(record, scope, poolOf(record), env, {
			force: flags.force === true,
			timeout: typeIs(flags.timeout, "number") ? flags.timeout : undefined,
			onEvent: typeIs(flags.onEvent, "function") ? (flags.onEvent as (event: OperationEvent) => void) : undefined,
			tag,
		});
		if (outcome.proxiedTo !== undefined) adoptProxy(record, outcome.proxiedTo);
		const name = saved !== undefined ? saved.id : "an unsaved provider";
		if (outcome.ok)
			log.info(`${outcome.discovered.size()} models listed for ${name}${outcome.cached ? " (cached)" : ""}`);
		else log.warn(`model list for ${name}: ${outcome.error ?? "failed"}`);
		if (!outcome.ok) return $tuple(false, outcome.error ?? "discovery failed", outcome);
		return $tuple(true, outcome.models, outcome);
	};
	const discover = (target: unknown, options?: unknown) => discoverTagged(target, options, "discovery");

	const test = (target: unknown, options?: unknown): TestResult => {
		const clock = deps.transport ?? defaultEnv;
		const timeout = typeIs(options, "table") ? (options as { timeout?: unknown }).timeout : undefined;
		const started = clock.now();
		const [ok, result, details] = discoverTagged(target, { force: true, timeout }, "test");
		return deepFreeze({
			ok,
			seconds: clock.now() - started,
			models: ok ? details?.discovered.size() : undefined,
			error: ok ? undefined : (result as string),
			superseded: details?.superseded === true ? true : undefined,
		});
	};

	/** A saved record by id, or a normalised copy of a draft (so it matches its saved form). */
	const measured = (target: unknown): ProviderRecord | undefined =>
		recordOf(target) ??
		(typeIs(target, "table") && nestingProblem(target, RECORD_DEPTH) === undefined
			? prepared(target as Table)
			: undefined);

	const measurements = createMeasurements({
		config,
		env,
		noHttpReason: deps.noHttpReason ?? "no HTTP transport is available",
		problems: (record) => connectionProblems(record, validation),
		changed: (ids) => {
			for (const id of new Set(ids)) changed.fire("probes", id === "" ? undefined : id);
		},
	});

	const setModel = (id: unknown, modelId: unknown): Outcome => {
		const record = recordOf(id);
		if (record === undefined) return $tuple(false, `no saved provider has the id ${tostring(id)}`);
		const model = typeIs(modelId, "string") ? trim(modelId) : "";
		if (model === "" || model.size() > MAX_MODEL_ID_LENGTH) {
			return $tuple(false, `a model id is text of 1-${MAX_MODEL_ID_LENGTH} characters`);
		}
		record.models = [model, ...record.models.filter((other) => other !== model)];
		record.model = model;
		persist();
		changed.fire("model", record.id);
		return $tuple(true, undefined);
	};

	const remove = (id: unknown): Outcome => {
		const record = recordOf(id);
		if (record === undefined) return $tuple(false, `no saved provider has the id ${tostring(id)}`);
		records.delete(record.id);
		pools.delete(record);
		invalidateDiscovery(`saved:${record.id}`);
		const wasActive = activeId === record.id;
		if (wasActive) activeId = sorted()[0]?.id ?? "";
		persist();
		log.info(`provider removed: ${record.id}`);
		changed.fire("remove", record.id);
		if (wasActive) changed.fire("active", activeId === "" ? undefined : activeId);
		return $tuple(true, undefined);
	};

	const setActive = (id: unknown): Outcome => {
		const record = recordOf(id);
		if (record === undefined) return $tuple(false, `no saved provider has the id ${tostring(id)}`);
		activeId = record.id;
		persist();
		changed.fire("active", record.id);
		return $tuple(true, undefined);
	};

	load();
	const unsubscribe = config.changed.connect((path) => {
		if (writing || (path !== undefined && path.sub(1, 9) !== "providers")) return;
		load();
		changed.fire("reload", undefined);
	});

	const publicApi: PublicProviders = {
		blank: (presetId) => {
			const id = presetId === undefined ? "custom" : presetId;
			const preset = typeIs(id, "string") ? getPreset(id) : undefined;
			if (preset === undefined) return $tuple(undefined, `unknown preset ${tostring(id)}`);
			return $tuple(recordFromPreset(preset), undefined);
		},
		validate: (record) => {
			if (!typeIs(record, "table")) return $tuple(false, ["A provider record must be a table."]);
			const deep = nestingProblem(record, RECORD_DEPTH);
			if (deep !== undefined) return $tuple(false, [`The provider record cannot be used: ${deep}.`]);
			const problems = validateRecord(prepared(record as Table), validation);
			return $tuple(problems.size() === 0, problems);
		},
		save,
		get: recordOf,
		list: sorted,
		count: () => records.size(),
		active,
		setActive,
		setModel,
		remove,
		discover,
		test,
		presets: presetDescriptions,
		protocols: () => PROTOCOL_CHOICES,
		authStyles: () => AUTH_CHOICES,
		modelInfo: (target, model) => {
			const record = measured(target);
			if (record === undefined || !typeIs(model, "string")) return undefined;
			const url = parseUrl(record.baseUrl);
			if (!url.ok) return undefined;
			const price = priceFor(url.url.host, url.url.path, model, isIncluded(record));
			return price !== undefined ? readOnlyCopy(price) : undefined;
		},
		warm: (target) => {
			const record = measured(target);
			if (record === undefined) return $tuple(false, NO_TARGET);
			return measurements.warm(record);
		},
		probes: (target) => {
			const record = measured(target);
			if (record === undefined) return $tuple(table.freeze([]), false);
			const [list, running] = measurements.probes(record);
			return $tuple(deepFreeze(list), running);
		},
		changed: changed.signal,
	};

	return {
		public: table.freeze(publicApi),
		usable: () => {
			const record = active();
			if (record === undefined) return $tuple(undefined, NO_PROVIDER);
			return $tuple(record, undefined);
		},
		measurements,
		poolOf,
		env,
		adoptProxy,
		keepRepairs,
		destroy: () => {
			unsubscribe();
			measurements.destroy();
			changed.clear();
		},
	};
}
