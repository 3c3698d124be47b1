// Release metadata of the library: version, where it is published, and the fixed attribution.
import { REPOSITORY, UI_LIB_VERSION } from "./version";

export const VERSION = UI_LIB_VERSION;

/** GitHub "owner/repo"; the documented placeholder until package.json names the repository. */
const SLUG = REPOSITORY ?? "<owner>/<repo>";

export const REPOSITORY_URL = `https://github.com/${SLUG}`;
export const BUNDLE_URL = `https://raw.githubusercontent.com/${SLUG}/main/dist/uai-ui.lua`;

/** Shown in every window, restore pill and panel; not configurable. */
export const ATTRIBUTION = "Project UAI | UI LIB.";
