/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// runtime/trim gives exactly what the `^%s*(.-)%s*$` pattern it replaced gives, on every kind of
// white space at either end, inside, alone or absent, and on long text.
import { trim } from "runtime/trim";

function lazyTrim(text: string): string {
	return (string.match(text, "^%s*(.-)%s*$")[0] as string | undefined) ?? "";
}

export = () => {
	describe("trim", () => {
		it("matches the lazy pattern on every edge", () => {
			const spaces = [" ", "\t", "\n", "\r", "\v", "\f"];
			const cores = ["", "a", "a b", "a\n\tb", "é中😀", "\0", "x\0", "{}", " "];
			for (const left of ["", ...spaces, " \t\r\n"])
				for (const right of ["", ...spaces, "\n\n "])
					for (const core of cores) {
						const text = left + core + right;
						expect(`${string.format("%q", text)} -> ${trim(text)}`).to.equal(
							`${string.format("%q", text)} -> ${lazyTrim(text)}`,
						);
					}
		});

		it("keeps long text whole and trims only its ends", () => {
			const body = `{"data":"${string.rep("abc def\n", 20000)}"}`;
			expect(trim(`  \n${body}\t `)).to.equal(body);
			expect(trim(string.rep(" ", 100000))).to.equal("");
		});
	});
};
