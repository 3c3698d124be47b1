// `uai.bridge`: the connection to the browser bridge (bridge/README.md). connect/disconnect/status
// with dot calls; while connected, session events go to the bridge, the snapshot follows the
// client's state, browser commands run here (commands.ts), and the providers' relay port sends
// picture-bearing (or, with the web runtime, all) requests through the bridge. The link and the
// command, snapshot and upload handling load on the first connect (at boot only when the saved
// settings reconnect), not at boot: literal requires, which the bundler follows and carries.
/* eslint-disable @typescript-eslint/no-require-imports */
import type { Sessions } from "../../agent/conversation/sessions";
import type { PublicPermissions } from "../../agent/dispatch/permissions";
import type { PublicTools } from "../../agent/dispatch/services";
import type { HttpCapability } from "../../net/http";
import type { BridgeLink, LinkStatus } from "../../net/bridge/link";
import type * as Link from "../../net/bridge/link";
import { createRelayPort } from "../../net/bridge/port";
import type { PublicProviders } from "../../provider/registry";
import type { CleanupRegistry } from "../../runtime/cleanup";
import type { PublicConfig } from "../../runtime/config";
import type { Logger, PublicLog } from "../../runtime/log";
import type * as Commands from "./commands";
import { approvalOf, isForwarded, PendingApproval, plain } from "./events";
import { withAnswerView } from "./answers";
import type * as Snapshot from "./snapshot";
import type { SavedEntry } from "./uploads";
import type * as Uploads from "./uploads";
import { createWaiting } from "./waiting";

type Outcome = LuaTuple<[boolean, string | undefined]>;

export const DEFAULT_PORT = 8790;

export interface PublicBridge {
	/** `connect({ token?, port? })`: saves the settings, checks the bridge and starts the link. */
	readonly connect: (options?: unknown) => Outcome;
	readonly disconnect: () => boolean;
	readonly status: () => LinkStatus & { readonly runtime: string; readonly imageInput: boolean };
}

export interface BridgeDeps {
	/** The host's HTTP function with the request log's recorder (bridge calls are logged). */
	readonly http: HttpCapability | undefined;
	/** Registers texts the request log redacts (the bridge token). */
	readonly addSecrets: (values: ReadonlyArray<string>) => void;
	readonly noHttpReason: string;
	readonly sessions: Sessions;
	readonly providers: PublicProviders;
	readonly permissions: PublicPermissions;
	readonly tools: PublicTools;
	readonly config: PublicConfig;
	readonly log: PublicLog;
	readonly logger: Logger;
	readonly cleanup: CleanupRegistry;
	readonly relay: ReturnType<typeof createRelayPort>;
	readonly attachments: {
		readonly save: (content: unknown, name?: unknown) => LuaTuple<[unknown, unknown]>;
		readonly reference: (entry: unknown) => string;
	};
	readonly version: string;
}

function newClientId(): string {
	const hex = (n: number) => {
		let out = "";
		for (let i = 0; i < n; i++) out += string.format("%x", math.random(0, 15));
		return out;
	};
	return `${hex(8)}-${hex(4)}-4${hex(3)}-${hex(4)}-${hex(12)}`;
}

export function createBridge(deps: BridgeDeps) {
	const approvals = new Map<string, PendingApproval>();
	const waiting = createWaiting();
	const clientId = newClientId();
	let seq = 0;
	let link: BridgeLink | undefined;
	const relaySettings = {
		runtime: () => deps.config.get("bridge.runtime") as string,
		timeout: () => deps.config.get("bridge.requestTimeout") as number,
	};
	deps.relay.attach(undefined, relaySettings);
	/** The link, made on first use; undefined without HTTP. */
	const ensureLink = (): BridgeLink | undefined => {
		if (link !== undefined || deps.http === undefined) return link;
		const uploads = (require(script.WaitForChild("uploads") as ModuleScript) as typeof Uploads).createUploads({
			save: (content, name) =>
				deps.attachments.save(content, name) as LuaTuple<[SavedEntry | undefined, string | undefined]>,
			reference: (entry) => deps.attachments.reference(entry),
		});
		const commandDeps = {
			sessions: deps.sessions.public,
			providers: deps.providers,
			permissions: deps.permissions,
			tools: deps.tools,
			config: deps.config,
			log: deps.log,
			approvals,
			uploads,
			waiting,
			version: deps.version,
		};
		const commands = require(script.WaitForChild("commands") as ModuleScript) as typeof Commands;
		const snapshot = require(script.WaitForChild("snapshot") as ModuleScript) as typeof Snapshot;
		const linkModule = require(
			script.Parent!.Parent!.WaitForChild("net").WaitForChild("bridge").WaitForChild("link") as ModuleScript,
		) as typeof Link;
		link = linkModule.createBridgeLink({
			http: deps.http,
			clientId,
			handle: (command) => commands.runCommand(command, commandDeps),
			snapshot: () => snapshot.buildSnapshot(commandDeps),
			currentSession: () => deps.sessions.public.current().id,
			onState: (state, why) => deps.logger.info(`bridge ${state}${why !== undefined ? `: ${why}` : ""}`),
		});
		deps.relay.attach(link, relaySettings);
		return link;
	};

	const forget = (sessionId: string, id?: unknown) => {
		for (const [key, pending] of approvals)
			if (pending.sessionId === sessionId && (id === undefined || key === id)) approvals.delete(key);
	};
	const unsubscribe = deps.sessions.public.anyEvent.connect((session, event) => {
		const kind = event.kind;
		waiting.observe(session.id, event as Record<string, unknown>);
		if (kind === "permission:ask") {
			const pending = approvalOf(session.id, event as Record<string, unknown>);
			if (pending !== undefined) approvals.set(pending.id, pending);
		} else if (kind === "tool:result" || kind === "tool:error") forget(session.id, event.id);
		else if (kind === "turn:end" || kind === "abort" || kind === "cleared") forget(session.id);
		// nothing is queued while disconnected (and no answer view is made)
		if (link === undefined || !isForwarded(kind) || link.status().state === "disconnected") return;
		seq += 1;
		link.push({ seq, sessionId: session.id, kind, at: event.at, data: withAnswerView(kind, plain(event)) });
	});

	const status = () => {
		const base: LinkStatus =
			link !== undefined
				? link.status()
				: {
						state: "disconnected",
						connected: false,
						clientId,
						// the link's own words before its first connect
						reason: deps.http !== undefined ? "not connected" : deps.noHttpReason,
						queued: 0,
						dropped: 0,
						sent: 0,
						commands: 0,
					};
		return table.freeze({
			...base,
			runtime: deps.config.get("bridge.runtime") as string,
			imageInput: true,
		});
	};

	const publicBridge: PublicBridge = table.freeze({
		connect: (options?: unknown): Outcome => {
			if (deps.http === undefined) return $tuple(false, `the bridge needs HTTP: ${deps.noHttpReason}`);
			const o = (typeIs(options, "table") ? options : {}) as { token?: unknown; port?: unknown };
			if (o.token !== undefined && !typeIs(o.token, "string")) return $tuple(false, "token must be a string");
			if (o.port !== undefined && (!typeIs(o.port, "number") || o.port % 1 !== 0 || o.port < 1 || o.port > 65535))
				return $tuple(false, "port must be a whole number from 1 to 65535");
			if (o.token !== undefined) deps.config.set("bridge.token", o.token);
			if (o.port !== undefined) deps.config.set("bridge.port", o.port);
			const token = deps.config.get("bridge.token", "") as string;
			const port = deps.config.get("bridge.port", DEFAULT_PORT) as number;
			if (token === "")
				return $tuple(
					false,
					"no bridge token: run the bridge (node uai-bridge.js) and pass the token it prints",
				);
			deps.addSecrets([token]);
			const made = ensureLink() as BridgeLink;
			made.disconnect("reconnecting");
			const [ok, why] = made.connect({ port, token, clientId });
			deps.config.set("bridge.enabled", ok);
			return $tuple(ok, why);
		},
		disconnect: () => {
			deps.config.set("bridge.enabled", false);
			return link !== undefined && link.disconnect("disconnected by the client");
		},
		status,
	});

	const destroy = () => {
		unsubscribe();
		link?.disconnect("the client unloaded");
		approvals.clear();
		waiting.clear();
	};
	deps.cleanup.add(destroy, "bridge");

	/** At boot: reconnect when the saved settings say the bridge was connected (a failure only warns). */
	const resume = () => {
		if (deps.http === undefined || deps.config.get("bridge.enabled") !== true) return;
		if ((deps.config.get("bridge.token", "") as string) === "") return;
		task.spawn(() => {
			const [ok, why] = publicBridge.connect();
			if (!ok) deps.logger.warn(`the bridge did not reconnect: ${why}`);
		});
	};

	return { public: publicBridge, resume, destroy };
}
