// The events a conversation emits (`session.events`, `uai.sessions.anyEvent`).
export type { SessionEvent } from "../agent/conversation/events";
