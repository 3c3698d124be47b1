/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { HttpSpec, MAX_RESPONSE_BYTES, RawHttpResponse, send } from "net/http";
import { parseHttpDate, retryAfterSeconds } from "net/retry_after";
import { backoffSeconds, shouldRetryResponse } from "net/retry_policy";
import { contains, hostClockEnv, httpServiceCapability, LoopbackResponse, scripted, serve } from "./providers_support";

const ok200: RawHttpResponse = { StatusCode: 200, Body: "{}", Headers: {} };

export = () => {
	describe("Retry-After", () => {
		it("reads delay-seconds, HTTP-dates in all three forms, and retry-after-ms, capped at 60 s", () => {
			const now = parseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT")!;
			expect(now).to.equal(784111777);
			expect(parseHttpDate("Sunday, 06-Nov-94 08:49:37 GMT")).to.equal(now);
			expect(parseHttpDate("Sun Nov  6 08:49:37 1994")).to.equal(now);
			expect(retryAfterSeconds({ "Retry-After": "7" }, now)).to.equal(7);
			expect(retryAfterSeconds({ "retry-after": "Sun, 06 Nov 1994 08:50:07 GMT" }, now)).to.equal(30);
			expect(retryAfterSeconds({ "retry-after": "Sun, 06 Nov 1994 08:40:00 GMT" }, now)).to.equal(0);
			expect(retryAfterSeconds({ "Retry-After": "3600" }, now)).to.equal(60);
			expect(retryAfterSeconds({ "Retry-After": "Mon, 07 Nov 1994 08:49:37 GMT" }, now)).to.equal(60);
			expect(retryAfterSeconds({ "retry-after-ms": "1500", "Retry-After": "9" }, now)).to.equal(1.5);
			expect(retryAfterSeconds({ "Retry-After": "soon" }, now)).to.equal(undefined);
			expect(retryAfterSeconds({}, now)).to.equal(undefined);
		});
	});

	describe("retry rules", () => {
		it("retries 5xx, 429 and transient 403/200 bodies, not ordinary refusals", () => {
			expect(shouldRetryResponse(503, "")).to.equal(true);
			expect(shouldRetryResponse(429, "")).to.equal(true);
			expect(shouldRetryResponse(401, "")).to.equal(false);
			expect(shouldRetryResponse(403, '{"error":"forbidden"}')).to.equal(false);
			expect(shouldRetryResponse(403, "")).to.equal(true);
			expect(shouldRetryResponse(403, '{"error":{"type":"rate_limit"}}')).to.equal(true);
			expect(shouldRetryResponse(200, '{"error":{"message":"Server is overloaded, please try again"}}')).to.equal(
				true,
			);
			expect(shouldRetryResponse(200, '{"choices":[]}')).to.equal(false);
		});

		it("backs off within 35–100 % of min(20, 0.6·2^(n−1))", () => {
			expect(backoffSeconds(1, () => 0)).to.be.near(0.21, 1e-9);
			expect(backoffSeconds(1, () => 0.999999)).to.be.near(0.6, 1e-5);
			expect(backoffSeconds(10, () => 0.999999)).to.be.near(20, 1e-4);
		});
	});

	describe("send", () => {
		const call = (steps: Parameters<typeof scripted>[0], spec: Omit<HttpSpec, "url"> = {}) => {
			const scriptedRun = scripted(steps);
			const result = send(scriptedRun.capability, { url: "https://x.test/v1/models", ...spec }, scriptedRun.env);
			return { result, seen: scriptedRun.seen, elapsed: scriptedRun.now() };
		};

		it("retries a retryable status, then returns the success", () => {
			const { result, seen } = call([{ StatusCode: 503, Body: "", Headers: {} }, ok200]);
			expect(result.ok).to.equal(true);
			expect(result.attempts).to.equal(2);
			expect(seen.size()).to.equal(2);
			expect(seen[0].Method).to.equal("GET");
		});

		it("keeps the attempts within 1–8", () => {
			const failing = { StatusCode: 500, Body: "", Headers: {} };
			expect(call([failing], { attempts: 20, timeout: 300 }).result.attempts).to.equal(8);
			expect(call([failing], { attempts: 0 }).result.attempts).to.equal(1);
		});

		it("does not repeat an unsafe request after a transport failure or an ambiguous status", () => {
			const lost = call(["connection reset", ok200], { body: "{}", unsafe: true });
			expect(lost.result.failure).to.equal("transport");
			expect(lost.seen.size()).to.equal(1);
			expect(
				call([{ StatusCode: 502, Body: "", Headers: {} }, ok200], { body: "{}", unsafe: true }).result.status,
			).to.equal(502);
			const refused = call([{ StatusCode: 429, Body: "", Headers: { "Retry-After": "1" } }, ok200], {
				body: "{}",
				unsafe: true,
			});
			expect(refused.result.ok).to.equal(true);
			expect(refused.seen[0].Method).to.equal("POST");
		});

		it("fails a response over 8 MiB with a clear reason", () => {
			const big = string.rep("x", MAX_RESPONSE_BYTES + 1);
			const { result } = call([{ StatusCode: 200, Body: big, Headers: {} }]);
			expect(result.ok).to.equal(false);
			expect(result.failure).to.equal("response_limit");
			expect(contains(result.reason!, "8 MiB")).to.equal(true);
		});

		it("ends at the deadline while a response is pending: the outcome is unknown", () => {
			const { result, elapsed } = call([{ wait: 500, then: ok200 }], { timeout: 5 });
			expect(result.failure).to.equal("timeout");
			expect(contains(result.reason!, "unknown")).to.equal(true);
			expect(elapsed).to.be.near(5, 1e-6);
		});

		it("clamps the timeout to 1–300 s", () => {
			expect(call([{ wait: 1000, then: ok200 }], { timeout: 10000 }).elapsed).to.be.near(300, 1e-6);
			expect(call([{ wait: 1000, then: ok200 }], { timeout: 0 }).elapsed).to.be.near(1, 1e-6);
		});

		it("shares one deadline across retries and does not start a wait that would pass it", () => {
			const busy = { StatusCode: 503, Body: "", Headers: { "Retry-After": "40" } };
			const { result, seen, elapsed } = call([busy], { timeout: 100 });
			expect(seen.size()).to.equal(3);
			expect(result.status).to.equal(503);
			expect(elapsed).to.equal(80);
		});

		it("stops waiting when cancelled, during a backoff as well", () => {
			const run = scripted([{ StatusCode: 503, Body: "", Headers: { "Retry-After": "30" } }, ok200]);
			const spec = { url: "https://x.test", isCancelled: () => run.now() >= 2 };
			const result = send(run.capability, spec, run.env);
			expect(result.failure).to.equal("cancelled");
			expect(result.reason).to.equal("aborted");
			expect(run.seen.size()).to.equal(1);
			expect(run.now() < 3).to.equal(true);
		});

		it("redacts query strings from transport errors", () => {
			const { result } = call(["cannot reach https://x.test/v1?token=secret123"], { attempts: 1 });
			expect(contains(result.reason!, "secret123")).to.equal(false);
		});
	});

	describe("send over loopback HTTP", () => {
		it("waits as Retry-After says, in seconds and as an HTTP-date, then succeeds", () => {
			let calls = 0;
			const server = serve((): LoopbackResponse => {
				calls += 1;
				if (calls === 1) return { status: 429, headers: { "Retry-After": "12" }, body: "" };
				if (calls === 2) {
					const date = os.date("!%a, %d %b %Y %H:%M:%S GMT", os.time() + 20);
					return { status: 503, headers: { "Retry-After": date }, body: "" };
				}
				return { status: 200, headers: { "Content-Type": "application/json" }, body: '{"data":[]}' };
			});
			const waits = new Array<number>();
			const started = os.clock();
			const spec = { url: server.url + "/v1/models", onRetry: (_: number, wait: number) => waits.push(wait) };
			const result = send(httpServiceCapability, spec, hostClockEnv);
			server.stop();
			expect(result.ok).to.equal(true);
			expect(result.body).to.equal('{"data":[]}');
			expect(server.requests.size()).to.equal(3);
			expect(waits[0]).to.equal(12);
			expect(math.abs(waits[1] - 20) <= 1).to.equal(true);
			expect(os.clock() - started >= 31).to.equal(true);
		});

		it("does not wait past the deadline for a long Retry-After", () => {
			const server = serve(() => ({ status: 429, headers: { "Retry-After": "50" }, body: "busy" }));
			const result = send(httpServiceCapability, { url: server.url + "/v1/models", timeout: 30 }, hostClockEnv);
			server.stop();
			expect(result.status).to.equal(429);
			expect(server.requests.size()).to.equal(1);
		});
	});
};
