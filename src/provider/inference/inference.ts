// The inference entry: the agent's one call per provider attempt. It picks the model (automatic
// free routing may send an `auto` selector to a measured model, and hears how the reply went),
// routes the protocol (OpenCode's Chat Completions routes retry once over the Responses API when
// the model is served only there), and runs the attempt (attempt.ts). The provider chain itself
// (the active provider, then with fallback the other enabled ones) is listed here for the caller,
// which decides when to move on. The attempt (transport, protocols, reading) and free routing load
// on the first attempt, not at boot: literal requires, which the bundler follows and carries.
/* eslint-disable @typescript-eslint/no-require-imports */
import { isResponsesOnlyRefusal, opencodeRoute, routeProtocol } from "../protocols/opencode_routes";
import { ProviderRecord } from "../record";
import { NO_PROVIDER, Providers } from "../registry";
import type * as FreeRoute from "../routing/free_route";
import type * as AttemptModule from "./attempt";
import type { Attempt } from "./attempt";
import { Inference, InferenceCallbacks, InferenceRequest } from "./types";

/**
 * One provider: the routed protocol and, when an OpenCode route's Chat Completions request is
 * refused because the model is served by the Responses API, one Responses retry.
 */
function attemptRoute(
	providers: Providers,
	record: ProviderRecord,
	model: string,
	request: InferenceRequest,
	callbacks: InferenceCallbacks,
): Attempt {
	const protocol = routeProtocol(record.baseUrl, record.api, model);
	const { attemptProtocol } = require(script.Parent!.WaitForChild("attempt") as ModuleScript) as typeof AttemptModule;
	const first = attemptProtocol(providers, record, model, protocol, request, callbacks);
	if (
		first.ok ||
		protocol !== "openai" ||
		first.status === undefined ||
		opencodeRoute(record.baseUrl) === undefined ||
		!isResponsesOnlyRefusal(first.status, first.error) ||
		request.isCancelled()
	)
		return first;
	callbacks.onRetry({
		provider: record.label,
		attempt: 2,
		attempts: 2,
		wait: 0,
		status: first.status,
		reason: "the route serves this model through the Responses API",
	});
	return attemptProtocol(providers, record, model, "responses", request, callbacks);
}

export function createInference(providers: Providers): Inference {
	let routing: ReturnType<typeof FreeRoute.createFreeRouting> | undefined;
	const freeRouting = () => {
		const module = require(
			script.Parent!.Parent!.WaitForChild("routing").WaitForChild("free_route") as ModuleScript,
		) as typeof FreeRoute;
		routing ??= module.createFreeRouting(providers);
		return routing;
	};
	return {
		chain: (fallback) => {
			const [active, reason] = providers.usable();
			const list = new Array<ProviderRecord>();
			if (active !== undefined) list.push(active);
			if (fallback) {
				for (const record of providers.public.list())
					if (record !== active && record.enabled && record.model !== "") list.push(record);
			}
			return $tuple(list, list.isEmpty() ? (reason ?? NO_PROVIDER) : undefined);
		},
		activeModel: () => providers.usable()[0]?.model,
		imagesAvailable: () => providers.env?.relay?.imagesAvailable() === true,
		attempt: (record, request, callbacks) => {
			const free = request.freeRoute
				? freeRouting().route(
						record,
						{
							messages: [
								{ role: "system", content: request.system(record.label, record.model) },
								...request.messages,
							],
							maxTokens: request.maxTokens,
						},
						callbacks.onNotice,
					)
				: undefined;
			const started = os.clock();
			const outcome = attemptRoute(providers, record, free?.model ?? record.model, request, callbacks);
			if (free !== undefined && !request.isCancelled()) free.report(outcome.ok, os.clock() - started);
			return outcome;
		},
	};
}
