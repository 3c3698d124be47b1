// The bridge server: one Fastify app on loopback serving the web page, the browser API, the game
// link and the web relay. Every /api route needs the bridge token; requests from pages of another
// origin (and Host names other than the loopback ones) are refused. docs: bridge/README.md.
import { randomBytes, timingSafeEqual } from "node:crypto";
import Fastify, { errorCodes, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { COMMAND_ID, Link } from "./link";
import {
	MESSAGE_MAX_BYTES,
	PICTURE_ID,
	PICTURE_MAX_BYTES,
	PictureError,
	PictureStore,
	PICTURES_PER_MESSAGE,
} from "./pictures";
import { DRAIN_LIMIT, readBounded } from "./bounded_body";
import { HostMap, mappedFetch } from "./host_map";
import { INFERENCE_ID, Relay, RelayError, statusPage } from "./relay";

export const PROTOCOL = 2;
const JSON_LIMIT = 2 * 1024 * 1024;
const INFERENCE_LIMIT = 24 * 1024 * 1024;

export interface BridgeOptions {
	readonly port: number;
	readonly token?: string;
	readonly pictureIdleSeconds?: number;
	/** Relay requests for these hosts go to loopback origins instead (--map-host). */
	readonly hostMap?: HostMap;
	readonly page?: string;
	readonly logger?: boolean;
}

export interface Bridge {
	readonly app: FastifyInstance;
	readonly token: string;
	readonly link: Link;
	readonly pictures: PictureStore;
	readonly relay: Relay;
	readonly url: () => string;
	readonly close: () => Promise<void>;
}

export function newToken(): string {
	return randomBytes(24).toString("base64url");
}

function same(a: string, b: string): boolean {
	const x = Buffer.from(a);
	const y = Buffer.from(b);
	return x.length === y.length && timingSafeEqual(x, y);
}

const fail = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ error: message });

const idSchema = { type: "string", minLength: 1, maxLength: 200 };

export async function createBridge(options: BridgeOptions): Promise<Bridge> {
	const token = options.token ?? newToken();
	const pictures = new PictureStore({ idleMs: (options.pictureIdleSeconds ?? 900) * 1000 });
	const link = new Link();
	const relay = new Relay(
		pictures,
		{
			delta: (job, text, reasoning) =>
				link.broadcast({
					kind: "delta",
					data: { inferenceId: job.id, sessionId: job.sessionId, text, reasoning },
				}),
			done: (job) =>
				link.broadcast({
					kind: "inference",
					data: { inferenceId: job.id, sessionId: job.sessionId, state: job.state, status: job.status },
				}),
		},
		mappedFetch(options.hostMap ?? new Map()),
	);
	const app = Fastify({ logger: options.logger ?? false, bodyLimit: JSON_LIMIT, forceCloseConnections: true });
	let port = options.port;
	const sweeper = setInterval(() => pictures.sweep(), 30_000);
	sweeper.unref();

	// Bodies are read to the end even when too large (bounded_body.ts), so the sender receives the
	// 413 answer instead of a connection reset. JSON goes on to Fastify's own parser (with its
	// prototype-poisoning guard); the limit is the route's own (relay submissions) or JSON_LIMIT.
	const parseJson = app.getDefaultJsonParser("error", "ignore");
	app.addContentTypeParser("application/json", (request, payload, done) => {
		readBounded(payload, request.routeOptions.bodyLimit ?? JSON_LIMIT, (error, body) => {
			if (error !== undefined) done(error, undefined);
			else if (body === undefined) done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
			else void parseJson(request, body.toString("utf8"), done);
		});
	});
	app.addContentTypeParser(
		["image/png", "image/jpeg", "image/webp", "application/octet-stream"],
		(_request, payload, done) =>
			readBounded(payload, PICTURE_MAX_BYTES, (error, body, size) => {
				if (error !== undefined) done(error, undefined);
				else if (body === undefined)
					done(
						new PictureError(
							413,
							`the picture is ${size} bytes; pictures can be at most 5 MiB (${PICTURE_MAX_BYTES} bytes)`,
						),
						undefined,
					);
				else done(null, body);
			}),
	);
	app.setErrorHandler(
		(error: { statusCode?: number; code?: string; message: string; validation?: unknown }, request, reply) => {
			if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
				const limit = request.url.startsWith("/api/pictures")
					? "pictures can be at most 5 MiB"
					: "the request body is too large";
				return fail(reply, 413, limit);
			}
			if (error instanceof PictureError) return fail(reply, error.status, error.message);
			if (error.validation) return fail(reply, 400, `invalid request: ${error.message}`);
			if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
				return fail(
					reply,
					415,
					"unsupported content type (pictures are uploaded as image/png, image/jpeg or image/webp)",
				);
			return fail(reply, error.statusCode ?? 500, error.message);
		},
	);

	// Host and Origin: only this server's loopback names (guards against DNS rebinding and pages
	// of other sites driving the API from a user's browser)
	const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
	app.addHook("onRequest", async (request, reply) => {
		// a GET or DELETE carries no body, whatever its content type says
		if (
			(request.method === "GET" || request.method === "DELETE") &&
			request.headers["content-length"] === undefined
		)
			delete request.headers["content-type"];
		const hosts = allowedHosts();
		if (!hosts.has(String(request.headers.host ?? "").toLowerCase()))
			return fail(reply, 421, "the bridge answers only on its loopback address");
		const origin = request.headers.origin;
		if (origin !== undefined && !(origin.startsWith("http://") && hosts.has(origin.slice(7).toLowerCase())))
			return fail(
				reply,
				403,
				`origin ${origin} is not allowed: open the bridge page at http://127.0.0.1:${port}/`,
			);
		if (!request.url.startsWith("/api/")) return;
		const header = request.headers.authorization ?? "";
		const given = header.startsWith("Bearer ") ? header.slice(7) : "";
		if (given === "" || !same(given, token))
			return fail(reply, 401, "missing or wrong bridge token: copy the token the bridge printed when it started");
	});

	const browserOf = (request: FastifyRequest): string => {
		const id = request.headers["x-uai-browser-id"];
		return typeof id === "string" && PICTURE_ID.test(id) ? id : "";
	};
	const clientOf = (request: FastifyRequest): string => {
		const id = request.headers["x-uai-client"];
		return typeof id === "string" && id.length > 0 && id.length <= 100 ? id : "";
	};
	const needBrowser = (request: FastifyRequest, reply: FastifyReply): string | undefined => {
		const id = browserOf(request);
		if (id === "") fail(reply, 400, "X-UAI-Browser-Id (8 to 64 characters from A-Z a-z 0-9 _ -) is required");
		return id === "" ? undefined : id;
	};
	const needClient = (request: FastifyRequest, reply: FastifyReply): string | undefined => {
		const id = clientOf(request);
		if (id === "") fail(reply, 400, "X-UAI-Client is required");
		return id === "" ? undefined : id;
	};

	app.get("/", async (_request, reply) =>
		reply
			.type("text/html; charset=utf-8")
			.header(
				"content-security-policy",
				"default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' blob: data:; connect-src 'self'",
			)
			.header("x-frame-options", "DENY")
			.send(
				options.page ??
					"<!doctype html><title>UAI bridge</title><p>The web client was not built into this server.</p>",
			),
	);

	app.get("/api/hello", async () => ({
		protocol: PROTOCOL,
		instance: link.instance,
		capabilities: {
			pictures: {
				mode: "provider-image-content",
				types: ["image/png", "image/jpeg", "image/webp"],
				maxBytes: PICTURE_MAX_BYTES,
				perMessage: PICTURES_PER_MESSAGE,
				idleSeconds: pictures.idleSeconds,
			},
			relay: { streaming: true, previewCursor: true },
			gateway: true,
		},
		game: link.gameState(),
	}));

	// ---- game link
	app.post(
		"/api/agent/events",
		{
			schema: {
				body: {
					type: "object",
					required: ["batchId", "events"],
					properties: {
						batchId: idSchema,
						events: { type: "array", maxItems: 500 },
						snapshot: { type: ["object", "null"] },
						sessionId: { type: "string" },
					},
				},
			},
		},
		async (request, reply) => {
			const client = needClient(request, reply);
			if (client === undefined) return reply;
			const body = request.body as { batchId: string; events: unknown[]; snapshot?: unknown };
			const fresh = link.events(body.batchId, body.events, body.snapshot, client);
			return { ok: true, batchId: body.batchId, duplicate: !fresh, instance: link.instance };
		},
	);
	app.get(
		"/api/agent/inbox",
		{
			schema: {
				querystring: { type: "object", properties: { wait: { type: "number", minimum: 0, maximum: 25 } } },
			},
		},
		async (request, reply) => {
			const client = needClient(request, reply);
			if (client === undefined) return reply;
			const abort = new AbortController();
			request.raw.on("close", () => abort.abort());
			const wait = (request.query as { wait?: number }).wait ?? 25;
			const commands = await link.poll(client, wait, abort.signal);
			return { commands, instance: link.instance };
		},
	);
	app.post(
		"/api/agent/ack",
		{
			schema: {
				body: {
					type: "object",
					required: ["results"],
					properties: {
						results: {
							type: "array",
							maxItems: 500,
							items: { type: "object", required: ["id"], properties: { id: idSchema } },
						},
					},
				},
			},
		},
		async (request, reply) => {
			if (needClient(request, reply) === undefined) return reply;
			const taken = link.ack((request.body as { results: Array<Record<string, unknown>> }).results);
			return { ok: true, taken };
		},
	);

	// ---- relay
	app.post(
		"/api/inference",
		{
			bodyLimit: INFERENCE_LIMIT,
			schema: {
				body: {
					type: "object",
					required: ["id", "url", "headers", "body", "sessionId"],
					properties: {
						id: { type: "string", pattern: INFERENCE_ID.source },
						instance: { type: "string" },
						url: { type: "string", maxLength: 4096 },
						headers: { type: "object", additionalProperties: { type: "string" } },
						body: { type: "string" },
						timeout: { type: "number", minimum: 10, maximum: 86400 },
						sessionId: { type: "string", minLength: 1, maxLength: 200 },
					},
				},
			},
		},
		async (request, reply) => {
			if (needClient(request, reply) === undefined) return reply;
			const body = request.body as {
				id: string;
				instance?: string;
				url: string;
				headers: Record<string, string>;
				body: string;
				timeout?: number;
				sessionId: string;
			};
			if (body.instance !== undefined && body.instance !== "" && body.instance !== link.instance)
				return fail(reply, 409, "the bridge restarted since this client connected; the request was not sent");
			try {
				const { job, existing } = relay.submit({ ...body, timeout: body.timeout ?? 180 });
				return reply
					.code(existing ? 200 : 202)
					.send({ id: job.id, state: job.state, existing, images: job.images });
			} catch (err) {
				if (err instanceof RelayError) return fail(reply, err.status, err.message);
				throw err;
			}
		},
	);
	app.get("/api/inference/:id", async (request, reply) => {
		const { id } = request.params as { id: string };
		const job = relay.get(id);
		if (job === undefined) return fail(reply, 404, `no inference ${id} (the bridge may have restarted)`);
		const q = request.query as { textCursor?: string; reasoningCursor?: string };
		return statusPage(job, Number(q.textCursor ?? 0) || 0, Number(q.reasoningCursor ?? 0) || 0);
	});
	app.delete("/api/inference/:id", async (request, reply) => {
		const { id } = request.params as { id: string };
		const job = relay.cancel(id);
		if (job === undefined) return fail(reply, 404, `no inference ${id}`);
		return { id, state: job.state };
	});

	// ---- browser API
	app.get("/api/stream", async (request, reply) => {
		const browser = needBrowser(request, reply);
		if (browser === undefined) return reply;
		reply.hijack();
		const res = reply.raw;
		res.writeHead(200, {
			"content-type": "text/event-stream",
			"cache-control": "no-store",
			connection: "keep-alive",
		});
		const write = (kind: string, data: unknown) => res.write(`event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`);
		for (const message of link.backlog()) write(message.kind, message.data);
		const unsubscribe = link.subscribe((message) => write(message.kind, message.data));
		const beat = setInterval(() => {
			res.write(": keep-alive\n\n");
			write("game", link.gameState());
		}, 10_000);
		request.raw.on("close", () => {
			clearInterval(beat);
			unsubscribe();
		});
	});
	app.post(
		"/api/command",
		{
			schema: {
				body: {
					type: "object",
					required: ["commandId", "type"],
					properties: {
						commandId: { type: "string", pattern: COMMAND_ID.source },
						type: { type: "string", minLength: 1, maxLength: 60 },
					},
				},
			},
		},
		async (request, reply) => {
			const browser = needBrowser(request, reply);
			if (browser === undefined) return reply;
			const command = request.body as { commandId: string; type: string };
			if (command.type === "send") return fail(reply, 400, "messages are sent with POST /api/send");
			link.enqueue(command, browser);
			return reply.code(202).send({ commandId: command.commandId, queued: true });
		},
	);
	app.post(
		"/api/send",
		{
			schema: {
				body: {
					type: "object",
					required: ["sessionId", "commandId", "text"],
					properties: {
						sessionId: { type: "string", minLength: 1, maxLength: 200 },
						commandId: { type: "string", pattern: COMMAND_ID.source },
						text: { type: "string", maxLength: 1024 * 1024 },
						pictureIds: {
							type: "array",
							maxItems: PICTURES_PER_MESSAGE,
							items: { type: "string", pattern: PICTURE_ID.source },
						},
					},
				},
			},
		},
		async (request, reply) => {
			const browser = needBrowser(request, reply);
			if (browser === undefined) return reply;
			const body = request.body as { sessionId: string; commandId: string; text: string; pictureIds?: string[] };
			const ids = body.pictureIds ?? [];
			if (new Set(ids).size !== ids.length) return fail(reply, 400, "a picture is attached twice");
			if (ids.length > 0 && !link.imageInput)
				return fail(
					reply,
					400,
					"the connected game client does not accept pictures: update and reload the UAI client, then reconnect the bridge",
				);
			const references: string[] = [];
			const imageTypes: string[] = [];
			let total = 0;
			try {
				for (const id of ids) {
					const picture = pictures.owned(id, browser, body.sessionId);
					total += picture.bytes.length;
					references.push(picture.reference);
					imageTypes.push(picture.mediaType);
				}
			} catch (err) {
				if (err instanceof PictureError) return fail(reply, err.status, err.message);
				throw err;
			}
			if (total > MESSAGE_MAX_BYTES)
				return fail(reply, 413, "the pictures of one message can be at most 20 MiB together");
			link.enqueue(
				{
					commandId: body.commandId,
					type: "send",
					sessionId: body.sessionId,
					text: body.text,
					images: references,
					imageTypes,
				},
				browser,
			);
			return reply.code(202).send({ commandId: body.commandId, images: references });
		},
	);
	app.post("/api/pictures", { bodyLimit: DRAIN_LIMIT }, async (request, reply) => {
		const browser = needBrowser(request, reply);
		if (browser === undefined) return reply;
		const sessionId = request.headers["x-uai-session-id"];
		if (typeof sessionId !== "string" || sessionId === "")
			return fail(reply, 400, "X-UAI-Session-Id names the conversation the picture belongs to");
		if (!Buffer.isBuffer(request.body))
			return fail(reply, 415, "upload the picture's bytes with its image content type");
		const idHeader = request.headers["x-uai-picture-id"];
		const nameHeader = request.headers["x-uai-picture-name"];
		try {
			const picture = pictures.add({
				bytes: request.body,
				browserId: browser,
				sessionId,
				id: typeof idHeader === "string" && idHeader !== "" ? idHeader : undefined,
				name: typeof nameHeader === "string" ? decodeURIComponent(nameHeader) : undefined,
			});
			return reply.code(201).send({
				id: picture.id,
				reference: picture.reference,
				mediaType: picture.mediaType,
				bytes: picture.bytes.length,
				name: picture.name,
				sessionId,
			});
		} catch (err) {
			if (err instanceof PictureError) return fail(reply, err.status, err.message);
			throw err;
		}
	});
	app.get("/api/pictures/:id", async (request, reply) => {
		const browser = needBrowser(request, reply);
		if (browser === undefined) return reply;
		try {
			const picture = pictures.owned((request.params as { id: string }).id, browser);
			return reply.type(picture.mediaType).header("cache-control", "no-store").send(picture.bytes);
		} catch (err) {
			if (err instanceof PictureError) return fail(reply, err.status, err.message);
			throw err;
		}
	});
	app.delete("/api/pictures/:id", async (request, reply) => {
		const browser = needBrowser(request, reply);
		if (browser === undefined) return reply;
		try {
			pictures.delete((request.params as { id: string }).id, browser);
			return { ok: true };
		} catch (err) {
			if (err instanceof PictureError) return fail(reply, err.status, err.message);
			throw err;
		}
	});

	await app.listen({ host: "127.0.0.1", port: options.port });
	const address = app.server.address();
	if (address !== null && typeof address === "object") port = address.port;
	return {
		app,
		token,
		link,
		pictures,
		relay,
		url: () => `http://127.0.0.1:${port}/`,
		close: async () => {
			clearInterval(sweeper);
			relay.cancelAll();
			await app.close();
		},
	};
}
