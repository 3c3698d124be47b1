// The client's own identity: an identifiable ProjectUAI/<version> User-Agent wherever the host
// can send one. Never another vendor's client identity (seed 002's borrowed CLI and desktop
// identities are deliberately not implemented); users may still set any header themselves.
import { HeaderMap } from "net/headers";
import { HttpCapability } from "net/http";
import { CLIENT_VERSION } from "version";

export const USER_AGENT = `ProjectUAI/${CLIENT_VERSION}`;

/** Why no User-Agent is sent through this HTTP function, or undefined when it is. */
export function userAgentNote(http: HttpCapability): string | undefined {
	return http.canSetUserAgent ? undefined : `User-Agent not sent: ${http.via} HTTP does not allow setting it`;
}

export function identityHeaders(http: HttpCapability): HeaderMap {
	return http.canSetUserAgent ? { "User-Agent": USER_AGENT } : {};
}
