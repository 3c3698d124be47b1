// Helpers shared by the tools specs: one client's tool services over an in-memory configuration
// (no files), with a chosen set of capabilities, and a compact way to make a dispatch call.
import { Caps } from "host/caps";
import { createToolServices, ToolServices } from "agent/dispatch/services";
import { ToolResult } from "agent/dispatch/tool";
import { createBlockerRegistry } from "runtime/blockers";
import { CleanupRegistry, createCleanupRegistry } from "runtime/cleanup";
import { createConfig, PublicConfig } from "runtime/config";
import { encode } from "runtime/json";
import { createLog, PublicLog } from "runtime/log";
import { createStorage } from "runtime/storage";

const CAPABILITY_KEYS = ["http", "fs", "exec", "ws", "clipboard", "hooks", "ua", "gravity"];

/** A capability report where exactly `available` are present. */
export function fakeCaps(available: ReadonlyArray<string>): Caps {
	const keys: Record<string, boolean> = {};
	for (const key of CAPABILITY_KEYS) keys[key] = available.includes(key);
	return { keys, has: (key: unknown) => typeIs(key, "string") && keys[key] === true } as unknown as Caps;
}

export interface Harness {
	readonly services: ToolServices;
	readonly config: PublicConfig;
	readonly cleanup: CleanupRegistry;
	readonly log: PublicLog;
	/** Dispatches `name` with `args` (a table, encoded, or JSON text as given). */
	readonly call: (name: string, args?: unknown, ctx?: unknown) => ToolResult;
}

export function harness(available: ReadonlyArray<string> = ["http", "fs", "exec"]): Harness {
	const log = createLog();
	const cleanup = createCleanupRegistry(log.scope("cleanup"));
	const blockers = createBlockerRegistry(log.scope("blockers"));
	const config = createConfig({
		storage: createStorage(undefined, log.scope("storage")),
		log: log.scope("config"),
		cleanup,
		blockers,
		onWrite: () => {},
	});
	config.load();
	const services = createToolServices({
		config: config.public,
		caps: fakeCaps(available),
		log,
		cleanup,
		env: "spec-env",
		mapError: (text) => text,
	});
	let serial = 0;
	const call = (name: string, args?: unknown, ctx?: unknown) => {
		serial += 1;
		const text = typeIs(args, "string") ? args : (encode(args ?? {})[0] as string);
		return services.tools.dispatch({ id: `spec-${serial}`, function: { name, arguments: text } }, ctx);
	};
	return { services, config: config.public, cleanup, log: log.public, call };
}

/** Whether `text` contains `part` literally. */
export function mentions(text: unknown, part: string): boolean {
	return typeIs(text, "string") && text.find(part, 1, true)[0] !== undefined;
}
