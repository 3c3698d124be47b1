// `uai.env` and the modules behind its typed `env.require(id)`.
export type { Env, EnvInfo, EnvRequire, PublicModules, PublicUtil } from "../client/env";
