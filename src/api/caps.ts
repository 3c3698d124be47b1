// `uai.caps`: what this host can do.
export type { CapKey, Caps } from "../host/caps";
