// Modules hosts load with `uai.env.require(id)` that the client itself does not use: the registry
// builds each one's frozen table on first require.
// Each loads on its first `env.require`, not at boot: a literal require of the module (roblox-ts
// would turn an import into a require at boot), which the bundler follows and carries.
import type * as OpenUI from "../openui/index";

/** What `env.require("openui")` returns. */
export type OpenUIModule = Readonly<typeof OpenUI>;

/** `openui`: OpenUI Lang programs, stored messages and pages (docs/OPENUI.md). */
export function loadOpenUI(): OpenUIModule {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const module = require(script.Parent!.Parent!.WaitForChild("openui") as ModuleScript) as typeof OpenUI;
	return table.freeze({ ...module });
}
