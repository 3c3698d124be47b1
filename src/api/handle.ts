// The client handle (`uai`) and the navigator the standard application gives it.
export type { Handle, Navigator } from "../client/handle";
export type { PublicBridge } from "../client/bridge";
