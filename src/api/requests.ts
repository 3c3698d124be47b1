// `uai.sdk` and its one-shot `sdk.request` handles.
export type { PublicSdk } from "../embedding/sdk";
export type { RequestHandle, RequestResult, RequestStatus } from "../embedding/request";
