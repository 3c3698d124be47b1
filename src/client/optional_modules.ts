// Modules hosts load with `uai.env.require(id)` that the client itself does not use: the registry
// builds each one's frozen table on first require.
// (A dynamic import() would also defer running the module bodies, but under the bundle's
// functions form — Studio, plain clients — it loses `script` inside roblox-ts's Promise executor;
// the bodies only define functions and constants, so they load with the bundle.)
import * as OpenUI from "../openui/index";

/** What `env.require("openui")` returns. */
export type OpenUIModule = Readonly<typeof OpenUI>;

/** `openui`: OpenUI Lang programs, stored messages and pages (docs/OPENUI.md). */
export function loadOpenUI(): OpenUIModule {
	return table.freeze({ ...OpenUI });
}
