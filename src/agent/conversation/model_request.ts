// One model request through the provider chain: the active provider first and, when
// `agent.fallback` is on, the other enabled providers. Each attempt goes through the providers'
// inference entry (provider/inference); around it this module runs `preRequest` hooks on a fresh
// copy of the request (the attempt sends their edits) and `postResponse` hooks on a fresh copy of
// the reply (the loop uses an amended copy that keeps the reply's shape), and turns what the
// attempt reports into session events (`notice`, `request:start`, `request:retry`,
// `request:done`, `assistant:preview`). A terminal failure (cancelled, deadline, output already
// received) ends the chain; other failures move to the next provider with a `provider:switch`
// event. Context-overflow refusals are reported so the loop can compact once.
import type { Inference, InferenceCallbacks, InferenceOutcome, ProviderRecord } from "../../provider/inference";
import type { Message, ProtocolRequest, Reply, ToolSpec } from "../../provider/protocols/types";
import { PublicConfig } from "../../runtime/config";
import { deepCopy } from "../../runtime/util";
import { Hooks } from "../dispatch/hooks";
import { Emit } from "./events";

export interface ModelRequest {
	/** The system prompt of one attempt, given the provider label and the model that attempt uses. */
	readonly system: (provider: string, model: string) => string;
	/** The conversation after the system prompt. */
	readonly messages: ReadonlyArray<Message>;
	readonly tools?: ReadonlyArray<ToolSpec>;
	readonly maxTokens?: number;
	readonly temperature?: number;
	/** Reasoning effort (`agent.effort`); "off" or absent omits the field (the provider's default). */
	readonly effort?: string;
	/** Transport attempts (default `agent.retries`). */
	readonly attempts?: number;
	readonly stream: boolean;
}

export type ModelOutcome = InferenceOutcome;

export interface TurnDeps {
	readonly inference: Inference;
	readonly config: PublicConfig;
	readonly hooks: Hooks;
}

export interface TurnControl {
	readonly emit: Emit;
	readonly aborted: () => boolean;
	/** Seconds left in the turn (math.huge when unlimited). */
	readonly remaining: () => number;
	readonly sessionId: string;
	/** The public session handed to `preRequest` and `postResponse` hooks. */
	readonly session: object;
}

/** The hooks around one attempt on `record`, and its reports as session events. */
function callbacks(deps: TurnDeps, record: ProviderRecord, control: TurnControl): InferenceCallbacks {
	const emit = control.emit;
	return {
		prepare: (body) => {
			// no preRequest hook: no copy of the history (a long conversation would copy it every attempt)
			if (!deps.hooks.has("preRequest")) return body;
			// hooks get a fresh copy per attempt; an edited or replaced request goes out on this attempt only
			const pre: { record: ProviderRecord; request: unknown; session: object } = {
				record,
				request: deepCopy(body),
				session: control.session,
			};
			deps.hooks.run("preRequest", pre);
			// a replacement without a model and a messages list is not a request: the original goes out
			const replaced = pre.request as Partial<ProtocolRequest> | undefined;
			return typeIs(replaced, "table") && typeIs(replaced.model, "string") && typeIs(replaced.messages, "table")
				? (replaced as ProtocolRequest)
				: body;
		},
		amend: (reply) => {
			if (!deps.hooks.has("postResponse")) return reply;
			const post: { result: unknown; record: ProviderRecord; session: object } = {
				result: deepCopy(reply),
				record,
				session: control.session,
			};
			deps.hooks.run("postResponse", post);
			const amended = post.result as Partial<Reply> | undefined;
			return typeIs(amended, "table") &&
				typeIs(amended.content, "string") &&
				typeIs(amended.reasoning, "string") &&
				typeIs(amended.toolCalls, "table")
				? (amended as Reply)
				: reply;
		},
		onNotice: (notice) => emit("notice", { ...notice }),
		onStart: (start) => emit("request:start", { ...start }),
		onRetry: (retry) => emit("request:retry", { ...retry }),
		onDone: (done) => emit("request:done", { ...done }),
		onPreview: (preview) => emit("assistant:preview", { ...preview }),
	};
}

/** Sends `request` along the chain; the first success, or the first failure. */
export function complete(deps: TurnDeps, request: ModelRequest, control: TurnControl): ModelOutcome {
	const [records, reason] = deps.inference.chain(deps.config.get("agent.fallback") === true);
	if (reason !== undefined) return { ok: false, error: reason, overflow: false };
	let first: ModelOutcome | undefined;
	let previous: ProviderRecord | undefined;
	for (const record of records) {
		if (control.aborted()) return { ok: false, error: "Stopped.", overflow: false };
		if (previous !== undefined)
			control.emit("provider:switch", {
				from: previous.label,
				to: record.label,
				reason: first !== undefined && !first.ok ? first.error : "",
			});
		const outcome = deps.inference.attempt(
			record,
			{
				system: request.system,
				messages: request.messages,
				tools: request.tools,
				maxTokens: request.maxTokens,
				temperature: request.temperature,
				effort: request.effort,
				stream: request.stream,
				attempts: request.attempts ?? (deps.config.get("agent.retries") as number),
				requestTimeout: deps.config.get("agent.requestTimeout") as number,
				remaining: control.remaining,
				isCancelled: control.aborted,
				conversation: control.sessionId,
				// automatic free routing may send the active provider's `auto` to a measured model
				freeRoute: record === records[0],
			},
			callbacks(deps, record, control),
		);
		if (outcome.ok || outcome.terminal === true || outcome.overflow) return outcome;
		first = first ?? outcome;
		previous = record;
	}
	return first ?? { ok: false, error: "every provider failed", overflow: false };
}
