// The UI LIB objects the app holds (`UI:CreateWindow` and what a window makes). The app gets the
// library itself from UI LIB's entry (`src/ui-lib`); these are the types of what it returns.
export type { Window } from "../ui-lib/window/window";
export type { Tab } from "../ui-lib/containers/tab";
export type { Section } from "../ui-lib/containers/section";
export type { DropdownControl } from "../ui-lib/controls/dropdown";
export type { ListControl } from "../ui-lib/controls/list";
export type { RowContext, TranscriptControl } from "../ui-lib/controls/transcript";
export type { ComposerControl } from "../ui-lib/controls/composer";
export type { DialogHandle } from "../ui-lib/overlays/dialog";
export type { Release } from "../ui-lib/core/scope";
