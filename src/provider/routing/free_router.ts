// Automatic free routing (docs/PROVIDER_COMPATIBILITY.md, "Automatic free routing"): with the
// setting on (Settings → Agent → Automatic free routing, on by default) and the provider's `auto`
// selector, models are measured in the background when the model picker opens or an agent request
// is sent: the live catalog is discovered, two workers probe at most 32 advertised ids (probe.ts),
// and later requests use the fastest verified candidate whose two responses each finished within
// ten seconds.
//
// Measurements belong to one connection/auth signature and last ten minutes from their end; another
// signature starts afresh. Warming never waits: a request made while measurements run uses the
// provider's own `auto`. Only `auto` with included access, no images, no explicit body, query or
// socket settings, and a candidate whose known context window fits the request are routed; a model
// chosen by name or a personal key keeps its route. A real response that is slow or fails removes
// its model from later choices; the current request is never sent again.

export const FREE_ROUTING = {
	workers: 2,
	maxCandidates: 32,
	ttlSeconds: 600,
	limitSeconds: 10,
	settingPath: "Settings → Agent → Automatic free routing",
};

export interface Probed {
	readonly model: string;
	readonly verified: boolean;
	readonly seconds: number;
	/** Why a model was not verified. */
	readonly reason?: string;
}

/** A stored probe result and when it finished (the router's clock). */
export interface ProbeRecord extends Probed {
	readonly at: number;
}

export interface FreeRouterDeps {
	readonly now: () => number;
	/** Runs work in the background (task.spawn). */
	readonly spawn: (work: () => void) => void;
	/** The live catalog's ids, in the provider's order; undefined when discovery failed. */
	readonly discover: () => ReadonlyArray<string> | undefined;
	readonly probe: (model: string) => Probed;
	/** The model's known context window, when one is known. */
	readonly contextWindow: (model: string) => number | undefined;
	/** Measurements started, a probe finished, or measurements ended. */
	readonly changed?: () => void;
}

export interface FreeChoiceRequest {
	/** Settings → Agent → Automatic free routing. */
	readonly enabled: boolean;
	/** The saved model selector; only "auto" is routed. */
	readonly selector: string;
	readonly personalKey: boolean;
	readonly hasImages: boolean;
	/** Explicit provider body, query or socket settings. */
	readonly explicitSettings: boolean;
	/** Tokens the prepared request and its reply need. */
	readonly neededTokens: number;
}

export interface FreeChoice {
	readonly model: string;
	readonly seconds: number;
	/** The conversation notice: the chosen model and the setting path. */
	readonly notice: string;
}

interface Measurement {
	readonly signature: string;
	running: boolean;
	/** When the last probe finished; measurements last ten minutes from then. */
	finishedAt: number;
	readonly results: Map<string, ProbeRecord>;
	readonly removed: Set<string>;
}

/** A request routed by free routing: the selector, the key and the request allow it. */
export function mayRoute(request: FreeChoiceRequest): boolean {
	return (
		request.enabled &&
		request.selector === "auto" &&
		!request.personalKey &&
		!request.hasImages &&
		!request.explicitSettings
	);
}

export class FreeRouter {
	private current?: Measurement;

	constructor(private readonly deps: FreeRouterDeps) {}

	private fresh(signature: string): Measurement | undefined {
		const m = this.current;
		if (m === undefined || m.signature !== signature) return undefined;
		return m.running || this.deps.now() - m.finishedAt < FREE_ROUTING.ttlSeconds ? m : undefined;
	}

	/** Starts background measurements for this connection unless fresh ones exist or run. */
	warm(signature: string): void {
		if (this.fresh(signature) !== undefined) return;
		const measurement: Measurement = {
			signature,
			finishedAt: this.deps.now(),
			running: true,
			results: new Map(),
			removed: new Set(),
		};
		this.current = measurement;
		this.deps.spawn(() => this.measure(measurement));
		this.deps.changed?.();
	}

	private measure(measurement: Measurement) {
		const [ok, ids] = pcall(() => this.deps.discover());
		const queue = ok && ids !== undefined ? ids.filter((id) => id !== "auto") : [];
		const candidates = queue.filter((_, i) => i < FREE_ROUTING.maxCandidates);
		let cursor = 0;
		let workers = math.min(FREE_ROUTING.workers, candidates.size());
		const done = () => {
			measurement.finishedAt = this.deps.now();
			measurement.running = false;
			if (this.current === measurement) this.deps.changed?.();
		};
		if (workers === 0) done();
		const worker = () => {
			while (cursor < candidates.size() && this.current === measurement) {
				const model = candidates[cursor];
				cursor += 1;
				const [probed, result] = pcall(() => this.deps.probe(model));
				const entry = probed
					? result
					: { model, verified: false, seconds: math.huge, reason: tostring(result) };
				measurement.results.set(model, { ...entry, at: this.deps.now() });
				if (this.current === measurement) this.deps.changed?.();
			}
			workers -= 1;
			if (workers === 0) done();
		};
		const count = workers;
		for (let i = 0; i < count; i++) this.deps.spawn(worker);
	}

	/** True while this connection's measurements run. */
	measuring(signature: string): boolean {
		return this.fresh(signature)?.running === true;
	}

	/** The latest synthetic probe time of a model (seconds), for the model picker. */
	latestProbe(signature: string, model: string): number | undefined {
		const entry = this.fresh(signature)?.results.get(model);
		return entry !== undefined && entry.seconds !== math.huge ? entry.seconds : undefined;
	}

	/** Every probe result of this connection's fresh measurements, in the order they finished. */
	results(signature: string): Array<ProbeRecord> {
		const list = new Array<ProbeRecord>();
		const measurement = this.fresh(signature);
		if (measurement === undefined) return list;
		for (const [, entry] of measurement.results) list.push(entry);
		list.sort((a, b) => (a.at !== b.at ? a.at < b.at : a.model < b.model));
		return list;
	}

	/** The measured model to use instead of `auto`, or undefined to keep the existing route. */
	choose(signature: string, request: FreeChoiceRequest): FreeChoice | undefined {
		if (!mayRoute(request)) return undefined;
		const measurement = this.fresh(signature);
		if (measurement === undefined || measurement.running) return undefined;
		let best: Probed | undefined;
		for (const [model, entry] of measurement.results) {
			if (!entry.verified || measurement.removed.has(model)) continue;
			const window = this.deps.contextWindow(model);
			if (window === undefined || window < request.neededTokens) continue;
			if (best === undefined || entry.seconds < best.seconds) best = entry;
		}
		if (best === undefined) return undefined;
		const shown = string.format("%.1f", best.seconds);
		return {
			model: best.model,
			seconds: best.seconds,
			notice: `Automatic free routing chose ${best.model} (checked in ${shown} s). Turn it off in ${FREE_ROUTING.settingPath}.`,
		};
	}

	/** A real response on a routed model: a slow or failed one removes it from later choices. */
	report(signature: string, model: string, succeeded: boolean, seconds: number): void {
		const measurement = this.fresh(signature);
		if (measurement === undefined) return;
		if (!succeeded || seconds > FREE_ROUTING.limitSeconds) measurement.removed.add(model);
	}

	/** Drops every measurement (the setting was turned off). */
	clear(): void {
		this.current = undefined;
	}
}
