// The UAI WebSocket gateway client (docs/PROVIDER_COMPATIBILITY.md, "WebSocket gateway"): one
// socket per completion, opened with the executor's connector and no custom upgrade headers; one
// JSON envelope `{path, headers, body}`; replies handed to a consumer (the Chat Completions reply
// reader) until it completes or the socket closes.
//
// The fallback boundary: a connector missing or busy, a refused or failed connection, a socket
// without the expected members, or the deadline passing before Send — nothing was dispatched, so
// the caller may send the request over HTTP instead. From the moment Send is entered the request
// may have been delivered even if Send raises: every failure after that (send error, timeout,
// cancellation, premature close, bad data, a failing callback) is terminal and never repeated by
// HTTP or another provider. A connection that arrives after we gave up is closed without sending;
// callbacks that fire after the exchange ended are disconnected and change nothing.
//
// Limits: four completions hold a gateway connection at once (their connect/send worker and their
// socket; a fifth request uses HTTP), 1–300 s per attempt (120 s when no timeout is given); the
// consumer bounds the data (8 MiB, 1 MiB per event, 200,000 messages, tool calls).
//
// Each exchange that tried to connect is reported once to the request log (via "websocket"),
// with the bytes received and the start of the reply; refusals before connecting are not.
import type { RequestRecorder } from "../../runtime/request_log";
import { RESPONSE_WINDOW } from "../../runtime/request_log";

export interface SocketSignal {
	Connect(handler: (...args: Array<unknown>) => void): { Disconnect(): void };
}

/** The executor WebSocket object (UNC `WebSocket.connect`): Send, Close, OnMessage, OnClose. */
export interface GatewaySocket {
	Send(message: string): void;
	Close(): void;
	readonly OnMessage: SocketSignal;
	readonly OnClose: SocketSignal;
}

/** Returns the socket; what it returns is checked for the members above before use. */
export type WebSocketConnector = (url: string) => unknown;

/** Receives the gateway's replies. `message` returns true when the exchange is over. */
export interface GatewayConsumer<R> {
	readonly message: (text: string) => boolean;
	/** The exchange ended (completed, closed or stopped): the consumer's verdict. */
	readonly finish: () => R;
}

export interface GatewayClock {
	readonly now: () => number;
	readonly wait: (seconds: number) => void;
	readonly spawn: (fn: () => void) => void;
}

export const defaultGatewayClock: GatewayClock = {
	now: () => os.clock(),
	wait: (seconds) => task.wait(seconds),
	spawn: (fn) => task.spawn(fn),
};

export interface GatewayRequest<R> {
	readonly connector: WebSocketConnector | undefined;
	readonly wsUrl: string;
	/** The JSON text of the one envelope `{path, headers, body}`. */
	readonly envelope: string;
	readonly consumer: GatewayConsumer<R>;
	/** Seconds for connect, send and the whole reply; clamped to 1–300, default 120. */
	readonly timeout?: number;
	readonly isCancelled?: () => boolean;
	readonly clock?: GatewayClock;
	/** Where the exchange is reported, with its tag and the User-Agent inside the envelope. */
	readonly log?: GatewayLog;
}

export interface GatewayLog {
	readonly record: RequestRecorder;
	readonly tag: string;
	readonly identity?: string;
}

export type GatewayFailure = "timeout" | "cancelled" | "send_failed";

export type GatewayOutcome<R> =
	/** Nothing was sent: the caller may use HTTP. */
	| { readonly kind: "fallback"; readonly reason: string }
	/** The consumer's verdict after completion or close. */
	| { readonly kind: "done"; readonly value: R }
	/** A terminal failure after Send; the outcome at the provider is unknown. */
	| { readonly kind: "failed"; readonly failure: GatewayFailure; readonly reason: string };

export const GATEWAY_CONNECTIONS = 4;
export const GATEWAY_DEFAULT_TIMEOUT = 120;
export const GATEWAY_MAX_TIMEOUT = 300;
const SLICE = 0.05;

let active = 0;

/** Completions holding a gateway connection now. */
export function activeGatewayConnections(): number {
	return active;
}

/** The path and query of a URL, without scheme, authority and fragment. */
export function envelopePath(url: string): string {
	const [rest] = url.match("^%a[%w+.%-]*://[^/?#]*(.*)$") as LuaTuple<[string | undefined]>;
	const [withoutFragment] = (rest ?? url).gsub("#.*$", "");
	if (withoutFragment === "") return "/";
	return withoutFragment.sub(1, 1) === "?" ? `/${withoutFragment}` : withoutFragment;
}

function firstLine(value: unknown): string {
	const [line] = tostring(value).match("^[^\r\n]*") as LuaTuple<[string]>;
	const [withoutQuery] = line.gsub("%?[^%s\"']*", "?…");
	return withoutQuery.size() > 200 ? `${withoutQuery.sub(1, 200)}…` : withoutQuery;
}

function hasMembers(socket: unknown): socket is GatewaySocket {
	if (!typeIs(socket, "table") && !typeIs(socket, "userdata")) return false;
	const s = socket as { [key: string]: unknown };
	const [ok, complete] = pcall(
		() =>
			s.Send !== undefined &&
			s.Close !== undefined &&
			s.OnMessage !== undefined &&
			s.OnClose !== undefined &&
			(s.OnMessage as { Connect?: unknown }).Connect !== undefined &&
			(s.OnClose as { Connect?: unknown }).Connect !== undefined,
	);
	return ok && complete === true;
}

interface Connecting {
	socket?: unknown;
	error?: string;
	settled: boolean;
	abandoned: boolean;
}

/** One completion over the gateway; see the header for the fallback boundary. */
export function sendViaGateway<R>(request: GatewayRequest<R>): GatewayOutcome<R> {
	const clock = request.clock ?? defaultGatewayClock;
	const timeout = math.clamp(request.timeout ?? GATEWAY_DEFAULT_TIMEOUT, 1, GATEWAY_MAX_TIMEOUT);
	const deadline = clock.now() + timeout;
	const connector = request.connector;
	if (connector === undefined) return { kind: "fallback", reason: "no WebSocket connector on this executor" };
	if (request.wsUrl.match("^[wW][sS][sS]?://")[0] === undefined) {
		return { kind: "fallback", reason: "the gateway URL is not a ws:// or wss:// URL" };
	}
	if (active >= GATEWAY_CONNECTIONS) {
		return { kind: "fallback", reason: `all ${GATEWAY_CONNECTIONS} gateway connections are busy` };
	}
	active += 1;
	const started = clock.now();
	const at = os.time();
	let bytes = 0;
	let received = "";
	const consumer: GatewayConsumer<R> = {
		message: (text) => {
			bytes += text.size();
			if (received.size() < RESPONSE_WINDOW) received += text.sub(1, RESPONSE_WINDOW - received.size());
			return request.consumer.message(text);
		},
		finish: request.consumer.finish,
	};
	const outcome = connectAndExchange(request, consumer, connector, clock, deadline);
	request.log?.record({
		at,
		method: "WS",
		url: request.wsUrl,
		tag: request.log.tag,
		ms: (clock.now() - started) * 1000,
		status: 0,
		bytes,
		via: "websocket",
		identity: request.log.identity,
		uaSent: request.log.identity !== undefined,
		error: outcome.kind === "done" ? undefined : outcome.reason,
		attempt: 1,
		response: received,
	});
	return outcome;
}

/** Connects (holding one of the gateway slots) and runs the exchange; frees the slot. */
function connectAndExchange<R>(
	request: GatewayRequest<R>,
	consumer: GatewayConsumer<R>,
	connector: WebSocketConnector,
	clock: GatewayClock,
	deadline: number,
): GatewayOutcome<R> {
	const connecting: Connecting = { settled: false, abandoned: false };
	clock.spawn(() => {
		const [ok, value] = pcall(() => connector(request.wsUrl));
		if (ok) connecting.socket = value;
		else connecting.error = firstLine(value);
		connecting.settled = true;
		if (!connecting.abandoned) return;
		// a connection that arrives after we gave up is closed without sending; its worker frees
		// the slot only now
		if (ok) pcall(() => (value as GatewaySocket).Close());
		active -= 1;
	});
	while (!connecting.settled) {
		if (request.isCancelled?.() === true || clock.now() >= deadline) {
			connecting.abandoned = true;
			const why =
				request.isCancelled?.() === true ? "cancelled before sending" : "the connection deadline passed";
			return { kind: "fallback", reason: `${why}; nothing was sent` };
		}
		clock.wait(math.min(SLICE, deadline - clock.now()));
	}
	const socket = connecting.socket;
	if (socket === undefined || !hasMembers(socket)) {
		if (socket !== undefined) pcall(() => (socket as GatewaySocket).Close());
		active -= 1;
		const reason =
			connecting.error ?? "the connector returned an object without Send, Close, OnMessage and OnClose";
		return { kind: "fallback", reason: `cannot connect to the gateway: ${reason}` };
	}
	return exchange(request, consumer, socket, clock, deadline);
}

function exchange<R>(
	request: GatewayRequest<R>,
	consumer: GatewayConsumer<R>,
	socket: GatewaySocket,
	clock: GatewayClock,
	deadline: number,
): GatewayOutcome<R> {
	let over = false;
	let closed = false;
	const connections = new Array<{ Disconnect(): void }>();
	const release = () => {
		over = true;
		for (const connection of connections) pcall(() => connection.Disconnect());
		pcall(() => socket.Close());
		active -= 1;
	};
	const [hooked, hookError] = pcall(() => {
		connections.push(
			socket.OnMessage.Connect((message) => {
				if (over || !typeIs(message, "string")) return;
				if (consumer.message(message)) over = true;
			}),
		);
		connections.push(
			socket.OnClose.Connect(() => {
				closed = true;
			}),
		);
	});
	if (!hooked) {
		release();
		return { kind: "fallback", reason: `cannot listen to the gateway socket: ${firstLine(hookError)}` };
	}
	// From here on the request may have been delivered: no fallback.
	const [sent, sendError] = pcall(() => socket.Send(request.envelope));
	if (!sent) {
		release();
		return {
			kind: "failed",
			failure: "send_failed",
			reason: `sending to the gateway failed: ${firstLine(sendError)}`,
		};
	}
	while (!over && !closed) {
		if (request.isCancelled?.() === true) {
			release();
			return { kind: "failed", failure: "cancelled", reason: "aborted after the request was sent" };
		}
		if (clock.now() >= deadline) {
			release();
			return {
				kind: "failed",
				failure: "timeout",
				reason: "timed out waiting for the gateway's reply; the outcome at the provider is unknown",
			};
		}
		clock.wait(math.min(SLICE, deadline - clock.now()));
	}
	release();
	return { kind: "done", value: consumer.finish() };
}
