// Finds the credentials held in configuration data (provider keys, tokens) so the log can redact
// them wherever they appear, whatever the surrounding text looks like.

/** Field names whose string values (or arrays of strings) are credentials. */
const CREDENTIAL_FIELD = ["key", "token", "secret", "password", "authorization"];

function isCredentialField(name: unknown): boolean {
	if (!typeIs(name, "string")) return false;
	const lower = name.lower();
	return CREDENTIAL_FIELD.some((word) => string.find(lower, word, 1, true)[0] !== undefined);
}

/** Every string stored under a credential-named field anywhere in `data`. */
export function collectSecrets(data: unknown): Array<string> {
	const found = new Array<string>();
	const seen = new Set<object>();
	const visit = (value: unknown, credential: boolean) => {
		if (typeIs(value, "string")) {
			if (credential) found.push(value);
		} else if (typeIs(value, "table") && !seen.has(value)) {
			seen.add(value);
			for (const [key, child] of pairs(value as Record<string, unknown>)) {
				// array elements inherit the field's meaning (apiKeys = { "k1", "k2" })
				visit(child, typeIs(key, "number") ? credential : isCredentialField(key));
			}
		}
	};
	visit(data, false);
	return found;
}
