// Reload and replacement notices (`uai.notices`) as notifications of the application window: a
// newer build waiting because something blocks the replacement (with every blocker), a reload
// blocked until a rejoin, this client having replaced an older build. A notice is shown once per
// client: a window mounted later shows the ones that arrived while none was mounted.
import type { Handle, Notice, Window } from "../api";

/** The newest notice id already shown, shared by the windows of one client. */
export interface NoticesSeen {
	last: number;
}

const TITLES: Record<Notice["kind"], [string, string]> = {
	replaced: ["UAI was updated", "Success"],
	pending: ["Update waiting", "Warning"],
	"reload-blocked": ["Reload blocked", "Danger"],
	other: ["UAI notice", "Info"],
};

export function presentNotices(uai: Handle, window: Window, seen: NoticesSeen) {
	const show = (notice: Notice) => {
		if (notice.id <= seen.last) return;
		seen.last = notice.id;
		const [title, kind] = TITLES[notice.kind];
		window.Notify({ Title: title, Content: notice.text, Kind: kind, Duration: 15 });
	};
	for (const notice of uai.notices.list()) show(notice);
	window.Give(uai.notices.added.connect(show));
}
