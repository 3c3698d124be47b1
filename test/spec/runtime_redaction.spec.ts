/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// The redactor over whole classes of input: credential names of every spelling (`_`, `-`, camel
// case, any prefix) in every written form (header, JSON, JSON inside a JSON string, Lua table,
// query), values that look like nothing in particular, and registered secrets echoed raw,
// JSON-escaped (with `\/`, `\uXXXX`, twice) or percent-encoded. Counts leaks, and over-masking
// of names that are not credentials; both must be zero.
import { createRedactor, MASK } from "runtime/redact";
import { collectSecrets } from "runtime/secrets";

const NAMES = [
	"auth",
	"Auth",
	"auth_token",
	"authToken",
	"x-auth-token",
	"X-Auth-Token",
	"access_token",
	"refresh_token",
	"id-token",
	"session_token",
	"sessionToken",
	"api_key",
	"apiKey",
	"api-key",
	"x-api-key",
	"X-Goog-Api-Key",
	"Ocp-Apim-Subscription-Key",
	"private_key",
	"client_secret",
	"clientSecret",
	"password",
	"db.password",
	"sig",
	"signature",
	"Authorization",
	"Proxy-Authorization",
	"cookie",
	"Set-Cookie",
	"jwt",
	"credentials",
	"token",
	"secret",
	"key",
];
/** Names that hold credentials only in a URL query. */
const QUERY_NAMES = ["code", "ticket"];
/** Names that are not credentials: their values stay readable. */
const READABLE = [
	"max_tokens",
	"total_tokens",
	"token_count",
	"keyNumber",
	"authStyle",
	"model",
	"status",
	"tokenizer",
];

const VALUES = ["q7Zr9pLx2w", "plainvalue99", "a1b2c3d4e5f6", "Zx_9-yy.zz~1"];

function forms(name: string, value: string): ReadonlyArray<string> {
	return [
		`${name}: ${value}`,
		`${name}:${value}`,
		`"${name}": "${value}"`,
		`{"${name}":"${value}","other":1}`,
		`{\\"${name}\\":\\"${value}\\"}`,
		`${name} = "${value}"`,
		`["${name}"] = '${value}'`,
		`${name}=${value}`,
		`https://host/v1?${name}=${value}&x=1`,
		`https://host/v1?x=1&${name}=${value}`,
		`${name}: Bearer ${value}`,
	];
}

const SECRETS = ["alpha/secret+one=1111", 'q"uote\\back/slash-2222', "ünïcode-sëcret-3333", "plain-secret-4444"];

function jsonEscaped(text: string, slash: boolean): string {
	let out = text.gsub("\\", "\\\\")[0].gsub('"', '\\"')[0];
	if (slash) out = out.gsub("/", "\\/")[0];
	return out;
}

function unicodeEscaped(text: string): string {
	const parts = new Array<string>();
	for (const [, code] of utf8.codes(text))
		parts.push(code < 128 ? string.char(code) : string.format("\\u%04x", code));
	return parts.join("");
}

function percent(text: string): string {
	return text.gsub("[^%w%-%._~]", (c) => string.format("%%%02X", c.byte()[0] as number))[0];
}

function echoes(secret: string): ReadonlyArray<string> {
	const once = jsonEscaped(secret, true);
	return [
		secret,
		jsonEscaped(secret, false),
		once,
		jsonEscaped(once, true),
		unicodeEscaped(jsonEscaped(secret, false)),
		percent(secret),
	];
}

export = () => {
	describe("redaction classes", () => {
		it("masks credential names of every spelling in every form, and only those", () => {
			const redactor = createRedactor();
			let cases = 0;
			let leaks = 0;
			let overMasked = 0;
			let first: string | undefined;
			for (const value of VALUES) {
				for (const name of NAMES) {
					for (const text of forms(name, value)) {
						cases += 1;
						const out = redactor.redact(`before ${text} after`);
						if (out.find(value, 1, true)[0] !== undefined || out.find(MASK, 1, true)[0] === undefined) {
							leaks += 1;
							first ??= `${text} → ${out}`;
						}
					}
				}
				for (const name of QUERY_NAMES) {
					for (const text of [`https://h/cb?${name}=${value}&state=1`, `https://h/cb?a=1&${name}=${value}`]) {
						cases += 1;
						const out = redactor.redact(text);
						if (out.find(value, 1, true)[0] !== undefined) {
							leaks += 1;
							first ??= `${text} → ${out}`;
						}
					}
				}
				for (const name of READABLE) {
					for (const text of [`${name}: ${value}`, `"${name}": "${value}"`, `${name}=${value}`]) {
						cases += 1;
						const out = redactor.redact(text);
						if (out.find(value, 1, true)[0] === undefined) {
							overMasked += 1;
							first ??= `over-masked: ${text} → ${out}`;
						}
					}
				}
				// an error code in a JSON document stays readable (only a query `code` is a credential)
				cases += 1;
				if (redactor.redact(`{"code":"${value}"}`).find(value, 1, true)[0] === undefined) overMasked += 1;
			}
			print(`redaction classes: names: ${cases} cases, ${leaks} leaks, ${overMasked} over-masked`);
			expect(first).to.equal(undefined);
			expect(leaks + overMasked).to.equal(0);
		});

		it("masks registered secrets however they are echoed", () => {
			const redactor = createRedactor();
			redactor.setSecrets("test", SECRETS);
			let cases = 0;
			let leaks = 0;
			let first: string | undefined;
			for (const secret of SECRETS) {
				for (const echo of echoes(secret)) {
					for (const wrap of [`x ${echo} y`, `{"message":"bad key ${echo}"}`, `${echo}`, `[${echo}]`]) {
						cases += 1;
						const out = redactor.redact(wrap);
						if (out.find(echo, 1, true)[0] !== undefined) {
							leaks += 1;
							first ??= `${wrap} → ${out}`;
						}
					}
				}
			}
			print(`redaction classes: echoes: ${cases} cases, ${leaks} leaks`);
			expect(first).to.equal(undefined);
			expect(leaks).to.equal(0);
		});

		it("finds every credential a provider record carries", () => {
			const record = {
				apiKey: "pool-key-one-1111\npool-key-two-2222, pool-key-three-3333",
				baseUrl: "https://host/v1?tenant=tenant-secret-4444&plain=abcdefgh9",
				wsUrl: "wss://user:ws-pass-5555@host/ws?ticket=ws-ticket-6666",
				headers: {
					"X-Custom-Auth": "header-secret-7777",
					"X-Title": "not secret",
					Cookie: "cookie-secret-8888",
				},
				query: { auth_token: "query-secret-9999", page: "2" },
			};
			const found = collectSecrets(record);
			const expected = [
				"pool-key-one-1111",
				"pool-key-two-2222",
				"pool-key-three-3333",
				"tenant-secret-4444",
				"abcdefgh9",
				"ws-ticket-6666",
				"header-secret-7777",
				"cookie-secret-8888",
				"query-secret-9999",
			];
			let missing = 0;
			for (const value of expected) if (!found.includes(value)) missing += 1;
			const wrongly = found.includes("not secret") ? 1 : 0;
			print(
				`redaction classes: record secrets: ${expected.size()} expected, ${missing} missing, ${wrongly} wrongly taken`,
			);
			expect(missing + wrongly).to.equal(0);
			expect(found.some((value) => value.find("ws-pass-5555", 1, true)[0] !== undefined)).to.equal(true);
		});
	});
};
