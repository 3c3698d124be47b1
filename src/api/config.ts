// `uai.config` (also `env.require("runtime/config")`).
export type { PublicConfig, SetOptions } from "../runtime/config";
