// How long the dispatcher waits for a tool: its own `timeout` (seconds, or a function of the
// arguments and context) when that is a positive finite number, otherwise `agent.toolTimeout`,
// otherwise 25 seconds.
import { Logger } from "../../runtime/log";
import { CallContext, JsonTable, Tool } from "./tool";

export const FALLBACK_TIMEOUT = 25;

function isSeconds(value: unknown): value is number {
	return typeIs(value, "number") && value > 0 && value < math.huge;
}

/** The deadline in seconds for one call of `tool`; `configured` is the `agent.toolTimeout` setting. */
export function toolTimeout(tool: Tool, args: JsonTable, ctx: CallContext, configured: unknown, log: Logger): number {
	const fallback = isSeconds(configured) ? configured : FALLBACK_TIMEOUT;
	const timeout = tool.timeout;
	if (timeout === undefined) return fallback;
	if (!typeIs(timeout, "function")) return timeout;
	const [ok, seconds] = pcall(timeout, args, ctx);
	if (ok && isSeconds(seconds)) return seconds;
	const why = ok ? `returned ${tostring(seconds)}` : `failed: ${tostring(seconds)}`;
	log.warn(`${tool.name}: the timeout function ${why}; using ${fallback} s`);
	return fallback;
}
