// `uai.sessions` and one conversation (`session.send`, `session.events`, ...), with folders.
export type { PublicSession } from "../agent/conversation/session";
export type { PublicSessions } from "../agent/conversation/sessions";
export type { Folder } from "../agent/conversation/folders";
