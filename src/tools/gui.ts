// The interface tools (group `gui`): what is on the player's screen (gui_tree, gui_text), the
// UI LIB guide bundled at build time (ui_library_docs), a notification (notify), a temporary
// outline around an instance (highlight) and the clipboard (clipboard_set, needs `clipboard`).
import { ToolDeps } from "./deps";
import type * as Guide from "./generated/ui_guide";
import { GUIDE_KEYS } from "./generated/ui_guide_keys";
import { NODE_LIMIT, resolveGuiPath, textOf, walkGui } from "./gui_read";
import { failure, family, tool, ToolFamily } from "./kit";
import { PAGE_LIMIT, pagedResult } from "./paging";
import { cut } from "../runtime/text_limit";

const GUIDE_PAGE = 16000;
const ROOTS = ["all", "hidden", "CoreGui", "PlayerGui"];

interface RootArgs {
	readonly root?: string;
	readonly path?: string;
}

export function guiTools(deps: ToolDeps): ToolFamily {
	const screen = deps.host.screen;
	const world = deps.host.world;

	/** The containers (or the one subtree) a call reads, and the nested containers to skip. */
	const scope = (args: RootArgs) => {
		const roots = screen.roots();
		const skip = new Set<Instance>(roots.map((r) => r.instance));
		if (args.path !== undefined && args.path !== "") {
			const [instance, why] = resolveGuiPath(roots, args.path);
			if (instance === undefined) return $tuple(undefined, why);
			return $tuple([{ path: args.path, instance }], skip);
		}
		const chosen = roots.filter((r) => args.root === undefined || args.root === "all" || r.label === args.root);
		if (chosen.isEmpty()) return $tuple(undefined, `no GUI container "${args.root}" on this host`);
		return $tuple(
			chosen.map((r) => ({ path: r.label, instance: r.instance })),
			skip,
		);
	};

	const rootProps = {
		root: { type: "string", enum: ROOTS, description: "which container (default all)" },
		path: { type: "string", description: "a node's dotted path from an earlier answer, to read only under it" },
		offset: { type: "integer", minimum: 0 },
		limit: { type: "integer", minimum: 200, maximum: PAGE_LIMIT },
	};

	return family(
		"gui",
		"Interface",
		"see what is on the player's screen, read the UI LIB guide, notify and highlight",
		[
			tool<RootArgs & { depth?: number; include_hidden?: boolean; offset?: number; limit?: number }>({
				name: "gui_tree",
				risk: "read",
				description:
					"The GUI on the player's screen as a tree: class, name, shown text, position and size of each object, by dotted path " +
					"(containers: hidden = the executor's UI container, CoreGui, PlayerGui). Invisible objects are left out unless include_hidden.",
				parameters: {
					type: "object",
					properties: {
						...rootProps,
						depth: { type: "integer", minimum: 1, maximum: 12 },
						include_hidden: { type: "boolean" },
					},
					required: [],
				},
				limits: `depth 1-12 (default 6); at most ${NODE_LIMIT} objects; paged (default 6000 bytes)`,
				example: {
					args: { root: "hidden", depth: 2 },
					result: "hidden.MyWindow ScreenGui\n  hidden.MyWindow.Main Frame @100,80 520x360\n[end of file: 80 bytes]",
				},
				run: (args) => {
					const [roots, skip] = scope(args);
					if (roots === undefined) return failure(skip as string);
					const [nodes, incomplete] = walkGui(roots, {
						depth: args.depth ?? 6,
						visibleOnly: args.include_hidden !== true,
						skip: skip as Set<Instance>,
					});
					const lines = nodes.map((node) => {
						const instance = node.instance;
						let line = `${string.rep("  ", node.depth - 1)}${node.path} ${instance.ClassName}`;
						const text = textOf(instance);
						if (text !== undefined && text !== "") line += ` "${cut(text, 80)}"`;
						if (instance.IsA("GuiObject")) {
							const at = instance.AbsolutePosition;
							const size = instance.AbsoluteSize;
							line += ` @${math.floor(at.X)},${math.floor(at.Y)} ${math.floor(size.X)}x${math.floor(size.Y)}`;
						}
						if (!node.visible) line += " [hidden]";
						return line;
					});
					if (lines.isEmpty()) lines.push("(nothing on screen here)");
					if (incomplete) lines.push(`[stopped at ${NODE_LIMIT} objects: read a smaller part with path]`);
					return pagedResult(lines.join("\n"), args.offset, args.limit ?? 6000, {
						objects: nodes.size(),
						incomplete,
					});
				},
			}),
			tool<RootArgs & { query?: string; offset?: number; limit?: number }>({
				name: "gui_text",
				risk: "read",
				description:
					"The visible text on the player's screen (labels, buttons, text boxes), one object per line by dotted path; optionally only lines containing query.",
				parameters: { type: "object", properties: { ...rootProps, query: { type: "string" } }, required: [] },
				limits: `at most ${NODE_LIMIT} objects; paged (default 6000 bytes)`,
				example: {
					args: { query: "Speed" },
					result: 'hidden.MyWindow.Main.Speed.Label: "Walk speed"\n[end of file: 45 bytes]',
				},
				run: (args) => {
					const [roots, skip] = scope(args);
					if (roots === undefined) return failure(skip as string);
					const [nodes, incomplete] = walkGui(roots, {
						depth: 64,
						visibleOnly: true,
						skip: skip as Set<Instance>,
					});
					const needle = args.query?.lower();
					const lines = new Array<string>();
					for (const node of nodes) {
						const text = textOf(node.instance);
						if (text === undefined || text === "") continue;
						if (needle !== undefined && string.find(text.lower(), needle, 1, true)[0] === undefined)
							continue;
						lines.push(`${node.path}: "${cut(text, 300)}"`);
					}
					if (lines.isEmpty())
						lines.push(needle !== undefined ? "(no visible text contains that)" : "(no visible text)");
					if (incomplete) lines.push(`[stopped at ${NODE_LIMIT} objects]`);
					return pagedResult(lines.join("\n"), args.offset, args.limit ?? 6000, { incomplete });
				},
			}),
			tool<{ section?: (typeof GUIDE_KEYS)[number]; offset?: number; limit?: number }>({
				name: "ui_library_docs",
				risk: "read",
				description:
					"The UI LIB guide (the library run_luau provides as UI): without section, the list of sections; with one, its text. " +
					"Read it before building windows.",
				parameters: {
					type: "object",
					properties: {
						section: { type: "string", enum: [...GUIDE_KEYS] },
						offset: { type: "integer", minimum: 0 },
						limit: { type: "integer", minimum: 200, maximum: PAGE_LIMIT },
					},
					required: [],
				},
				limits: `sections paged by ${GUIDE_PAGE} bytes`,
				example: {
					args: { section: "controls" },
					result: "## Controls\nEvery constructor takes an options table…",
				},
				run: (args) => {
					// the guide's text (60 KB) loads on the first call, not at boot; a literal require of the
					// generated module, so the bundler still carries it
					// eslint-disable-next-line @typescript-eslint/no-require-imports
					const guide = require(
						script.Parent!.WaitForChild("generated").WaitForChild("ui_guide") as ModuleScript,
					);
					const sections = (guide as typeof Guide).GUIDE_SECTIONS;
					if (args.section === undefined) {
						const lines = sections.map((s) => `${s.key}: ${s.title} (${s.text.size()} bytes)`);
						return {
							ok: true,
							text: `UI LIB guide sections (pass one as section):\n${lines.join("\n")}`,
							data: { sections: [...GUIDE_KEYS] },
						};
					}
					const section = sections.find((s) => s.key === args.section);
					if (section === undefined) return failure(`no section "${args.section}"`);
					return pagedResult(`## ${section.title}\n${section.text}`, args.offset, args.limit ?? GUIDE_PAGE, {
						section: section.key,
					});
				},
			}),
			tool<{ title?: string; text: string }>({
				name: "notify",
				risk: "read",
				description:
					"Show the user a short notification (in the UAI app when it is open; always written to the log).",
				parameters: {
					type: "object",
					properties: {
						title: { type: "string", maxLength: 80 },
						text: { type: "string", minLength: 1, maxLength: 500 },
					},
					required: ["text"],
				},
				limits: "title ≤ 80 bytes, text ≤ 500 bytes",
				example: {
					args: { title: "Done", text: "The panel is ready." },
					result: "Notified: Done: The panel is ready.",
				},
				run: (args) => {
					const text =
						args.title !== undefined && args.title !== "" ? `${args.title}: ${args.text}` : args.text;
					deps.notify(text);
					return { ok: true, text: `Notified: ${text}` };
				},
			}),
			tool<{ path: string; seconds?: number }>({
				name: "highlight",
				risk: "write",
				description:
					"Outline an instance for a few seconds so the user can see it: a GUI object by its dotted path from gui_tree, " +
					"or a part or model in the world by its path from game (Workspace.Model.Part).",
				parameters: {
					type: "object",
					properties: {
						path: { type: "string", minLength: 1 },
						seconds: { type: "number", minimum: 0.5, maximum: 10 },
					},
					required: ["path"],
				},
				limits: "0.5-10 s (default 3); the outline is removed afterwards",
				example: {
					args: { path: "hidden.MyWindow.Main", seconds: 3 },
					result: "Outlined hidden.MyWindow.Main (Frame) for 3 s.",
				},
				run: (args) => {
					const seconds = args.seconds ?? 3;
					const roots = screen.roots();
					const [found, why] = resolveGuiPath(roots, args.path);
					let target = found;
					if (target === undefined) {
						const root = world.game;
						let current: Instance | undefined = root;
						for (const part of args.path.split(".")) {
							if (current === undefined) break;
							if (current === root && part === "game") continue;
							current =
								current === root && part === "Workspace"
									? world.workspace
									: current.FindFirstChild(part);
						}
						if (current === undefined || current === root)
							return failure(`nothing found at ${args.path} (${why})`);
						target = current;
					}
					let outline: Instance;
					if (target.IsA("GuiObject")) {
						const stroke = new Instance("UIStroke");
						stroke.Thickness = 3;
						stroke.Color = Color3.fromRGB(255, 200, 0);
						stroke.ApplyStrokeMode = Enum.ApplyStrokeMode.Border;
						stroke.Name = "UAI_Highlight";
						stroke.Parent = target;
						outline = stroke;
					} else if (target.IsA("BasePart") || target.IsA("Model")) {
						const glow = new Instance("Highlight");
						glow.Name = "UAI_Highlight";
						glow.Adornee = target;
						glow.FillTransparency = 0.7;
						glow.Parent = roots[0]?.instance ?? target;
						outline = glow;
					} else return failure(`${args.path} is a ${target.ClassName}, which has nothing to outline`);
					task.delay(seconds, () => outline.Destroy());
					return {
						ok: true,
						text: `Outlined ${args.path} (${target.ClassName}) for ${seconds} s.`,
						data: { className: target.ClassName, seconds },
					};
				},
			}),
			tool<{ text: string }>({
				name: "clipboard_set",
				risk: "write",
				needs: ["clipboard"],
				description: "Put text on the user's clipboard.",
				parameters: {
					type: "object",
					properties: { text: { type: "string", maxLength: 1000000 } },
					required: ["text"],
				},
				limits: "at most 1,000,000 bytes",
				example: { args: { text: "hello" }, result: "Copied 5 bytes to the clipboard." },
				run: (args) => {
					const [copied, why] = deps.host.clipboard.copy(args.text);
					if (!copied) return failure(why as string);
					return { ok: true, text: `Copied ${args.text.size()} bytes to the clipboard.` };
				},
			}),
		],
	);
}
