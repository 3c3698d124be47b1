// The panels this build of the application has, in navigation order. A panel that is not built is
// absent: `uai.show` names the ones that exist.
export const PANEL_NAMES = ["chat", "conversations", "providers", "settings", "logs"] as const;
export type PanelName = (typeof PANEL_NAMES)[number];
