// What one inference attempt takes and gives back: the request (the conversation, its tools and
// options), callbacks for what happens on the way (hooks on the request and the reply, previews,
// retries, the routing notice), and the normalised reply or the classified failure.
import type { Message, ProtocolRequest, Reply, ToolCall, ToolSpec } from "../protocols/types";
import type { ProviderRecord } from "../record";

export interface InferenceRequest {
	/** The system prompt of one attempt, given the provider label and the model that attempt uses. */
	readonly system: (provider: string, model: string) => string;
	/** The conversation after the system prompt. */
	readonly messages: ReadonlyArray<Message>;
	readonly tools?: ReadonlyArray<ToolSpec>;
	readonly maxTokens?: number;
	readonly temperature?: number;
	/** Reasoning effort; "off" or absent omits the field (the provider's default). */
	readonly effort?: string;
	/** Stream the reply when the record streams. */
	readonly stream: boolean;
	/** Transport attempts of each send (retries on rate limits and server errors). */
	readonly attempts: number;
	/** Seconds one send may take; never more than `remaining()` (and at least one). */
	readonly requestTimeout: number;
	/** Seconds left for the whole request (math.huge when unlimited). */
	readonly remaining: () => number;
	readonly isCancelled: () => boolean;
	/** The conversation's id: OpenCode routes send one `x-opencode-session` per conversation. */
	readonly conversation: string;
	/** Automatic free routing may send the record's `auto` selector to a measured model. */
	readonly freeRoute: boolean;
}

export interface RequestStart {
	readonly provider: string;
	readonly providerId: string;
	readonly model: string;
	readonly attempt: number;
	/** Messages in the request that goes out (after `prepare`). */
	readonly messages: number;
	/** Names this attempt's previews. */
	readonly streamId: string;
	readonly stream: boolean;
}

export interface RequestRetry {
	readonly provider: string;
	readonly attempt: number;
	readonly attempts: number;
	/** Seconds waited before the next send. */
	readonly wait: number;
	readonly status?: number;
	readonly reason: string;
	/** The repairs made to the body, when a parameter refusal was repaired. */
	readonly repairs?: ReadonlyArray<string>;
}

export interface RequestDone {
	readonly provider: string;
	readonly model: string;
	readonly ms: number;
	/** What carried the request: "gateway", or the HTTP transport's name (none when nothing was sent). */
	readonly via?: string;
	readonly streamed: boolean;
	readonly error?: string;
}

export interface ReplyPreview {
	readonly text: string;
	readonly reasoning: string;
	readonly streamId: string;
	readonly model: string;
}

export interface RoutingNotice {
	readonly text: string;
	readonly model: string;
	/** The setting that turns the routing off. */
	readonly setting: string;
}

/** What the caller hears during an attempt, and its say over the request and the reply. */
export interface InferenceCallbacks {
	/** The request about to be encoded; returns the request that goes out instead. */
	readonly prepare: (request: ProtocolRequest) => ProtocolRequest;
	/** The reply as read; returns the reply the caller receives instead. */
	readonly amend: (reply: Reply) => Reply;
	readonly onNotice: (notice: RoutingNotice) => void;
	readonly onStart: (start: RequestStart) => void;
	readonly onRetry: (retry: RequestRetry) => void;
	readonly onDone: (done: RequestDone) => void;
	readonly onPreview: (preview: ReplyPreview) => void;
}

export type InferenceOutcome =
	| {
			readonly ok: true;
			readonly reply: Reply;
			readonly provider: string;
			readonly model: string;
			/** Estimated USD of this reply, when the route's price and the usage are known. */
			readonly cost?: number;
	  }
	| {
			readonly ok: false;
			readonly error: string;
			/** A context-length refusal: the caller may compact and ask again. */
			readonly overflow: boolean;
			/** The window a context-length refusal named, when it named one. */
			readonly window?: number;
			readonly model?: string;
			/** The complete calls of a reply the output limit cut (refused; the caller answers them). */
			readonly cutCalls?: ReadonlyArray<ToolCall>;
			/** Trying another provider cannot help (stopped, deadline, output already received). */
			readonly terminal?: boolean;
	  };

/** The providers' side of model requests: the agent's one door to them. */
export interface Inference {
	/** The providers to try, in order (the active one, then with `fallback` the other enabled ones), or why there are none. */
	readonly chain: (fallback: boolean) => LuaTuple<[Array<ProviderRecord>, string | undefined]>;
	/** Whether picture references reach providers (a browser bridge is connected to swap in the bytes). */
	readonly imagesAvailable: () => boolean;
	/** The active provider's model, when there is a usable provider. */
	readonly activeModel: () => string | undefined;
	/** One attempt of `request` on `record`: routing, wire body, transport, reading, pricing. */
	readonly attempt: (
		record: ProviderRecord,
		request: InferenceRequest,
		callbacks: InferenceCallbacks,
	) => InferenceOutcome;
}
