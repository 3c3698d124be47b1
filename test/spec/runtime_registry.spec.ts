/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { createBlockerRegistry } from "runtime/blockers";
import { createCleanupRegistry } from "runtime/cleanup";
import { createLog } from "runtime/log";
import { createModuleRegistry } from "runtime/registry";

function raised(fn: () => void): string {
	const [ok, err] = pcall(fn);
	expect(ok).to.equal(false);
	return tostring(err);
}

export = () => {
	describe("env.require registry", () => {
		it("loads once, on first require", () => {
			const registry = createModuleRegistry();
			let runs = 0;
			registry.define("a", () => {
				runs += 1;
				return { name: "a" };
			});
			expect(registry.loaded().has("a")).to.equal(false);
			const first = registry.require("a");
			expect(registry.require("a")).to.equal(first);
			expect(runs).to.equal(1);
			expect(registry.loaded().get("a")).to.equal(first);
			expect(table.isfrozen(registry.loaded())).to.equal(true);
		});

		it("raises distinct errors", () => {
			const registry = createModuleRegistry();
			registry.define("cycle/a", () => registry.require("cycle/b"));
			registry.define("cycle/b", () => registry.require("cycle/a"));
			registry.define("throws", () => error("factory bug"));
			registry.define("empty", () => undefined);
			expect(raised(() => registry.require("missing")).find("unknown module", 1, true)[0]).to.be.ok();
			expect(
				raised(() => registry.require("cycle/a")).find(
					"circular require cycle/a -> cycle/b -> cycle/a",
					1,
					true,
				)[0],
			).to.be.ok();
			expect(
				raised(() => registry.require("throws")).find('module "throws" failed to load: ', 1, true)[0],
			).to.be.ok();
			expect(
				raised(() => registry.require("empty")).find('module "empty" returned nothing', 1, true)[0],
			).to.be.ok();
			expect(raised(() => registry.define("empty", () => 1)).find("already defined", 1, true)[0]).to.be.ok();
			expect(registry.ids().join(",")).to.equal("cycle/a,cycle/b,empty,throws");
		});
	});

	describe("cleanup registry", () => {
		it("drains newest first, once; what is added while draining runs at once", () => {
			const cleanup = createCleanupRegistry(createLog().scope("test"));
			const order = new Array<string>();
			let lateRelease: unknown = "unset";
			cleanup.add(() => order.push("old"));
			cleanup.add(() => {
				order.push("adder");
				[lateRelease] = cleanup.add(() => order.push("added during drain"));
			});
			const result = cleanup.drain();
			expect(order.join(",")).to.equal("adder,added during drain,old");
			expect(result.ran).to.equal(2);
			expect(lateRelease).to.equal(undefined);
			expect(cleanup.drain().ran).to.equal(0);
		});
	});

	describe("blocker registry", () => {
		it("checks in order, reports every blocker, and treats an error as blocking", () => {
			const log = createLog();
			const blockers = createBlockerRegistry(log.scope("test"));
			const calls = new Array<string>();
			blockers.add(
				"late",
				() => {
					calls.push("late");
					return "late reason";
				},
				{ order: 100 },
			);
			blockers.add("first", () => {
				calls.push("first");
				return undefined;
			});
			blockers.add("broken", () => {
				calls.push("broken");
				error("boom");
			});
			blockers.add("idle", () => false, { order: 0 });
			const found = blockers.check();
			expect(calls.join(",")).to.equal("first,broken,late");
			expect(found.size()).to.equal(2);
			expect(found[0].id).to.equal("broken");
			expect(found[0].reason.find("the broken check failed: ", 1, true)[0]).to.be.ok();
			expect(found[0].reason.find("\n", 1, true)[0]).never.to.be.ok();
			expect(found[1].reason).to.equal("late reason");
			expect(blockers.list().join(",")).to.equal("idle,first,broken,late");
		});
	});
};
