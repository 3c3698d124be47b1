// The web relay: the game posts an inference job (provider URL, headers, body with picture
// references), the bridge expands the pictures, sends the request, reads a streamed reply
// incrementally (deltas to the browser, preview pages to the game's status polls with a cursor)
// and keeps the complete response for the game to read. A re-posted id gets the existing job.
import { createParser } from "eventsource-parser";
import { deltaOf } from "./deltas";
import { forwardedHeaders } from "./forward_headers";
import { PictureStore } from "./pictures";
import { expandImages, ImageRefusal } from "./relay_images";

export const INFERENCE_ID = /^inference_[A-Za-z0-9-]{8,100}$/;
/** Jobs running at once; a further submission is refused (429) until one finishes. */
export const RELAY_ADMISSION = 16;
export const RESPONSE_MAX_BYTES = 16 * 1024 * 1024;
/** Preview text kept per job and field; the complete response is unaffected. */
export const PREVIEW_MAX_CHARS = 1024 * 1024;
const KEEP_FINISHED_MS = 10 * 60 * 1000;

export interface InferenceSubmit {
	readonly id: string;
	readonly url: string;
	readonly headers: Record<string, string>;
	readonly body: string;
	readonly timeout: number;
	readonly sessionId: string;
}

export type JobState = "running" | "completed" | "cancelled";

export interface Job {
	readonly id: string;
	readonly sessionId: string;
	state: JobState;
	text: string;
	reasoning: string;
	previewLimited: boolean;
	status?: number;
	headers?: Record<string, string>;
	body?: string;
	images: number;
	finishedAt?: number;
	readonly abort: AbortController;
}

export interface RelayEvents {
	readonly delta: (job: Job, text: string, reasoning: string) => void;
	readonly done: (job: Job) => void;
}

export class RelayError extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

export class Relay {
	private readonly jobs = new Map<string, Job>();

	constructor(
		private readonly pictures: PictureStore,
		private readonly events: RelayEvents,
		private readonly fetcher: typeof fetch = fetch,
	) {}

	get running(): number {
		let n = 0;
		for (const job of this.jobs.values()) if (job.state === "running") n += 1;
		return n;
	}

	get(id: string): Job | undefined {
		this.forgetOld();
		return this.jobs.get(id);
	}

	/** Starts a job, or returns the existing one for a re-posted id (never dispatched twice). */
	submit(request: InferenceSubmit): { job: Job; existing: boolean } {
		this.forgetOld();
		const existing = this.jobs.get(request.id);
		if (existing !== undefined) {
			if (existing.sessionId !== request.sessionId)
				throw new RelayError(409, "that inference id belongs to another conversation");
			return { job: existing, existing: true };
		}
		if (this.running >= RELAY_ADMISSION)
			throw new RelayError(
				429,
				`the relay is running ${RELAY_ADMISSION} requests already; try again when one finishes`,
			);
		let url: URL;
		try {
			url = new URL(request.url);
		} catch {
			throw new RelayError(400, "the inference url is not a valid URL");
		}
		if (url.protocol !== "https:" && url.protocol !== "http:")
			throw new RelayError(400, "the inference url must be http or https");
		let body: Record<string, unknown>;
		try {
			body = JSON.parse(request.body);
		} catch {
			throw new RelayError(400, "the inference body is not JSON");
		}
		let images: number;
		try {
			images = expandImages(body, request.sessionId, this.pictures);
		} catch (err) {
			if (err instanceof ImageRefusal) throw new RelayError(422, err.message);
			throw err;
		}
		const job: Job = {
			id: request.id,
			sessionId: request.sessionId,
			state: "running",
			text: "",
			reasoning: "",
			previewLimited: false,
			images,
			abort: new AbortController(),
		};
		this.jobs.set(job.id, job);
		const headers = forwardedHeaders(request.headers ?? {});
		const timer = setTimeout(
			() => job.abort.abort(new Error(`no complete response within ${request.timeout} s`)),
			request.timeout * 1000,
		);
		void this.run(job, url, headers, JSON.stringify(body)).finally(() => clearTimeout(timer));
		return { job, existing: false };
	}

	cancel(id: string): Job | undefined {
		const job = this.jobs.get(id);
		if (job === undefined) return undefined;
		if (job.state === "running") {
			job.state = "cancelled";
			job.finishedAt = Date.now();
			job.abort.abort(new Error("cancelled"));
			this.events.done(job);
		}
		return job;
	}

	cancelAll(): void {
		for (const id of this.jobs.keys()) this.cancel(id);
	}

	private async run(job: Job, url: URL, headers: Record<string, string>, body: string): Promise<void> {
		const finish = (status: number, responseHeaders: Record<string, string>, text: string) => {
			if (job.state !== "running") return;
			job.state = "completed";
			job.status = status;
			job.headers = responseHeaders;
			job.body = text;
			job.finishedAt = Date.now();
			this.events.done(job);
		};
		try {
			const response = await this.fetcher(url, { method: "POST", headers, body, signal: job.abort.signal });
			const responseHeaders: Record<string, string> = {};
			response.headers.forEach((value, name) => (responseHeaders[name] = value));
			const streamed = (response.headers.get("content-type") ?? "").includes("text/event-stream");
			const parser = createParser({
				onEvent: (event) => {
					if (event.data === "[DONE]") return;
					const delta = deltaOf(event.data);
					if (delta.text === "" && delta.reasoning === "") return;
					this.preview(job, delta.text, delta.reasoning);
				},
			});
			const decoder = new TextDecoder();
			const chunks: string[] = [];
			let size = 0;
			if (response.body !== null) {
				for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
					size += chunk.byteLength;
					if (size > RESPONSE_MAX_BYTES) {
						job.abort.abort(new Error("too large"));
						finish(
							599,
							{},
							errorBody(`the provider's response is larger than ${RESPONSE_MAX_BYTES} bytes`),
						);
						return;
					}
					const text = decoder.decode(chunk, { stream: true });
					chunks.push(text);
					if (streamed && response.ok) parser.feed(text);
				}
			}
			chunks.push(decoder.decode());
			finish(response.status, responseHeaders, chunks.join(""));
		} catch (err) {
			const reason = job.abort.signal.aborted
				? String((job.abort.signal.reason as Error)?.message ?? "aborted")
				: String((err as Error).message);
			finish(
				599,
				{ "content-type": "application/json" },
				errorBody(`the bridge could not complete the provider request: ${reason}`),
			);
		}
	}

	private preview(job: Job, text: string, reasoning: string): void {
		const room = (current: string, add: string) => {
			if (current.length + add.length <= PREVIEW_MAX_CHARS) return add;
			job.previewLimited = true;
			return add.slice(0, Math.max(0, PREVIEW_MAX_CHARS - current.length));
		};
		const t = room(job.text, text);
		const r = room(job.reasoning, reasoning);
		job.text += t;
		job.reasoning += r;
		if (t !== "" || r !== "") this.events.delta(job, t, r);
	}

	private forgetOld(): void {
		const limit = Date.now() - KEEP_FINISHED_MS;
		for (const [id, job] of this.jobs)
			if (job.finishedAt !== undefined && job.finishedAt < limit) this.jobs.delete(id);
	}
}

function errorBody(message: string): string {
	return JSON.stringify({ error: { message, type: "bridge_relay" } });
}

/** A status page for the game: the preview since its cursors, and the response once complete. */
export function statusPage(job: Job, textCursor: number, reasoningCursor: number): Record<string, unknown> {
	const page: Record<string, unknown> = {
		id: job.id,
		state: job.state,
		preview: {
			text: job.text.slice(Math.min(textCursor, job.text.length)),
			reasoning: job.reasoning.slice(Math.min(reasoningCursor, job.reasoning.length)),
			textCursor: job.text.length,
			reasoningCursor: job.reasoning.length,
			limited: job.previewLimited,
		},
	};
	if (job.state === "completed") {
		page.status = job.status;
		page.headers = job.headers;
		page.body = job.body;
	}
	return page;
}
