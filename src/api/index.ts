// The public API as TypeScript sees it: the types of what hosts and the standard application reach
// through the client handle (`uai`), and a typed `env.require`. The app imports this module and UI
// LIB's entry only (scripts/check-layers.mjs counts); hosts read the same shapes in docs/EMBEDDING.md.
// The types are defined beside the code that implements them and named here, so no copy can drift.
export type * from "./handle";
export type * from "./env";
export type * from "./sessions";
export type * from "./events";
export type * from "./requests";
export type * from "./tools";
export type * from "./providers";
export type * from "./config";
export type * from "./log";
export type * from "./caps";
export type * from "./notices";
export type * from "./ui";
export { utf8Prefix } from "./text";
