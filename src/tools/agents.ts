// The delegation tools (group `agents`): dispatch_agent, agent_followup and agent_status over the
// client's sub-agents (src/agent/delegation; docs/TOOLS.md, "Sub-agents").
import { AgentRecord, setting, Subagents } from "../agent/delegation/subagents";
import { isPreset, Preset, PRESETS } from "../agent/delegation/presets";
import { CallContext } from "../agent/dispatch/tool";
import { ToolDeps } from "./deps";
import { utf8Prefix } from "../runtime/text_limit";
import { failure, family, success, tool, ToolFamily } from "./kit";
import { PAGE_BYTES, pageOf } from "./paging";

const TASK_BYTES = 8000;
const MAX_TURNS = 30;
const MAX_WAIT = 30;
/** agent_status may wait 30 s; its deadline leaves room for the answer. */
const STATUS_TIMEOUT = 35;
/** A blocking dispatch waits for the queue (45 s at most) and the child's budget, plus a margin. */
const BLOCKING_MARGIN = 45 + 60;

/** One line per record: id, status, preset, task and what it did last. */
function describe(record: AgentRecord): string {
	const task = utf8Prefix(record.task, 120);
	const latest = record.latest !== "" ? ` — latest: ${utf8Prefix(record.latest, 160)}` : "";
	const report =
		record.finishedAt !== undefined
			? ` — report ${record.report.size()} bytes${record.collected ? " (read)" : " (unread)"}`
			: "";
	return `${record.id} [${record.status}] ${record.preset}, ${record.calls} tool calls: ${task}${latest}${report}`;
}

/** A page of a record's report; reading its last byte marks it collected. */
function reportPage(record: AgentRecord, offset: number | undefined) {
	const page = pageOf(record.report, offset ?? 0, PAGE_BYTES);
	if (page.eof) record.collected = true;
	const position = page.eof
		? `[end of ${record.id}'s report: ${page.totalBytes} bytes]`
		: `[${record.id}'s report: bytes ${page.offset}-${page.nextOffset} of ${page.totalBytes}; continue with offset ${page.nextOffset}]`;
	const head = `${record.id} [${record.status}] after ${record.calls} tool calls:\n`;
	return success(`${head}${page.text}\n${position}`, {
		agent: record.id,
		status: record.status,
		offset: page.offset,
		nextOffset: page.nextOffset,
		totalBytes: page.totalBytes,
		eof: page.eof,
		resumable: record.resumable,
	});
}

function started(record: AgentRecord, verb: string) {
	return success(
		`${verb} ${record.id} in the background (${record.preset} preset). Collect its report with ` +
			`agent_status { agent = "${record.id}", wait_seconds = 30 } before you answer.`,
		{ agent: record.id, status: record.status },
	);
}

/** Runs in the background, or waits for the report when `background` is false. */
function launched(subagents: Subagents, ctx: CallContext, record: AgentRecord, background: boolean, verb: string) {
	if (background) return started(record, verb);
	subagents.wait(ctx, [record], math.huge);
	if (record.finishedAt === undefined) {
		subagents.stop(record);
		return failure(`${record.id} was stopped with this call before it finished`);
	}
	return reportPage(record, 0);
}

export function delegationTools(deps: ToolDeps): ToolFamily {
	const { subagents, config } = deps;
	const budget = () => setting(config, "agent.subagentBudget", 900);
	const defaultTurns = () => math.clamp(setting(config, "agent.subagentTurns", MAX_TURNS), 1, MAX_TURNS);
	const defaultPreset = (): Preset => {
		const stored = config.get("agent.subagentPreset");
		return isPreset(stored) ? stored : "full";
	};
	const blockingTimeout = (args: { background?: boolean }) =>
		args.background === false ? budget() + BLOCKING_MARGIN : setting(config, "agent.toolTimeout", 60);

	return family("agents", "Sub-agents", "delegate work to sub-agents that run in the background and report back", [
		tool<{ task: string; preset?: Preset; turns?: number; background?: boolean }>({
			name: "dispatch_agent",
			risk: "write",
			description:
				"Delegate a self-contained task to a sub-agent: a separate conversation with the preset's tools " +
				"(read: read-only game, file and web tools; web: web and HTTP; game: the game world and the screen; " +
				"full: every tool). It runs in the background by default; collect its report with agent_status. " +
				"It cannot ask the user anything, and its approvals are asked of the user in your name.",
			parameters: {
				type: "object",
				properties: {
					task: {
						type: "string",
						minLength: 1,
						maxLength: TASK_BYTES,
						description: "everything the sub-agent needs to know: it sees nothing else",
					},
					preset: { type: "string", enum: [...PRESETS], description: "the tool preset (default full)" },
					turns: {
						type: "integer",
						minimum: 1,
						maximum: MAX_TURNS,
						description: `its step limit (default ${MAX_TURNS})`,
					},
					background: { type: "boolean", description: "false waits for the report (default true)" },
				},
				required: ["task"],
			},
			timeout: (args) => blockingTimeout(args as { background?: boolean }),
			limits:
				"turns 1-30; task 8,000 bytes; at most 2 × the concurrency setting (max 24) queued or running; " +
				"a slot is waited for at most 45 s (a quarter of the budget when shorter), charged to the budget",
			example: {
				args: { task: "List every script in ReplicatedStorage with its line count.", preset: "read" },
				result: 'Started agent-1 in the background (read preset). Collect its report with agent_status { agent = "agent-1", wait_seconds = 30 } before you answer.',
			},
			run: (args, ctx) => {
				const [record, problem] = subagents.dispatch(
					ctx,
					args.task,
					args.preset ?? defaultPreset(),
					args.turns ?? defaultTurns(),
				);
				if (record === undefined) return failure(problem);
				return launched(subagents, ctx, record, args.background !== false, "Started");
			},
		}),
		tool<{ agent: string; message: string; turns?: number; background?: boolean }>({
			name: "agent_followup",
			risk: "write",
			description:
				"Send a finished sub-agent another message; it keeps its earlier context. Only the newest six " +
				"finished sub-agents can be followed up.",
			parameters: {
				type: "object",
				properties: {
					agent: { type: "string", minLength: 1, description: "the sub-agent's id (agent-1)" },
					message: { type: "string", minLength: 1, maxLength: TASK_BYTES },
					turns: { type: "integer", minimum: 1, maximum: MAX_TURNS },
					background: { type: "boolean", description: "false waits for the report (default true)" },
				},
				required: ["agent", "message"],
			},
			timeout: (args) => blockingTimeout(args as { background?: boolean }),
			limits: "the newest 6 finished sub-agents keep their context; turns 1-30",
			example: {
				args: { agent: "agent-1", message: "Also count the ModuleScripts." },
				result: 'Continued agent-1 in the background (read preset). Collect its report with agent_status { agent = "agent-1", wait_seconds = 30 } before you answer.',
			},
			run: (args, ctx) => {
				const [record, problem] = subagents.followUp(
					ctx,
					args.agent,
					args.message,
					args.turns ?? defaultTurns(),
				);
				if (record === undefined) return failure(problem);
				return launched(subagents, ctx, record, args.background !== false, "Continued");
			},
		}),
		tool<{ agent?: string; wait_seconds?: number; offset?: number }>({
			name: "agent_status",
			risk: "read",
			description:
				"Progress and reports of this conversation's sub-agents. With `agent`, waits up to wait_seconds for " +
				"it to finish and returns a page of its report (reading to the end marks it read); without, lists " +
				"them all, after waiting up to wait_seconds for the running ones.",
			parameters: {
				type: "object",
				properties: {
					agent: { type: "string", minLength: 1 },
					wait_seconds: { type: "number", minimum: 0, maximum: MAX_WAIT },
					offset: { type: "integer", minimum: 0, description: "byte offset in the report" },
				},
			},
			timeout: STATUS_TIMEOUT,
			limits: "waits 0-30 s; report pages of 6,000 bytes",
			example: {
				args: { agent: "agent-1", wait_seconds: 30 },
				result: "agent-1 [done] after 3 tool calls:\nReplicatedStorage holds 4 scripts...\n[end of agent-1's report: 212 bytes]",
			},
			run: (args, ctx) => {
				const wait = args.wait_seconds ?? 0;
				if (args.agent !== undefined) {
					const record = subagents.find(ctx, args.agent);
					if (record === undefined) return failure(`no sub-agent ${args.agent} belongs to this conversation`);
					subagents.wait(ctx, [record], wait);
					if (record.finishedAt === undefined)
						return success(`${describe(record)}\n(still working; call again with wait_seconds to wait)`, {
							agent: record.id,
							status: record.status,
						});
					return reportPage(record, args.offset);
				}
				const records = subagents.records(ctx);
				if (records.isEmpty()) return success("This conversation has no sub-agents.", { agents: [] });
				subagents.wait(
					ctx,
					records.filter((r) => r.finishedAt === undefined),
					wait,
				);
				return success(records.map(describe).join("\n"), {
					agents: records.map((r) => ({ agent: r.id, status: r.status, collected: r.collected })),
				});
			},
		}),
	]);
}
