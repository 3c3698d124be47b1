// Request repairs in model requests (docs/PROVIDER_COMPATIBILITY.md, "Errors and repairs"): the
// lessons a record learned for this scope (protocol, endpoint, model) shape the wire body before it
// is sent; a clear 400/422 parameter refusal teaches repairs that are kept with the record, and the
// repaired body is sent again. At most MAX_REPAIRS_PER_REQUEST repairs, remembered ones included,
// are made to one request; context-window refusals are never repairs (diagnose).
import { applyRepairs, diagnose, learn, lessonsFor, RepairId, RepairScope } from "../errors/repairs";
import type { JsonObject } from "../protocols/types";
import type { ProviderRecord } from "../record";
import type { Providers } from "../registry";

export interface Repaired {
	readonly body: JsonObject;
	readonly repairs: ReadonlyArray<RepairId>;
}

export interface RequestRepairs {
	/** The output ceiling learned for this scope, for the body builder. */
	readonly ceiling: number | undefined;
	/** The body with this scope's remembered repairs made. */
	readonly prepare: (body: JsonObject) => JsonObject;
	/** After a refusal of `body`: the repaired body and the repairs made (learned), or undefined. */
	readonly repair: (status: number, text: string, body: JsonObject) => Repaired | undefined;
}

export function requestRepairs(providers: Providers, record: ProviderRecord, scope: RepairScope): RequestRepairs {
	let lessons = lessonsFor(record.repairs, scope);
	// a lesson saved before scopes existed adopts this scope on first use
	if (record.repairs !== undefined && record.repairs.scope === undefined) providers.keepRepairs(record, lessons);
	const applied: Array<RepairId> = [...lessons.repairs];
	return {
		ceiling: lessons.maxTokensCap?.tokens,
		prepare: (body) => applyRepairs(body, lessons.repairs, scope.protocol),
		repair: (status, text, body) => {
			const diagnosis = diagnose(status, text, body, scope.protocol, applied);
			if (diagnosis === undefined) return undefined;
			for (const id of diagnosis.repairs) applied.push(id);
			lessons = learn(lessons, scope, diagnosis);
			providers.keepRepairs(record, lessons);
			return {
				body: applyRepairs(body, diagnosis.repairs, scope.protocol, diagnosis.maxTokens),
				repairs: diagnosis.repairs,
			};
		},
	};
}
