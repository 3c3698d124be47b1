/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// The repeat breaker's batch signature (agent/conversation/loop.ts): two batches are the same when
// they hold the same calls, each as often, whatever their order, their arguments' key order or
// white space; long arguments are counted on the slicing they are read with.
import { batchSignature, sameBatch } from "agent/conversation/loop";
import type { ToolCall } from "provider/protocols/types";

function call(name: string, args: string): ToolCall {
	return { id: `${name}-${args.size()}`, name, arguments: args };
}

export = () => {
	describe("repeat breaker signature", () => {
		it("ignores call order, key order and white space", () => {
			const a = batchSignature([call("read", '{"path":"a","lines":[1,2]}'), call("list", "{}")]);
			const b = batchSignature([call("list", " { } "), call("read", '{ "lines": [1, 2], "path": "a" }')]);
			expect(sameBatch(a, b)).to.equal(true);
			expect(sameBatch(a, undefined)).to.equal(false);
		});

		it("counts each call: the same calls in other numbers are another batch", () => {
			const x = call("read", '{"path":"a"}');
			const y = call("read", '{"path":"b"}');
			expect(sameBatch(batchSignature([x, x, y]), batchSignature([x, y, y]))).to.equal(false);
			expect(sameBatch(batchSignature([x, y]), batchSignature([x, y, y]))).to.equal(false);
			expect(sameBatch(batchSignature([x, y, x]), batchSignature([x, x, y]))).to.equal(true);
			expect(sameBatch(batchSignature([x]), batchSignature([call("list", '{"path":"a"}')]))).to.equal(false);
		});

		it("keeps text that is not JSON as written", () => {
			expect(
				sameBatch(batchSignature([call("read", "{oops")]), batchSignature([call("read", "{oops")])),
			).to.equal(true);
			expect(
				sameBatch(batchSignature([call("read", "{oops")]), batchSignature([call("read", "{ oops")])),
			).to.equal(false);
		});

		it("counts long arguments on its slicing", () => {
			const data = "abcdefghij".rep(25600);
			let units = 0;
			const signature = batchSignature([call("write", `{"data":"${data}"}`)], {
				spend: (spent) => {
					units += spent;
					return undefined;
				},
			});
			expect(sameBatch(signature, batchSignature([call("write", `{ "data" : "${data}" }`)]))).to.equal(true);
			// 256 KB read (a unit per 256 bytes) and its canonical text built (a unit per 64 bytes)
			expect(units >= 256000 / 256 + 256000 / 64).to.equal(true);
		});
	});
};
