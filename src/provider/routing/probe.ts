// The synthetic probe of automatic free routing (docs/PROVIDER_COMPATIBILITY.md, "Automatic free
// routing"): a small tool call and its result replay, each timed. The probe carries only a
// synthetic connectivity tool and two fixed messages — never conversation data — and its tool is
// never executed: the result sent back is fixed text. A model is verified when it calls the tool
// and then answers the result, each response finishing within ten seconds.
import { buildBody, newAssembler } from "../protocols/adapter";
import { redactReply } from "../errors/redact";
import { readBody } from "../protocols/reader";
import type { JsonObject, Message, ProtocolId, ProtocolRequest, ReplyResult, ToolSpec } from "../protocols/types";

export const PROBE_LIMIT_SECONDS = 10;

export const PROBE_TOOL: ToolSpec = {
	name: "uai_connectivity_check",
	description: "Connectivity check for automatic model selection. Call it once with ok set to true.",
	parameters: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
};

const PROMPT: ReadonlyArray<Message> = [
	{ role: "system", content: "This is an automatic connectivity check. Follow the instruction exactly." },
	{ role: "user", content: `Call the ${PROBE_TOOL.name} tool with ok set to true, then answer with the word done.` },
];

/** Sends one probe body to the model's inference endpoint; the raw HTTP outcome. */
export type ProbeSend = (body: JsonObject) => {
	readonly ok: boolean;
	readonly status: number;
	readonly body: string;
	/** The request's credentials, removed from any error the reply holds. */
	readonly secrets?: ReadonlyArray<string>;
};

export interface ProbeResult {
	readonly model: string;
	/** Both responses arrived, each within the limit, with a tool call and then an answer. */
	readonly verified: boolean;
	/** Seconds for the two responses together (what the picker shows and selection compares). */
	readonly seconds: number;
	readonly reason?: string;
}

interface Timed {
	readonly seconds: number;
	readonly result?: ReplyResult;
	readonly failure?: string;
}

function exchange(protocol: ProtocolId, request: ProtocolRequest, send: ProbeSend, now: () => number): Timed {
	const scope = { endpoint: "probe", model: request.model };
	const started = now();
	const [ran, response] = pcall(() => send(buildBody(protocol, request, { scope })));
	const seconds = now() - started;
	if (!ran) return { seconds, failure: tostring(response) };
	if (!response.ok) return { seconds, failure: `HTTP ${response.status}` };
	return {
		seconds,
		result: redactReply(readBody(newAssembler(protocol, scope), response.body), response.secrets ?? []),
	};
}

/** Probes one model: the tool call, then the replay of its result. */
export function probeModel(model: string, protocol: ProtocolId, send: ProbeSend, now: () => number): ProbeResult {
	const base: ProtocolRequest = { model, messages: PROMPT, tools: [PROBE_TOOL], stream: true, maxTokens: 256 };
	const first = exchange(protocol, base, send, now);
	const fail = (seconds: number, reason: string): ProbeResult => ({ model, verified: false, seconds, reason });
	if (first.result === undefined) return fail(first.seconds, first.failure ?? "no reply");
	if (!first.result.ok) return fail(first.seconds, first.result.error.message);
	const call = first.result.reply.toolCalls.find((c) => c.name === PROBE_TOOL.name);
	if (call === undefined) return fail(first.seconds, "the model did not call the check tool");
	if (first.seconds > PROBE_LIMIT_SECONDS) return fail(first.seconds, "the tool call took longer than ten seconds");
	const replay: ProtocolRequest = {
		...base,
		messages: [
			...PROMPT,
			{
				role: "assistant",
				content: first.result.reply.content,
				toolCalls: [call],
				replay: first.result.reply.replay,
			},
			{ role: "tool", toolCallId: call.id, name: call.name, content: '{"ok":true}' },
		],
	};
	const second = exchange(protocol, replay, send, now);
	const total = first.seconds + second.seconds;
	if (second.result === undefined) return fail(total, second.failure ?? "no reply");
	if (!second.result.ok) return fail(total, second.result.error.message);
	if (second.seconds > PROBE_LIMIT_SECONDS) return fail(total, "the result replay took longer than ten seconds");
	return { model, verified: true, seconds: total };
}
