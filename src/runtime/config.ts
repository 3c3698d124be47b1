// Client configuration (`uai.config`): dotted-path reads and writes over one table persisted as
// `UAI/config.json`. `set` emits `changed(path, value)` unless quiet and schedules a debounced save
// unless transient; `saveNow` writes at once and reports; a whole replacement emits with a nil
// path. Unsaved changes block replacement by a newer build until they are saved.
import { BlockerRegistry } from "./blockers";
import { CleanupRegistry } from "./cleanup";
import { CONFIG_VERSION, createDefaults, satisfies, SETTING_RULES } from "./defaults";
import { encode, isMarkedObject, markObject, NULL } from "./json";
import { Logger } from "./log";
import { createSignal, Signal } from "./signal";
import { Storage } from "./storage";
import { deepCopy, readOnlyCopy } from "./util";

export const CONFIG_FILE = "config.json";
/** Seconds a scheduled save waits, so a burst of changes is written once. */
export const SAVE_DELAY = 0.75;
/** Order of the "settings" blocker: after activity checks, since it saves. */
export const SAVE_BLOCKER_ORDER = 100;
const MAX_PATH_DEPTH = 16;

export interface SetOptions {
	/** Do not emit `changed`. */
	readonly quiet?: boolean;
	/** Do not schedule a save for this write (a later save still writes the value). */
	readonly transient?: boolean;
}

/** `uai.config` (dot calls). */
export interface PublicConfig {
	readonly get: (path: unknown, fallback?: unknown) => unknown;
	readonly set: (path: unknown, value: unknown, options?: unknown) => LuaTuple<[unknown, string | undefined]>;
	readonly save: () => void;
	readonly saveNow: () => LuaTuple<[boolean, string | undefined]>;
	readonly replace: (snapshot: unknown) => LuaTuple<[boolean, string | undefined]>;
	/** A read-only copy of the whole configuration. */
	readonly snapshot: () => object;
	/** Whether settings can be saved on this host, and why not. */
	readonly persistence: () => LuaTuple<[boolean, string | undefined]>;
	readonly changed: Signal<[string | undefined, unknown]>;
}

export interface Config {
	readonly public: PublicConfig;
	/** Reads the stored file (or starts from defaults). Call once, at boot. */
	readonly load: () => void;
	/** Whether there are changes that have not been written. */
	readonly dirty: () => boolean;
}

export interface ConfigDeps {
	readonly storage: Storage;
	readonly log: Logger;
	readonly cleanup: CleanupRegistry;
	readonly blockers: BlockerRegistry;
	/** Runs after every write, quiet ones included (applies log settings, collects secrets). */
	readonly onWrite: (data: Record<string, unknown>) => void;
}

type Table = Record<string | number, unknown>;

function isArrayLike(value: Table): boolean {
	return !isMarkedObject(value) && (value as unknown as Array<unknown>)[0] !== undefined;
}

/** Defaults with `stored` laid over them: sections merge, everything else is replaced. */
function merge(base: unknown, stored: unknown): unknown {
	if (stored === NULL) return deepCopy(base);
	if (
		!typeIs(base, "table") ||
		!typeIs(stored, "table") ||
		isArrayLike(base as Table) ||
		isArrayLike(stored as Table)
	) {
		return deepCopy(stored);
	}
	const result = deepCopy(base) as Table;
	for (const [key, value] of pairs(stored as Table)) {
		if (value === NULL) continue;
		result[key] = merge(result[key], value);
	}
	return isMarkedObject(base) || isMarkedObject(stored) ? markObject(result) : result;
}

function parsePath(path: unknown): LuaTuple<[Array<string>, undefined] | [undefined, string]> {
	if (!typeIs(path, "string") || path === "")
		return $tuple(undefined, 'config path must be a nonempty string such as "agent.maxTurns"');
	const segments = path.split(".");
	if (segments.size() > MAX_PATH_DEPTH)
		return $tuple(undefined, `config path "${path}" is deeper than ${MAX_PATH_DEPTH} segments`);
	if (segments.some((segment) => segment === ""))
		return $tuple(undefined, `config path "${path}" has an empty segment`);
	return $tuple(segments, undefined);
}

/** An array element when the segment is an index into an array, else the named field. */
function keyIn(container: Table, segment: string): string | number {
	const index = tonumber(segment);
	if (index !== undefined && index >= 1 && index % 1 === 0 && isArrayLike(container)) return index;
	return segment;
}

function lookup(root: unknown, segments: ReadonlyArray<string>): unknown {
	let current = root;
	for (const segment of segments) {
		if (!typeIs(current, "table")) return undefined;
		current = (current as Table)[keyIn(current as Table, segment)];
	}
	return current;
}

function checkOptions(options: unknown): LuaTuple<[SetOptions, undefined] | [undefined, string]> {
	if (options === undefined) return $tuple({}, undefined);
	if (!typeIs(options, "table")) return $tuple(undefined, "config.set options must be a table");
	const { quiet, transient } = options as SetOptions;
	if (quiet !== undefined && !typeIs(quiet, "boolean"))
		return $tuple(undefined, "config.set option quiet must be a boolean");
	if (transient !== undefined && !typeIs(transient, "boolean"))
		return $tuple(undefined, "config.set option transient must be a boolean");
	return $tuple({ quiet, transient }, undefined);
}

export function createConfig(deps: ConfigDeps): Config {
	const { storage, log, cleanup, blockers, onWrite } = deps;
	const defaults = createDefaults();
	let data = deepCopy(defaults);
	let revision = 0; // counts writes that should be saved
	let savedRevision = 0;
	let timer: thread | undefined;
	let saving = false;
	const saveWaiters = new Array<thread>();
	const warnedRules = new Set<string>();

	const changed = createSignal<[string | undefined, unknown]>("config.changed", (message) =>
		log.error(`a config.changed handler failed: ${message}`),
	);

	const cancelTimer = () => {
		if (timer !== undefined) {
			task.cancel(timer);
			timer = undefined;
		}
	};
	cleanup.add(cancelTimer, "config: scheduled save");

	const saveNow = (): LuaTuple<[boolean, string | undefined]> => {
		const [available, why] = storage.available();
		if (!available) return $tuple(false, why);
		cancelTimer();
		// one save at a time: a second caller waits for the first, then writes the latest data
		if (saving) {
			saveWaiters.push(coroutine.running());
			coroutine.yield();
		}
		saving = true;
		const writing = revision;
		const [ok, reason] = storage.writeJson(CONFIG_FILE, data);
		if (ok && savedRevision < writing) savedRevision = writing;
		const waiter = saveWaiters.shift();
		if (waiter !== undefined) task.spawn(waiter);
		else saving = false;
		return $tuple(ok, reason);
	};

	const save = () => {
		if (timer !== undefined || !storage.available()[0]) return;
		timer = task.delay(SAVE_DELAY, () => {
			timer = undefined;
			const [ok, reason] = saveNow();
			if (!ok) log.warn(`settings were not saved: ${reason}`);
		});
	};

	const get = (path: unknown, fallback?: unknown): unknown => {
		const [segments] = parsePath(path);
		if (segments === undefined) return fallback;
		let value = lookup(data, segments);
		if (value === undefined) value = lookup(defaults, segments);
		const rule = SETTING_RULES.get(path as string);
		if (rule !== undefined && value !== undefined && !satisfies(rule, value)) {
			const replacement = rule.fallback ?? lookup(defaults, segments);
			if (!warnedRules.has(path as string)) {
				warnedRules.add(path as string);
				log.warn(
					`setting ${path} holds an invalid value (${tostring(value)}); reading ${tostring(replacement)}`,
				);
			}
			value = replacement;
		}
		if (value === undefined) return fallback;
		return typeIs(value, "table") ? readOnlyCopy(value) : value;
	};

	const set = (path: unknown, value: unknown, options?: unknown): LuaTuple<[unknown, string | undefined]> => {
		const [segments, pathError] = parsePath(path);
		if (segments === undefined) return $tuple(undefined, pathError);
		const [flags, optionError] = checkOptions(options);
		if (flags === undefined) return $tuple(undefined, optionError);
		if (value !== undefined) {
			const [, encodeError] = encode(value);
			if (encodeError !== undefined) return $tuple(undefined, `config.set ${path}: ${encodeError}`);
		}
		if (segments[0] === "version") return $tuple(undefined, "config.set: version is managed by the client");
		let container = data as Table;
		for (let i = 0; i < segments.size() - 1; i++) {
			const key = keyIn(container, segments[i]);
			let child = container[key];
			if (child === undefined) {
				child = markObject({});
				container[key] = child;
			} else if (!typeIs(child, "table")) {
				return $tuple(
					undefined,
					`config.set ${path}: ${segments.filter((_, j) => j <= i).join(".")} is a ${typeOf(child)}, not a section`,
				);
			}
			container = child as Table;
		}
		container[keyIn(container, segments[segments.size() - 1])] = deepCopy(value);
		warnedRules.delete(path as string);
		if (flags.transient !== true) {
			revision += 1;
			save();
		}
		onWrite(data);
		if (flags.quiet !== true) changed.fire(path as string, typeIs(value, "table") ? readOnlyCopy(value) : value);
		return $tuple(value, undefined);
	};

	const adopt = (replacement: Record<string, unknown>) => {
		data = replacement;
		data.version = CONFIG_VERSION;
		warnedRules.clear();
		onWrite(data);
		changed.fire(undefined, readOnlyCopy(data));
	};

	const replace = (snapshot: unknown): LuaTuple<[boolean, string | undefined]> => {
		if (!typeIs(snapshot, "table")) return $tuple(false, "config.replace expects a configuration table");
		const version = (snapshot as { version?: unknown }).version;
		if (version !== undefined && version !== CONFIG_VERSION) {
			return $tuple(false, `config.replace: unsupported configuration version ${tostring(version)}`);
		}
		const [, encodeError] = encode(snapshot);
		if (encodeError !== undefined) return $tuple(false, `config.replace: ${encodeError}`);
		const replacement = merge(defaults, snapshot) as Record<string, unknown>;
		replacement.version = CONFIG_VERSION;
		// persist first: a replacement that cannot be saved leaves the current settings alone
		if (storage.available()[0]) {
			const [ok, reason] = storage.writeJson(CONFIG_FILE, replacement);
			if (!ok) return $tuple(false, reason);
			savedRevision = revision;
		}
		adopt(replacement);
		return $tuple(true, undefined);
	};

	blockers.add(
		"settings",
		() => {
			if (savedRevision >= revision) return undefined;
			const [ok, reason] = saveNow();
			return ok ? undefined : `settings could not be saved: ${reason}`;
		},
		{ order: SAVE_BLOCKER_ORDER },
	);

	const publicConfig: PublicConfig = table.freeze({
		get,
		set,
		save,
		saveNow,
		replace,
		snapshot: () => readOnlyCopy(data),
		persistence: () => storage.writable(CONFIG_FILE),
		changed: changed.signal,
	});

	return {
		public: publicConfig,
		load: () => {
			const stored = storage.readJson(CONFIG_FILE, CONFIG_VERSION);
			if (stored.kind === "ok") {
				adopt(merge(defaults, stored.value) as Record<string, unknown>);
			} else {
				if (stored.kind === "newer") log.warn(`${stored.reason}; defaults are used for this session`);
				adopt(deepCopy(defaults));
			}
		},
		dirty: () => savedRevision < revision,
	};
}
