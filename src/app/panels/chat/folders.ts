// Chat's folder tools: the chosen folder (new chats start there; it follows the open conversation's
// folder whenever another conversation opens), a name field, Create, Rename and Remove (after a
// confirmation saying its chats move to Universal). Only custom folders can be renamed or removed.
// Every change goes through `uai.sessions` and arrives back through `sessions.listChanged`; a
// refusal (a duplicate name, a failed write ...) is shown as a notification and changes nothing.
import type { Folder, Handle, Tab, Window } from "../../../api";
import { CONTROL_UNITS, Pause } from "../../slices";
import { choiceUpdater } from "./choices";
import { Group } from "./groups";

export interface FolderTools {
	/** Shows `groups`; the choice moves to `current` (the open conversation's folder) when `opened`. */
	readonly refresh: (groups: ReadonlyArray<Group>, current: Folder | undefined, opened: boolean) => void;
	readonly selected: () => Folder | undefined;
}

function removalNote(count: number): string {
	if (count === 0) return "It holds no chats (a removed folder's chats move to Universal).";
	return `${count === 1 ? "Its chat moves" : `Its ${count} chats move`} to Universal; no messages are deleted.`;
}

/** Builds the section in slices of the mount (`pause`, ../../slices.ts), a control's units each. */
export function buildFolderTools(
	uai: Handle,
	window: Window,
	tab: Tab,
	onSelect: () => void,
	pause: Pause,
): FolderTools {
	const section = tab.Section({
		Title: "Folders",
		Description: "Universal, each game, and your own folders (at most 64, names unique ignoring case).",
	});
	let groups: ReadonlyArray<Group> = [];
	let chosen: string | undefined;

	const selectedGroup = () => groups.find((group) => group.folder.id === chosen);
	const refuse = (title: string, reason: unknown) =>
		window.Notify({ Title: title, Content: tostring(reason), Kind: "Warning" });

	const picker = section.Dropdown({
		Id: "chat-folder",
		Text: "Folder",
		Description: "New chats start here; Rename and Remove act on it.",
		Options: [],
		Persist: false,
		Callback: (id: unknown) => {
			chosen = id as string | undefined;
			show();
			onSelect();
		},
	});
	pause(CONTROL_UNITS);
	const showPicker = choiceUpdater(picker);
	const name = section.Input({
		Id: "chat-folder-name",
		Text: "Folder name",
		Placeholder: "A name for a new or renamed folder",
		Live: true,
		Persist: false,
	});
	pause(CONTROL_UNITS);
	const typed = () => tostring(name.Get());

	section.Button({
		Id: "chat-folder-create",
		Text: "Create a folder with this name",
		ActionText: "Create",
		Style: "Primary",
		Callback: () => {
			const [folder, reason] = uai.sessions.createFolder(typed());
			if (folder === undefined) return refuse("Folder not created", reason);
			name.Set("", true);
			chosen = folder.id;
			show();
			onSelect();
		},
	});
	pause(CONTROL_UNITS);
	const rename = section.Button({
		Id: "chat-folder-rename",
		Text: "Rename the chosen folder",
		ActionText: "Rename",
		Callback: () => {
			const [ok, reason] = uai.sessions.renameFolder(chosen, typed());
			if (!ok) return refuse("Folder not renamed", reason);
			name.Set("", true);
		},
	});
	pause(CONTROL_UNITS);
	const remove = section.Button({
		Id: "chat-folder-remove",
		Text: "Remove the chosen folder",
		ActionText: "Remove",
		Style: "Danger",
		Callback: () => {
			const group = selectedGroup();
			if (group === undefined) return;
			window.Confirm({
				Title: `Remove the folder "${group.folder.label}"?`,
				Content: removalNote(group.total),
				ConfirmText: "Remove",
				Danger: true,
				Callback: () => {
					const [ok, reason] = uai.sessions.removeFolder(group.folder.id);
					if (!ok) refuse("Folder not removed", reason);
				},
			});
		},
	});
	pause(CONTROL_UNITS);

	const show = () => {
		showPicker(
			groups.map((group) => ({ Label: `${group.folder.label} (${group.total})`, Value: group.folder.id })),
			chosen,
		);
		const custom = selectedGroup()?.folder.kind === "custom";
		rename.SetDisabled(!custom);
		remove.SetDisabled(!custom);
	};

	return {
		refresh: (latest, current, opened) => {
			groups = latest;
			if (opened || selectedGroup() === undefined) chosen = (current ?? groups[0]?.folder)?.id;
			show();
		},
		selected: () => selectedGroup()?.folder,
	};
}
