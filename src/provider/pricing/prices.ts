// Price and limit look-ups over the generated catalog (catalog.ts, scripts/prices.mjs) and usage
// cost estimates. A price is found only for the route that serves it: the endpoint's host and base
// path, then the exact model id. An unlisted endpoint or model stays unknown; a free route's id
// never prices another id; HCNSEC's included access is zero cost, a personal key is unknown.
import type { Usage } from "../protocols/types";
import type * as Catalog from "./catalog";
import type { ModelPrice, PriceRoute } from "./types";

let catalog: typeof Catalog | undefined;
/**
 * The generated catalog (27 KB of rows) loads on the first price look-up, not at boot
 * (docs/BUILDING.md, "Lazy modules"). A literal require of a sibling, so the bundler still carries it.
 */
function priceRoutes(): typeof Catalog.PRICE_ROUTES {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	catalog ??= require(script.Parent!.WaitForChild("catalog") as ModuleScript) as typeof Catalog;
	return catalog.PRICE_ROUTES;
}

const parsed = new Map<PriceRoute, Map<string, ModelPrice>>();

function optionalNumber(text: string | undefined): number | undefined {
	return text === undefined || text === "" ? undefined : tonumber(text);
}

function modelsOf(route: PriceRoute): Map<string, ModelPrice> {
	const cached = parsed.get(route);
	if (cached) return cached;
	const models = new Map<string, ModelPrice>();
	for (const row of route.rows.split("\n")) {
		const f = row.split("\t");
		const model = f[0];
		models.set(model.lower(), {
			provider: route.provider,
			model,
			input: optionalNumber(f[1]),
			output: optionalNumber(f[2]),
			cacheRead: optionalNumber(f[3]),
			cacheWrite: optionalNumber(f[4]),
			context: optionalNumber(f[5]),
			maxOutput: optionalNumber(f[6]),
			free: f[7] === "free",
		});
	}
	parsed.set(route, models);
	return models;
}

function hostMatches(pattern: string, host: string): boolean {
	if (pattern.sub(1, 1) !== ".") return pattern === host;
	return host.size() > pattern.size() && host.sub(-pattern.size()) === pattern;
}

function pathMatches(prefix: string, path: string): boolean {
	if (prefix === "") return true;
	if (path.sub(1, prefix.size()) !== prefix) return false;
	const after = path.sub(prefix.size() + 1, prefix.size() + 1);
	return after === "" || after === "/";
}

/**
 * The catalog entry for `model` on the endpoint with this host and base path, or undefined when
 * that endpoint or model is not in the catalog. `included` marks Project UAI Free's included
 * access, which costs nothing.
 */
export function priceFor(host: string, path: string, model: string, included = false): ModelPrice | undefined {
	if (included) return { provider: "included", model, input: 0, output: 0, cacheRead: 0, cacheWrite: 0, free: true };
	const lowerHost = host.lower();
	let id = model.lower();
	if (id.sub(1, 7) === "models/") id = id.sub(8);
	for (const route of priceRoutes()) {
		for (const match of route.routes) {
			if (!hostMatches(match.host, lowerHost) || !pathMatches(match.path, path)) continue;
			const found = modelsOf(route).get(id);
			if (found) return found;
		}
	}
	return undefined;
}

/**
 * Estimated USD for one reply: uncached input, cache reads and writes, and output (which includes
 * reasoning) at the catalog's text-token rates. Undefined when a needed rate is unknown or the
 * usage is missing; documented cache rates apply only when the usage reports cached tokens.
 */
export function estimateCost(price: ModelPrice, usage: Usage): number | undefined {
	const input = usage.inputTokens;
	const output = usage.outputTokens;
	if (input === undefined || output === undefined) return undefined;
	if (price.input === undefined || price.output === undefined) return undefined;
	const cacheRead = usage.cacheReadTokens ?? 0;
	const cacheWrite = usage.cacheWriteTokens ?? 0;
	if (cacheRead > 0 && price.cacheRead === undefined) return undefined;
	if (cacheWrite > 0 && price.cacheWrite === undefined) return undefined;
	const uncached = math.max(0, input - cacheRead - cacheWrite);
	const total =
		uncached * price.input +
		cacheRead * (price.cacheRead ?? 0) +
		cacheWrite * (price.cacheWrite ?? 0) +
		output * price.output;
	return total / 1_000_000;
}
