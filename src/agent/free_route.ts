// Automatic free routing in the agent's requests (seed 002, "Project UAI Free"; the measuring is
// provider/routing/). An agent request on a record whose saved selector is `auto` starts
// measurements in the background (never waiting for them) and, once fresh ones have a verified
// candidate with a known context window that holds the request and its reply, goes to that model
// instead, with a `notice` event naming it and the setting path. The real response is reported:
// a slow or failed one removes the model from later choices. The saved selector stays `auto`.
// Included access is the Project UAI Free preset's; any other key is a personal key and, like a
// model chosen by name, images and explicit body, query or socket settings, keeps its route.
import { parseUrl } from "../net/url";
import { priceFor } from "../provider/pricing/prices";
import type { Message } from "../provider/protocols/types";
import type { ProviderRecord } from "../provider/record";
import type { Providers } from "../provider/registry";
import { FREE_ROUTING, FreeChoiceRequest, FreeRouter, mayRoute } from "../provider/routing/free_router";
import { recordRouterDeps, routingSignature } from "../provider/routing/record_deps";
import { PublicConfig } from "../runtime/config";
import type { Emit } from "./events";
import { estimateTokens } from "./usage";

/** The preset whose key is Project UAI Free's included access. */
const INCLUDED_PRESET = "hcnsec";
/** Reply tokens a request without an output limit is assumed to need. */
const REPLY_RESERVE = 4096;

export interface FreeRoute {
	readonly model: string;
	/** The real response: a slow or failed one removes the model from later choices. */
	readonly report: (succeeded: boolean, seconds: number) => void;
}

export interface RoutedRequest {
	readonly messages: ReadonlyArray<Message>;
	readonly maxTokens?: number;
}

export interface FreeRouting {
	/** The measured model for this request on `record`, or undefined to keep the record's route. */
	readonly route: (record: ProviderRecord, request: RoutedRequest, emit: Emit) => FreeRoute | undefined;
	readonly destroy: () => void;
}

function hasImages(messages: ReadonlyArray<Message>): boolean {
	for (const message of messages) {
		const content = message.content;
		if (!typeIs(content, "string") && content.some((part) => part.type === "image")) return true;
	}
	return false;
}

function isEmpty(map: object): boolean {
	return next(map)[0] === undefined;
}

/** A model's known context window: the learned one, else the catalog's for this endpoint. */
function knownWindow(config: PublicConfig, record: ProviderRecord, model: string): number | undefined {
	const learned = (config.get("agent.forceContext") as Record<string, unknown> | undefined)?.[model.lower()];
	if (typeIs(learned, "number")) return learned;
	const url = parseUrl(record.baseUrl);
	return url.ok ? priceFor(url.url.host, url.url.path, model)?.context : undefined;
}

export function createFreeRouting(providers: Providers, config: PublicConfig): FreeRouting {
	// one router per record id, rebuilt when the id names another record table
	const routers = new Map<string, { readonly record: ProviderRecord; readonly router: FreeRouter }>();
	const clear = () => {
		for (const [, entry] of routers) entry.router.clear();
		routers.clear();
	};
	const enabled = () => config.get("agent.freeRouting") === true;
	const unsubscribe = config.changed.connect(() => {
		if (!enabled()) clear();
	});
	const routerOf = (record: ProviderRecord): FreeRouter | undefined => {
		const env = providers.env;
		if (env === undefined) return undefined;
		const current = routers.get(record.id);
		if (current !== undefined && current.record === record) return current.router;
		current?.router.clear();
		const deps = recordRouterDeps(record, providers.poolOf(record), env, (model) =>
			knownWindow(config, record, model),
		);
		const router = new FreeRouter(deps);
		routers.set(record.id, { record, router });
		return router;
	};
	return {
		route: (record, request, emit) => {
			const choice: FreeChoiceRequest = {
				enabled: enabled(),
				selector: record.model,
				personalKey: record.preset !== INCLUDED_PRESET,
				hasImages: hasImages(request.messages),
				explicitSettings: !isEmpty(record.params) || !isEmpty(record.query) || record.wsUrl !== "",
				neededTokens: estimateTokens(request.messages) + (request.maxTokens ?? REPLY_RESERVE),
			};
			if (!mayRoute(choice)) return undefined;
			const router = routerOf(record);
			if (router === undefined) return undefined;
			const signature = routingSignature(record);
			router.warm(signature);
			const chosen = router.choose(signature, choice);
			if (chosen === undefined) return undefined;
			emit("notice", { text: chosen.notice, model: chosen.model, setting: FREE_ROUTING.settingPath });
			return {
				model: chosen.model,
				report: (succeeded, seconds) => router.report(signature, chosen.model, succeeded, seconds),
			};
		},
		destroy: () => {
			unsubscribe();
			clear();
		},
	};
}
