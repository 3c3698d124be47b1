// The browser's side of the bridge protocol (bridge/README.md): the token and browser id, JSON
// calls, picture uploads and the event stream (read with fetch so the token travels in a header).
import type { CommandResult } from "./commands";
const TOKEN_KEY = "uai-bridge-token";
const BROWSER_KEY = "uai-bridge-browser";

function randomId(prefix: string): string {
	const bytes = crypto.getRandomValues(new Uint8Array(12));
	return prefix + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function readToken(): string {
	const match = /token=([^&]+)/.exec(location.hash);
	if (match) {
		sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(match[1]));
		history.replaceState(null, "", location.pathname);
	}
	return sessionStorage.getItem(TOKEN_KEY) ?? "";
}

export function saveToken(token: string): void {
	sessionStorage.setItem(TOKEN_KEY, token.trim());
}

export const browserId: string = (() => {
	let id = localStorage.getItem(BROWSER_KEY);
	if (!id) {
		id = randomId("browser_");
		localStorage.setItem(BROWSER_KEY, id);
	}
	return id;
})();

export const newCommandId = () => randomId("cmd_");

export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

export class Api {
	private waiters = new Map<string, (result: CommandResult) => void>();

	constructor(private token: string) {}

	/** Hands a command's answer (from the event stream) to whoever waits for it. */
	settle(result: CommandResult): void {
		if (result.pending) return;
		const waiter = this.waiters.get(result.id);
		this.waiters.delete(result.id);
		waiter?.(result);
	}

	/** Sends a command and resolves with its answer; rejects when it is refused or not answered in time. */
	async commandResult(type: string, args: Record<string, unknown> = {}, timeoutMs = 30000): Promise<unknown> {
		const commandId = newCommandId();
		const answer = new Promise<CommandResult>((resolve, reject) => {
			const timer = setTimeout(() => {
				this.waiters.delete(commandId);
				reject(new ApiError(0, "the game did not answer in time"));
			}, timeoutMs);
			this.waiters.set(commandId, (result) => (clearTimeout(timer), resolve(result)));
		});
		try {
			await this.call("POST", "/api/command", { ...args, type, commandId });
		} catch (err) {
			this.waiters.delete(commandId);
			throw err;
		}
		const result = await answer;
		if (!result.ok) throw new ApiError(0, result.error ?? "the game refused it");
		return result.data;
	}

	private headers(extra: Record<string, string> = {}): Record<string, string> {
		return { authorization: `Bearer ${this.token}`, "x-uai-browser-id": browserId, ...extra };
	}

	async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetch(path, {
			method,
			headers: this.headers(body === undefined ? {} : { "content-type": "application/json" }),
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const data = (await response.json().catch(() => ({}))) as { error?: string };
		if (!response.ok) throw new ApiError(response.status, data.error ?? `HTTP ${response.status}`);
		return data as T;
	}

	hello() {
		return this.call<{ protocol: number; instance: string; game: GameState }>("GET", "/api/hello");
	}

	command(type: string, args: Record<string, unknown> = {}): Promise<{ commandId: string }> {
		const commandId = newCommandId();
		return this.call("POST", "/api/command", { ...args, type, commandId });
	}

	send(sessionId: string, text: string, pictureIds: string[]): Promise<{ commandId: string }> {
		return this.call("POST", "/api/send", { sessionId, text, pictureIds, commandId: newCommandId() });
	}

	async upload(file: File, sessionId: string): Promise<Picture> {
		const response = await fetch("/api/pictures", {
			method: "POST",
			headers: this.headers({
				"content-type": file.type || "application/octet-stream",
				"x-uai-session-id": sessionId,
				"x-uai-picture-name": encodeURIComponent(file.name),
			}),
			body: file,
		});
		const data = (await response.json().catch(() => ({}))) as Picture & { error?: string };
		if (!response.ok) throw new ApiError(response.status, data.error ?? `HTTP ${response.status}`);
		return { ...data, url: URL.createObjectURL(file) };
	}

	removePicture(id: string) {
		return this.call("DELETE", `/api/pictures/${encodeURIComponent(id)}`);
	}

	/** Reads the event stream until `signal` aborts; throws when the connection fails or ends. */
	async stream(onMessage: (kind: string, data: unknown) => void, signal: AbortSignal): Promise<void> {
		const response = await fetch("/api/stream", { headers: this.headers(), signal });
		if (!response.ok || response.body === null) {
			const data = (await response.json().catch(() => ({}))) as { error?: string };
			throw new ApiError(response.status, data.error ?? `HTTP ${response.status}`);
		}
		const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
		let buffer = "";
		for (;;) {
			const { value, done } = await reader.read();
			if (done) throw new ApiError(0, "the bridge closed the connection");
			buffer += value;
			let end: number;
			while ((end = buffer.indexOf("\n\n")) >= 0) {
				const block = buffer.slice(0, end);
				buffer = buffer.slice(end + 2);
				let kind = "message";
				const data: string[] = [];
				for (const line of block.split("\n")) {
					if (line.startsWith("event: ")) kind = line.slice(7);
					else if (line.startsWith("data: ")) data.push(line.slice(6));
				}
				if (data.length > 0) onMessage(kind, JSON.parse(data.join("\n")));
			}
		}
	}
}

export interface GameState {
	connected: boolean;
	clientId: string | null;
	imageInput: boolean;
}

export interface Picture {
	id: string;
	reference: string;
	mediaType: string;
	bytes: number;
	name: string;
	url: string;
}
