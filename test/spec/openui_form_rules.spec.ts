/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Form validation (docs/OPENUI.md, "Forms") against test/fixtures/forms/rules.json: the game's
// `openui.validate` gives each case's message. bridge/test/form_rules.test.mjs runs the same cases
// through the web page's validate, so both clients are pinned to the same checks and messages.
import { decodeJson } from "openui/json";
import { validate } from "openui/validation";
import { isArray, isNull, isObject, Value } from "openui/values";

interface RepoHost {
	readonly readRepoFile: (path: string) => string;
}
declare const host: RepoHost;

const get = (v: Value | undefined, key: string) => (isObject(v) ? v.map.get(key) : undefined);

export = () => {
	const decoded = decodeJson(host.readRepoFile("test/fixtures/forms/rules.json"));
	const cases = decoded.ok ? get(decoded.value, "cases") : undefined;

	it("reads the shared cases", () => {
		expect(isArray(cases) && cases.items.size() >= 50).to.equal(true);
	});
	if (!isArray(cases)) return;
	cases.items.forEach((c, i) => {
		const expected = get(c, "message");
		it(`case ${i + 1} gives ${isNull(expected) ? "no message" : tostring(expected)}`, () => {
			expect(validate(get(c, "value"), get(c, "rules"))).to.equal(isNull(expected) ? undefined : expected);
		});
	});
};
