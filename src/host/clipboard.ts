// The clipboard door: the executor's clipboard function (setclipboard and its aliases) behind one
// call. Hosts and the app reach it as `uai.env.require("runtime/clipboard")`; where the executor has
// no clipboard function the module still exists, reports `available = false` and refuses to copy.

/** `runtime/clipboard`: read-only. */
export interface ClipboardModule {
	/** Whether this host can copy (same as `uai.caps.has("clipboard")`). */
	readonly available: boolean;
	/** Puts `text` on the clipboard: `true`, or `false, reason`. */
	readonly copy: (text: unknown) => LuaTuple<[boolean, string | undefined]>;
}

export function createClipboard(setClipboard: Callback | undefined, missing: string): ClipboardModule {
	return table.freeze({
		available: setClipboard !== undefined,
		copy: (text: unknown): LuaTuple<[boolean, string | undefined]> => {
			if (!typeIs(text, "string")) return $tuple(false, `clipboard.copy expects a string, got ${typeOf(text)}`);
			if (setClipboard === undefined) return $tuple(false, missing);
			const [ok, err] = pcall(setClipboard, text);
			if (!ok) return $tuple(false, `the executor's clipboard function failed: ${tostring(err)}`);
			return $tuple(true, undefined);
		},
	});
}
