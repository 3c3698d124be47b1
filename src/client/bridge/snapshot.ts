// The state snapshot the bridge shows the browser (bridge/README.md, "Snapshot"): conversations,
// providers with `hasKey` (never a key), pending approvals, settings, tools, the request log and
// recent logs. Plain JSON; the link sends it only when it changed, at most once a second.
import type { PublicSessions } from "../../agent/conversation/sessions";
import type { PublicPermissions } from "../../agent/dispatch/permissions";
import type { PublicTools } from "../../agent/dispatch/services";
import type { PublicProviders } from "../../provider/registry";
import type { PublicConfig } from "../../runtime/config";
import type { PublicLog } from "../../runtime/log";
import { IMAGES_PER_MESSAGE } from "../../runtime/attachments_images";
import { PendingApproval } from "./events";
import type { Waiting } from "./waiting";

export const SNAPSHOT_PROTOCOL = 2;
const LOG_LINES = 60;
const REQUESTS = 40;
/** Settings the browser shows and may change (each checked by its rule when set). */
export const SNAPSHOT_SETTINGS = [
	"agent.effort",
	"agent.temperature",
	"agent.maxTurns",
	"agent.stream",
	"agent.fallback",
	"bridge.requestTimeout",
	"ui.showReasoning",
];

export interface SnapshotDeps {
	readonly sessions: PublicSessions;
	readonly providers: PublicProviders;
	readonly permissions: PublicPermissions;
	readonly tools: PublicTools;
	readonly config: PublicConfig;
	readonly log: PublicLog;
	readonly approvals: Map<string, PendingApproval>;
	readonly waiting: Waiting;
	readonly version: string;
}

export function buildSnapshot(deps: SnapshotDeps): Record<string, unknown> {
	const current = deps.sessions.current();
	const settings: Record<string, unknown> = {};
	for (const key of SNAPSHOT_SETTINGS) settings[key] = deps.config.get(key);
	const active = deps.providers.active();
	const approvals = new Array<Record<string, unknown>>();
	for (const [, pending] of deps.approvals)
		approvals.push({
			id: pending.id,
			sessionId: pending.sessionId,
			name: pending.name,
			risk: pending.risk,
			args: pending.args,
			// seconds left, whole (the browser counts down from when it receives the snapshot)
			expiresIn: math.max(0, math.floor(pending.deadline - os.clock())),
		});
	const waiting = deps.waiting.snapshot();
	return {
		protocol: SNAPSHOT_PROTOCOL,
		clientVersion: deps.version,
		imageInput: true,
		attachments: {
			imagesPerMessage: IMAGES_PER_MESSAGE,
			imageBytes: 5 * 1024 * 1024,
			messageBytes: 20 * 1024 * 1024,
		},
		runtime: deps.config.get("bridge.runtime"),
		relayTimeout: deps.config.get("bridge.requestTimeout"),
		sessionId: current.id,
		status: current.status,
		busy: current.busy,
		permissionMode: deps.permissions.mode(),
		settings,
		threads: deps.sessions
			.list()
			.filter((s) => !s.headless)
			.map((s) => ({
				id: s.id,
				title: s.title,
				busy: s.busy,
				turns: s.turns,
				status: s.status,
				isolated: s.ephemeral,
			})),
		providers: deps.providers.list().map((p) => ({
			id: p.id,
			label: p.label,
			model: p.model,
			api: p.api,
			baseUrl: p.baseUrl,
			enabled: p.enabled,
			hasKey: p.apiKey !== "",
			active: p === active || p.id === active?.id,
		})),
		permissions: approvals,
		questions: waiting.questions,
		subagents: waiting.subagents,
		tools: deps.tools.list().map((t) => ({ name: t.name, group: t.group, risk: t.risk })),
		requests: deps.log.requests({ limit: REQUESTS }).map((r) => ({
			at: r.at,
			method: r.method,
			url: r.url,
			status: r.status,
			ms: r.ms,
			tag: r.tag,
			via: r.via,
			error: r.error,
		})),
		logs: deps.log
			.entries()
			.filter((_, i, all) => i >= all.size() - LOG_LINES)
			.map((e) => ({ level: e.level, text: e.text, source: e.source, at: e.time })),
	};
}
