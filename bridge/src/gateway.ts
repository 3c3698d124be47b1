// The UAI WebSocket gateway: one socket per completion. The client sends one JSON envelope
// `{path, headers, body}`; the gateway POSTs it to its configured upstream origin and streams the
// provider's Chat Completions chunks back, one JSON text per message, then `[DONE]`. A provider
// refusal is sent as an `{error}` object before the socket closes. docs: bridge/README.md.
import http from "node:http";
import { createParser } from "eventsource-parser";
import { WebSocket, WebSocketServer } from "ws";
import { forwardedHeaders } from "./forward_headers";

const ENVELOPE_MAX_BYTES = 16 * 1024 * 1024;
const ENVELOPE_WAIT_MS = 15_000;

export interface GatewayOptions {
	readonly port: number;
	/** The provider origin every envelope's path is appended to, e.g. https://api.openai.com */
	readonly upstream: string;
}

export interface Gateway {
	readonly url: () => string;
	readonly close: () => Promise<void>;
}

function envelopeOf(text: string): { path: string; headers: Record<string, string>; body: unknown } | string {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return "the envelope is not JSON";
	}
	const e = value as { path?: unknown; headers?: unknown; body?: unknown };
	if (typeof value !== "object" || value === null) return "the envelope must be an object {path, headers, body}";
	if (typeof e.path !== "string" || !e.path.startsWith("/") || e.path.startsWith("//"))
		return "path must be the provider path and query, starting with /";
	if (e.headers !== undefined && (typeof e.headers !== "object" || e.headers === null))
		return "headers must be an object";
	if (typeof e.body !== "object" || e.body === null) return "body must be the JSON request object";
	return { path: e.path, headers: forwardedHeaders((e.headers ?? {}) as Record<string, unknown>), body: e.body };
}

async function relay(socket: WebSocket, upstream: URL, text: string): Promise<void> {
	const envelope = envelopeOf(text);
	const fail = (message: string, code?: number) => {
		if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ error: { message, code } }));
		socket.close(1011, "gateway error");
	};
	if (typeof envelope === "string") return fail(envelope);
	const abort = new AbortController();
	socket.on("close", () => abort.abort());
	const target = new URL(envelope.path, upstream);
	let response: Response;
	try {
		response = await fetch(target, {
			method: "POST",
			headers: envelope.headers,
			body: JSON.stringify(envelope.body),
			signal: abort.signal,
		});
	} catch (err) {
		return fail(`the gateway could not reach its upstream: ${(err as Error).message}`);
	}
	if (!response.ok) {
		const body = await response.text().catch(() => "");
		let message = body.slice(0, 2000);
		try {
			const parsed = JSON.parse(body) as { error?: { message?: string } };
			message = parsed.error?.message ?? message;
		} catch {
			// a plain-text refusal is passed on as it is
		}
		return fail(`upstream HTTP ${response.status}: ${message}`, response.status);
	}
	let done = false;
	const parser = createParser({
		onEvent: (event) => {
			if (done || socket.readyState !== WebSocket.OPEN) return;
			if (event.data === "[DONE]") {
				done = true;
				socket.send("[DONE]");
				return;
			}
			socket.send(event.data);
		},
	});
	const streamed = (response.headers.get("content-type") ?? "").includes("text/event-stream");
	const decoder = new TextDecoder();
	const parts: string[] = [];
	try {
		for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
			const piece = decoder.decode(chunk, { stream: true });
			if (streamed) parser.feed(piece);
			else parts.push(piece);
		}
	} catch (err) {
		if (!abort.signal.aborted) return fail(`the upstream stream broke: ${(err as Error).message}`);
		return;
	}
	if (socket.readyState !== WebSocket.OPEN) return;
	if (!streamed) socket.send(parts.join("") + decoder.decode());
	if (!done) socket.send("[DONE]");
	socket.close(1000, "done");
}

/** Attaches the gateway to `server` at `path` (used by the bridge) or serves it alone. */
export function attachGateway(server: http.Server, upstream: URL, path = "/"): WebSocketServer {
	const wss = new WebSocketServer({ noServer: true, maxPayload: ENVELOPE_MAX_BYTES });
	server.on("upgrade", (request, socket, head) => {
		const url = new URL(request.url ?? "/", "http://localhost");
		if (url.pathname !== path) return;
		// pages of any web site could open a socket to loopback: the gateway serves programs only
		if (request.headers.origin !== undefined) {
			socket.end("HTTP/1.1 403 Forbidden\r\nconnection: close\r\n\r\n");
			return;
		}
		wss.handleUpgrade(request, socket, head, (ws) => {
			const timer = setTimeout(() => ws.close(1008, "no envelope"), ENVELOPE_WAIT_MS);
			ws.once("message", (data) => {
				clearTimeout(timer);
				void relay(ws, upstream, data.toString());
			});
		});
	});
	return wss;
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
	const upstream = new URL(options.upstream);
	if (upstream.protocol !== "http:" && upstream.protocol !== "https:")
		throw new Error("the upstream must be an http or https origin");
	const server = http.createServer((_req, res) => {
		res.writeHead(426, { "content-type": "text/plain" });
		res.end("UAI WebSocket gateway: connect with a WebSocket\n");
	});
	const wss = attachGateway(server, upstream);
	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(options.port, "127.0.0.1", () => resolve());
	});
	const address = server.address();
	const port = address !== null && typeof address === "object" ? address.port : options.port;
	return {
		url: () => `ws://127.0.0.1:${port}/`,
		close: async () => {
			for (const client of wss.clients) client.terminate();
			wss.close();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
