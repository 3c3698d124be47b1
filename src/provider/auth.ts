// Auth headers by style. Styles are literal: the header a style names is the one sent, and an
// empty key sends nothing (a keyless local server, or a model list some vendors serve openly).
import { HeaderMap } from "../net/headers";
import { AuthStyle } from "./record";

export function authHeaders(style: AuthStyle, key: string): HeaderMap {
	if (key === "" || style === "none") return {};
	switch (style) {
		case "bearer":
			return { Authorization: `Bearer ${key}` };
		case "x-api-key":
			return { "x-api-key": key };
		case "api-key":
			return { "api-key": key };
		case "x-goog-api-key":
			return { "x-goog-api-key": key };
		case "both":
			return { Authorization: `Bearer ${key}`, "x-api-key": key };
	}
}
