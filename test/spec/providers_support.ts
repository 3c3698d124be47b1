// Helpers shared by the providers specs: a string matcher (TestEZ has none), the offline host's
// loopback servers, and an HTTP capability over HttpService for the studio profile the specs run in.
import { HttpService } from "@rbxts/services";
import { defaultEnv, HttpCapability, RawHttpRequest, RawHttpResponse, TransportEnv } from "net/http";
import type { ProviderRecord } from "provider/record";
import type { RequestRecorder } from "runtime/request_log";

/** Whether `text` contains `needle` literally. */
export function contains(text: string, needle: string): boolean {
	return text.find(needle, 1, true)[0] !== undefined;
}

export interface LoopbackRequest {
	readonly method: string;
	readonly path: string;
	readonly query: { [key: string]: string };
	readonly headers: { [name: string]: string };
	readonly body: string;
}

export type LoopbackResponse =
	string | { status?: number; headers?: { [name: string]: string }; body?: string; delay?: number; hang?: boolean };

export interface LoopbackServer {
	readonly url: string;
	readonly port: number;
	readonly requests: Array<LoopbackRequest>;
	readonly stop: () => void;
}

interface TestHost {
	readonly network: {
		readonly serve: (handler: (request: LoopbackRequest) => LoopbackResponse) => LoopbackServer;
		readonly mapHost: (name: string, server: LoopbackServer) => void;
	};
	readonly allowClientHttp: (allowed: boolean) => void;
}

declare const host: TestHost;

/** The offline host's scenario API (docs/TESTING.md), available to specs as a global. */
export const testHost = host;

/** Starts a loopback server that HttpService may reach. */
export function serve(handler: (request: LoopbackRequest) => LoopbackResponse): LoopbackServer {
	host.allowClientHttp(true);
	return host.network.serve(handler);
}

/** A transport environment on the host's clock whose attempts run on the calling thread. */
export const hostClockEnv: TransportEnv = { ...defaultEnv, spawn: (fn) => fn() };

/**
 * A transport environment with its own clock and coroutines, independent of the host
 * scheduler: `sleep` (for scripted HTTP functions) suspends the calling coroutine until `wait`
 * moves the clock past its wake time.
 */
export function fakeClock() {
	let clock = 0;
	const sleepers = new Array<{ at: number; thread: thread }>();
	const env: TransportEnv = {
		now: () => clock,
		epoch: () => 1700000000 + clock,
		wait: (seconds) => {
			const target = clock + seconds;
			for (;;) {
				sleepers.sort((a, b) => a.at < b.at);
				const due = sleepers[0];
				if (due === undefined || due.at > target) break;
				sleepers.remove(0);
				clock = due.at;
				coroutine.resume(due.thread);
			}
			clock = target;
		},
		spawn: (fn) => {
			coroutine.resume(coroutine.create(fn));
		},
		random: () => 0.5,
	};
	const sleep = (seconds: number) => {
		sleepers.push({ at: clock + seconds, thread: coroutine.running() });
		coroutine.yield();
	};
	return { env, sleep, now: () => clock };
}

export type ScriptStep = RawHttpResponse | string | { wait: number; then: RawHttpResponse };

/**
 * A scripted HTTP function on a fake clock: each call takes the next step (a response, an error
 * raised, or a response after a delay). `options` set the capability's User-Agent support and
 * request log.
 */
export function scripted(
	steps: Array<ScriptStep>,
	options: { canSetUserAgent?: boolean; record?: RequestRecorder } = {},
) {
	const clock = fakeClock();
	const seen = new Array<RawHttpRequest>();
	const capability: HttpCapability = {
		via: "test",
		canSetUserAgent: options.canSetUserAgent ?? true,
		record: options.record,
		send: (request) => {
			seen.push(request);
			const step = steps[seen.size() - 1] ?? steps[steps.size() - 1];
			if (typeIs(step, "string")) error(step, 0);
			if ("wait" in step) {
				clock.sleep(step.wait);
				return step.then;
			}
			return step;
		},
	};
	return { capability, seen, env: clock.env, now: clock.now };
}

/** HttpService as an HTTP capability (the studio profile has no executor `request`). */
export const httpServiceCapability: HttpCapability = {
	via: "roblox",
	canSetUserAgent: false,
	send: (request) => {
		const response = HttpService.RequestAsync({
			Url: request.Url,
			Method: request.Method as "GET",
			Headers: request.Headers,
			Body: request.Body,
		});
		return { StatusCode: response.StatusCode, Body: response.Body, Headers: response.Headers };
	},
};

/** JSON decoding for specs (the runtime's codec is not assumed here): undefined when not JSON. */
export function decodeJson(text: string): unknown {
	const [ok, value] = pcall(() => HttpService.JSONDecode(text));
	return ok ? value : undefined;
}

/** A Chat Completions record with the `auto` selector (free-routing specs); `patch` overrides fields. */
export function autoRecord(baseUrl: string, apiKey: string, patch: Partial<ProviderRecord> = {}): ProviderRecord {
	return {
		id: "free",
		preset: "custom",
		label: "Free",
		baseUrl,
		apiKey,
		authStyle: "bearer",
		api: "openai",
		models: [],
		model: "auto",
		headers: {},
		params: {},
		query: {},
		stream: true,
		enabled: true,
		order: 1,
		wsUrl: "",
		note: "",
		...patch,
	};
}
