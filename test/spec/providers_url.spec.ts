/// <reference types="@rbxts/testez/src/TestEZGlobals" />
import { endpoint, formatUrl, isLocalHost, normaliseBase, parseBase } from "net/url";
import { contains } from "./providers_support";

function endpointText(base: string, suffix: string, extra?: Map<string, string>): string {
	const result = endpoint(base, suffix, extra);
	return result.ok ? formatUrl(result.url) : `error: ${result.reason}`;
}

function reason(base: string): string {
	const result = parseBase(base);
	return result.ok ? "ok" : result.reason;
}

export = () => {
	describe("normaliseBase", () => {
		it("follows the connection-rule table", () => {
			const cases: Array<[string, string]> = [
				["api.example.com", "https://api.example.com/v1"],
				["localhost:11434", "http://localhost:11434/v1"],
				["inference-box:8000/proxy/v1/", "http://inference-box:8000/proxy/v1"],
				["[2001:db8::1]:8000/v1", "https://[2001:db8::1]:8000/v1"],
				["[::1]:8080", "http://[::1]:8080/v1"],
				["HTTPS://localhost:1234/v1/", "https://localhost:1234/v1"],
				["https://example.com?token=x#frag", "https://example.com/v1?token=x"],
				["http://api.example.com/custom/prefix", "http://api.example.com/custom/prefix"],
				["192.168.1.20:1234", "http://192.168.1.20:1234/v1"],
				["8.8.8.8", "https://8.8.8.8/v1"],
				["  api.example.com/v1//  ", "https://api.example.com/v1"],
				["API.Example.COM./v1", "https://api.example.com/v1"],
				["https://api.example.com/v1/chat/completions?x=1", "https://api.example.com/v1/chat/completions?x=1"],
			];
			for (const [input, expected] of cases) expect(normaliseBase(input)).to.equal(expected);
		});

		it("rejects what a base URL cannot be", () => {
			expect(contains(reason("ftp://example.com"), "not supported")).to.equal(true);
			expect(contains(reason("ws://example.com"), "WebSocket")).to.equal(true);
			expect(contains(reason("https://"), "missing")).to.equal(true);
			expect(contains(reason("https://user:secret@example.com"), "credentials")).to.equal(true);
			expect(contains(reason("https://user:secret@example.com"), "secret")).to.equal(false);
			expect(contains(reason("example.com:99999"), "65535")).to.equal(true);
			expect(contains(reason("example.com:"), "port")).to.equal(true);
			expect(contains(reason("exa mple.com"), "spaces")).to.equal(true);
			expect(contains(reason("https://[::1"), "bracket")).to.equal(true);
			expect(contains(reason("2001:db8::1"), "brackets")).to.equal(true);
			expect(contains(reason(""), "needed")).to.equal(true);
			expect(contains(reason("https://a..b"), "empty label")).to.equal(true);
		});
	});

	describe("isLocalHost", () => {
		it("decides by the actual host", () => {
			const locals = [
				"localhost",
				"my.localhost",
				"printer.local",
				"inference-box",
				"127.0.0.1",
				"10.1.2.3",
				"172.16.0.1",
				"172.31.255.255",
				"192.168.0.5",
				"169.254.1.1",
				"100.64.0.1",
				"0.0.0.0",
				"::1",
				"::",
				"::ffff:192.168.1.1",
				"fd00::1",
				"fe80::1",
			];
			const remote = ["api.openai.com", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2001:db8::1", "fec0::1"];
			for (const host of locals) expect(isLocalHost(host)).to.equal(true);
			for (const host of remote) expect(isLocalHost(host)).to.equal(false);
		});
	});

	describe("endpoint", () => {
		it("replaces a full endpoint suffix and merges query fields", () => {
			const extra = new Map<string, string>([
				["api-version", "new"],
				["tag", "a b"],
			]);
			expect(
				endpointText("https://h.example/v1/chat/completions?token=x&api-version=old", "/models", extra),
			).to.equal("https://h.example/v1/models?token=x&api-version=new&tag=a%20b");
			expect(endpointText("https://h.example/v1/messages", "/chat/completions")).to.equal(
				"https://h.example/v1/chat/completions",
			);
			expect(endpointText("https://h.example/v1/models", "/messages")).to.equal("https://h.example/v1/messages");
			expect(endpointText("https://h.example/v1?a=1&a=2", "/models", new Map([["a", "3"]]))).to.equal(
				"https://h.example/v1/models?a=3",
			);
			expect(endpointText("api.example.com", "/chat/completions")).to.equal(
				"https://api.example.com/v1/chat/completions",
			);
		});
	});
};
