/** Where a provider's catalog prices apply: its API host (a leading "." matches any subdomain)
 * and the path prefix of its base URL ("" for any path). */
export interface PriceRouteMatch {
	readonly host: string;
	readonly path: string;
}

/** One provider of the generated catalog; `rows` is tab-separated text, parsed on first use. */
export interface PriceRoute {
	readonly provider: string;
	readonly routes: ReadonlyArray<PriceRouteMatch>;
	readonly rows: string;
}

/** USD per million text tokens and token limits; an absent field is unknown. */
export interface ModelPrice {
	readonly provider: string;
	readonly model: string;
	readonly input?: number;
	readonly output?: number;
	readonly cacheRead?: number;
	readonly cacheWrite?: number;
	readonly context?: number;
	readonly maxOutput?: number;
	/** A route the provider names as free (all prices 0). */
	readonly free: boolean;
}
