// The dispatcher (`uai.tools.dispatch(call, ctx)`): one tool call through every stage, in order,
// returning a frozen result and never raising:
//   name → JSON repair → schema validation and coercion → conversation scope and capabilities →
//   prepare (read-only binding, before approval) → preTool hooks → permission (approval when
//   asked) → run under the deadline → postTool hooks → bounded result.
// Between stages, and while waiting, the call is stopped by Stop, client unload, removal of the
// tool, a disabled group or scope change, permission revocation once allowed, and the deadline.
import { frameSlicing } from "../../host/frame";
import { PublicConfig } from "../../runtime/config";
import { Logger } from "../../runtime/log";
import { Approvals, ApprovalOutcome, Interruption } from "./approvals";
import { Availability } from "./availability";
import { createCallContext, CallState } from "./call_context";
import { CATALOG_NAME, CATALOG_PARAMETERS, runCatalog } from "./catalog_tool";
import { toolTimeout } from "./deadline";
import { checkFilter } from "./filter";
import { Hooks } from "./hooks";
import { decide, Decision, Permissions } from "./permissions";
import { ERROR_TEXT_LIMIT, runProtected, Settled } from "./protected_run";
import { Entry, Registry } from "./registry";
import { repairJson } from "./repair";
import { FAILURE_ERROR, finish, fromReturn, Outcome } from "./result";
import { validateArguments } from "./schema/validate";
import { cutBytes } from "./text";
import { DispatchContext, JsonTable, ToolCall, ToolResult } from "./tool";

// Arguments over PACED_BYTES are read on the frame door, so megabytes of them pause between frames
// where the dispatching thread may yield; Stop is checked after reading, as between every other
// stage. Shorter ones (a quarter of a millisecond at most) never pause: a call whose handler does
// not yield still returns without yielding.
const PACED = frameSlicing();
const PACED_BYTES = 64 * 1024;

/** Tool names listed when a call names an unknown tool. */
const SUGGESTIONS = 12;
const NOT_RUN = "it did not run; continue with other allowed work";

export interface DispatchDeps {
	readonly registry: Registry;
	readonly availability: Availability;
	readonly permissions: Permissions;
	readonly approvals: Approvals;
	readonly hooks: Hooks;
	readonly config: PublicConfig;
	readonly log: Logger;
	/** The client's `uai.env`, for contexts that bring none. */
	readonly env: unknown;
	readonly alive: () => boolean;
	/** Rewrites bundle positions in error text (the bundle's mapError). */
	readonly mapError: (text: string) => string;
}

export type Dispatch = (call: unknown, ctx?: unknown) => ToolResult;

interface Request {
	readonly id: string;
	readonly name: string;
	readonly arguments: unknown;
	readonly problem?: string;
}

type Redirect = { readonly redirect: Request };

/** The deadline of the part of a call that is running (prepare or run), as an os.clock time. */
interface Phase {
	deadlineAt?: number;
}

function traceback(err: unknown): string {
	return debug.traceback(tostring(err), 2);
}

function failure(code: string, text: string, data?: unknown): Outcome {
	return { ok: false, error: code, text, data };
}

function denial(code: string, text: string, permission: string): Outcome {
	return failure(code, text, { permission, executed: false });
}

function readContext(context: unknown): LuaTuple<[DispatchContext, undefined] | [undefined, string]> {
	if (context === undefined) return $tuple({}, undefined);
	if (!typeIs(context, "table"))
		return $tuple(undefined, "the dispatch context must be a table (session.toolContext())");
	const ctx = context as DispatchContext;
	if (ctx.aborted !== undefined && !typeIs(ctx.aborted, "function"))
		return $tuple(undefined, "ctx.aborted must be a function");
	if (ctx.emit !== undefined && !typeIs(ctx.emit, "function"))
		return $tuple(undefined, "ctx.emit must be a function");
	if (ctx.depth !== undefined && !typeIs(ctx.depth, "number")) return $tuple(undefined, "ctx.depth must be a number");
	const problem = checkFilter(ctx.filter);
	if (problem !== undefined) return $tuple(undefined, `ctx.filter: ${problem}`);
	return $tuple(ctx, undefined);
}

export function createDispatcher(deps: DispatchDeps): Dispatch {
	const { registry, availability, permissions, approvals, hooks, config, log } = deps;
	let serial = 0;

	const readCall = (call: unknown): Request => {
		serial += 1;
		const fallbackId = `call-${serial}`;
		if (!typeIs(call, "table"))
			return {
				id: fallbackId,
				name: "",
				arguments: undefined,
				problem: "a call must be a table { id, function = { name, arguments } }",
			};
		const raw = call as ToolCall;
		const id = typeIs(raw.id, "string") && raw.id !== "" ? raw.id : fallbackId;
		const body = typeIs(raw.function, "table") ? raw.function : raw;
		if (!typeIs(body.name, "string") || body.name === "")
			return { id, name: "", arguments: undefined, problem: "the call names no tool" };
		return { id, name: body.name, arguments: body.arguments };
	};

	// A context whose aborted() raises cannot vouch for the call: it counts as stopped.
	const parentAborted = (parent: DispatchContext): boolean => {
		if (parent.aborted === undefined) return false;
		const [ok, result] = pcall(parent.aborted);
		if (!ok) log.error(`ctx.aborted() failed, so the call stops: ${tostring(result)}`);
		return !ok || result === true;
	};

	const decodeArguments = (request: Request, allowTruncated: boolean, parameters: JsonTable) => {
		const text = request.arguments ?? "";
		if (!typeIs(text, "string"))
			return $tuple(
				undefined,
				failure("bad arguments", "arguments must be JSON text (encode tables with runtime/util's encode)"),
			);
		const [decoded, problem] = repairJson(text, allowTruncated, text.size() > PACED_BYTES ? PACED : undefined);
		if (problem !== undefined)
			return $tuple(
				undefined,
				failure(
					"bad arguments",
					`The arguments of ${request.name} could not be read: ${problem}. Send one JSON object.`,
				),
			);
		const [args, errors] = validateArguments(parameters, decoded);
		if (args === undefined)
			return $tuple(
				undefined,
				failure(
					"invalid arguments",
					`The arguments of ${request.name} do not match its schema:\n- ${errors.join("\n- ")}`,
				),
			);
		return $tuple(args, undefined);
	};

	/** Why the call must stop now; `running` chooses the wording; `revocable` also watches permissions. */
	const interruption = (
		entry: Entry,
		parent: DispatchContext,
		running: boolean,
		revocable: boolean,
		deadlineAt?: number,
	): Interruption | undefined => {
		const name = entry.tool.name;
		const outcome = running ? "it may still be running; do not retry it" : NOT_RUN;
		if (!deps.alive()) return { code: "aborted", text: `The client unloaded; ${outcome}.` };
		if (parentAborted(parent)) return { code: "aborted", text: `${name} was stopped; ${outcome}.` };
		if (!registry.current(entry))
			return { code: "tool unregistered", text: `${name} was unregistered; ${outcome}.` };
		const block = availability.blocked(entry.tool, parent.filter);
		if (block !== undefined) return { code: block.code, text: `${block.text}; ${outcome}.` };
		if (revocable && decide(permissions.policy(), name, entry.tool.risk).verdict === "deny")
			return { code: "permission revoked", text: `Permission for ${name} was withdrawn; ${outcome}.` };
		if (deadlineAt !== undefined && os.clock() >= deadlineAt) {
			const lost = running ? "treat its result as lost and do not retry automatically" : NOT_RUN;
			return { code: "timeout", text: `${name} did not finish within its deadline; ${lost}.` };
		}
		return undefined;
	};

	const fromInterruption = (interrupted: Interruption) => failure(interrupted.code, interrupted.text);

	const raised = (name: string, stage: string, settled: Settled & { kind: "raised" }) => {
		const [message] = cutBytes(deps.mapError(settled.message), ERROR_TEXT_LIMIT);
		return failure(
			stage === "run" ? "error" : "preflight failed",
			`${name} ${stage === "run" ? "raised an error" : "failed its preflight"}: ${message}`,
		);
	};

	const approvalOutcome = (name: string, outcome: ApprovalOutcome): Outcome | undefined => {
		switch (outcome.kind) {
			case "allow":
				return undefined;
			case "deny":
				return denial("denied", `The user declined ${name}; ${NOT_RUN}.`, "user");
			case "timeout":
				return denial(
					"approval timeout",
					`No one answered the approval for ${name} in time; ${NOT_RUN}.`,
					"timeout",
				);
			case "cancelled":
				return denial(
					"approval cancelled",
					`The approval for ${name} was cancelled (${outcome.reason}); ${NOT_RUN}.`,
					"cancelled",
				);
			case "interrupted":
				return fromInterruption(outcome.interruption);
		}
	};

	const remember = (name: string, outcome: ApprovalOutcome) => {
		if ((outcome.kind !== "allow" && outcome.kind !== "deny") || !outcome.remember) return;
		if (config.get("permissions.remember") !== true) return;
		const [stored, problem] = permissions.public.setRule(name, outcome.kind);
		if (!stored) log.warn(`remembering ${outcome.kind} for ${name} failed: ${problem}`);
	};

	const modeDenial = (name: string, decision: Decision): Outcome => {
		const by =
			decision.source === "rule"
				? `the permission rule "${decision.pattern}"`
				: `the ${permissions.policy().mode} permission mode`;
		return denial("denied", `${name} is blocked by ${by}; ${NOT_RUN}.`, decision.source);
	};

	/** Every stage after validation. `phase.deadlineAt` is the deadline of the part now running. */
	const stages = (
		entry: Entry,
		args: JsonTable,
		parent: DispatchContext,
		state: CallState,
		phase: Phase,
	): Outcome => {
		const { tool } = entry;
		const { ctx } = state;
		const check = (revocable: boolean, running = false) =>
			interruption(entry, parent, running, revocable, phase.deadlineAt);
		const onError = (message: string, trace: string) =>
			log.warn(`${tool.name} raised: ${deps.mapError(trace !== "" ? trace : message)}`);
		const seconds = toolTimeout(tool, args, ctx, config.get("agent.toolTimeout"), log);

		let prepared: unknown;
		const prepare = tool.prepare;
		if (prepare !== undefined) {
			phase.deadlineAt = os.clock() + seconds;
			const settled = runProtected(
				() => prepare(args, ctx),
				() => check(false),
				phase.deadlineAt,
				onError,
			);
			phase.deadlineAt = undefined;
			if (settled.kind === "interrupted") return fromInterruption(settled.interruption);
			if (settled.kind === "raised") return raised(tool.name, "prepare", settled);
			if (settled.first === false || (settled.first === undefined && settled.second !== undefined))
				return failure(
					"preflight failed",
					`${tool.name} failed its preflight: ${tostring(settled.second ?? "no reason given")}`,
				);
			prepared = settled.first;
		}
		const beforeHooks = check(false);
		if (beforeHooks !== undefined) return fromInterruption(beforeHooks);

		const payload: { tool: unknown; args: JsonTable; ctx: unknown; reason?: unknown } = { tool, args, ctx };
		if (hooks.run("preTool", payload)) {
			const reason = typeIs(payload.reason, "string") ? payload.reason : "a preTool hook vetoed the call";
			return failure("vetoed", `${tool.name} was vetoed: ${reason}; ${NOT_RUN}.`);
		}
		const afterHooks = check(false);
		if (afterHooks !== undefined) return fromInterruption(afterHooks);

		const decision = decide(permissions.policy(), tool.name, tool.risk);
		if (decision.verdict === "deny") return modeDenial(tool.name, decision);
		if (decision.verdict === "ask") {
			const outcome = approvals.request({
				tool,
				args,
				callId: ctx.callId,
				session: parent.session,
				emit: parent.emit,
				interrupted: () => check(true),
			});
			remember(tool.name, outcome);
			// a removal cancels the approval too: report the removal
			const blocked = outcome.kind === "cancelled" ? check(false) : undefined;
			const stop = blocked !== undefined ? fromInterruption(blocked) : approvalOutcome(tool.name, outcome);
			if (stop !== undefined) return stop;
		}
		const afterApproval = check(true);
		if (afterApproval !== undefined) return fromInterruption(afterApproval);

		phase.deadlineAt = os.clock() + seconds;
		const settled = runProtected(
			() => $tuple(tool.run(args, ctx, prepared), undefined),
			() => check(true, true),
			phase.deadlineAt,
			onError,
		);
		if (settled.kind === "interrupted") return fromInterruption(settled.interruption);
		if (settled.kind === "raised") return raised(tool.name, "run", settled);
		const result = fromReturn(settled.first);
		const post = { tool, args, text: result.text as unknown, data: result.data, ctx };
		hooks.run("postTool", post);
		return { ...result, text: tostring(post.text), data: post.data };
	};

	const runTool = (request: Request, entry: Entry, parent: DispatchContext): Outcome => {
		const { tool } = entry;
		const [args, rejected] = decodeArguments(request, tool.risk === "read", tool.parameters);
		if (args === undefined) return rejected;
		const blocked = interruption(entry, parent, false, false);
		if (blocked !== undefined) return fromInterruption(blocked);
		const phase: Phase = {};
		const identity = { id: request.id, name: tool.name, env: parent.env ?? deps.env };
		const watch = () => interruption(entry, parent, true, true, phase.deadlineAt) !== undefined;
		const state = createCallContext(parent, identity, watch, log);
		const [ok, outcome] = xpcall(stages, traceback, entry, args, parent, state, phase);
		state.end();
		if (ok) return outcome;
		log.error(`dispatch of ${tool.name} failed: ${deps.mapError(outcome)}`);
		return failure("dispatch failed", `The dispatcher failed while handling ${tool.name}; it may not have run.`);
	};

	const runCatalogCall = (request: Request, parent: DispatchContext): Outcome | Redirect => {
		const [args, rejected] = decodeArguments(request, true, CATALOG_PARAMETERS);
		if (args === undefined) return rejected;
		if (!deps.alive() || parentAborted(parent))
			return failure("aborted", `${CATALOG_NAME} was stopped; ${NOT_RUN}.`);
		const outcome = runCatalog(args, availability.callable(parent.filter));
		if (outcome.kind === "call")
			return { redirect: { id: request.id, name: outcome.name, arguments: outcome.arguments } };
		return {
			ok: outcome.ok,
			text: outcome.text,
			data: outcome.data,
			error: outcome.ok ? undefined : FAILURE_ERROR,
		};
	};

	const unknownTool = (name: string, parent: DispatchContext): Outcome => {
		const names = availability.callable(parent.filter).map((tool) => tool.name);
		const shown = names.filter((_, index) => index < SUGGESTIONS).join(", ");
		const more = names.size() > SUGGESTIONS ? `, and ${names.size() - SUGGESTIONS} more` : "";
		const list = names.isEmpty() ? "No tools are available." : `Available tools: ${shown}${more}.`;
		return failure("unknown tool", `There is no tool named ${name}. ${list}`);
	};

	const route = (request: Request, context: unknown): Outcome | Redirect => {
		if (request.problem !== undefined) return failure("bad call", request.problem);
		const [parent, contextProblem] = readContext(context);
		if (parent === undefined) return failure("bad context", contextProblem);
		if (!deps.alive()) return failure("aborted", `The client has unloaded; ${NOT_RUN}.`);
		if (request.name === CATALOG_NAME) return runCatalogCall(request, parent);
		const entry = registry.lookup(request.name);
		if (entry === undefined) return unknownTool(request.name, parent);
		return runTool(request, entry, parent);
	};

	const dispatch = (call: unknown, context?: unknown): ToolResult => {
		const started = os.clock();
		const request = readCall(call);
		const [ok, routed] = xpcall(route, traceback, request, context);
		let outcome: Outcome;
		if (!ok) {
			log.error(`dispatch failed: ${deps.mapError(tostring(routed))}`);
			outcome = failure("dispatch failed", "The dispatcher failed; the tool may not have run.");
		} else if ("redirect" in routed) {
			return dispatch(routed.redirect, context);
		} else {
			outcome = routed;
		}
		const ms = math.floor((os.clock() - started) * 1000 + 0.5);
		return finish(request.id, request.name, outcome, ms, config.get("agent.resultCap") as number);
	};

	return dispatch;
}
