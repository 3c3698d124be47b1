// `uai.sessions`: the registered conversations of this client, the active selection, folders,
// persistence and the manager's signals. Ids are unique among registered conversations and
// reserved when saved history holds them; a refused id never replaces anything.
import { BlockerRegistry } from "../../runtime/blockers";
import { CleanupRegistry } from "../../runtime/cleanup";
import { createSignal, Signal } from "../../runtime/signal";
import { Storage } from "../../runtime/storage";
import { spend } from "../../host/frame";
import { SessionEvent } from "./events";
import { createFolders, Folder, UNIVERSAL } from "./folders";
import { createPersistence, savable } from "./persistence";
import { createSession, InternalOptions, PublicSession, Session, SessionDeps } from "./session";
import { checkOptions, SessionOptions } from "./session_options";

type Outcome = LuaTuple<[boolean, string | undefined]>;
type Opened = LuaTuple<[PublicSession, boolean] | [undefined, string]>;
type Made = LuaTuple<[PublicSession, undefined] | [undefined, string]>;

/** `uai.sessions` (dot calls). */
export interface PublicSessions {
	readonly current: () => PublicSession;
	readonly open: (id: unknown, options?: unknown) => Opened;
	readonly newThread: (options?: unknown) => Made;
	readonly create: (options?: unknown) => Made;
	readonly get: (id: unknown) => PublicSession | undefined;
	readonly list: () => ReadonlyArray<PublicSession>;
	readonly switch: (id: unknown) => boolean;
	readonly busy: () => ReadonlyArray<PublicSession>;
	readonly busyCount: () => number;
	readonly persist: (session: unknown) => Outcome;
	readonly remove: (id: unknown) => boolean;
	readonly folders: () => ReadonlyArray<Folder>;
	readonly groups: () => ReadonlyArray<Readonly<Record<string, unknown>>>;
	readonly createFolder: (name: unknown) => LuaTuple<[Folder, undefined] | [undefined, string]>;
	readonly renameFolder: (id: unknown, name: unknown) => Outcome;
	readonly removeFolder: (id: unknown) => Outcome;
	readonly moveToFolder: (session: unknown, folderId: unknown) => Outcome;
	readonly folderLabel: (session: unknown) => string | undefined;
	readonly listChanged: Signal<[]>;
	readonly anyEvent: Signal<[PublicSession, SessionEvent]>;
}

export interface Sessions {
	readonly public: PublicSessions;
	/** The manager's record of a registered (or created) public session. */
	readonly lookup: (session: unknown) => Session | undefined;
	/** The manager's record of any session it made, registered, created or spawned. */
	readonly known: (session: unknown) => Session | undefined;
	/** Called with the session when it is removed or the client unloads. */
	readonly onGone: (session: PublicSession, fn: () => void) => () => void;
	/**
	 * An untracked session the client runs for itself (a sub-agent): never listed, saved or seen
	 * by `anyEvent`; its events go to `relay` only. Nil after unload.
	 */
	readonly spawn: (
		options: SessionOptions,
		internal: InternalOptions,
		relay: (session: PublicSession, event: SessionEvent) => void,
	) => Session | undefined;
	/** Stops a spawned session for good and lets it be collected. */
	readonly forget: (session: Session) => void;
}

export interface SessionsDeps extends Omit<SessionDeps, "anyEvent" | "changed" | "persist" | "unpersist"> {
	readonly storage: Storage;
	readonly cleanup: CleanupRegistry;
	readonly blockers: BlockerRegistry;
	readonly placeId: number;
	readonly placeName: string;
}

let idSerial = 0;
/** Building a restored conversation's session, beyond its messages and transcript events. */
const BUILD_UNITS = 150;
// Taking one saved message into a restored session's history.
const MESSAGE_UNITS = 0.125;

export function createSessions(deps: SessionsDeps): Sessions {
	const { log } = deps;
	const listChanged = createSignal<[]>("sessions.listChanged", (message) => log.warn(message));
	const anyEvent = createSignal<[PublicSession, SessionEvent]>("sessions.anyEvent", (message) => log.warn(message));
	const persistence = createPersistence(deps.storage, log);
	const folders = createFolders(deps.storage, deps.placeId);
	const registered = new Map<string, Session>();
	const known = new Map<PublicSession, Session>();
	const goneHandlers = new Map<PublicSession, Set<() => void>>();
	const reserved = new Set<string>();
	let activeId: string | undefined;

	const sessionDeps: SessionDeps = {
		...deps,
		anyEvent: (session, event) => anyEvent.fire(session, event),
		changed: () => listChanged.fire(),
		persist: (session) => {
			if (savable(session) && registered.get(session.public.id) === session) persistence.save(session);
		},
		unpersist: (session) => persistence.remove(session.public.id),
	};

	const freshId = () => {
		for (;;) {
			idSerial += 1;
			const id = `s${os.time()}_${idSerial}`;
			if (!registered.has(id) && !reserved.has(id)) return id;
		}
	};

	// A registered conversation is announced once, after it became current when `activate` is set,
	// so a listChanged listener that reads current() sees the new selection (and never recurses).
	const build = (
		options: unknown,
		register: boolean,
		activate = false,
	): LuaTuple<[Session, undefined] | [undefined, string]> => {
		if (deps.cleanup.closed()) return $tuple(undefined, "this UAI client has been unloaded");
		const [checked, problem] = checkOptions(options);
		if (checked === undefined) return $tuple(undefined, problem);
		if (checked.folderId !== undefined && !folders.exists(checked.folderId))
			return $tuple(undefined, `no folder has the id ${checked.folderId}`);
		const id = checked.id ?? freshId();
		if (registered.has(id)) return $tuple(undefined, `a conversation with the id ${id} already exists`);
		if (reserved.has(id)) return $tuple(undefined, `the id ${id} belongs to saved history; choose another id`);
		const session = createSession(sessionDeps, id, {
			...checked,
			folderId: checked.folderId ?? folders.gameFolder(),
			placeId: checked.placeId ?? deps.placeId,
			placeName: checked.placeName ?? deps.placeName,
		});
		known.set(session.public, session);
		if (register) {
			registered.set(id, session);
			if (savable(session)) reserved.add(id);
			if (activate) activeId = id;
			listChanged.fire();
		}
		return $tuple(session, undefined);
	};

	const resolve = (value: unknown): Session | undefined => {
		if (typeIs(value, "string")) return registered.get(value);
		const session = known.get(value as PublicSession);
		return session !== undefined && registered.get(session.public.id) === session ? session : undefined;
	};

	const list = () => {
		const sessions = new Array<Session>();
		for (const [, session] of registered) sessions.push(session);
		table.sort(sessions, (a, b) => {
			if (a.updatedAt !== b.updatedAt) return a.updatedAt > b.updatedAt;
			return a.activity !== b.activity ? a.activity > b.activity : a.public.id < b.public.id;
		});
		return sessions;
	};
	// Game folders: this game's, each place a conversation was started in, and each game folder a
	// conversation was moved to (so a moved conversation always has a group).
	const foldersOf = (sessions: ReadonlyArray<Session>) => {
		const places = new Array<number>();
		for (const session of sessions) {
			if (session.public.placeId !== undefined) places.push(session.public.placeId);
			const [moved] = string.match(session.public.folderId, "^game:(%d+)$");
			if (moved !== undefined) places.push(tonumber(moved)!);
		}
		return folders.list(places);
	};

	const settleGone = (session: Session) => {
		const handlers = goneHandlers.get(session.public);
		goneHandlers.delete(session.public);
		if (handlers !== undefined) for (const fn of handlers) fn();
	};

	const remove = (id: unknown): boolean => {
		const session = resolve(id);
		if (session === undefined) return false;
		const sessionId = session.public.id;
		session.kill("the conversation was removed");
		registered.delete(sessionId);
		known.delete(session.public);
		persistence.remove(sessionId);
		reserved.delete(sessionId);
		if (activeId === sessionId) activeId = undefined;
		settleGone(session);
		listChanged.fire();
		return true;
	};

	// restore saved history; building many sessions goes over several frames (host/frame.ts)
	for (const saved of persistence.restore(reserved)) {
		spend(BUILD_UNITS + saved.messages.size() * MESSAGE_UNITS);
		reserved.delete(saved.id);
		const o = saved.options;
		const [session] = build(
			{
				id: saved.id,
				title: o.title,
				toolFilter: o.filter.only,
				toolGroups: o.filter.groups,
				toolExclude: o.filter.exclude,
				maxTurns: o.maxTurns,
				budgetSeconds: o.budgetSeconds,
				unlimited: o.unlimited,
				stream: o.stream,
				placeId: o.placeId,
				placeName: o.placeName,
			},
			false,
		);
		if (session === undefined) continue;
		session.public.folderId = o.folderId !== undefined && folders.exists(o.folderId) ? o.folderId : UNIVERSAL;
		session.public.turns = saved.turns;
		session.updatedAt = saved.updatedAt;
		session.activity = 0; // before anything of this run
		session.restore(saved.messages, saved.summary, saved.transcript, saved.omitted, saved.named, saved.notes);
		registered.set(saved.id, session);
		reserved.add(saved.id);
		activeId = activeId ?? saved.id;
	}

	deps.blockers.add("sessions", () => {
		const busy = list()
			.filter((s) => s.public.busy || s.public.preparing)
			.size();
		return busy > 0 ? `${busy} conversation${busy === 1 ? " is" : "s are"} working` : undefined;
	});
	// an isolated (ephemeral) conversation is never saved: a replacement would lose its history
	deps.blockers.add("isolated-conversations", () => {
		const isolated = list()
			.filter((s) => s.public.ephemeral && !s.killed() && s.messages.size() > 0)
			.size();
		return isolated > 0
			? `${isolated} isolated (ephemeral) conversation${isolated === 1 ? " has" : "s have"} history that is never saved`
			: undefined;
	});
	deps.cleanup.add(() => {
		for (const [, session] of known) {
			session.kill("the client unloaded");
			settleGone(session);
		}
		listChanged.clear();
		anyEvent.clear();
	}, "sessions");

	// after unload there is no thread to select or create: nil and the reason, never a raise
	const noSession = (reason: string): LuaTuple<[undefined, string]> => $tuple(undefined, reason);
	const current = (): PublicSession => {
		if (deps.cleanup.closed()) return noSession("this UAI client has been unloaded") as unknown as PublicSession;
		const active = activeId !== undefined ? registered.get(activeId) : undefined;
		if (active !== undefined) return active.public;
		const [session, reason] = build(undefined, true, true);
		if (session === undefined) return noSession(reason ?? "no conversation") as unknown as PublicSession;
		return session.public;
	};

	const publicSessions: PublicSessions = {
		current,
		open: (id, options) => {
			const existing = typeIs(id, "string") ? registered.get(id) : undefined;
			const activate = typeIs(options, "table") && (options as { activate?: unknown }).activate === true;
			if (existing !== undefined) {
				if (activate) {
					activeId = existing.public.id;
					listChanged.fire();
				}
				return $tuple(existing.public, false);
			}
			if (
				typeIs(options, "table") &&
				(options as { id?: unknown }).id !== undefined &&
				(options as { id?: unknown }).id !== id
			)
				return $tuple(undefined, "options.id differs from the id argument");
			const merged: Record<string, unknown> = {};
			if (typeIs(options, "table"))
				for (const [key, value] of pairs(options as object)) merged[key as string] = value;
			else if (options !== undefined) return $tuple(undefined, "session options must be a table");
			if (id === undefined || !typeIs(id, "string")) return $tuple(undefined, "open needs an id string");
			merged.id = id;
			const [session, problem] = build(merged, true, activate);
			if (session === undefined) return $tuple(undefined, problem);
			return $tuple(session.public, true);
		},
		newThread: (options) => {
			const activate = !(typeIs(options, "table") && (options as { activate?: unknown }).activate === false);
			const [session, problem] = build(options, true, activate);
			if (session === undefined) return $tuple(undefined, problem);
			return $tuple(session.public, undefined);
		},
		create: (options) => {
			const [session, problem] = build(options, false);
			if (session === undefined) return $tuple(undefined, problem);
			return $tuple(session.public, undefined);
		},
		get: (id) => (typeIs(id, "string") ? registered.get(id)?.public : undefined),
		list: () => table.freeze(list().map((s) => s.public)),
		switch: (id) => {
			if (!typeIs(id, "string") || !registered.has(id)) return false;
			activeId = id;
			listChanged.fire();
			return true;
		},
		busy: () =>
			table.freeze(
				list()
					.filter((s) => s.public.busy)
					.map((s) => s.public),
			),
		busyCount: () =>
			list()
				.filter((s) => s.public.busy)
				.size(),
		persist: (value) => {
			const session = resolve(value);
			if (session === undefined) return $tuple(false, "not a registered conversation");
			return persistence.save(session);
		},
		remove,
		folders: () => foldersOf(list()),
		groups: () => {
			const sessions = list();
			const members = new Map<string, Array<Session>>();
			for (const session of sessions) {
				const bucket = members.get(session.public.folderId);
				if (bucket !== undefined) bucket.push(session);
				else members.set(session.public.folderId, [session]);
			}
			const out = new Array<Readonly<Record<string, unknown>>>();
			for (const folder of foldersOf(sessions)) {
				const inFolder = members.get(folder.id) ?? [];
				const last = inFolder.reduce((acc, s) => math.max(acc, s.updatedAt), 0);
				out.push(
					table.freeze({ folder, sessions: table.freeze(inFolder.map((s) => s.public)), lastActivity: last }),
				);
			}
			return table.freeze(out);
		},
		createFolder: (name) => {
			const [folder, problem] = folders.create(name);
			if (folder === undefined) return $tuple(undefined, problem);
			listChanged.fire();
			return $tuple(folder, undefined);
		},
		renameFolder: (id, name) => {
			const [ok, problem] = folders.rename(id, name);
			if (ok) listChanged.fire();
			return $tuple(ok, problem);
		},
		removeFolder: (id) => {
			const [ok, problem] = folders.remove(id);
			if (!ok) return $tuple(false, problem);
			for (const session of list())
				if (session.public.folderId === id) {
					session.public.folderId = UNIVERSAL;
					sessionDeps.persist(session);
				}
			listChanged.fire();
			return $tuple(true, undefined);
		},
		moveToFolder: (value, folderId) => {
			const session = resolve(value);
			if (session === undefined) return $tuple(false, "not a registered conversation");
			if (!typeIs(folderId, "string") || !folders.exists(folderId)) return $tuple(false, "no such folder");
			session.public.folderId = folderId;
			sessionDeps.persist(session);
			listChanged.fire();
			return $tuple(true, undefined);
		},
		folderLabel: (value) => {
			const session = resolve(value);
			return session !== undefined ? folders.label(session.public.folderId) : undefined;
		},
		listChanged: listChanged.signal,
		anyEvent: anyEvent.signal,
	};

	return {
		public: table.freeze(publicSessions),
		lookup: (value) => resolve(value),
		known: (value) => known.get(value as PublicSession),
		spawn: (options, internal, relay) => {
			if (deps.cleanup.closed()) return undefined;
			const session = createSession(
				{ ...sessionDeps, anyEvent: relay, persist: () => undefined, unpersist: () => undefined },
				freshId(),
				{ ...options, headless: true, ephemeral: true, placeId: deps.placeId, placeName: deps.placeName },
				internal,
			);
			known.set(session.public, session);
			return session;
		},
		forget: (session) => {
			session.kill("the sub-agent was released");
			known.delete(session.public);
		},
		onGone: (session, fn) => {
			let set = goneHandlers.get(session);
			if (set === undefined) {
				set = new Set();
				goneHandlers.set(session, set);
			}
			set.add(fn);
			return () => goneHandlers.get(session)?.delete(fn);
		},
	};
}
