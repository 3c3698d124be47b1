// The conversation groups the Chat panel shows, read through the public API: `sessions.groups()`
// (each game, Universal and the custom folders, members by activity), bounded to the newest
// LISTED conversations client-wide (the current one always included), so a client holding
// thousands of conversations still builds a bounded view.
import type { Folder, Handle, PublicSession } from "../../../api";

/** Conversations listed at most (the picker holds them plus one header per folder). */
export const LISTED = 2000;

export interface Group {
	readonly folder: Folder;
	/** The listed members, newest activity first. */
	readonly sessions: ReadonlyArray<PublicSession>;
	/** Every member, listed or not. */
	readonly total: number;
}

export function chats(count: number): string {
	return `${count} chat${count === 1 ? "" : "s"}`;
}

export function readGroups(uai: Handle, current: PublicSession): ReadonlyArray<Group> {
	const listed = new Set<PublicSession>([current]);
	for (const session of uai.sessions.list()) {
		if (listed.size() >= LISTED) break;
		listed.add(session);
	}
	return uai.sessions.groups().map((raw) => {
		const group = raw as { folder: Folder; sessions: ReadonlyArray<PublicSession> };
		return {
			folder: group.folder,
			sessions: group.sessions.filter((session) => listed.has(session)),
			total: group.sessions.size(),
		};
	});
}

/** The folder holding `session`, if a group lists it. */
export function folderOf(groups: ReadonlyArray<Group>, session: PublicSession): Folder | undefined {
	return groups.find((group) => group.sessions.includes(session))?.folder;
}
