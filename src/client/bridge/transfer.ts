// `config:export` and `config:import` from the browser. The export never carries provider keys
// (each provider says only whether it has one); an import keeps this client's bridge settings and,
// for providers it already has, their saved keys.
import type { PublicConfig } from "../../runtime/config";
import type { CommandAnswer } from "../../net/bridge/link";
import { deepCopy } from "../../runtime/util";
import { epochMs } from "../../agent/conversation/events";

export const EXPORT_FORMAT = "uai-config";

interface ProviderEntry {
	id?: unknown;
	apiKey?: unknown;
	apiKeys?: unknown;
	hasKey?: boolean;
}

function providersOf(config: Record<string, unknown>): Array<ProviderEntry> {
	const section = config.providers as { list?: unknown } | undefined;
	return typeIs(section, "table") && typeIs(section.list, "table") ? (section.list as Array<ProviderEntry>) : [];
}

export function exportConfig(config: PublicConfig, version: string): Record<string, unknown> {
	const copy = deepCopy(config.snapshot()) as Record<string, unknown>;
	for (const entry of providersOf(copy)) {
		entry.hasKey = (typeIs(entry.apiKey, "string") && entry.apiKey !== "") || typeIs(entry.apiKeys, "table");
		entry.apiKey = undefined;
		entry.apiKeys = undefined;
	}
	const bridge = copy.bridge as Record<string, unknown> | undefined;
	if (typeIs(bridge, "table")) bridge.token = undefined;
	return { format: EXPORT_FORMAT, version: 1, appVersion: version, exportedAt: epochMs(), config: copy };
}

export function importConfig(config: PublicConfig, envelope: unknown): CommandAnswer {
	const e = envelope as { format?: unknown; version?: unknown; config?: unknown };
	if (!typeIs(envelope, "table") || e.format !== EXPORT_FORMAT || e.version !== 1 || !typeIs(e.config, "table"))
		return { ok: false, error: `config must be an export of this client (format ${EXPORT_FORMAT}, version 1)` };
	const incoming = deepCopy(e.config) as Record<string, unknown>;
	const current = config.snapshot() as Record<string, unknown>;
	incoming.bridge = deepCopy(current.bridge);
	incoming.version = current.version;
	const keys = new Map<unknown, ProviderEntry>();
	for (const entry of providersOf(current)) keys.set(entry.id, entry);
	for (const entry of providersOf(incoming)) {
		const known = keys.get(entry.id);
		entry.hasKey = undefined;
		if (known !== undefined && entry.apiKey === undefined && entry.apiKeys === undefined) {
			entry.apiKey = deepCopy(known.apiKey);
			entry.apiKeys = deepCopy(known.apiKeys);
		}
	}
	const [ok, reason] = config.replace(incoming);
	return ok
		? { ok: true, data: { providers: providersOf(incoming).size() } }
		: { ok: false, error: reason ?? "refused" };
}
