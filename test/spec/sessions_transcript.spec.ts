/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// The retained transcript and the session emitter: separate lane budgets (events and bytes) with
// counted omissions, fields over 24,000 bytes cut on a character boundary and labelled as
// excerpts, primitive-only frozen copies, restore with `recovered`, `transcriptId` only on durable
// events, and live previews cleared on completion, abort, failure and Ready.
import { createEmitter, LiveState, SessionEvent } from "agent/conversation/events";
import { createTranscript, FIELD_LIMIT, LANE_BUDGETS, laneOf } from "agent/conversation/transcript";

function emitter() {
	const transcript = createTranscript();
	const live: LiveState = {};
	const delivered = new Array<SessionEvent>();
	const emit = createEmitter({ transcript, live, deliver: (event) => delivered.push(event) });
	return { transcript, live, delivered, emit };
}

export = () => {
	describe("transcript lanes", () => {
		it("retains durable kinds in their lane and nothing transient", () => {
			for (const kind of ["user", "assistant:text", "compact", "error", "abort", "notice"])
				expect(laneOf(kind)).to.equal("conversation");
			for (const kind of ["subagent:start", "subagent:done"]) expect(laneOf(kind)).to.equal("lifecycle");
			for (const kind of ["turn:start", "turn:end", "tool:call", "tool:result", "tool:error", "provider:switch"])
				expect(laneOf(kind)).to.equal("activity");
			for (const kind of [
				"status",
				"assistant:preview",
				"assistant:complete",
				"request:start",
				"request:done",
				"tool:progress",
				"permission:ask",
				"usage",
				"cleared",
			])
				expect(laneOf(kind)).to.equal(undefined);
			const transcript = createTranscript();
			expect(transcript.add({ kind: "status", text: "Thinking" })).to.equal(undefined);
			expect(transcript.metadata().retained).to.equal(0);
		});

		it("evicts the oldest of a full lane by event count and counts the omission", () => {
			const transcript = createTranscript();
			const budget = LANE_BUDGETS.conversation.events;
			for (let i = 1; i <= budget + 8; i++) transcript.add({ kind: "user", text: `m${i}` });
			transcript.add({ kind: "tool:call", name: "probe" });
			const meta = transcript.metadata();
			expect(meta.retained).to.equal(budget + 1);
			expect(meta.omitted.conversation).to.equal(8);
			expect(meta.omitted.activity).to.equal(0);
			const snapshot = transcript.snapshot();
			expect(snapshot[0].text).to.equal("m9");
			expect(snapshot[snapshot.size() - 1].kind).to.equal("tool:call");
		});

		it("evicts by bytes within one lane only", () => {
			const transcript = createTranscript();
			const text = string.rep("x", 20000);
			for (let i = 1; i <= 20; i++) transcript.add({ kind: "subagent:start", text });
			transcript.add({ kind: "user", text: "kept" });
			// an event costs its field bytes, 8 per field and 2: 20,000 + 8 + 14 + 8 + 2 bytes
			const fit = math.floor(LANE_BUDGETS.lifecycle.bytes / 20032);
			const meta = transcript.metadata();
			expect(meta.omitted.lifecycle).to.equal(20 - fit);
			expect(meta.retained).to.equal(fit + 1);
			expect(meta.omitted.conversation).to.equal(0);
		});
	});

	describe("retained copies", () => {
		it("cuts a long field to an excerpt on a character boundary", () => {
			const transcript = createTranscript();
			const long = string.rep("é", 15000); // 30,000 bytes
			const copy = transcript.add({ kind: "assistant:text", text: long, short: "fine" })!;
			const text = copy.text as string;
			expect(text.size() <= FIELD_LIMIT).to.equal(true);
			expect(utf8.len(text)[0]).to.be.ok();
			expect(string.find(text, "[excerpt: 30000 bytes, cut to fit the transcript]", 1, true)[0]).to.be.ok();
			expect(copy.short).to.equal("fine");
			expect(transcript.metadata().truncatedFields).to.equal(1);
			const exact = string.rep("a", FIELD_LIMIT);
			expect(transcript.add({ kind: "user", text: exact })!.text).to.equal(exact);
			expect(transcript.metadata().truncatedFields).to.equal(1);
		});

		it("keeps primitives only, four levels deep, frozen", () => {
			const transcript = createTranscript();
			const folder = new Instance("Folder");
			const copy = transcript.add({
				kind: "tool:result",
				ok: true,
				ms: 12,
				run: () => 1,
				instance: folder,
				nested: { a: { b: { c: { d: 1 } } } },
				[string.rep("k", 81)]: "long key",
			})!;
			folder.Destroy();
			expect(copy.ok).to.equal(true);
			expect(copy.ms).to.equal(12);
			expect(copy.run).to.equal(undefined);
			expect(copy.instance).to.equal(undefined);
			expect(copy[string.rep("k", 81)]).to.equal(undefined);
			const b = ((copy.nested as Record<string, unknown>).a as Record<string, unknown>).b as Record<
				string,
				unknown
			>;
			expect(typeIs(b, "table")).to.equal(true);
			expect(b.c).to.equal(undefined);
			expect(table.isfrozen(copy)).to.equal(true);
			expect(table.isfrozen(copy.nested as object)).to.equal(true);
			expect(table.isfrozen(transcript.snapshot())).to.equal(true);
		});

		it("keeps at most 64 fields of an event", () => {
			const event: Record<string, unknown> = { kind: "user" };
			for (let i = 1; i <= 100; i++) event[`f${i}`] = i;
			const copy = createTranscript().add(event)!;
			let fields = 0;
			for (const [_] of pairs(copy)) fields += 1;
			expect(fields).to.equal(64);
		});
	});

	describe("metadata and restore", () => {
		it("reports a fresh transcript", () => {
			const meta = createTranscript().metadata();
			expect(meta.version).to.equal(2);
			expect(meta.retained).to.equal(0);
			expect(meta.recovered).to.equal(false);
			expect(meta.omitted.lifecycle).to.equal(0);
			expect(table.isfrozen(meta)).to.equal(true);
		});

		it("loads saved events, skipping transient and malformed ones, and adds saved omissions", () => {
			const transcript = createTranscript();
			transcript.add({ kind: "user", text: "before" });
			transcript.load(
				[{ kind: "user", text: "saved" }, { kind: "status", text: "Ready" }, "junk", { text: "no kind" }],
				{ conversation: 3, activity: "many", lifecycle: -2 },
			);
			const meta = transcript.metadata();
			expect(meta.recovered).to.equal(true);
			expect(meta.retained).to.equal(1);
			expect(transcript.snapshot()[0].text).to.equal("saved");
			expect(meta.omitted.conversation).to.equal(3);
			expect(meta.omitted.activity).to.equal(0);
			expect(meta.omitted.lifecycle).to.equal(0);
		});

		it("clears everything", () => {
			const transcript = createTranscript();
			for (let i = 1; i <= 600; i++) transcript.add({ kind: "user", text: "x" });
			transcript.add({ kind: "user", text: string.rep("y", FIELD_LIMIT + 1) });
			transcript.clear();
			const meta = transcript.metadata();
			expect(meta.retained).to.equal(0);
			expect(meta.omitted.conversation).to.equal(0);
			expect(meta.truncatedFields).to.equal(0);
		});
	});

	describe("the emitter", () => {
		it("stamps kind and at, and a transcriptId only on durable events", () => {
			const { emit, delivered, transcript } = emitter();
			const user = emit("user", { text: "hi" });
			const status = emit("status", { text: "Thinking" });
			expect(user.kind).to.equal("user");
			expect(typeIs(user.at, "number")).to.equal(true);
			expect(typeIs(user.transcriptId, "string")).to.equal(true);
			expect(status.transcriptId).to.equal(undefined);
			expect(emit("user", { text: "again" }).transcriptId).never.to.equal(user.transcriptId);
			expect(transcript.snapshot()[0].transcriptId).to.equal(user.transcriptId);
			expect(delivered.size()).to.equal(3);
			expect(table.isfrozen(user)).to.equal(true);
		});

		for (const [label, kind, fields] of [
			["completion", "assistant:complete", {}],
			["abort", "abort", {}],
			["failure", "error", { message: "down", fatal: false }],
			["turn:end", "turn:end", { text: "done" }],
			["Ready", "status", { text: "Ready" }],
		] as Array<[string, string, Record<string, unknown>]>)
			it(`clears the live preview and request on ${label}`, () => {
				const { emit, live } = emitter();
				emit("request:start", { model: "m" });
				emit("assistant:preview", { text: "par" });
				expect(live.liveRequest).to.be.ok();
				expect(live.livePreview!.text).to.equal("par");
				emit("status", { text: "Working" });
				expect(live.livePreview).to.be.ok();
				emit(kind, fields);
				expect(live.livePreview).to.equal(undefined);
				expect(live.liveRequest).to.equal(undefined);
			});

		it("ends the live request when it is done, keeping the preview", () => {
			const { emit, live } = emitter();
			emit("request:start", {});
			emit("assistant:preview", { text: "p" });
			emit("request:done", {});
			expect(live.liveRequest).to.equal(undefined);
			expect(live.livePreview).to.be.ok();
		});
	});
};
