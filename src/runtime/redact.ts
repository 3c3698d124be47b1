// Removes credentials from diagnostic text before it is stored or printed: values of credential
// headers and fields (Authorization, x-api-key, api-key, apiKey, ... in header, JSON, Lua table
// and query forms), bearer tokens, common provider key shapes, and exact values registered as
// secrets (for example every key saved in the configuration).

export const MASK = "[redacted]";

/** Field and header names whose values are credentials. */
const CREDENTIAL_NAMES = [
	"proxy-authorization",
	"authorization",
	"x-goog-api-key",
	"x-api-key",
	"api-key",
	"api_key",
	"apikey",
	"apikeys",
	"access_token",
	"refresh_token",
	"client_secret",
	"password",
	"secret",
	"token",
];

/** Provider key shapes recognised anywhere: prefix and the shortest length that counts. */
const KEY_SHAPES: ReadonlyArray<[prefix: string, minimum: number]> = [
	["sk-", 20],
	["AIza", 30],
	["gsk_", 20],
	["xai-", 20],
	["hf_", 20],
	["nvapi-", 20],
	["pplx-", 20],
	["csk-", 20],
];

const SECRET_MINIMUM = 6;

function caseless(name: string): string {
	return string.gsub(name, "%a", (letter) => `[${letter.lower()}${letter.upper()}]`)[0];
}

function escapePattern(text: string): string {
	return string.gsub(text, "[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0")[0];
}

const NAME_RULES = CREDENTIAL_NAMES.map((name) => `%f[%w_%-]${caseless(escapePattern(name))}["']?%]?%s*[:=]%s*`);

// Unquoted values end at white space or punctuation that closes a field.
const BARE_VALUE = "^[^%s,;&}%)\"'<>]+";
const SCHEMES = new Set(["bearer", "basic", "token", "key"]);

/** Masks the value that follows each `name: ` / `"name": ` / `name = ` / `name=` in `text`. */
function maskNamedValues(text: string, rule: string): string {
	const out = new Array<string>();
	let from = 1;
	for (;;) {
		const [, prefixEnd] = string.find(text, rule, from);
		if (prefixEnd === undefined) break;
		let at = (prefixEnd as number) + 1;
		const quote = text.sub(at, at);
		const quoted = quote === '"' || quote === "'";
		if (quoted) at += 1;
		out.push(text.sub(from, at - 1));
		// "Bearer abc": the scheme word stays readable, the credential does not
		const [scheme, tokenStart] = string.match(text, "^(%a+)%s+()", at);
		if (scheme !== undefined && SCHEMES.has((scheme as string).lower())) {
			out.push(text.sub(at, (tokenStart as number) - 1));
			at = tokenStart as number;
		}
		let valueEnd: number;
		if (quoted) {
			const [close] = string.find(text, quote, at, true);
			valueEnd = close !== undefined ? close - 1 : text.size();
		} else {
			const [, bareEnd] = string.find(text, BARE_VALUE, at);
			valueEnd = bareEnd !== undefined ? (bareEnd as number) : at - 1;
		}
		const value = text.sub(at, valueEnd);
		out.push(value === "" || value === MASK ? value : MASK);
		from = valueEnd + 1;
	}
	out.push(text.sub(from));
	return out.join("");
}

function maskKeyShapes(text: string): string {
	let result = text;
	for (const [prefix, minimum] of KEY_SHAPES) {
		result = string.gsub(result, `%f[%w]${escapePattern(prefix)}[%w%-_]+`, (found) =>
			found.size() >= minimum ? MASK : found,
		)[0];
	}
	// bearer tokens outside a named field ("... sent Bearer abc123 ...")
	result = string.gsub(result, "%f[%a][Bb][Ee][Aa][Rr][Ee][Rr]%s+[%w%-%._~%+/=]+", (found) => {
		const [scheme, token] = string.match(found, "^(%a+%s+)(.+)$");
		return (token as string).size() < 8 ? found : `${scheme}${MASK}`;
	})[0];
	// user names and passwords inside URLs (https://user:pass@host/)
	// (anchored on "://": a scheme pattern would rescan long words from every position)
	result = string.gsub(result, "://[^/%s@?#\"']+@", `://${MASK}@`)[0];
	// Google-style query keys (?key=...)
	return string.gsub(result, "([?&][Kk][Ee][Yy]=)[^&%s\"'#]+", `%1${MASK}`)[0];
}

export interface Redactor {
	/** `text` with every credential it recognises replaced by [redacted]. */
	redact: (text: string) => string;
	/** Replaces the secrets registered under `group` (values shorter than 6 bytes are ignored). */
	setSecrets: (group: string, values: ReadonlyArray<string>) => void;
}

export function createRedactor(): Redactor {
	const groups = new Map<string, ReadonlyArray<string>>();
	let secrets: ReadonlyArray<string> = [];

	return {
		redact: (text) => {
			let result = text;
			for (const secret of secrets) {
				if (string.find(result, secret, 1, true)[0] !== undefined) {
					result = string.gsub(result, escapePattern(secret), MASK)[0];
				}
			}
			// every named form needs a ":" or "="
			if (string.find(result, "[:=]")[0] !== undefined) {
				for (const rule of NAME_RULES) result = maskNamedValues(result, rule);
			}
			return maskKeyShapes(result);
		},
		setSecrets: (group, values) => {
			groups.set(
				group,
				values.filter((value) => value.size() >= SECRET_MINIMUM),
			);
			const all = new Set<string>();
			for (const [, list] of groups) for (const value of list) all.add(value);
			const sorted = [...all];
			// longest first, so a secret containing another is masked whole
			table.sort(sorted, (a, b) => a.size() > b.size());
			secrets = sorted;
		},
	};
}
