/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// The documented streams replayed byte for byte by a loopback HTTP server of the offline host and
// read through the HTTP transport, as a provider's answer reaches the adapters.
import { send } from "net/http";
import { newAssembler } from "provider/protocols/adapter";
import { readBody } from "provider/protocols/reader";
import type { ReplyResult } from "provider/protocols/types";
import { completeLength, Fixture, FIXTURES, SCOPE, wire } from "./protocols_fixtures";
import { hostClockEnv, httpServiceCapability, LoopbackServer, serve } from "./providers_support";

function fetchReply(server: LoopbackServer, fixture: Fixture, path: string): ReplyResult {
	const result = send(
		httpServiceCapability,
		{ url: server.url + path, method: "POST", body: "{}", headers: { "Content-Type": "application/json" } },
		hostClockEnv,
	);
	assert(result.ok, `HTTP ${result.status} ${result.reason ?? ""}`);
	return readBody(newAssembler(fixture.protocol, SCOPE), result.body);
}

export = () => {
	describe("documented streams over loopback HTTP", () => {
		const bodies = new Map<string, string>();
		for (const fixture of FIXTURES) {
			const body = wire(fixture);
			bodies.set(`/${fixture.protocol}/full`, body);
			bodies.set(`/${fixture.protocol}/crlf`, wire(fixture, "\r\n\r\n"));
			bodies.set(`/${fixture.protocol}/cut`, body.sub(1, completeLength(fixture) - 1));
			bodies.set(`/${fixture.protocol}/keepalive`, ": ping\n\n: ping\n\n");
		}
		// each test runs against its own server, stopped when the test ends
		const withServer = (test: (server: LoopbackServer) => void) => {
			const server = serve((request) => ({
				status: 200,
				headers: { "Content-Type": "text/event-stream" },
				body: bodies.get(request.path) ?? "",
			}));
			try {
				test(server);
			} finally {
				server.stop();
			}
		};

		for (const fixture of FIXTURES) {
			it(`${fixture.name}: assembles the replayed stream with LF and CRLF framing`, () =>
				withServer((server) => {
					for (const variant of ["full", "crlf"]) {
						const result = fetchReply(server, fixture, `/${fixture.protocol}/${variant}`);
						expect(result.ok).to.equal(true);
						if (!result.ok) continue;
						expect(result.reply.content).to.equal(fixture.content);
						expect(result.reply.reasoning).to.equal(fixture.reasoning);
						expect(result.reply.toolCalls.size()).to.equal(fixture.calls.size());
						expect(result.reply.toolCalls[0].arguments).to.equal(fixture.calls[0][2]);
						expect(result.reply.usage?.outputTokens).to.equal(fixture.usage.outputTokens);
					}
					const last = server.requests[server.requests.size() - 1];
					expect(last.body).to.equal("{}");
				}));

			it(`${fixture.name}: refuses a stream cut one byte before completion, and a keep-alive-only stream`, () =>
				withServer((server) => {
					const cut = fetchReply(server, fixture, `/${fixture.protocol}/cut`);
					expect(cut.ok).to.equal(false);
					const idle = fetchReply(server, fixture, `/${fixture.protocol}/keepalive`);
					expect(!idle.ok && idle.error.code === "incomplete_stream").to.equal(true);
				}));
		}
	});
};
