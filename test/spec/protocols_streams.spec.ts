/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { newAssembler } from "provider/protocols/adapter";
import { readBody, ReplyReader } from "provider/protocols/reader";
import type { ReplyResult } from "provider/protocols/types";
import { completeLength, Fixture, FIXTURES, SCOPE, wire } from "./protocols_fixtures";

function assemble(fixture: Fixture, body: string): ReplyResult {
	return readBody(newAssembler(fixture.protocol, SCOPE), body);
}

function chunked(fixture: Fixture, body: string, size: number): ReplyResult {
	const reader = new ReplyReader(newAssembler(fixture.protocol, SCOPE));
	for (let i = 1; i <= body.size(); i += size) reader.pushText(body.sub(i, i + size - 1));
	return reader.finish();
}

/** "" when `result` is the fixture's reply (its usage too unless `ignoreUsage`), else what differs. */
function differences(fixture: Fixture, result: ReplyResult, ignoreUsage = false): string {
	if (!result.ok) return `error ${result.error.code}: ${result.error.message}`;
	const reply = result.reply;
	const problems = new Array<string>();
	const same = (what: string, got: unknown, want: unknown) => {
		if (got !== want) problems.push(`${what}: got ${tostring(got)}, want ${tostring(want)}`);
	};
	same("content", reply.content, fixture.content);
	same("reasoning", reply.reasoning, fixture.reasoning);
	same("finish", reply.finish, fixture.finish);
	same("calls", reply.toolCalls.size(), fixture.calls.size());
	fixture.calls.forEach(([id, name, args], i) => {
		same(`call ${i} id`, reply.toolCalls[i]?.id, id);
		same(`call ${i} name`, reply.toolCalls[i]?.name, name);
		same(`call ${i} arguments`, reply.toolCalls[i]?.arguments, args);
	});
	if (!ignoreUsage) for (const [key, value] of pairs(fixture.usage)) same(`usage.${key}`, reply.usage?.[key], value);
	return problems.join("; ");
}

function withEvent(fixture: Fixture, at: number, event: string): string {
	const events = [...fixture.events];
	events.insert(at, event);
	return wire({ ...fixture, events });
}

const ERROR_EVENTS: { [protocol: string]: [event: string, code: string, retryable: boolean] } = {
	openai: [
		'data: {"error":{"message":"Upstream overloaded","type":"server_error","code":"overloaded"}}',
		"overloaded",
		true,
	],
	anthropic: [
		'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
		"overloaded_error",
		true,
	],
	gemini: [
		'data: {"error": {"code": 400,"message": "Request contains an invalid argument.","status": "INVALID_ARGUMENT"}}',
		"INVALID_ARGUMENT",
		false,
	],
	responses: [
		'event: error\ndata: {"type":"error","code":"server_error","message":"The server had an error while processing your request.","param":null,"sequence_number":9}',
		"server_error",
		true,
	],
};

export = () => {
	for (const fixture of FIXTURES) {
		describe(`${fixture.name} stream`, () => {
			it("assembles the documented stream", () => {
				expect(differences(fixture, assemble(fixture, wire(fixture)))).to.equal("");
			});

			it("assembles it with LF, CRLF and lone-CR line ends, and in any chunking", () => {
				for (const separator of ["\n\n", "\r\n\r\n", "\r\r"]) {
					const body = wire(fixture, separator);
					expect(differences(fixture, assemble(fixture, body))).to.equal("");
					for (const size of [1, 2, 7, 64, 1000])
						expect(differences(fixture, chunked(fixture, body, size))).to.equal("");
				}
			});

			it("assembles the final event without its blank line", () => {
				const body = wire(fixture);
				const [trimmed] = body.gsub("[\r\n]+$", "");
				expect(differences(fixture, assemble(fixture, trimmed))).to.equal("");
			});

			// A Chat Completions usage chunk may follow the finish reason, so a reply cut after completion
			// can lack usage; everything else must be whole.
			it("never succeeds when the stream is cut before completion, at every byte offset", () => {
				const body = wire(fixture);
				const complete = completeLength(fixture);
				let successes = 0;
				let wrong = 0;
				for (let length = 0; length < body.size(); length++) {
					const result = assemble(fixture, body.sub(1, length));
					if (result.ok && length < complete) successes += 1;
					if (result.ok && differences(fixture, result, true) !== "") wrong += 1;
				}
				expect(successes).to.equal(0);
				expect(wrong).to.equal(0);
			});

			it("keeps the provider's code and message for an error mid-stream, and fails terminally", () => {
				const [event, code] = ERROR_EVENTS[fixture.protocol];
				const result = assemble(fixture, withEvent(fixture, fixture.events.size() - 1, event));
				expect(result.ok).to.equal(false);
				if (result.ok) return;
				expect(result.error.code).to.equal("provider_error");
				expect(result.error.providerCode).to.equal(code);
				expect(result.error.partial).to.equal(true);
				expect(result.error.terminal).to.equal(true);
			});

			it("marks an error before any output retryable only when the provider's error is transient", () => {
				const [event, , retryable] = ERROR_EVENTS[fixture.protocol];
				const result = assemble(fixture, withEvent(fixture, 0, event));
				expect(result.ok).to.equal(false);
				if (!result.ok) {
					expect(result.error.partial).to.equal(false);
					expect(result.error.terminal).to.equal(!retryable);
				}
			});

			it("reports a plain-text error event with its text", () => {
				const result = assemble(
					fixture,
					withEvent(fixture, 2, "event: error\ndata: upstream connect error: reset"),
				);
				expect(result.ok).to.equal(false);
				if (!result.ok) {
					expect(result.error.code).to.equal("provider_error");
					expect(
						result.error.message.find("upstream connect error: reset", 1, true)[0] !== undefined,
					).to.equal(true);
				}
			});

			it("recognises every other protocol's stream as a mismatch", () => {
				for (const other of FIXTURES) {
					if (other === fixture) continue;
					const result = assemble(fixture, wire(other));
					expect(result.ok).to.equal(false);
					if (!result.ok) {
						expect(result.error.code).to.equal("protocol_mismatch");
						expect(result.error.message.find("Protocol and Base URL", 1, true)[0] !== undefined).to.equal(
							true,
						);
					}
				}
			});

			it("rejects a corrupt event as malformed and terminal", () => {
				const result = assemble(fixture, withEvent(fixture, 3, 'data: {"choices": [ oops'));
				expect(result.ok).to.equal(false);
				if (!result.ok) {
					expect(result.error.code).to.equal("malformed_stream");
					expect(result.error.terminal).to.equal(true);
				}
			});

			it("names the expected final marker when the stream ends early", () => {
				const events = fixture.events.filter((_, i) => !fixture.completes.includes(i));
				const result = assemble(fixture, wire({ ...fixture, events }));
				expect(result.ok).to.equal(false);
				if (!result.ok) {
					expect(result.error.code).to.equal("incomplete_stream");
					const marker = newAssembler(fixture.protocol, SCOPE).finalMarker;
					expect(result.error.message.find(marker, 1, true)[0] !== undefined).to.equal(true);
				}
			});
		});
	}
};
