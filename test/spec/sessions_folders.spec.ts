/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Conversation folder rules: names are single-line UTF-8 of at most 120 bytes, unique ignoring
// ASCII case ("Universal" included), at most 64 custom folders; ids are never reused; a failed
// write publishes nothing; custom folders survive a reload; only custom folders change.
import { createFolders, FOLDER_LIMIT, FOLDER_NAME_LIMIT, UNIVERSAL } from "agent/conversation/folders";
import { createLog } from "runtime/log";
import { createStorage } from "runtime/storage";
import { workspace } from "./sessions_support";

const PLACE = 4242;

function refusedName(name: unknown, part: string) {
	const folders = createFolders(workspace().storage, PLACE);
	const [folder, reason] = folders.create(name);
	expect(folder).to.equal(undefined);
	expect(typeIs(reason, "string") && string.find(reason, part, 1, true)[0] !== undefined).to.equal(true);
}

export = () => {
	describe("folder names", () => {
		it("refuses a non-string", () => refusedName(5, "must be a string"));
		it("refuses a blank name", () => refusedName(" \t ", "must not be blank"));
		it("refuses a second line", () => refusedName("a\nb", "single line"));
		it("refuses a carriage return", () => refusedName("a\rb", "single line"));
		it("refuses invalid UTF-8", () => refusedName(`bad${string.char(0xff)}`, "UTF-8"));
		it("refuses 121 bytes", () => refusedName(string.rep("a", FOLDER_NAME_LIMIT + 1), "at most 120 bytes"));
		it("counts bytes, not characters", () => refusedName(string.rep("é", 61), "at most 120 bytes"));
		it("refuses Universal in any case", () => refusedName("uNiVeRsAl", "already exists"));

		it("accepts 120 bytes of UTF-8", () => {
			const folders = createFolders(workspace().storage, PLACE);
			const [folder, reason] = folders.create(string.rep("é", 60));
			expect(reason).to.equal(undefined);
			expect(folder!.label).to.equal(string.rep("é", 60));
			expect(folder!.kind).to.equal("custom");
		});

		it("is unique ignoring ASCII case only", () => {
			const folders = createFolders(workspace().storage, PLACE);
			expect(folders.create("Work")[0]).to.be.ok();
			const [, reason] = folders.create("WORK");
			expect(string.find(reason!, "already exists", 1, true)[0]).to.be.ok();
			expect(folders.create("Été")[0]).to.be.ok();
			expect(folders.create("été")[0]).to.be.ok();
		});

		it("renames under the same rules, allowing a folder its own name in another case", () => {
			const folders = createFolders(workspace().storage, PLACE);
			const [work] = folders.create("Work");
			const [play] = folders.create("Play");
			expect(folders.rename(work!.id, "WORK")[0]).to.equal(true);
			expect(folders.label(work!.id)).to.equal("WORK");
			expect(folders.rename(play!.id, "work")[0]).to.equal(false);
			expect(folders.rename(play!.id, "a\nb")[0]).to.equal(false);
			expect(folders.rename(UNIVERSAL, "Mine")[0]).to.equal(false);
			expect(folders.rename(`game:${PLACE}`, "Mine")[0]).to.equal(false);
		});
	});

	describe("folder lists", () => {
		it("lists this game, Universal, then custom folders", () => {
			const folders = createFolders(workspace().storage, PLACE);
			folders.create("Notes");
			const list = folders.list([7]);
			expect(list[0].id).to.equal(`game:${PLACE}`);
			expect(list[0].current).to.equal(true);
			expect(list[0].label).to.equal("This game");
			expect(list[1].id).to.equal("game:7");
			expect(list[1].label).to.equal("Game 7");
			expect(list[2].id).to.equal(UNIVERSAL);
			expect(list[3].label).to.equal("Notes");
			expect(table.isfrozen(list)).to.equal(true);
			expect(folders.exists("game:99")).to.equal(true);
			expect(folders.exists("game:abc")).to.equal(false);
			expect(folders.exists("folder_99")).to.equal(false);
			expect(folders.label("folder_99")).to.equal("Universal");
		});

		it(`keeps at most ${FOLDER_LIMIT} custom folders`, () => {
			const folders = createFolders(workspace().storage, PLACE);
			for (let i = 1; i <= FOLDER_LIMIT; i++) expect(folders.create(`f${i}`)[0]).to.be.ok();
			const [folder, reason] = folders.create("one more");
			expect(folder).to.equal(undefined);
			expect(string.find(reason!, "at most 64", 1, true)[0]).to.be.ok();
		});

		it("never reuses an id, also after a reload", () => {
			const ws = workspace();
			const folders = createFolders(ws.storage, PLACE);
			const [a] = folders.create("A");
			expect(folders.remove(a!.id)[0]).to.equal(true);
			const [b] = folders.create("B");
			expect(b!.id).never.to.equal(a!.id);
			const reloaded = createFolders(ws.storage, PLACE);
			expect(reloaded.label(b!.id)).to.equal("B");
			const [c] = reloaded.create("C");
			expect(c!.id).never.to.equal(a!.id);
			expect(c!.id).never.to.equal(b!.id);
		});

		it("publishes nothing when the write fails", () => {
			const ws = workspace();
			const folders = createFolders(ws.storage, PLACE);
			const [kept] = folders.create("Kept");
			ws.failWrites = true;
			const [made, reason] = folders.create("Lost");
			expect(made).to.equal(undefined);
			expect(typeIs(reason, "string")).to.equal(true);
			expect(folders.rename(kept!.id, "Renamed")[0]).to.equal(false);
			expect(folders.remove(kept!.id)[0]).to.equal(false);
			expect(folders.list([]).size()).to.equal(3);
			expect(folders.label(kept!.id)).to.equal("Kept");
			ws.failWrites = false;
			expect(folders.create("Lost")[0]).to.be.ok();
		});

		it("works in memory without file storage", () => {
			const log = createLog();
			const folders = createFolders(createStorage(undefined, log.scope("storage")), PLACE);
			const [folder] = folders.create("Session only");
			expect(folder).to.be.ok();
			expect(folders.remove(folder!.id)[0]).to.equal(true);
			expect(folders.remove(UNIVERSAL)[0]).to.equal(false);
		});
	});
};
