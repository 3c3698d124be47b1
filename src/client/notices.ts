// Client notices (`uai.notices`): what a rerun of the loader did to this client, for hosts and the
// standard application to show — a newer build waiting because something blocks the replacement,
// a reload blocked until a rejoin, or this client having replaced an older build. Each notice is
// also a warning (or an info line) in the log. The list keeps the newest NOTICE_LIMIT.
import { Logger } from "../runtime/log";
import { createSignal, Signal } from "../runtime/signal";

export const NOTICE_LIMIT = 20;

export type NoticeKind = "replaced" | "pending" | "reload-blocked" | "other";

export interface Notice {
	/** 1, 2, 3… in arrival order, per client. */
	readonly id: number;
	readonly kind: NoticeKind;
	readonly text: string;
	/** `os.time()` when it arrived. */
	readonly at: number;
}

export interface PublicNotices {
	/** The retained notices, oldest first (a frozen copy). */
	readonly list: () => ReadonlyArray<Notice>;
	/** `fn(notice)` for each new notice. */
	readonly added: Signal<[Notice]>;
}

export interface Notices {
	readonly public: PublicNotices;
	readonly add: (kind: NoticeKind, text: string) => void;
	readonly destroy: () => void;
}

export function createNotices(log: Logger): Notices {
	const list = new Array<Notice>();
	const added = createSignal<[Notice]>("notices.added", (message) => log.warn(message));
	let serial = 0;
	return {
		public: table.freeze({
			list: () => table.freeze([...list]),
			added: added.signal,
		}),
		add: (kind, text) => {
			serial += 1;
			const notice: Notice = table.freeze({ id: serial, kind, text, at: os.time() });
			list.push(notice);
			if (list.size() > NOTICE_LIMIT) list.shift();
			if (kind === "replaced") log.info(text);
			else log.warn(text);
			added.fire(notice);
		},
		destroy: () => added.clear(),
	};
}

/** A notice kind named by another build's loader; "other" for none or one this build does not know. */
export function noticeKind(value: unknown): NoticeKind {
	return value === "replaced" || value === "pending" || value === "reload-blocked" ? value : "other";
}
