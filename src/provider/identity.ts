// The client's own identity: an identifiable ProjectUAI/<version> User-Agent wherever the host can
// send one (HttpService refuses the header; `uai.caps.reason("ua")` says so). Never another
// vendor's client identity: borrowed CLI and desktop identities are deliberately not implemented
// (docs/PROVIDER_COMPATIBILITY.md, "Auth, headers and identity"). Users may still set any header
// themselves.
import { HeaderMap } from "../net/headers";
import { HttpCapability } from "../net/http";
import { CLIENT_VERSION } from "../version";

export const USER_AGENT = `ProjectUAI/${CLIENT_VERSION}`;

export function identityHeaders(http: HttpCapability): HeaderMap {
	return http.canSetUserAgent ? { "User-Agent": USER_AGENT } : {};
}
