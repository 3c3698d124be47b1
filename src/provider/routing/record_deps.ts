// Free routing for one provider record: discovery of its live catalog and probes sent to its
// inference endpoint with its key pool, headers and transport — the same direct lane as its
// requests. The router keys measurements by the record's connection signature, so a change of
// base URL, protocol, auth, key, headers or query starts them afresh. The probe (and the protocol
// modules it needs) loads with the first probe, not at boot: a literal require the bundler follows.
import { mergeHeaders } from "../../net/headers";
import { defaultEnv } from "../../net/http";
import { encode } from "../../runtime/json";
import { inferenceUrl, providerHeaders } from "../connection";
import { connectionSignature, discoverModels } from "../discovery";
import type { KeyPool } from "../key_pool";
import { ProviderEnv, runOperation } from "../operation";
import type { ProviderRecord } from "../record";
import type { FreeRouterDeps } from "./free_router";
import type * as Probe from "./probe";
import type { ProbeSend } from "./probe";

/** Seconds one probe request may take in all (the ten-second target is judged separately). */
const PROBE_TIMEOUT = 30;

export function routingSignature(record: ProviderRecord): string {
	return connectionSignature(record);
}

function probeSend(record: ProviderRecord, pool: KeyPool, env: ProviderEnv, model: string): ProbeSend {
	return (body) => {
		const [text, reason] = encode(body);
		if (text === undefined) return { ok: false, status: 0, body: reason };
		const outcome = runOperation(record, pool, env, {
			build: (baseUrl, key) => {
				const url = inferenceUrl({ ...record, baseUrl }, model, true);
				if (!url.ok) return url.reason;
				const headers = mergeHeaders(
					{ "Content-Type": "application/json" },
					providerHeaders(record, key, env.http),
				);
				return { url: url.url, method: "POST", headers, body: text };
			},
			timeout: PROBE_TIMEOUT,
			attempts: 1,
			unsafe: true,
			tag: "probe",
		});
		return {
			ok: outcome.result.ok,
			status: outcome.result.status,
			body: outcome.result.body,
			secrets: outcome.secrets,
		};
	};
}

/** The router's dependencies for a record; `contextWindow` knows the models' windows. */
export function recordRouterDeps(
	record: ProviderRecord,
	pool: KeyPool,
	env: ProviderEnv,
	contextWindow: (model: string) => number | undefined,
	spawn: (work: () => void) => void = (work) => task.spawn(work),
): FreeRouterDeps {
	const clock = env.transport ?? defaultEnv;
	return {
		now: () => clock.now(),
		spawn,
		discover: () => {
			const outcome = discoverModels(record, `free-routing:${record.id}`, pool, env);
			return outcome.ok ? outcome.discovered : undefined;
		},
		probe: (model) =>
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			(require(script.Parent!.WaitForChild("probe") as ModuleScript) as typeof Probe).probeModel(
				model,
				record.api,
				probeSend(record, pool, env, model),
				() => clock.now(),
			),
		contextWindow,
	};
}
