// The provider-neutral shapes every wire protocol adapter turns into its own body and back.

/** Chat Completions ("openai"), Anthropic Messages ("anthropic"), Google Gemini native ("gemini")
 * and OpenAI Responses ("responses", the OpenCode lane). */
export type ProtocolId = "openai" | "anthropic" | "gemini" | "responses";

/** A JSON object as built for a request body or read from a response. */
export type JsonObject = { [key: string]: unknown };

export interface TextPart {
	readonly type: "text";
	readonly text: string;
}

/**
 * An image attachment: `data` is base64 bytes or the bridge's image reference, which the web bridge
 * replaces with the bytes immediately before the provider request (docs/EMBEDDING.md,
 * "Attachments").
 */
export interface ImagePart {
	readonly type: "image";
	readonly mediaType: string;
	readonly data: string;
}

export type UserPart = TextPart | ImagePart;

/** A complete tool call: `arguments` is the JSON text of an object. */
export interface ToolCall {
	readonly id: string;
	readonly name: string;
	readonly arguments: string;
}

/**
 * Protocol-specific parts of an assistant turn that must go back to the same model verbatim:
 * Anthropic content blocks (thinking with signatures, redacted thinking), Gemini parts with their
 * thought signatures, Responses output items (reasoning with encrypted content). Replayed only to
 * the protocol, endpoint and model that produced them; anywhere else the plain text and tool calls
 * are sent instead (docs/PROVIDER_COMPATIBILITY.md, "Wire protocols and request bodies", replay
 * across turns).
 */
export interface Replay {
	readonly protocol: ProtocolId;
	readonly endpoint: string;
	readonly model: string;
	readonly items: ReadonlyArray<JsonObject>;
}

/** Where a reply came from: replay data goes back only to the same endpoint and model. */
export interface ReplayScope {
	readonly endpoint: string;
	readonly model: string;
}

export interface SystemMessage {
	readonly role: "system";
	readonly content: string;
}

export interface UserMessage {
	readonly role: "user";
	readonly content: string | ReadonlyArray<UserPart>;
}

export interface AssistantMessage {
	readonly role: "assistant";
	readonly content: string;
	readonly reasoning?: string;
	readonly toolCalls?: ReadonlyArray<ToolCall>;
	readonly replay?: Replay;
}

export interface ToolMessage {
	readonly role: "tool";
	readonly toolCallId: string;
	readonly name: string;
	readonly content: string;
	readonly isError?: boolean;
}

export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

export interface ToolSpec {
	readonly name: string;
	readonly description: string;
	/** JSON Schema of the arguments object (an empty table means "no parameters", `{}`). */
	readonly parameters: JsonObject;
}

export type ToolChoice = "auto" | "none" | "required" | { readonly name: string };

/**
 * How a model's temperature is handled: the model option "Temperature handling"
 * (docs/PROVIDER_COMPATIBILITY.md, "Wire protocols and request bodies").
 */
export type TemperatureMode = "auto" | "send" | "omit";

/** One inference request as the runtime states it, before any protocol shapes it. */
export interface ProtocolRequest {
	readonly model: string;
	readonly messages: ReadonlyArray<Message>;
	readonly tools?: ReadonlyArray<ToolSpec>;
	readonly toolChoice?: ToolChoice;
	readonly parallelToolCalls?: boolean;
	readonly stream: boolean;
	readonly temperature?: number;
	readonly maxTokens?: number;
	/** Reasoning effort: "" (provider default, the field is omitted) or a level such as "low". */
	readonly effort?: string;
	/** The provider record's raw body parameters, applied after the adapter's own fields. */
	readonly params?: JsonObject;
	/** The request's raw body fields, applied last. */
	readonly extra?: JsonObject;
}

export type Finish = "stop" | "length" | "tool_calls" | "content_filter" | "refusal" | "other";

/** Token counts; output includes reasoning tokens. An absent field was not reported. */
export interface Usage {
	readonly inputTokens?: number;
	readonly outputTokens?: number;
	readonly reasoningTokens?: number;
	readonly cacheReadTokens?: number;
	readonly cacheWriteTokens?: number;
	readonly totalTokens?: number;
}

/** The normalised answer of any protocol. */
export interface Reply {
	readonly protocol: ProtocolId;
	readonly content: string;
	readonly reasoning: string;
	readonly toolCalls: ReadonlyArray<ToolCall>;
	readonly usage?: Usage;
	readonly finish: Finish;
	/** The provider's own finish reason, as sent. */
	readonly rawFinish?: string;
	readonly model?: string;
	readonly id?: string;
	readonly replay?: Replay;
}

export type ReplyErrorCode =
	/** Invalid JSON or a corrupt frame: terminal, never replayed. */
	| "malformed_stream"
	/** The body ended before the protocol's completion marker. */
	| "incomplete_stream"
	/** The provider reported an error (an error event or error object). */
	| "provider_error"
	/** Events of another wire protocol: the Protocol or Base URL setting is wrong. */
	| "protocol_mismatch"
	/** A bound (event, response, tool calls, argument bytes, events) was exceeded. */
	| "limit_exceeded"
	/** A tool call that cannot be executed: mixed argument forms, arguments that are not a JSON
	 * object, a call that never ended, arguments cut by the output limit. */
	| "invalid_tool_call"
	/** The model declined (Anthropic `refusal`) or the provider blocked the answer (Gemini safety). */
	| "refused"
	/** A complete reply with nothing in it. */
	| "empty_reply"
	/** No complete reply before the deadline, after the request was sent: the outcome is unknown. */
	| "timeout"
	/** Cancelled after the request was sent. */
	| "cancelled"
	/** Sending failed after it began: the request may have been delivered. */
	| "send_failed"
	/** A caller's reply callback (live preview) raised. */
	| "callback_failed";

export interface ReplyError {
	readonly code: ReplyErrorCode;
	readonly message: string;
	/** True when the request must not be sent again: any failure after output arrived, a corrupt
	 * or mismatched stream, an exceeded bound. False only for a provider error before any output. */
	readonly terminal: boolean;
	/** The provider's error code or type, redacted and bounded. */
	readonly providerCode?: string;
	/** Whether text, reasoning or tool-call data had arrived before the failure. */
	readonly partial: boolean;
	/** Complete tool calls of a reply the output limit cut: refused, never to run; the agent loop
	 * answers each with a "truncated arguments" refusal so the model can send smaller calls. */
	readonly cutCalls?: ReadonlyArray<ToolCall>;
}

export type ReplyResult =
	{ readonly ok: true; readonly reply: Reply } | { readonly ok: false; readonly error: ReplyError };

/** Accumulated text and reasoning so far, each bounded, with separate limit flags. */
export interface Preview {
	readonly text: string;
	readonly textClipped: boolean;
	readonly reasoning: string;
	/** Clipped reasoning is shown as an excerpt, labelled so. */
	readonly reasoningClipped: boolean;
}
