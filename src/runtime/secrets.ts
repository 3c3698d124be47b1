// Finds the credentials held in configuration data or one provider record (keys, key pools,
// tokens, credential headers, secret-bearing URL queries) so the log, events and errors can redact
// them wherever they appear, whatever they look like.
import { isCredentialName } from "./redact";
import { trim } from "./trim";

/** Substrings of field names whose string values (or arrays of strings) are credentials. */
const CREDENTIAL_FIELD = ["key", "token", "secret", "password", "authorization"];

function isCredentialField(name: unknown, inQuery: boolean): boolean {
	if (!typeIs(name, "string")) return false;
	const lower = name.lower();
	return (
		isCredentialName(name, inQuery) ||
		CREDENTIAL_FIELD.some((word) => string.find(lower, word, 1, true)[0] !== undefined)
	);
}

/** Maps whose keys are header or query names: a value is a credential when its name says so. */
const NAMED_MAPS: { [field: string]: boolean } = { headers: false, query: true };

/** Every value in the query of a URL (a base URL's own query is secret-bearing), and its user info. */
function urlSecrets(url: string, found: Array<string>) {
	const [userInfo] = url.match("^%a[%w+.-]*://([^/@?#]+)@");
	if (userInfo !== undefined) found.push(userInfo as string);
	const [query] = url.match("%?([^#]*)");
	if (query === undefined) return;
	for (const [pair] of (query as string).gmatch("[^&]+")) {
		const [, value] = (pair as string).match("^([^=]*)=(.*)$");
		if (value !== undefined && value !== "") found.push(value as string);
	}
}

/** A credential value and, for a key pool ("k1,k2" or one per line), each of its keys. */
function credentialValues(value: string, found: Array<string>) {
	found.push(value);
	for (const [piece] of value.gmatch("[^\r\n,]+")) {
		const key = trim(piece as string);
		if (key !== undefined && key !== value) found.push(key as string);
	}
}

/**
 * Every credential anywhere in `data`: strings under credential-named fields (split into the keys
 * of a pool), values of credential-named headers and query fields, and every value in the query
 * (and user info) of a URL field.
 */
export function collectSecrets(data: unknown): Array<string> {
	const found = new Array<string>();
	const seen = new Set<object>();
	const visit = (value: unknown, credential: boolean, names?: boolean) => {
		if (typeIs(value, "string")) {
			if (credential) credentialValues(value, found);
		} else if (typeIs(value, "table") && !seen.has(value)) {
			seen.add(value);
			for (const [key, child] of pairs(value as Record<string, unknown>)) {
				if (typeIs(key, "number")) {
					// array elements inherit the field's meaning (apiKeys = { "k1", "k2" })
					visit(child, credential);
				} else if (names !== undefined) {
					visit(child, isCredentialField(key, names));
				} else {
					if (typeIs(child, "string") && typeIs(key, "string") && key.lower().match("url$")[0] !== undefined)
						urlSecrets(child, found);
					visit(child, isCredentialField(key, false), NAMED_MAPS[key as string]);
				}
			}
		}
	};
	visit(data, false);
	return found;
}
