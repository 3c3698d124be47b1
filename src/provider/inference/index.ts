// The agent's door to the providers: `createInference` makes the entry one model request calls
// per provider attempt (inference.ts); the rest is the vocabulary that crosses the door.
export { createInference } from "./inference";
export type {
	Inference,
	InferenceCallbacks,
	InferenceOutcome,
	InferenceRequest,
	ReplyPreview,
	RequestDone,
	RequestRetry,
	RequestStart,
	RoutingNotice,
} from "./types";
export type { ProviderRecord } from "../record";
export { estimateTokens } from "../protocols/token_estimate";
