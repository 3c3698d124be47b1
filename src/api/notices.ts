// `uai.notices`: what reruns of the loader did to this client.
export type { Notice, NoticeKind, PublicNotices } from "../client/notices";
