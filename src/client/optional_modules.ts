// Modules hosts load with `uai.env.require(id)` that the client itself does not need at boot:
// each is imported only when first required, so loading the client does not run them.

/** What `env.require("openui")` returns. */
export type OpenUIModule = Readonly<typeof import("../openui/index")>;

/** `openui`: OpenUI Lang programs, stored messages and pages (docs/OPENUI.md). */
export function loadOpenUI(): OpenUIModule {
	const [ok, mod] = import("../openui/index").await();
	if (!ok) error(mod, 0);
	return table.freeze({ ...(mod as object) }) as OpenUIModule;
}
