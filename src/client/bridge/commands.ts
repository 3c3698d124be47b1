// The bridge's commands (bridge/README.md, "Commands"): each checks its fields and calls the same
// public API a Luau host would; the answer is `{ok, error?, data?}`. An unknown type is an error.
import type { PublicSession } from "../../agent/conversation/session";
import { satisfies, SETTING_RULES } from "../../runtime/defaults";
import { encode } from "../../runtime/json";
import type { CommandAnswer } from "../../net/bridge/link";
import { plain } from "./events";
import { createUploads } from "./uploads";
import { answerState } from "./answers";
import { exportConfig, importConfig } from "./transfer";
import type { SnapshotDeps } from "./snapshot";

/** The longest answer the browser may give to the agent's question. */
export const ANSWER_LIMIT = 4000;

export interface CommandDeps extends SnapshotDeps {
	readonly uploads: ReturnType<typeof createUploads>;
}

type Command = Record<string, unknown>;
type Handler = (command: Command, deps: CommandDeps) => CommandAnswer;

const done = (data?: unknown): CommandAnswer => ({ ok: true, data });
const refuse = (why: string): CommandAnswer => ({ ok: false, error: why });
const outcome = (ok: unknown, reason: unknown, data?: unknown): CommandAnswer =>
	ok === true || (ok !== false && ok !== undefined) ? done(data) : refuse(tostring(reason ?? "refused"));

function text(command: Command, key: string, limit = 1000): string | undefined {
	const value = command[key];
	return typeIs(value, "string") && value.size() <= limit ? value : undefined;
}

function sessionOf(command: Command, deps: CommandDeps): PublicSession | string {
	const id = command.sessionId;
	if (id === undefined) return deps.sessions.current();
	if (!typeIs(id, "string")) return "sessionId must be a string";
	return deps.sessions.get(id) ?? `no conversation ${id}`;
}

function withSession(run: (session: PublicSession, command: Command, deps: CommandDeps) => CommandAnswer): Handler {
	return (command, deps) => {
		const session = sessionOf(command, deps);
		return typeIs(session, "string") ? refuse(session) : run(session, command, deps);
	};
}

function providerId(command: Command, deps: CommandDeps): string | undefined {
	const id = command.id;
	if (typeIs(id, "string")) return id;
	return deps.providers.active()?.id;
}

/**
 * A send's pictures: `images` (references) with `imageTypes` (the uploads' media types, same order,
 * as the bridge's POST /api/send builds it) become `{ reference, mediaType }` entries, so history
 * records each picture's real type; `session.send` checks them.
 */
function imagesOf(command: Command): LuaTuple<[Array<unknown> | undefined, string | undefined]> {
	const images = command.images;
	if (images === undefined) return $tuple(undefined, undefined);
	if (!typeIs(images, "table")) return $tuple(undefined, "images must be a list of picture references");
	const list = images as Array<defined>;
	if (list.isEmpty()) return $tuple(undefined, undefined);
	const types = command.imageTypes;
	if (types === undefined) return $tuple(list, undefined);
	if (!typeIs(types, "table") || (types as Array<unknown>).size() !== list.size())
		return $tuple(undefined, "imageTypes must list one media type per image");
	return $tuple(
		list.map((reference, i) => ({ reference, mediaType: (types as Array<unknown>)[i] })),
		undefined,
	);
}

/** Fields a browser may change on a provider record (never read back: the key stays in the game). */
const PROVIDER_FIELDS: ReadonlyMap<string, string> = new Map([
	["label", "string"],
	["baseUrl", "string"],
	["model", "string"],
	["apiKey", "string"],
	["api", "string"],
	["enabled", "boolean"],
	["stream", "boolean"],
	["wsUrl", "string"],
]);

const HANDLERS: ReadonlyMap<string, Handler> = new Map<string, Handler>([
	[
		"send",
		withSession((session, command) => {
			const message = text(command, "text", 1024 * 1024);
			if (message === undefined) return refuse("text must be a string of at most 1 MiB");
			const [list, why] = imagesOf(command);
			if (why !== undefined) return refuse(why);
			const [ok, reason] = session.send(message, undefined, undefined, list);
			return outcome(ok, reason, { sessionId: session.id });
		}),
	],
	["answer:state", withSession(answerState)],
	["abort", withSession((session) => (session.abort() ? done() : refuse("nothing is running in this conversation")))],
	[
		"clear",
		withSession((session) => {
			const [ok, reason] = session.clear();
			return outcome(ok, reason);
		}),
	],
	[
		"thread",
		(command, deps) => {
			const id = text(command, "sessionId", 200);
			if (id === undefined) return refuse("sessionId names the conversation to switch to");
			return deps.sessions.switch(id) ? done({ sessionId: id }) : refuse(`no conversation ${id}`);
		},
	],
	[
		"thread:new",
		(command, deps) => {
			const title = text(command, "title", 200);
			const [session, why] = deps.sessions.newThread(title !== undefined ? { title } : undefined);
			return session !== undefined ? done({ sessionId: session.id }) : refuse(tostring(why));
		},
	],
	[
		"thread:rename",
		withSession((session, command) => {
			const title = text(command, "title", 200);
			if (title === undefined) return refuse("title must be a string of at most 200 bytes");
			const [ok, reason] = session.rename(title);
			return outcome(ok, reason);
		}),
	],
	[
		"thread:delete",
		(command, deps) => {
			const id = text(command, "sessionId", 200);
			if (id === undefined) return refuse("sessionId names the conversation to delete");
			return deps.sessions.remove(id) ? done() : refuse(`the conversation ${id} could not be removed`);
		},
	],
	[
		// an isolated conversation is not saved (and stops being saved): it lives in this client only
		"thread:isolate",
		withSession((session, command) => {
			if (!typeIs(command.isolated, "boolean")) return refuse("isolated must be true or false");
			session.ephemeral = command.isolated;
			return done({ sessionId: session.id, isolated: session.ephemeral });
		}),
	],
	[
		"permission",
		(command, deps) => {
			const id = text(command, "id", 200);
			if (id === undefined || !typeIs(command.allow, "boolean"))
				return refuse("permission needs id and allow (true or false)");
			const pending = deps.approvals.get(id);
			if (pending === undefined) return refuse(`no approval ${id} is waiting (it was answered or timed out)`);
			deps.approvals.delete(id);
			const settled = pending.resolve(command.allow, command.remember === true);
			return settled === false ? refuse("the approval had already ended") : done();
		},
	],
	[
		"permission-mode",
		(command, deps) => {
			const [ok, reason] = deps.permissions.setMode(command.mode);
			return outcome(ok, reason, { mode: deps.permissions.mode() });
		},
	],
	[
		"provider",
		(command, deps) => {
			const [ok, reason] = deps.providers.setActive(command.id);
			return outcome(ok, reason);
		},
	],
	[
		"provider:save",
		(command, deps) => {
			const changes = command.changes;
			if (!typeIs(changes, "table")) return refuse("changes must be an object of record fields");
			const id = command.id;
			let record: Record<string, unknown> | undefined;
			if (typeIs(id, "string")) {
				const existing = deps.providers.get(id);
				if (existing === undefined) return refuse(`no provider ${id}`);
				record = table.clone(existing as unknown as Record<string, unknown>);
			} else {
				const [blank, why] = deps.providers.blank(command.preset);
				if (blank === undefined) return refuse(tostring(why));
				record = table.clone(blank as unknown as Record<string, unknown>);
			}
			for (const [key, value] of pairs(changes as Record<string, unknown>)) {
				const kind = PROVIDER_FIELDS.get(key as string);
				if (kind === undefined) return refuse(`${tostring(key)} cannot be changed from the browser`);
				if (typeOf(value) !== kind) return refuse(`${tostring(key)} must be a ${kind}`);
				record[key as string] = value;
			}
			const [ok, result] = deps.providers.save(record);
			if (!ok) return refuse((result as Array<string>).join("; "));
			return done({ id: (result as { id: string }).id });
		},
	],
	[
		"provider:remove",
		(command, deps) => {
			const [ok, reason] = deps.providers.remove(command.id);
			return outcome(ok, reason);
		},
	],
	[
		"provider:test",
		(command, deps) => {
			const id = providerId(command, deps);
			if (id === undefined) return refuse("no provider to test");
			const result = deps.providers.test(id, { timeout: 30 });
			return result.ok ? done(plain(result)) : refuse(result.error ?? "the test failed");
		},
	],
	[
		"model",
		(command, deps) => {
			const id = providerId(command, deps);
			if (id === undefined) return refuse("no provider to set the model of");
			const [ok, reason] = deps.providers.setModel(id, command.model);
			return outcome(ok, reason);
		},
	],
	[
		"models:discover",
		(command, deps) => {
			const id = providerId(command, deps);
			if (id === undefined) return refuse("no provider to list models of");
			const [ok, models] = deps.providers.discover(id, { force: command.force === true });
			return ok ? done(models) : refuse(tostring(models));
		},
	],
	[
		"setting",
		(command, deps) => {
			const key = text(command, "key", 100);
			if (key === undefined) return refuse("key names a setting");
			const rule = SETTING_RULES.get(key);
			if (rule === undefined) return refuse(`${key} is not a setting the browser can change`);
			if (!satisfies(rule, command.value))
				return refuse(
					rule.kind === "enum"
						? `${key} is one of ${(rule.choices as ReadonlyArray<string>).join(", ")}`
						: rule.kind === "boolean"
							? `${key} is true or false`
							: `${key} is ${rule.kind === "integer" ? "a whole number" : "a number"} from ${rule.min} to ${rule.max}`,
				);
			if (key === "bridge.runtime" && deps.sessions.busyCount() > 0)
				return refuse("the runtime cannot change while a conversation is working");
			const [, reason] = deps.config.set(key, command.value);
			return reason === undefined ? done({ key, value: deps.config.get(key) }) : refuse(reason);
		},
	],
	[
		"tool:rule",
		(command, deps) => {
			const name = text(command, "name", 200);
			if (name === undefined) return refuse("name names a tool (or a pattern)");
			const rule = command.rule;
			if (rule !== "allow" && rule !== "ask" && rule !== "deny" && rule !== "default")
				return refuse("rule is allow, ask, deny or default");
			const [ok, reason] = deps.permissions.setRule(name, rule);
			return outcome(ok, reason);
		},
	],
	[
		"tool:group",
		(command, deps) => {
			const group = text(command, "group", 100);
			if (group === undefined || !typeIs(command.enabled, "boolean"))
				return refuse("tool:group needs group and enabled");
			if (!deps.tools.list().some((tool) => tool.group === group))
				return refuse(`no tool is in the group ${group}`);
			const [, reason] = deps.config.set(`agent.disabledGroups.${group}`, command.enabled ? undefined : true);
			return reason === undefined ? done() : refuse(reason);
		},
	],
	[
		"tool:run",
		(command, deps) => {
			const name = text(command, "name", 200);
			if (name === undefined || deps.tools.get(name) === undefined)
				return refuse("name must be a registered tool");
			const args = command.args ?? {};
			if (!typeIs(args, "table")) return refuse("args must be an object");
			const [json] = encode(args);
			const result = deps.tools.dispatch({
				id: `manual-${math.floor(tick() * 1000)}`,
				name,
				arguments: json ?? "{}",
			});
			return result.ok ? done(plain(result)) : refuse(result.error ?? result.text ?? "the tool failed");
		},
	],
	["attachment:upload", (command, deps) => deps.uploads.chunk(command)],
	[
		// answers the agent's ask_user question (the ask:user event's resolve)
		"ask:answer",
		(command, deps) => {
			const id = text(command, "id", 200);
			if (id === undefined) return refuse("ask:answer needs the question's id");
			const answer = command.answer;
			if (!typeIs(answer, "string") || string.find(answer, "%S")[0] === undefined)
				return refuse("answer must be a non-empty string");
			if (answer.size() > ANSWER_LIMIT) return refuse(`answer can be at most ${ANSWER_LIMIT} bytes`);
			const pending = deps.waiting.questions.get(id);
			if (pending === undefined) return refuse(`no question ${id} is waiting (it was answered or timed out)`);
			deps.waiting.questions.delete(id);
			return pending.resolve(answer) === false ? refuse("the question had already ended") : done();
		},
	],
	[
		// stops a running sub-agent (the subagent:start event's stop); its parent goes on
		"subagent:stop",
		(command, deps) => {
			const id = text(command, "id", 200);
			if (id === undefined) return refuse("subagent:stop needs the sub-agent's id (agent-N)");
			const agent = deps.waiting.agents.get(id);
			if (agent === undefined) return refuse(`no sub-agent ${id} is running`);
			return agent.stop() === false ? refuse(`the sub-agent ${id} had already finished`) : done({ id });
		},
	],
	[
		// UAI has no chat loops (it does not automate game chat): there is never one to stop
		"loops:stop",
		() => done({ stopped: 0, note: "this client runs no chat loops" }),
	],
	[
		"runtime",
		(command, deps) => {
			const runtime = command.runtime;
			if (runtime !== "game" && runtime !== "web") return refuse("runtime is game or web");
			if (deps.sessions.busyCount() > 0)
				return refuse("the runtime cannot change while a conversation is working");
			const [, reason] = deps.config.set("bridge.runtime", runtime);
			return reason === undefined ? done({ runtime }) : refuse(reason);
		},
	],
	[
		"logs:clear",
		(_command, deps) => {
			deps.log.clear();
			return done();
		},
	],
	["config:export", (_command, deps) => done(exportConfig(deps.config, deps.version))],
	["config:import", (command, deps) => importConfig(deps.config, command.config)],
]);

export function runCommand(command: Command, deps: CommandDeps): CommandAnswer {
	const kind = command.type;
	if (!typeIs(kind, "string")) return refuse("the command has no type");
	const handler = HANDLERS.get(kind);
	if (handler === undefined) return refuse(`unknown command ${kind}`);
	return handler(command, deps);
}

export const COMMAND_TYPES = (() => {
	const names = new Array<string>();
	for (const [name] of HANDLERS) names.push(name);
	table.sort(names);
	return names;
})();
