// `uai.log` and its entries, and the request log (`uai.log.requests`).
export type { LogEntry, LogLevel, PublicLog } from "../runtime/log";
export type { RequestEntry } from "../runtime/request_log";
