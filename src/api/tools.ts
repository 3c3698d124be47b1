// `uai.tools`, `uai.hooks` and `uai.permissions`, and the tool shapes they take and return.
export type { PublicTools } from "../agent/dispatch/services";
export type { CallContext, Risk, Tool, ToolCall, ToolResult, Verdict } from "../agent/dispatch/tool";
export type { HookKind, PublicHooks } from "../agent/dispatch/hooks";
export type { Mode, PublicPermissions } from "../agent/dispatch/permissions";
