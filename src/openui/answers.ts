// Answers of the Chat (docs/OPENUI.md, "The agent"): with Interactive answers on, a final reply
// that carries a program is stored in the stored-message form with the library attribute. In edit
// mode — the conversation already has a stored program — the reply is a patch: once it finished
// streaming it is merged into the current program, and the answer is stored with the merged
// program and the current answer's page state. The prompt section tells the model the rules and,
// in edit mode, the current program.
import { buildMessage, parseMessage, replaceContext } from "./message";
import { mergeProgram } from "./merge";
import { extractFences, prepareProgram, splitLines } from "./prepare";
import { trim } from "../runtime/trim";
import { promptSection, robloxSpec } from "./roblox/library";
import { splitStatements } from "./split";
import { isObject } from "./values";

/** A history message as the agent keeps it (only string contents can be stored answers). */
export interface HistoryMessage {
	readonly role: string;
	readonly content?: unknown;
}

const FENCE_TAGS = new Set(["openui", "openui-lang", "openuilang"]);

/** The `library` attribute stored with each answer: the Roblox library's `id@version`. */
function libraryAttribute(): string {
	const spec = robloxSpec();
	if (!isObject(spec)) return "roblox-assistant";
	return `${tostring(spec.map.get("id"))}@${tostring(spec.map.get("version"))}`;
}

/** Whether a reply is an interactive answer: a fence tagged `openui`, or bare statements from `root =`. */
export function carriesProgram(reply: string): boolean {
	for (const line of splitLines(reply)) {
		if (string.sub(line, 1, 3) !== "```") continue;
		const tag = trim(string.sub(line, 4)).lower();
		if (FENCE_TAGS.has(tag)) return true;
	}
	return string.match(reply, "^%s*root%s*=")[0] !== undefined;
}

/** The program of a stored answer's content: its fences, or the whole content. */
function programOf(content: string): string {
	return extractFences(content) ?? content;
}

/** The latest stored answer with a program in `history` (the current program in edit mode). */
export function currentAnswer(history: ReadonlyArray<HistoryMessage>): string | undefined {
	for (let i = history.size() - 1; i >= 0; i--) {
		const message = history[i];
		if (message.role !== "assistant" || !typeIs(message.content, "string")) continue;
		const parsed = parseMessage(message.content);
		if (parsed.marked && carriesProgram(parsed.content)) return message.content;
	}
	return undefined;
}

/** `reply` with its fenced program replaced by `program` (prose around it kept), or `program` alone. */
function withProgram(reply: string, program: string): string {
	if (extractFences(reply) === undefined) return program;
	const before: string[] = [];
	const after: string[] = [];
	let state: "before" | "fence" | "after" = "before";
	for (const line of splitLines(reply)) {
		const fence = string.sub(line, 1, 3) === "```";
		if (fence) {
			state = state === "fence" ? "after" : "fence";
			continue;
		}
		if (state === "before") before.push(line);
		else if (state === "after") after.push(line);
	}
	const parts: string[] = [];
	if (trim(before.join("\n")) !== "") parts.push(trim(before.join("\n")));
	parts.push(`\`\`\`openui\n${program}\n\`\`\``);
	if (trim(after.join("\n")) !== "") parts.push(trim(after.join("\n")));
	return parts.join("\n");
}

/** A patch that hit the output limit without its cut last statement (it never replaces a whole one). */
function completeStatements(patch: string): string {
	const split = splitStatements(prepareProgram(patch));
	const statements = split.statements.map((s) => s.text);
	if (split.incomplete) statements.pop();
	return statements.join("\n");
}

/**
 * A final reply as the Chat stores it: undefined when it carries no program; otherwise the stored
 * form (no `end` line when `cut`), merged into the current program when there is one.
 */
export function storeAnswer(reply: string, cut: boolean, history: ReadonlyArray<HistoryMessage>): string | undefined {
	if (!carriesProgram(reply)) return undefined;
	const attributes = { library: libraryAttribute() };
	const current = currentAnswer(history);
	if (current === undefined) return buildMessage(reply, undefined, attributes, !cut);
	const stored = parseMessage(current);
	const patch = cut ? completeStatements(reply) : reply;
	const merged = mergeProgram(prepareProgram(programOf(stored.content)), patch);
	return buildMessage(withProgram(reply, merged), stored.context, attributes, !cut);
}

/** Whether `next` is `stored` with only a new context section (a page-state write-back). */
export function sameAnswer(stored: string, written: string): boolean {
	const parsed = parseMessage(written);
	return parsed.marked && parseMessage(stored).marked && replaceContext(stored, parsed.context) === written;
}

const EDIT_MODE = [
	"## Edit mode",
	"This conversation already shows an interactive answer; its current program is below. To change it, answer with a fenced `openui` block holding only the statements that change or are new: a statement with an existing name replaces it, a new name is added, `name = null` deletes one, and whatever `root` no longer reaches is removed. Keep the existing names; do not repeat unchanged statements. The user's inputs (form values and `$` state) are kept.",
	"Current program:",
];

/** The prompt section for a conversation: the library's rules, and in edit mode the current program. */
export function answerNotes(history: ReadonlyArray<HistoryMessage>): string {
	const current = currentAnswer(history);
	if (current === undefined) return promptSection();
	const program = prepareProgram(programOf(parseMessage(current).content));
	return [promptSection(), "", ...EDIT_MODE, "```openui", program, "```"].join("\n");
}
