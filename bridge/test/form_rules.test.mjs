// Form validation in the web page (bridge/web/src/openui.ts, which uses the rules shared with the
// game: src/openui/rules.ts) against test/fixtures/forms/rules.json, the cases
// test/spec/openui_form_rules.spec.ts checks for the game's openui.validate: both clients give the
// same message for every case. Also the OpenUI conformance fixture's validity cases. The module is
// bundled with esbuild as the page's build takes it (the same sources, no browser needed).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { ROOT, webModule } from "./helpers.mjs";

const read = (file) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8"));

describe("form validation in the web page", () => {
	it("gives the game's message for every shared case", async () => {
		const { validate } = await webModule("openui.ts");
		const { cases } = read("test/fixtures/forms/rules.json");
		assert.ok(cases.length >= 50);
		for (const c of cases)
			assert.equal(
				validate(c.value, c.rules),
				c.message ?? undefined,
				`rules ${JSON.stringify(c.rules)} on ${JSON.stringify(c.value)}`,
			);
	});

	it("passes the OpenUI conformance fixture's validation cases", async () => {
		const { validate } = await webModule("openui.ts");
		const { cases } = read("test/fixtures/openui/state/005-validation-rules/validation.json");
		for (const c of cases)
			assert.equal(
				validate(c.value, c.rules) === undefined,
				c.valid,
				`rules ${JSON.stringify(c.rules)} on ${JSON.stringify(c.value)}`,
			);
	});
});
