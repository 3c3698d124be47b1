/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// The OpenUI 1.0 conformance fixtures (test/fixtures/openui): every case must pass. Prints
// "openui fixtures: N/M passed", which `npm test` shows.
import { caseList, runCase } from "./openui_conformance";

export = () => {
	const cases = caseList();
	let passed = 0;
	const failures: string[] = [];
	for (const dir of cases) {
		const [ok, result] = pcall(runCase, dir);
		const failure = ok ? (result as string | undefined) : `raised: ${tostring(result)}`;
		if (failure === undefined) passed += 1;
		else failures.push(`${dir}: ${failure}`);
	}
	print(`openui fixtures: ${passed}/${cases.size()} passed`);
	for (const failure of failures) print(`  FAIL ${failure}`);

	it("finds the fixture cases", () => {
		expect(cases.size() >= 80).to.equal(true);
	});
	for (const dir of cases)
		it(`passes ${dir}`, () => {
			const failure = runCase(dir);
			if (failure !== undefined) error(failure);
		});
};
