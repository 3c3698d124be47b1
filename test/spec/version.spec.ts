/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { CLIENT_VERSION, SDK_VERSION } from "version";

export = () => {
	describe("version", () => {
		it("is semver", () => {
			expect(CLIENT_VERSION.match("^%d+%.%d+%.%d+$")[0]).to.be.ok();
			expect(SDK_VERSION).to.equal("1.0.0");
		});
	});
};
