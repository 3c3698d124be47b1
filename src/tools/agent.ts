// The agent's own notes (group `agent`): its task list for this conversation (todo_*), its memory
// across conversations (memory_*), the user's other conversations (conversation_*), a question
// for the user (ask_user) and a pause (wait). Todos are kept with the conversation and saved with
// it; memory lives in UAI/memory.json and its keys are listed in the system prompt.
import type { Session } from "../agent/conversation/session";
import { CallContext } from "../agent/dispatch/tool";
import { ToolDeps } from "./deps";
import { conversationText, matchingLines } from "./agent_talk";
import { failure, family, tool, ToolFamily } from "./kit";
import { MEMORY_ENTRIES, MEMORY_VALUE_CHARACTERS, memoryKey } from "./memory_store";
import { PAGE_LIMIT, pagedResult } from "./paging";

export const TODO_ITEMS = 24;
export const TODO_CHARACTERS = 160;
const STATUSES = ["pending", "active", "done", "dropped"];
const MARKS: Record<string, string> = { pending: "[ ]", active: "[>]", done: "[x]", dropped: "[-]" };
export const ASK_SECONDS = 600;
const MEMORY_PAGE = 4000;
const TALK_PAGE = 4000;

interface Todo {
	readonly text: string;
	readonly status: string;
}

/** Characters in `text` (bytes where it is not valid UTF-8). */
function characters(text: string): number {
	const [count] = utf8.len(text);
	return typeIs(count, "number") ? count : text.size();
}

function todoList(items: ReadonlyArray<Todo>): string {
	if (items.isEmpty()) return "(no tasks)";
	return items.map((item, index) => `${index + 1}. ${MARKS[item.status]} ${item.text}`).join("\n");
}

/** What changed between two lists, for the tool card: added, removed, status changes. */
function todoChanges(before: ReadonlyArray<Todo>, after: ReadonlyArray<Todo>): ReadonlyArray<string> {
	const changes = new Array<string>();
	const old = new Map<string, string>();
	for (const item of before) old.set(item.text, item.status);
	const seen = new Set<string>();
	for (const item of after) {
		seen.add(item.text);
		const was = old.get(item.text);
		if (was === undefined) changes.push(`+ ${item.text}`);
		else if (was !== item.status) changes.push(`${item.text}: ${was} → ${item.status}`);
	}
	for (const item of before) if (!seen.has(item.text)) changes.push(`- ${item.text}`);
	return changes;
}

export function agentTools(deps: ToolDeps): ToolFamily {
	const { sessions, memory, config } = deps;

	/** The conversation a call belongs to (the manager's record). */
	const own = (ctx: CallContext): Session | undefined => sessions.known(ctx.session);
	const others = (ctx: CallContext) => sessions.public.list().filter((s) => s !== ctx.session && !s.headless);
	const memoryOn = () => config.get("memory.enabled") !== false;

	return family("agent", "Agent", "keep a task list and memory, look at other conversations, ask the user", [
		tool<{ items: Array<Todo> }>({
			name: "todo_write",
			risk: "read",
			description:
				"Replace this conversation's task list (shown to the user). Use it for work with several steps; " +
				"mark one item active while you work on it and done when finished.",
			parameters: {
				type: "object",
				properties: {
					items: {
						type: "array",
						maxItems: TODO_ITEMS,
						items: {
							type: "object",
							properties: {
								text: { type: "string", minLength: 1, maxLength: TODO_CHARACTERS * 4 },
								status: { type: "string", enum: STATUSES },
							},
							required: ["text", "status"],
						},
					},
				},
				required: ["items"],
			},
			limits: `at most ${TODO_ITEMS} items of at most ${TODO_CHARACTERS} characters; statuses ${STATUSES.join(", ")}`,
			example: {
				args: {
					items: [
						{ text: "Build the window", status: "active" },
						{ text: "Add the slider", status: "pending" },
					],
				},
				result: "Task list (2 items):\n1. [>] Build the window\n2. [ ] Add the slider",
			},
			run: (args, ctx) => {
				const session = own(ctx);
				if (session === undefined) return failure("this call has no conversation to keep a task list in");
				for (const item of args.items)
					if (characters(item.text) > TODO_CHARACTERS)
						return failure(`"${item.text.sub(1, 40)}…" is over ${TODO_CHARACTERS} characters`);
				const before = (session.notes.todos as ReadonlyArray<Todo> | undefined) ?? [];
				const items = args.items.map((item) => ({ text: item.text, status: item.status }));
				session.notes.todos = items;
				const changes = todoChanges(before, items);
				ctx.emit("todo:update", { items, changes });
				return {
					ok: true,
					text: `Task list (${items.size()} items):\n${todoList(items)}`,
					data: { items, changes },
				};
			},
		}),
		tool<Record<string, never>>({
			name: "todo_read",
			risk: "read",
			description: "Read this conversation's task list.",
			parameters: { type: "object", properties: {}, required: [] },
			example: { args: {}, result: "Task list (1 item):\n1. [x] Build the window" },
			run: (_args, ctx) => {
				const session = own(ctx);
				const items = (session?.notes.todos as ReadonlyArray<Todo> | undefined) ?? [];
				return { ok: true, text: `Task list (${items.size()} items):\n${todoList(items)}`, data: { items } };
			},
		}),
		tool<{ key: string; value: string }>({
			name: "memory_write",
			risk: "read",
			description:
				"Remember something across conversations under a short key (replaces that key's value). Keys are listed in every " +
				"conversation's instructions; values are read with memory_read. For lasting preferences and facts, not scratch notes.",
			parameters: {
				type: "object",
				properties: {
					key: { type: "string", minLength: 1, maxLength: 80 },
					value: { type: "string", minLength: 1, maxLength: MEMORY_VALUE_CHARACTERS * 4 },
				},
				required: ["key", "value"],
			},
			limits: `at most ${MEMORY_ENTRIES} entries (the oldest is forgotten first), values at most ${MEMORY_VALUE_CHARACTERS} characters; off when the memory.enabled setting is false`,
			example: { args: { key: "preferred theme", value: "dark" }, result: 'Remembered "preferred_theme".' },
			run: (args) => {
				if (!memoryOn()) return failure("memory is turned off in Settings (memory.enabled)");
				const key = memoryKey(args.key);
				if (key === undefined) return failure("the key must be 1-80 bytes of text");
				if (characters(args.value) > MEMORY_VALUE_CHARACTERS)
					return failure(`the value is over ${MEMORY_VALUE_CHARACTERS} characters`);
				const [ok, evicted] = memory.write(key, args.value);
				if (!ok) return failure(evicted as string);
				const note =
					evicted !== undefined ? ` The oldest entry, "${evicted}", was forgotten to make room.` : "";
				return { ok: true, text: `Remembered "${key}".${note}`, data: { key, evicted } };
			},
		}),
		tool<{ key?: string; query?: string; offset?: number; limit?: number }>({
			name: "memory_read",
			risk: "read",
			description:
				"Read remembered values: one key, or every entry whose key or value contains query (case-insensitive), or all with neither.",
			parameters: {
				type: "object",
				properties: {
					key: { type: "string" },
					query: { type: "string" },
					offset: { type: "integer", minimum: 0 },
					limit: { type: "integer", minimum: 200, maximum: PAGE_LIMIT },
				},
				required: [],
			},
			limits: `pages of ${MEMORY_PAGE} bytes (limit 200-${PAGE_LIMIT})`,
			example: { args: { key: "preferred_theme" }, result: "preferred_theme: dark\n[end of file: 21 bytes]" },
			run: (args) => {
				if (args.key !== undefined && args.query !== undefined) return failure("give key or query, not both");
				const entries = memory.list();
				let chosen = entries;
				if (args.key !== undefined) {
					const key = memoryKey(args.key);
					chosen = entries.filter((e) => e.key === key);
					if (chosen.isEmpty()) return failure(`nothing is remembered under "${key ?? args.key}"`);
				} else if (args.query !== undefined) {
					const needle = args.query.lower();
					chosen = entries.filter(
						(e) =>
							string.find(e.key.lower(), needle, 1, true)[0] !== undefined ||
							string.find(e.value.lower(), needle, 1, true)[0] !== undefined,
					);
				}
				if (chosen.isEmpty()) return { ok: true, text: "Nothing remembered matches.", data: { entries: [] } };
				const text = chosen.map((e) => `${e.key}: ${e.value}`).join("\n");
				return pagedResult(text, args.offset, args.limit ?? MEMORY_PAGE, { count: chosen.size() });
			},
		}),
		tool<{ key: string }>({
			name: "memory_forget",
			risk: "read",
			description: "Forget a remembered key.",
			parameters: { type: "object", properties: { key: { type: "string", minLength: 1 } }, required: ["key"] },
			example: { args: { key: "preferred_theme" }, result: 'Forgot "preferred_theme".' },
			run: (args) => {
				const key = memoryKey(args.key);
				if (key === undefined || !memory.forget(key))
					return failure(`nothing is remembered under "${args.key}"`);
				return { ok: true, text: `Forgot "${key}".` };
			},
		}),
		tool<{ limit?: number; offset?: number }>({
			name: "conversation_list",
			risk: "read",
			description: "List the user's other conversations (id, title, turns), newest first.",
			parameters: {
				type: "object",
				properties: {
					limit: { type: "integer", minimum: 1, maximum: 30 },
					offset: { type: "integer", minimum: 0 },
				},
				required: [],
			},
			limits: "1-30 per page (default 10)",
			example: { args: {}, result: "s1_2: Walk speed panel (3 turns)\n1 of 1 conversations" },
			run: (args, ctx) => {
				const list = others(ctx);
				const offset = args.offset ?? 0;
				const limit = args.limit ?? 10;
				const lines = new Array<string>();
				for (let index = offset; index < math.min(list.size(), offset + limit); index++) {
					const s = list[index];
					lines.push(`${s.id}: ${s.title} (${s.turns} turns)`);
				}
				const following = offset + lines.size() < list.size() ? offset + lines.size() : undefined;
				lines.push(
					`${lines.size()} of ${list.size()} conversations${following !== undefined ? `; continue with offset ${following}` : ""}`,
				);
				return { ok: true, text: lines.join("\n"), data: { total: list.size(), nextOffset: following } };
			},
		}),
		tool<{ query: string; limit?: number }>({
			name: "conversation_search",
			risk: "read",
			description:
				"Search the user's other conversations for literal text (case-insensitive); returns matching lines per conversation.",
			parameters: {
				type: "object",
				properties: {
					query: { type: "string", minLength: 1 },
					limit: { type: "integer", minimum: 1, maximum: 12 },
				},
				required: ["query"],
			},
			limits: "1-12 conversations per answer (default 5), 5 lines each",
			example: {
				args: { query: "slider" },
				result: "s1_2 (Walk speed panel):\n  user: make me a panel with a speed slider",
			},
			run: (args, ctx) => {
				const needle = args.query.lower();
				const limit = args.limit ?? 5;
				const blocks = new Array<string>();
				for (const s of others(ctx)) {
					if (blocks.size() >= limit) break;
					const found = matchingLines(sessions.known(s)?.messages ?? [], needle);
					const inTitle = string.find(s.title.lower(), needle, 1, true)[0] !== undefined;
					if (found.isEmpty() && !inTitle) continue;
					const shown = found.move(0, math.min(found.size(), 5) - 1, 0, []);
					blocks.push([`${s.id} (${s.title}):`, ...shown.map((line) => `  ${line}`)].join("\n"));
				}
				if (blocks.isEmpty())
					return { ok: true, text: "No other conversation mentions that.", data: { count: 0 } };
				return { ok: true, text: blocks.join("\n"), data: { count: blocks.size() } };
			},
		}),
		tool<{ id: string; full?: boolean; offset?: number; limit?: number }>({
			name: "conversation_read",
			risk: "read",
			description:
				"Read another conversation: condensed (user text up to 500 characters, replies up to 900, no tool traffic) or full = true, paged.",
			parameters: {
				type: "object",
				properties: {
					id: { type: "string", minLength: 1 },
					full: { type: "boolean" },
					offset: { type: "integer", minimum: 0 },
					limit: { type: "integer", minimum: 200, maximum: PAGE_LIMIT },
				},
				required: ["id"],
			},
			limits: `pages of ${TALK_PAGE} bytes`,
			example: {
				args: { id: "s1_2" },
				result: "User: make me a panel\n\nAssistant: Your panel is open.\n[end of file: 52 bytes]",
			},
			run: (args, ctx) => {
				const target = sessions.public.get(args.id);
				if (target === undefined || target === ctx.session || target.headless)
					return failure(`no other conversation has the id ${args.id}`);
				const text = conversationText(sessions.known(target)?.messages ?? [], args.full === true);
				return pagedResult(`# ${target.title}\n\n${text}`, args.offset, args.limit ?? TALK_PAGE, {
					id: target.id,
				});
			},
		}),
		tool<{ title: string }>({
			name: "conversation_rename",
			risk: "read",
			description: "Give this conversation a short title (only while the user has not named it).",
			parameters: {
				type: "object",
				properties: { title: { type: "string", minLength: 1, maxLength: 120 } },
				required: ["title"],
			},
			limits: "titles are cut to 60 characters; refused when the user named the conversation, and for sub-agents",
			example: { args: { title: "Walk speed panel" }, result: 'Renamed this conversation "Walk speed panel".' },
			prepare: (_args, ctx) => {
				const session = own(ctx);
				if (session === undefined || session.public.depth > 0)
					return $tuple(undefined, "only a top-level conversation can be renamed");
				if (session.named()) return $tuple(undefined, "the user named this conversation; keep their title");
				return $tuple(true, undefined);
			},
			run: (args, ctx) => {
				const session = own(ctx) as Session;
				const [ok, why] = session.retitle(args.title);
				if (!ok) return failure(why as string);
				return { ok: true, text: `Renamed this conversation "${session.public.title}".` };
			},
		}),
		tool<{ question: string; choices?: Array<string> }>({
			name: "ask_user",
			risk: "read",
			description:
				"Ask the user a question and wait for the answer (up to 10 minutes), optionally offering 2-4 choices. " +
				"Use it when you cannot continue without their decision.",
			parameters: {
				type: "object",
				properties: {
					question: { type: "string", minLength: 1, maxLength: 2000 },
					choices: {
						type: "array",
						items: { type: "string", minLength: 1, maxLength: 200 },
						minItems: 2,
						maxItems: 4,
					},
				},
				required: ["question"],
			},
			timeout: ASK_SECONDS + 10,
			limits: `2-4 choices; waits up to ${ASK_SECONDS} s; not for sub-agents`,
			example: {
				args: { question: "Which corner?", choices: ["Left", "Right"] },
				result: 'The user answered: "Left"',
			},
			run: (args, ctx) => {
				const session = own(ctx);
				if (session !== undefined && session.public.depth > 0) return failure("sub-agents cannot ask the user");
				let answer: string | undefined;
				let answered = false;
				ctx.emit("ask:user", {
					id: ctx.callId,
					question: args.question,
					choices: args.choices !== undefined ? table.freeze([...args.choices]) : undefined,
					timeout: ASK_SECONDS,
					resolve: (value: unknown) => {
						if (answered || ctx.aborted()) return false;
						answered = true;
						answer = value === undefined ? undefined : tostring(value);
						return true;
					},
				});
				const deadline = os.clock() + ASK_SECONDS;
				while (!answered && !ctx.aborted() && os.clock() < deadline) task.wait(0.1);
				if (ctx.aborted()) return failure("the question was cancelled");
				if (!answered || answer === undefined || answer === "")
					return {
						ok: false,
						text: "The user gave no answer; continue without it or ask again later.",
						data: { answered: false },
					};
				return { ok: true, text: `The user answered: "${answer}"`, data: { answered: true, answer } };
			},
		}),
		tool<{ seconds: number }>({
			name: "wait",
			risk: "read",
			description: "Pause for 0.1-10 seconds (for something in the game to happen).",
			parameters: {
				type: "object",
				properties: { seconds: { type: "number", minimum: 0.1, maximum: 10 } },
				required: ["seconds"],
			},
			limits: "0.1-10 s; Stop ends it at once",
			example: { args: { seconds: 2 }, result: "Waited 2.0 s." },
			run: (args, ctx) => {
				const started = os.clock();
				while (os.clock() - started < args.seconds && !ctx.aborted()) task.wait(math.min(0.1, args.seconds));
				if (ctx.aborted()) return failure("stopped");
				return { ok: true, text: `Waited ${string.format("%.1f", os.clock() - started)} s.` };
			},
		}),
	]);
}
