// The prose of an answer's content: what comes before and after its fenced program (the fence
// contents left out), as the renderers show it around the program.
import { splitLines } from "./prepare";
import { trim } from "../runtime/trim";

/** Prose before and after the fences of a content body (fence contents left out). */
export function proseAround(content: string): LuaTuple<[string, string, boolean]> {
	const before: string[] = [];
	const after: string[] = [];
	let seen = false;
	let inFence = false;
	for (const line of splitLines(content)) {
		if (string.sub(line, 1, 3) === "```") {
			inFence = !inFence;
			seen = true;
			continue;
		}
		if (inFence) continue;
		(seen ? after : before).push(line);
	}
	const trimmed = (lines: string[]) => trim(lines.join("\n"));
	return $tuple(seen ? trimmed(before) : "", seen ? trimmed(after) : "", seen);
}
