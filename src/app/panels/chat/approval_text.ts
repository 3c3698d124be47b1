// Words of the approval dialog: the countdown from an ask's `deadline` (on the `os.clock()` clock)
// and how an unanswered ask ended, from its call's `tool:error` (docs/EMBEDDING.md, "Approvals"),
// and the arguments it shows. Loaded at boot with the approval presenter, so it imports no Markdown.
import type { PublicUtil } from "../../../api";

/** The reason `session.abort()` gives when it cancels approvals that have not yet seen the abort. */
const STOP_REASON = "the turn was stopped";

/** "Answer within 2:53" for the time left until `deadline`, or undefined without a deadline. */
export function countdownText(deadline: unknown): string | undefined {
	if (!typeIs(deadline, "number")) return undefined;
	const left = math.max(0, math.ceil(deadline - os.clock()));
	return `Answer within ${math.floor(left / 60)}:${string.format("%02d", left % 60)}`;
}

/** "timed out", "cancelled (Stop)", "cancelled (<reason>)" or "ended (<error>)". */
export function endedHow(event: Readonly<Record<string, unknown>>): string {
	const code = tostring(event.error);
	if (code === "approval timeout") return "timed out";
	if (code === "aborted") return "cancelled (Stop)";
	if (code === "approval cancelled") {
		const [reason] = string.match(tostring(event.text), "cancelled %((.-)%)");
		if (reason === STOP_REASON) return "cancelled (Stop)";
		return reason !== undefined ? `cancelled (${reason})` : "cancelled";
	}
	return `ended (${code})`;
}

/** Tool arguments arrive as JSON text or as a table; both are shown as JSON text. */
export function argumentsText(value: unknown, util: PublicUtil): string {
	if (typeIs(value, "string")) return value;
	const [encoded] = util.encode(value);
	return encoded ?? (value === undefined ? "" : tostring(value));
}
