// Automatic free routing of model requests (docs/PROVIDER_COMPATIBILITY.md, "Automatic free
// routing"; the measuring is free_router.ts and measurements.ts). An agent request on a record
// whose saved selector is `auto` starts measurements in the background (never waiting for them)
// and, once fresh ones have a verified candidate with a known context window that holds the request
// and its reply, goes to that model instead, with a `notice` event naming it and the setting path.
// The real response is reported: a slow or failed one removes the model from later choices. The
// saved selector stays `auto`. Included access is the Project UAI Free preset's; any other key is a
// personal key and, like a model chosen by name, images and explicit body, query or socket
// settings, keeps its route.
import { estimateTokens } from "../protocols/token_estimate";
import type { Message } from "../protocols/types";
import type { ProviderRecord } from "../record";
import type { Providers } from "../registry";
import { FREE_ROUTING, FreeChoiceRequest, mayRoute } from "./free_router";
import { hasExplicitSettings, isIncluded } from "./measurements";
import { routingSignature } from "./record_deps";

/** Reply tokens a routed request is assumed to need. */
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

/** The notice of a routed request: what was chosen, and the setting that turns routing off. */
export interface FreeRouteNotice {
	readonly text: string;
	readonly model: string;
	readonly setting: string;
}

export interface FreeRouting {
	/** The measured model for this request on `record`, or undefined to keep the record's route. */
	readonly route: (
		record: ProviderRecord,
		request: RoutedRequest,
		onNotice: (notice: FreeRouteNotice) => void,
	) => FreeRoute | undefined;
}

function hasImages(messages: ReadonlyArray<Message>): boolean {
	for (const message of messages) {
		const content = message.content;
		if (!typeIs(content, "string") && content.some((part) => part.type === "image")) return true;
	}
	return false;
}

export function createFreeRouting(providers: Providers): FreeRouting {
	// the measurements belong to the providers (shared with the model picker's warm and probes)
	const measurements = providers.measurements;
	return {
		route: (record, request, onNotice) => {
			const choice: FreeChoiceRequest = {
				enabled: measurements.enabled(),
				selector: record.model,
				personalKey: !isIncluded(record),
				hasImages: hasImages(request.messages),
				explicitSettings: hasExplicitSettings(record),
				// the prompt and a usable reply: the request's own ceiling (agent.maxTokens,
				// 128,000 by default) would rule out every model with a smaller window
				neededTokens:
					estimateTokens(request.messages) + math.min(request.maxTokens ?? REPLY_RESERVE, REPLY_RESERVE),
			};
			if (!mayRoute(choice)) return undefined;
			const router = measurements.routerOf(record);
			if (router === undefined) return undefined;
			const signature = routingSignature(record);
			router.warm(signature);
			const chosen = router.choose(signature, choice);
			if (chosen === undefined) return undefined;
			onNotice({ text: chosen.notice, model: chosen.model, setting: FREE_ROUTING.settingPath });
			return {
				model: chosen.model,
				report: (succeeded, seconds) => router.report(signature, chosen.model, succeeded, seconds),
			};
		},
	};
}
