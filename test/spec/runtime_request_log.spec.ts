/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { send } from "net/http";
import { createLog } from "runtime/log";
import { RequestAttempt, RequestEntry } from "runtime/request_log";
import { contains, scripted, ScriptStep } from "./providers_support";

const SECRET = "sk-test-0123456789abcdefghijklmnop";

function attempt(fields: Partial<RequestAttempt> = {}): RequestAttempt {
	return {
		at: 1700000000,
		method: "GET",
		url: "https://x.test/v1/models",
		tag: "discovery",
		ms: 12.4,
		status: 200,
		bytes: 2,
		via: "executor",
		uaSent: false,
		attempt: 1,
		response: "{}",
		...fields,
	};
}

/** Every text field of an entry, joined: what a reader of the log could see. */
function visible(entry: RequestEntry): string {
	const parts = new Array<string>();
	for (const [, value] of pairs(entry as unknown as Map<string, unknown>)) parts.push(tostring(value));
	return parts.join("\n");
}

/** A scripted HTTP function (providers_support) whose attempts go to a fresh log. */
function recorded(steps: Array<ScriptStep>, canSetUserAgent = true) {
	const log = createLog();
	return { ...scripted(steps, { canSetUserAgent, record: log.recordRequest }), log: log.public };
}

export = () => {
	describe("the request log ring", () => {
		it("keeps the newest 60 entries, oldest first, with sequence numbers that continue", () => {
			const log = createLog();
			for (let i = 1; i <= 65; i++) log.recordRequest(attempt({ attempt: i }));
			const entries = log.public.requests();
			expect(log.public.requestCapacity).to.equal(60);
			expect(entries.size()).to.equal(60);
			expect(entries[0].seq).to.equal(6);
			expect(entries[0].attempt).to.equal(6);
			expect(entries[59].seq).to.equal(65);
			log.public.clearRequests();
			expect(log.public.requests().size()).to.equal(0);
			log.recordRequest(attempt());
			expect(log.public.requests()[0].seq).to.equal(66);
		});

		it("hands out frozen copies and filters by tag and limit", () => {
			const log = createLog();
			log.recordRequest(attempt({ tag: "probe" }));
			log.recordRequest(attempt({ tag: "inference", ms: 7.6 }));
			log.recordRequest(attempt({ tag: "inference", attempt: 2 }));
			const list = log.public.requests();
			expect(table.isfrozen(list)).to.equal(true);
			expect(table.isfrozen(list[0])).to.equal(true);
			expect(log.public.requests({ tag: "inference" }).size()).to.equal(2);
			const newest = log.public.requests({ tag: "inference", limit: 1 });
			expect(newest.size()).to.equal(1);
			expect(newest[0].attempt).to.equal(2);
			expect(list[1].ms).to.equal(8);
			expect(log.public.requests({ limit: 0 }).size()).to.equal(0);
		});

		it("places each entry after the diagnostic entries recorded before it", () => {
			const log = createLog();
			log.recordRequest(attempt());
			log.public.info("one");
			log.public.info("two");
			log.recordRequest(attempt());
			const [first, second] = [log.public.requests()[0], log.public.requests()[1]];
			expect(first.logSeq).to.equal(0);
			expect(second.logSeq).to.equal(log.public.entries()[1].seq);
		});

		it("announces each entry; a failing subscriber does not stop recording", () => {
			const log = createLog();
			const seen = new Array<RequestEntry>();
			log.public.requestAdded.connect(() => error("subscriber broke"));
			log.public.requestAdded.connect((entry) => seen.push(entry));
			log.recordRequest(attempt({ tag: "probe" }));
			expect(seen.size()).to.equal(1);
			expect(seen[0].tag).to.equal("probe");
			expect(log.public.requests().size()).to.equal(1);
		});
	});

	describe("redaction and bounds", () => {
		it("removes keys from URLs, responses, errors and headers before anything is stored", () => {
			const log = createLog();
			log.setSecrets("config", ["custom-secret-value"]);
			const seen = new Array<RequestEntry>();
			log.public.requestAdded.connect((entry) => seen.push(entry));
			log.recordRequest(
				attempt({
					url: `https://user:pass@generativelanguage.test/v1beta/models?key=AIzaSyA0123456789abcdefghijklmnopqrstu&alt=json`,
					response: `{"error":"bad key ${SECRET}","token":"custom-secret-value"}`,
					error: "refused custom-secret-value",
					identity: `agent ${SECRET}`,
					server: "custom-secret-value",
				}),
			);
			const entry = log.public.requests()[0];
			const text = visible(entry);
			expect(contains(text, "AIzaSy")).to.equal(false);
			expect(contains(text, "user:pass")).to.equal(false);
			expect(contains(text, SECRET)).to.equal(false);
			expect(contains(text, "custom-secret-value")).to.equal(false);
			expect(contains(entry.url, "alt=json")).to.equal(true);
			expect(contains(entry.url, "[redacted]")).to.equal(true);
			expect(visible(seen[0])).to.equal(text);
		});

		it("keeps the first 400 characters of the response, redacted before it is cut", () => {
			const log = createLog();
			log.recordRequest(attempt({ response: string.rep("é", 1000) }));
			expect(utf8.len(log.public.requests()[0].response)[0]).to.equal(400);
			// a key straddling the cut is masked whole, never cut into a visible prefix
			log.recordRequest(attempt({ response: `${string.rep("a", 390)} ${SECRET} tail` }));
			const excerpt = log.public.requests()[1].response;
			expect(excerpt.size()).to.equal(400);
			expect(contains(excerpt, "sk-test")).to.equal(false);
			log.recordRequest(attempt({ response: string.rep(string.char(255), 1000) }));
			expect(log.public.requests()[2].response.size()).to.equal(400);
		});
	});

	describe("what the transport records", () => {
		it("records every attempt once with its number, tag, status and diagnostic headers", () => {
			const run = recorded([
				{ StatusCode: 503, Body: "", Headers: { "CF-Ray": "8a1b2c3d-LAX", Server: "cloudflare" } },
				{
					StatusCode: 200,
					Body: '{"data":[]}',
					Headers: { "x-request-id": "req_42", "cf-mitigated": "challenge" },
				},
			]);
			const result = send(
				run.capability,
				{
					url: "https://x.test/v1/models",
					headers: {
						Authorization: `Bearer ${SECRET}`,
						"x-api-key": SECRET,
						"User-Agent": "ProjectUAI/test",
					},
					tag: "discovery",
				},
				run.env,
			);
			expect(result.ok).to.equal(true);
			const entries = run.log.requests();
			expect(entries.size()).to.equal(2);
			expect(entries[0].attempt).to.equal(1);
			expect(entries[0].status).to.equal(503);
			expect(entries[0].trace).to.equal("8a1b2c3d-LAX");
			expect(entries[0].server).to.equal("cloudflare");
			expect(entries[1].attempt).to.equal(2);
			expect(entries[1].trace).to.equal("req_42");
			expect(entries[1].mitigated).to.equal("challenge");
			expect(entries[1].bytes).to.equal(11);
			expect(entries[1].response).to.equal('{"data":[]}');
			expect(entries[1].tag).to.equal("discovery");
			expect(entries[1].method).to.equal("GET");
			expect(entries[1].via).to.equal("test");
			expect(entries[1].identity).to.equal("ProjectUAI/test");
			expect(entries[1].uaSent).to.equal(true);
			expect(entries[1].error).to.equal(undefined);
			for (const entry of entries) expect(contains(visible(entry), SECRET)).to.equal(false);
		});

		it("records a timed-out attempt once, even when the late response arrives afterwards", () => {
			const run = recorded([{ wait: 500, then: { StatusCode: 200, Body: "late", Headers: {} } }], false);
			const result = send(
				run.capability,
				{ url: "https://x.test/v1/chat", body: "{}", headers: { "User-Agent": "X" }, timeout: 5 },
				run.env,
			);
			expect(result.failure).to.equal("timeout");
			run.env.wait(1000); // the abandoned attempt finishes now
			const entries = run.log.requests();
			expect(entries.size()).to.equal(1);
			expect(entries[0].status).to.equal(0);
			expect(entries[0].method).to.equal("POST");
			expect(entries[0].tag).to.equal("http");
			expect(contains(entries[0].error!, "timed out")).to.equal(true);
			expect(entries[0].ms).to.equal(5000);
			expect(entries[0].at).to.equal(1700000000);
			// HttpService drops a User-Agent: the request carried one, the wire did not
			expect(entries[0].identity).to.equal("X");
			expect(entries[0].uaSent).to.equal(false);
		});

		it("records transport failures with their reason and without the query string", () => {
			const run = recorded([`cannot connect to https://x.test/v1?key=${SECRET}`]);
			const result = send(
				run.capability,
				{ url: "https://x.test/v1/models", attempts: 2, tag: "probe" },
				run.env,
			);
			expect(result.failure).to.equal("transport");
			const entries = run.log.requests();
			expect(entries.size()).to.equal(2);
			expect(entries[1].attempt).to.equal(2);
			expect(contains(entries[1].error!, "cannot connect")).to.equal(true);
			expect(contains(entries[1].error!, SECRET)).to.equal(false);
			expect(entries[1].identity).to.equal(undefined);
			expect(entries[1].uaSent).to.equal(false);
		});
	});
};
