// The host: the only part of the client that reads executor globals or Roblox services. Built
// once per boot; the rest of the client receives this typed object and nothing else.
import { Caps, detectCapabilities } from "./caps";
import { ClipboardModule, createClipboard } from "./clipboard";
import { createHostFiles, HostFiles } from "./files";
import { readExecutorGlobals } from "./globals";
import { createHostLuau, HostLuau } from "./luau";
import { createHostScreen, HostScreen } from "./screen";
import { createDecompiler, createNilInstances, Decompiler, NilInstances } from "./scripts";
import { createHostHttp, HttpCapability } from "./http";
import { createHostWorld, HostWorld } from "./world";

export interface Host {
	readonly caps: Caps;
	/** getgenv()'s table where getgenv exists (the home of the `UAI` and `UAI_CONTEXT` globals). */
	readonly genv: Record<string, unknown> | undefined;
	/** The executor's file functions; undefined without readfile/writefile. */
	readonly files: HostFiles | undefined;
	/** The HTTP transport (executor function or HttpService); undefined when none works. */
	readonly http: HttpCapability | undefined;
	/** The executor's WebSocket connector (`connect(url)` → socket); undefined without one. */
	readonly websocket: ((url: string) => unknown) | undefined;
	/** The executor's clipboard function behind `copy(text)` (`runtime/clipboard`). */
	readonly clipboard: ClipboardModule;
	/** Compiling Luau with the executor's loadstring; undefined without one. */
	readonly luau: HostLuau | undefined;
	/** The executor's decompiler (`decompile(script)` → source); undefined without one. */
	readonly decompile: Decompiler | undefined;
	/** The executor's `getnilinstances` (instances outside the game's tree); undefined without one. */
	readonly nilInstances: NilInstances | undefined;
	/** The GUI containers the player sees (tools read them; highlights go there). */
	readonly screen: HostScreen;
	/** The game world: the DataModel, its services, instance creation (`./world`). */
	readonly world: HostWorld;
	/** The running place's id (`game.PlaceId`; 0 in an unpublished place): the "This game" folder. */
	readonly placeId: number;
}

export function createHost(): Host {
	const globals = readExecutorGlobals();
	const detection = detectCapabilities(globals);
	return table.freeze({
		caps: detection.caps,
		genv: globals.genv,
		files: createHostFiles(detection.files),
		http: createHostHttp(detection.caps, detection.request),
		websocket: detection.websocket as ((url: string) => unknown) | undefined,
		clipboard: createClipboard(detection.clipboard, detection.caps.reason("clipboard") ?? ""),
		luau: createHostLuau(detection.loadstring),
		decompile: createDecompiler(detection.decompile),
		nilInstances: createNilInstances(detection.getnilinstances),
		screen: createHostScreen(detection.gethui),
		world: createHostWorld(),
		placeId: game.PlaceId,
	});
}
