/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { FileResult, HostFiles, ReadResult } from "host/files";
import { createLog } from "runtime/log";
import { createStorage, MAX_FILE_BYTES, NO_FILES_REASON } from "runtime/storage";

/** An in-memory workspace whose writes can fail, be cut short, or store other bytes. */
function memoryFiles() {
	const files = new Map<string, string>();
	const state = {
		files,
		/** path pattern → what goes wrong: "fail" (nothing written), "partial" (half written, then raises), "garble" */
		faults: new Map<string, "fail" | "partial" | "garble">(),
	};
	const faultFor = (path: string) => {
		for (const [pattern, fault] of state.faults) if (path.find(pattern)[0] !== undefined) return fault;
		return undefined;
	};
	const host: HostFiles = {
		read: (path: string): ReadResult => {
			const text = files.get(path);
			if (text === undefined) return $tuple(undefined, `readfile: file does not exist: ${path}`);
			return $tuple(text, undefined);
		},
		write: (path: string, data: string): FileResult => {
			const fault = faultFor(path);
			if (fault === "fail") return $tuple(false, "writefile: No space left on device");
			if (fault === "partial") {
				files.set(path, data.sub(1, math.floor(data.size() / 2)));
				return $tuple(false, "writefile: interrupted");
			}
			files.set(path, fault === "garble" ? `${data}?` : data);
			return $tuple(true, undefined);
		},
		isFile: (path: string) => files.has(path),
		isFolder: () => false,
		makeFolder: (): FileResult => $tuple(true, undefined),
		list: () => [],
		remove: (path: string): FileResult => {
			files.delete(path);
			return $tuple(true, undefined);
		},
	};
	return { host, state };
}

const GOOD = '{"version":1,"n":1}';

export = () => {
	describe("crash-safe storage", () => {
		it("writes through a verified copy and removes it", () => {
			const { host, state } = memoryFiles();
			const storage = createStorage(host, createLog().scope("test"));
			const [ok] = storage.writeJson("config.json", { version: 1, n: 2 });
			expect(ok).to.equal(true);
			expect(state.files.get("UAI/config.json")).to.equal('{"n":2,"version":1}');
			expect(state.files.has("UAI/config.json.tmp")).to.equal(false);
		});

		it("never loses the last good file when the copy cannot be written", () => {
			const { host, state } = memoryFiles();
			state.files.set("UAI/config.json", GOOD);
			const storage = createStorage(host, createLog().scope("test"));
			state.faults.set("%.tmp$", "partial");
			const [ok, reason] = storage.writeJson("config.json", { version: 1, n: 2 });
			expect(ok).to.equal(false);
			expect(reason!.find("interrupted", 1, true)[0]).to.be.ok();
			expect(state.files.get("UAI/config.json")).to.equal(GOOD);
			const read = storage.readJson("config.json", 1);
			expect(read.kind).to.equal("ok");
		});

		it("recovers the verified copy after a partial final write", () => {
			const { host, state } = memoryFiles();
			state.files.set("UAI/config.json", GOOD);
			const storage = createStorage(host, createLog().scope("test"));
			state.faults.set("json$", "partial");
			const [ok, reason] = storage.writeJson("config.json", { version: 1, n: 3 });
			expect(ok).to.equal(false);
			expect(reason!.find("kept in UAI/config.json.tmp", 1, true)[0]).to.be.ok();
			state.faults.clear();
			const read = storage.readJson("config.json", 1);
			expect(read.kind).to.equal("ok");
			if (read.kind === "ok") {
				expect(read.recovered).to.equal(true);
				expect((read.value as { n: number }).n).to.equal(3);
			}
		});

		it("refuses a write that reads back different", () => {
			const { host, state } = memoryFiles();
			const storage = createStorage(host, createLog().scope("test"));
			state.faults.set("%.tmp$", "garble");
			const [ok, reason] = storage.writeJson("config.json", { version: 1 });
			expect(ok).to.equal(false);
			expect(reason!.find("reads back different", 1, true)[0]).to.be.ok();
			expect(state.files.has("UAI/config.json")).to.equal(false);
		});

		it("keeps a newer-format file untouched", () => {
			const { host, state } = memoryFiles();
			const newer = '{"version":2,"x":1}';
			state.files.set("UAI/config.json", newer);
			const storage = createStorage(host, createLog().scope("test"));
			const read = storage.readJson("config.json", 1);
			expect(read.kind).to.equal("newer");
			const [ok, reason] = storage.writeJson("config.json", { version: 1 });
			expect(ok).to.equal(false);
			expect(reason!.find("newer format (version 2", 1, true)[0]).to.be.ok();
			expect(state.files.get("UAI/config.json")).to.equal(newer);
		});

		it("copies a damaged file aside, or protects it when it cannot", () => {
			const { host, state } = memoryFiles();
			state.files.set("UAI/config.json", "{oops");
			const storage = createStorage(host, createLog().scope("test"));
			expect(storage.readJson("config.json", 1).kind).to.equal("corrupt");
			expect(state.files.get("UAI/config.json.corrupt")).to.equal("{oops");
			expect(storage.writeJson("config.json", { version: 1 })[0]).to.equal(true);

			const second = memoryFiles();
			second.state.files.set("UAI/config.json", "{oops");
			second.state.faults.set("corrupt$", "fail");
			const guarded = createStorage(second.host, createLog().scope("test"));
			expect(guarded.readJson("config.json", 1).kind).to.equal("corrupt");
			const [ok, reason] = guarded.writeJson("config.json", { version: 1 });
			expect(ok).to.equal(false);
			expect(reason!.find("could not be copied aside", 1, true)[0]).to.be.ok();
			expect(second.state.files.get("UAI/config.json")).to.equal("{oops");
		});

		it("bounds file size: a larger file is never read or overwritten", () => {
			const { host, state } = memoryFiles();
			const huge = `{"version":1,"pad":"${string.rep("x", MAX_FILE_BYTES)}"}`;
			state.files.set("UAI/config.json", huge);
			const storage = createStorage(host, createLog().scope("test"));
			expect(storage.readJson("config.json", 1).kind).to.equal("corrupt");
			const [ok, reason] = storage.writeJson("config.json", { version: 1 });
			expect(ok).to.equal(false);
			expect(reason!.find("over the 8388608-byte limit", 1, true)[0]).to.be.ok();
			expect(state.files.get("UAI/config.json")).to.equal(huge);
			const [tooBig, why] = createStorage(host, createLog().scope("test")).writeJson("other.json", {
				pad: string.rep("y", MAX_FILE_BYTES),
			});
			expect(tooBig).to.equal(false);
			expect(why!.find("cannot save other.json", 1, true)[0]).to.be.ok();
		});

		it("says why without file functions", () => {
			const storage = createStorage(undefined, createLog().scope("test"));
			const [available, reason] = storage.available();
			expect(available).to.equal(false);
			expect(reason).to.equal(NO_FILES_REASON);
			expect(storage.readJson("config.json", 1).kind).to.equal("missing");
			expect(storage.writeJson("config.json", {})[1]).to.equal(NO_FILES_REASON);
		});
	});
};
