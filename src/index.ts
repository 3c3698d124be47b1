// Client bundle entry: `loadstring(dist/uai.lua)(context)` runs this module and returns its value,
// the client handle (or nil when the client could not start). See client/boot.ts. The entry joins
// the two top layers: the client boots and hands its public handle to the standard application.
import { createApp } from "./app";
import { Bundle } from "./client/bundle";
import { start } from "./client/boot";

declare const __bundle: Bundle | undefined;

export = start(__bundle, createApp);
