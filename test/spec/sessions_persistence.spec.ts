/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Saved conversations (`UAI/sessions/<id>.json`) over the real crash-safe storage in an in-memory
// workspace: the versioned policy round trip, legacy defaults for files without a policy, skipped
// (and kept, and reserved) invalid, future-version and malformed files, the newest-64 restore
// limit, and the sessions that are never written.
import { createPersistence, FILE_VERSION, POLICY_VERSION, RESTORE_LIMIT } from "agent/conversation/persistence";
import { PublicSession, Session } from "agent/conversation/session";
import { encode } from "runtime/json";
import { createLog } from "runtime/log";
import { createStorage, NO_FILES_REASON } from "runtime/storage";
import { logged, workspace, Workspace } from "./sessions_support";

type Fields = Partial<Record<keyof PublicSession, unknown>>;

/** What persistence reads of a session; the rest of a live session is not involved. */
function fakeSession(id: string, fields: Fields = {}, updatedAt = 100, killed = false): Session {
	const publicSession = {
		id,
		title: "Saved chat",
		headless: false,
		ephemeral: false,
		depth: 0,
		folderId: "universal",
		turns: 2,
		transcript: {
			snapshot: () => [{ kind: "user", text: "hello", at: 1 }],
			metadata: () => ({ version: 2, retained: 1, omitted: { conversation: 4, lifecycle: 0, activity: 1 } }),
		},
		...fields,
	};
	return {
		public: publicSession as unknown as PublicSession,
		named: () => true,
		killed: () => killed,
		createdAt: 50,
		updatedAt,
		messages: [
			{ role: "user", content: "hello" },
			{ role: "assistant", content: "hi", toolCalls: [{ id: "c", name: "probe", arguments: "{}" }] },
			{ role: "tool", toolCallId: "c", name: "probe", content: "ok" },
		],
		summary: () => "earlier facts",
	} as unknown as Session;
}

function writeFile(ws: Workspace, id: string, value: object) {
	ws.files.set(`UAI/sessions/${id}.json`, encode(value)[0] as string);
}

const POLICY = {
	toolFilter: { probe: true, fs_write_file: false },
	toolGroups: { fs: true },
	toolExclude: { shell: true },
	maxTurns: 7,
	budgetSeconds: 42.5,
	unlimited: false,
	stream: true,
};

export = () => {
	describe("conversation persistence", () => {
		it("round-trips the policy, history, summary and transcript", () => {
			const ws = workspace();
			const persistence = createPersistence(ws.storage, ws.log);
			const [ok, reason] = persistence.save(fakeSession("kept", POLICY));
			expect(reason).to.equal(undefined);
			expect(ok).to.equal(true);
			expect(ws.files.has("UAI/sessions/kept.json")).to.equal(true);
			const reserved = new Set<string>();
			const [saved] = persistence.restore(reserved);
			expect(reserved.has("kept")).to.equal(true);
			const options = saved.options;
			expect(options.filter.only!.probe).to.equal(true);
			expect(options.filter.only!.fs_write_file).to.equal(false);
			expect(options.filter.groups!.fs).to.equal(true);
			expect(options.filter.exclude!.shell).to.equal(true);
			expect(options.maxTurns).to.equal(7);
			expect(options.budgetSeconds).to.equal(42.5);
			expect(options.unlimited).to.equal(false);
			expect(options.stream).to.equal(true);
			expect(options.title).to.equal("Saved chat");
			expect(options.folderId).to.equal("universal");
			expect(saved.named).to.equal(true);
			expect(saved.turns).to.equal(2);
			expect(saved.messages.size()).to.equal(3);
			expect(saved.messages[2].role).to.equal("tool");
			expect(saved.summary).to.equal("earlier facts");
			expect(saved.transcript.size()).to.equal(1);
			expect((saved.omitted as Record<string, number>).conversation).to.equal(4);
		});

		it("writes the file and policy versions", () => {
			const ws = workspace();
			createPersistence(ws.storage, ws.log).save(fakeSession("v", POLICY));
			const text = ws.files.get("UAI/sessions/v.json")!;
			expect(string.find(text, `"version":${FILE_VERSION}`, 1, true)[0]).to.be.ok();
			expect(string.find(text, `"policy":{`, 1, true)[0]).to.be.ok();
			expect(POLICY_VERSION).to.equal(1);
		});

		it("gives a file without a policy the legacy defaults (no restrictions)", () => {
			const ws = workspace();
			writeFile(ws, "old", { version: 1, id: "old", title: "Old chat", context: { messages: [] } });
			const [saved] = createPersistence(ws.storage, ws.log).restore(new Set());
			expect(saved.id).to.equal("old");
			expect(saved.options.filter.only).to.equal(undefined);
			expect(saved.options.filter.groups).to.equal(undefined);
			expect(saved.options.filter.exclude).to.equal(undefined);
			expect(saved.options.maxTurns).to.equal(undefined);
			expect(saved.options.budgetSeconds).to.equal(undefined);
			expect(saved.options.unlimited).to.equal(undefined);
			expect(saved.options.title).to.equal("Old chat");
			expect(saved.messages.size()).to.equal(0);
			expect(saved.named).to.equal(false);
		});

		const skipped: Array<[string, object, string]> = [
			["a future policy version", { policy: { version: 2 } }, "policy version 2 is not supported"],
			["a policy that is not a table", { policy: "open" }, "its policy is not a table"],
			["an invalid policy value", { policy: { version: 1, maxTurns: 0 } }, "its policy is invalid"],
			["an array filter in the policy", { policy: { version: 1, toolFilter: ["a"] } }, "its policy is invalid"],
			[
				"a malformed message",
				{ context: { messages: [{ role: "user", content: 5 }] } },
				"its message 1 is malformed",
			],
			["an unknown role", { context: { messages: [{ role: "robot", content: "x" }] } }, "malformed"],
			[
				"a tool message without its call id",
				{ context: { messages: [{ role: "tool", content: "x" }] } },
				"malformed",
			],
			["another id inside", { id: "someone-else" }, "the file names another id"],
			["a future file version", { version: 2 }, "skipped"],
		];
		for (const [label, fields, why] of skipped)
			it(`skips, keeps and reserves a file with ${label}`, () => {
				const ws = workspace();
				writeFile(ws, "bad", { version: 1, id: "bad", ...fields });
				const reserved = new Set<string>();
				const found = createPersistence(ws.storage, ws.log).restore(reserved);
				expect(found.size()).to.equal(0);
				expect(reserved.has("bad")).to.equal(true);
				expect(ws.files.has("UAI/sessions/bad.json")).to.equal(true);
				expect(logged(ws.log, "conversation bad skipped")).to.equal(true);
				expect(logged(ws.log, why)).to.equal(true);
			});

		it("skips a damaged file and keeps its id reserved", () => {
			const ws = workspace();
			ws.files.set("UAI/sessions/torn.json", "{not json");
			const reserved = new Set<string>();
			expect(createPersistence(ws.storage, ws.log).restore(reserved).size()).to.equal(0);
			expect(reserved.has("torn")).to.equal(true);
		});

		it("ignores files whose names are not conversation ids", () => {
			const ws = workspace();
			ws.files.set("UAI/sessions/not an id.json", encode({ version: 1, id: "not an id" })[0] as string);
			ws.files.set("UAI/sessions/notes.txt", "x");
			const reserved = new Set<string>();
			expect(createPersistence(ws.storage, ws.log).restore(reserved).size()).to.equal(0);
			expect(reserved.size()).to.equal(0);
		});

		it(`restores the newest ${RESTORE_LIMIT} and reserves every id`, () => {
			const ws = workspace();
			const persistence = createPersistence(ws.storage, ws.log);
			for (let i = 1; i <= RESTORE_LIMIT + 2; i++) persistence.save(fakeSession(`c${i}`, {}, i));
			const reserved = new Set<string>();
			const found = persistence.restore(reserved);
			expect(found.size()).to.equal(RESTORE_LIMIT);
			expect(found[0].id).to.equal(`c${RESTORE_LIMIT + 2}`);
			expect(found[RESTORE_LIMIT - 1].id).to.equal("c3");
			expect(reserved.size()).to.equal(RESTORE_LIMIT + 2);
			expect(reserved.has("c1")).to.equal(true);
		});

		const unsaved: Array<[string, Session]> = [
			["headless", fakeSession("h", { headless: true })],
			["ephemeral", fakeSession("e", { ephemeral: true })],
			["nested", fakeSession("n", { depth: 1 })],
			["removed", fakeSession("r", {}, 100, true)],
		];
		for (const [label, session] of unsaved)
			it(`never writes a ${label} session`, () => {
				const ws = workspace();
				const [ok, reason] = createPersistence(ws.storage, ws.log).save(session);
				expect(ok).to.equal(false);
				expect(typeIs(reason, "string")).to.equal(true);
				expect(ws.files.size()).to.equal(0);
			});

		it("says once that conversations are not saved without file storage", () => {
			const log = createLog();
			const persistence = createPersistence(
				createStorage(undefined, log.scope("storage")),
				log.scope("sessions"),
			);
			for (let i = 1; i <= 3; i++) {
				const [ok, reason] = persistence.save(fakeSession("a"));
				expect(ok).to.equal(false);
				expect(reason).to.equal(NO_FILES_REASON);
			}
			const lines = log.public
				.entries()
				.filter((entry) => string.find(entry.text, "not saved", 1, true)[0] !== undefined);
			expect(lines.size()).to.equal(1);
		});

		it("reports a failed write and removes a saved file", () => {
			const ws = workspace();
			const persistence = createPersistence(ws.storage, ws.log);
			ws.failWrites = true;
			const [ok, reason] = persistence.save(fakeSession("full"));
			expect(ok).to.equal(false);
			expect(typeIs(reason, "string")).to.equal(true);
			expect(logged(ws.log, "conversation full was not saved")).to.equal(true);
			ws.failWrites = false;
			persistence.save(fakeSession("gone"));
			persistence.remove("gone");
			expect(ws.files.has("UAI/sessions/gone.json")).to.equal(false);
		});
	});
};
