// The Conversations tab: the conversation list, grouped by folder (each game, Universal, the user's folders) through
// the public API only: an overview of every group with its newest conversations (the open one
// marked), a picker of the listed conversations under one disabled header per folder (switches),
// New chat in the chosen folder, Move this conversation to another folder, and Delete (after a
// confirmation). The folder tools are in folders.ts. Everything shown is rebuilt from
// `sessions.groups()` on each `sessions.listChanged` (folder changes are announced there too);
// a refusal is shown as a notification and changes nothing. Picking a conversation or starting a
// new one opens it (`open`: the Chat tab).
import type { Handle, PublicSession, Tab, Window } from "../../../api";
import { CONTROL_UNITS, Pause } from "../../slices";
import { choiceUpdater } from "./choices";
import { buildFolderTools } from "./folders";
import { chats, folderOf, Group, readGroups } from "./groups";

/** Conversations named per group in the overview (the picker lists the rest). */
const PREVIEW = 5;
/** Overview rows: one per group (games with conversations, Universal, at most 64 custom folders). */
const OVERVIEW_ROWS = 512;

export interface ConversationList {
	/** Shows the groups with `current` as the open conversation. */
	readonly refresh: (current: PublicSession) => void;
}

function overviewItem(group: Group, current: PublicSession) {
	const holds = group.sessions.includes(current);
	const ordered = holds ? [current, ...group.sessions.filter((session) => session !== current)] : group.sessions;
	const lines = new Array<string>();
	for (const session of ordered) {
		if (lines.size() >= PREVIEW) break;
		lines.push(`${session === current ? "●" : "○"} ${session.title}${session.busy ? " · working" : ""}`);
	}
	if (group.total > lines.size()) lines.push(`… ${group.total - lines.size()} more in the Conversation picker`);
	return {
		Title: `${group.folder.label} · ${chats(group.total)}`,
		Text: lines.size() > 0 ? lines.join("\n") : "No conversations",
		Kind: holds ? "Info" : "Muted",
	};
}

function pickerChoices(groups: ReadonlyArray<Group>) {
	const choices = new Array<{ Label: string; Value: string; Disabled?: boolean }>();
	for (const group of groups) {
		choices.push({
			Label: `${group.folder.label} · ${chats(group.total)}`,
			Value: `folder:${group.folder.id}`,
			Disabled: true,
		});
		for (const session of group.sessions) choices.push({ Label: session.title, Value: session.id });
	}
	return choices;
}

/** Builds the tab in slices of the mount (`pause`, ../../slices.ts), a control's units each (three a slice). */
export function buildConversationList(
	uai: Handle,
	window: Window,
	tab: Tab,
	open: () => void,
	pause: Pause,
): ConversationList {
	const section = tab.Section({
		Title: "Conversations",
		Description: "Grouped by folder; ● marks the open conversation.",
	});
	const refuse = (title: string, reason: unknown) =>
		window.Notify({ Title: title, Content: tostring(reason), Kind: "Warning" });
	let shown: PublicSession | undefined;
	let groups: ReadonlyArray<Group> = [];
	let overviewShown = "";

	const overview = section.List({ Id: "chat-groups", Text: "", Height: 220, MaxItems: OVERVIEW_ROWS, Follow: false });
	pause(CONTROL_UNITS);
	const picker = section.Dropdown({
		Id: "chat-conversation",
		Text: "Conversation",
		Options: [],
		Persist: false,
		Callback: (id: unknown) => {
			if (id === undefined || id === shown?.id) return;
			if (!uai.sessions.switch(id)) refuse("Not switched", "That conversation is gone.");
			else open();
		},
	});
	pause(CONTROL_UNITS);
	const newChat = section.Button({
		Id: "chat-new",
		Text: "Start a new conversation",
		ActionText: "New chat",
		Callback: () => {
			const folder = folders.selected();
			const [, reason] = uai.sessions.newThread(folder !== undefined ? { folderId: folder.id } : undefined);
			if (reason !== undefined) refuse("No new chat", reason);
			else open();
		},
	});
	pause(CONTROL_UNITS);
	const move = section.Dropdown({
		Id: "chat-move",
		Text: "Move this conversation to",
		Options: [],
		Persist: false,
		Callback: (id: unknown) => {
			const target = shown;
			if (target === undefined || id === undefined || id === folderOf(groups, target)?.id) return;
			const [ok, reason] = uai.sessions.moveToFolder(target, id);
			if (ok) return;
			refuse("Not moved", reason);
			refresh(target);
		},
	});
	pause(CONTROL_UNITS);
	section.Button({
		Id: "chat-delete",
		Text: "Delete this conversation",
		ActionText: "Delete",
		Style: "Danger",
		Callback: () => {
			const target = shown;
			if (target === undefined) return;
			window.Confirm({
				Title: `Delete "${target.title}"?`,
				Content: `${target.busy ? "Its running turn stops. " : ""}Its messages and saved history are deleted; this cannot be undone.`,
				ConfirmText: "Delete",
				Danger: true,
				Callback: () => {
					if (!uai.sessions.remove(target.id)) refuse("Not deleted", "That conversation is already gone.");
				},
			});
		},
	});
	pause(CONTROL_UNITS);
	const labelNewChat = () => {
		const folder = folders.selected();
		newChat.SetText(
			folder !== undefined ? `Start a new conversation in ${folder.label}` : "Start a new conversation",
		);
	};
	const folders = buildFolderTools(uai, window, tab, labelNewChat, pause);
	const showPicker = choiceUpdater(picker);
	const showMove = choiceUpdater(move);

	const refresh = (current: PublicSession) => {
		const opened = current !== shown;
		shown = current;
		groups = readGroups(uai, current);
		const folder = folderOf(groups, current);
		folders.refresh(groups, folder, opened);
		labelNewChat();
		const items = groups.map((group) => overviewItem(group, current));
		const signature = items.map((item) => `${item.Kind}\0${item.Title}\0${item.Text}`).join("\n");
		if (signature !== overviewShown) {
			overviewShown = signature;
			overview.SetItems(items);
		}
		showPicker(pickerChoices(groups), folder !== undefined ? current.id : undefined);
		showMove(
			groups.map((group) => ({ Label: group.folder.label, Value: group.folder.id })),
			folder?.id,
		);
	};
	return { refresh };
}
