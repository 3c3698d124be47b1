/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { looksLikeEventStream, SseDecoder, SseEvent, SseLimitError } from "net/sse";

interface Decoded {
	events: SseEvent[];
	failure?: SseLimitError;
}

// Feeds `chunks` in order, then ends the stream.
function decode(chunks: string[], limits = {}): Decoded {
	const decoder = new SseDecoder(limits);
	const events = new Array<SseEvent>();
	const sink = (e: SseEvent) => {
		events.push(e);
	};
	for (const chunk of chunks) {
		const failure = decoder.push(chunk, sink);
		if (failure) return { events, failure };
	}
	return { events, failure: decoder.finish(sink) };
}

// Every way of cutting `text` into two chunks, plus one byte at a time.
function splits(text: string): string[][] {
	const out = new Array<string[]>();
	for (let i = 0; i <= text.size(); i++) out.push([text.sub(1, i), text.sub(i + 1)]);
	const bytes = new Array<string>();
	for (let i = 1; i <= text.size(); i++) bytes.push(text.sub(i, i));
	out.push(bytes);
	return out;
}

function summary(d: Decoded): string {
	return d.events.map((e) => `${e.event}=${e.data}`).join("|");
}

export = () => {
	describe("SseDecoder framing", () => {
		it("splits events on blank lines and names them", () => {
			const d = decode(["event: a\ndata: 1\n\ndata: 2\n\n"]);
			expect(summary(d)).to.equal("a=1|message=2");
		});

		it("gives the same events however the bytes are split", () => {
			const text = 'event: delta\r\ndata: {"x":1}\r\n\r\n: keep-alive\r\ndata:two\rdata:lines\r\rdata: last';
			const want = 'delta={"x":1}|message=two\nlines|message=last';
			for (const chunks of splits(text)) expect(summary(decode(chunks))).to.equal(want);
		});

		it("treats CR, LF and CRLF as line ends, a CRLF split across chunks as one", () => {
			expect(summary(decode(["data: a\r", "\ndata: b\r\n\r\n"]))).to.equal("message=a\nb");
			expect(summary(decode(["data: a\r", "\r", "data: b\n\n"]))).to.equal("message=a|message=b");
		});

		it("takes one optional space after the colon and joins data lines with newlines", () => {
			expect(summary(decode(["data:x\ndata:  y\ndata\n\n"]))).to.equal("message=x\n y\n");
		});

		it("ignores comments, keep-alives, unknown fields and empty data", () => {
			const d = decode([": ping\n:\n: OPENROUTER PROCESSING\n\nretry: 5\nfoo: bar\ndata:\n\nid: 7\ndata: z\n\n"]);
			expect(summary(d)).to.equal("message=z");
			expect(d.events[0].id).to.equal("7");
		});

		it("dispatches a final event that has no trailing blank line", () => {
			expect(summary(decode(['data: {"done":true}']))).to.equal('message={"done":true}');
			expect(summary(decode(["data: a\n"]))).to.equal("message=a");
		});

		it("drops a leading byte order mark, even split across chunks", () => {
			const bom = "\u{FEFF}";
			for (const chunks of splits(`${bom}data: a\n\n`)) expect(summary(decode(chunks))).to.equal("message=a");
		});

		it("reads one-line events (the usual shape, taken in one step) as split ones are read", () => {
			const text =
				': ping\ndata: {"a":1}\n\nid: 9\ndata: {"b":2}\n\nevent: e\ndata: x\n\ndata: y\ndata: z\n\ndata: \n\ndata: 12345\n\n';
			const want = 'message={"a":1}|message={"b":2}|e=x|message=y\nz|message=12345';
			const whole = decode([text]);
			expect(summary(whole)).to.equal(want);
			expect(whole.events[1].id).to.equal("9");
			expect(whole.events[4].id).to.equal("9");
			for (const chunks of splits(text)) expect(summary(decode(chunks))).to.equal(want);
			// a comment before an event counts toward its size, as on the general path
			expect(decode([`: ${"c".rep(20)}\ndata: ${"y".rep(40)}\n\n`], { eventBytes: 64 }).failure?.limit).to.equal(
				"event",
			);
		});

		it("stops when the sink asks", () => {
			const decoder = new SseDecoder();
			const seen = new Array<string>();
			decoder.push("data: 1\n\ndata: [DONE]\n\ndata: 3\n\n", (e) => {
				seen.push(e.data);
				return e.data === "[DONE]";
			});
			expect(seen.join(",")).to.equal("1,[DONE]");
			expect(decoder.closed()).to.equal(true);
		});
	});

	describe("SseDecoder limits", () => {
		it("fails an event over the per-event limit, split or not", () => {
			const big = "x".rep(100);
			const whole = decode([`data: ${big}\n\n`], { eventBytes: 64 });
			expect(whole.failure?.limit).to.equal("event");
			const pieces = decode(["data: ", big.sub(1, 50), big.sub(51), "\n\n"], { eventBytes: 64 });
			expect(pieces.failure?.limit).to.equal("event");
			const lines = decode(["data: 0123456789\n".rep(10), "\n"], { eventBytes: 64 });
			expect(lines.failure?.limit).to.equal("event");
			expect(lines.failure?.message).to.equal("a stream event exceeds 64 bytes");
		});

		it("fails a response over the response limit and a stream over the event count", () => {
			expect(decode(["data: 1\n\n".rep(20)], { responseBytes: 100 }).failure?.limit).to.equal("response");
			const counted = decode(["data: 1\n\n".rep(5)], { events: 4 });
			expect(counted.failure?.limit).to.equal("events");
			expect(counted.events.size()).to.equal(4);
		});

		it("accepts events exactly at the limit", () => {
			const d = decode([`data: ${"y".rep(58)}\n\n`], { eventBytes: 64 });
			expect(d.failure).to.equal(undefined);
			expect(d.events.size()).to.equal(1);
			expect(decode([`data: ${"y".rep(59)}\n\n`], { eventBytes: 64 }).failure?.limit).to.equal("event");
		});
	});

	describe("looksLikeEventStream", () => {
		it("recognises event streams and JSON documents", () => {
			expect(looksLikeEventStream('data: {"a":1}')).to.equal(true);
			expect(looksLikeEventStream("\u{FEFF}\n: ping\n\ndata: x")).to.equal(true);
			expect(looksLikeEventStream("event: message_start\ndata: {}")).to.equal(true);
			expect(looksLikeEventStream('{"choices":[]}')).to.equal(false);
			expect(looksLikeEventStream('  {"a":"b"}\ndata: x')).to.equal(true);
			expect(looksLikeEventStream("")).to.equal(false);
		});
	});
};
