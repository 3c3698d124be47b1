// Removes credentials from diagnostic text before it is stored or printed: values of credential
// headers and fields (Authorization, x-api-key, api-key, apiKey, ... in header, JSON, Lua table
// and query forms), bearer tokens, common provider key shapes, and exact values registered as
// secrets (for example every key saved in the configuration).

export const MASK = "[redacted]";

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

function escapePattern(text: string): string {
	return string.gsub(text, "[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0")[0];
}

/**
 * Words that make a field, header or query name a credential when the name ends with one:
 * `auth_token`, `x-auth-token`, `apiKey`, `client_secret`, `Proxy-Authorization`, `sig`.
 * (`max_tokens`, `token_count`, `keyNumber` end with other words and stay readable.)
 */
const CREDENTIAL_WORDS = new Set([
	"authorization",
	"auth",
	"token",
	"secret",
	"password",
	"passwd",
	"pwd",
	"apikey",
	"apikeys",
	"key",
	"keys",
	"sig",
	"signature",
	"cookie",
	"credential",
	"credentials",
	"jwt",
	"bearer",
	"sessionid",
]);
/** Further names that carry a credential in a URL query (`?code=` of an OAuth redirect). */
const QUERY_WORDS = new Set(["code", "session", "ticket", "hash"]);

/** The words of a name: split at `_`, `-`, `.` and lower-to-upper case changes, lowercased. */
function nameWords(name: string): Array<string> {
	const spaced = name.gsub("(%l)(%u)", "%1 %2")[0].gsub("[_%-%.]+", " ")[0];
	const words = new Array<string>();
	for (const [word] of spaced.gmatch("%S+")) words.push((word as string).lower());
	return words;
}

/** True when a field, header or (with `inQuery`) query parameter of this name holds a credential. */
export function isCredentialName(name: string, inQuery = false): boolean {
	const words = nameWords(name);
	const last = words[words.size() - 1];
	if (last === undefined) return false;
	if (CREDENTIAL_WORDS.has(last) || CREDENTIAL_WORDS.has(words.join(""))) return true;
	return inQuery && QUERY_WORDS.has(last);
}

const NAME_BYTES = 64;
const BYTE_QUOTE = 34;
const BYTE_APOSTROPHE = 39;
const BYTE_BACKSLASH = 92;
const BYTE_BRACKET = 93;

function isNameByte(byte: number): boolean {
	// letters, digits, "_", "-", "."
	return (
		(byte >= 48 && byte <= 57) ||
		(byte >= 65 && byte <= 90) ||
		(byte >= 97 && byte <= 122) ||
		byte === 95 ||
		byte === 45 ||
		byte === 46
	);
}

function isSpaceByte(byte: number): boolean {
	return byte === 32 || (byte >= 9 && byte <= 13);
}

/**
 * The name written before the ":" or "=" at `at` (`name:`, `"name": `, `name = `, `['name']=`,
 * JSON-escaped `\"name\":`), and whether it is a query parameter (after "?" or "&").
 */
function nameBefore(text: string, at: number): LuaTuple<[string | undefined, boolean]> {
	let i = at - 1;
	while (i >= 1 && isSpaceByte(text.byte(i)[0] as number)) i -= 1;
	if (i >= 1 && text.byte(i)[0] === BYTE_BRACKET) i -= 1;
	for (let quotes = 0; quotes < 2 && i >= 1; quotes++) {
		const byte = text.byte(i)[0] as number;
		if (byte !== BYTE_QUOTE && byte !== BYTE_APOSTROPHE && byte !== BYTE_BACKSLASH) break;
		i -= 1;
	}
	const nameEnd = i;
	while (i >= 1 && nameEnd - i < NAME_BYTES && isNameByte(text.byte(i)[0] as number)) i -= 1;
	if (i === nameEnd || (i >= 1 && isNameByte(text.byte(i)[0] as number))) return $tuple(undefined, false);
	const before = i >= 1 ? text.sub(i, i) : "";
	return $tuple(text.sub(i + 1, nameEnd), before === "?" || before === "&");
}

// Unquoted values end at white space or punctuation that closes a field.
const BARE_VALUE = "^[^%s,;&}%)\"'<>\\]+";
const SCHEMES = new Set(["bearer", "basic", "token", "key"]);

/**
 * Masks the value after every credential-named `name: ` / `"name": ` / `name = ` / `name=`
 * (header, JSON, JSON inside a JSON string, Lua table and query forms) in `text`.
 */
function maskNamedValues(text: string): string {
	const out = new Array<string>();
	let from = 1;
	let search = 1;
	for (;;) {
		const [sign] = string.find(text, "[:=]", search);
		if (sign === undefined) break;
		search = sign + 1;
		const [name, inQuery] = nameBefore(text, sign);
		if (name === undefined || !isCredentialName(name, inQuery)) continue;
		let at = (string.find(text, "^%s*", sign + 1)[1] as number) + 1;
		// a quoted value, also JSON-escaped (\"value\") inside an encoded document
		let quote = text.sub(at, at);
		if (quote === "\\" && (text.sub(at + 1, at + 1) === '"' || text.sub(at + 1, at + 1) === "'")) {
			quote = text.sub(at, at + 1);
		}
		const quoted = quote === '"' || quote === "'" || quote.size() === 2;
		if (quoted) at += quote.size();
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
		search = math.max(search, from);
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

function jsonEscaped(text: string, slash: boolean, unicode: boolean): string {
	let out = text.gsub("\\", "\\\\")[0].gsub('"', '\\"')[0];
	out = out.gsub("%c", (c) => string.format("\\u%04x", c.byte()[0] as number))[0];
	if (slash) out = out.gsub("/", "\\/")[0];
	const characters = utf8.len(out)[0];
	if (unicode && characters !== undefined && characters !== out.size()) {
		const parts = new Array<string>();
		for (const [, code] of utf8.codes(out)) {
			if (code < 128) parts.push(string.char(code));
			else if (code < 0x10000) parts.push(string.format("\\u%04x", code));
			else {
				const v = code - 0x10000;
				parts.push(string.format("\\u%04x\\u%04x", 0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff)));
			}
		}
		out = parts.join("");
	}
	return out;
}

function percentEncoded(text: string, hex: string): string {
	return text.gsub("[^%w%-%._~]", (c) => string.format(hex, c.byte()[0] as number))[0];
}

/**
 * The ways a secret can be echoed in text: as it is, JSON-escaped (with or without `\/` and
 * `\uXXXX` escapes, and twice, for JSON inside a JSON string) and percent-encoded in a URL.
 */
function echoForms(secret: string): Array<string> {
	const forms = new Set<string>([secret]);
	for (const slash of [false, true]) {
		for (const unicode of [false, true]) {
			const once = jsonEscaped(secret, slash, unicode);
			forms.add(once);
			forms.add(jsonEscaped(once, slash, unicode));
		}
	}
	forms.add(percentEncoded(secret, "%%%02X"));
	forms.add(percentEncoded(secret, "%%%02x"));
	return [...forms];
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
			if (string.find(result, "[:=]")[0] !== undefined) result = maskNamedValues(result);
			return maskKeyShapes(result);
		},
		setSecrets: (group, values) => {
			const kept = new Array<string>();
			for (const value of values)
				if (value.size() >= SECRET_MINIMUM) for (const form of echoForms(value)) kept.push(form);
			groups.set(group, kept);
			const all = new Set<string>();
			for (const [, list] of groups) for (const value of list) all.add(value);
			const sorted = [...all];
			// longest first, so a secret containing another is masked whole
			table.sort(sorted, (a, b) => a.size() > b.size());
			secrets = sorted;
		},
	};
}
