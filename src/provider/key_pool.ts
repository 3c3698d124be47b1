// Key pools: an apiKey field may hold several keys (newline- or comma-separated). Each new
// discovery or inference request takes the next ready key round-robin; a rate-limited key sits
// out its cooldown; when every key is cooling, the one that recovers first is used. Pool state is
// memory only and never part of saved settings.

import { trim } from "../runtime/trim";

export const MAX_KEYS = 32;
export const QUOTA_COOLDOWN_SECONDS = 30;

export interface KeyPool {
	readonly keys: ReadonlyArray<string>;
	/** Index the next pick starts from. */
	next: number;
	/** Per key: the time its cooldown ends (0 when ready). */
	readonly coolUntil: Array<number>;
}

/** The distinct keys of an apiKey field, trimmed, in order, at most 32. */
export function splitKeys(text: string): Array<string> {
	const keys = new Array<string>();
	const seen = new Set<string>();
	for (const [piece] of text.gmatch("[^,\r\n]+")) {
		const key = trim(piece as string);
		if (key !== "" && !seen.has(key) && keys.size() < MAX_KEYS) {
			seen.add(key);
			keys.push(key);
		}
	}
	return keys;
}

export function newPool(apiKey: string): KeyPool {
	const keys = splitKeys(apiKey);
	return { keys, next: 0, coolUntil: keys.map(() => 0) };
}

export interface PickedKey {
	readonly key: string;
	readonly index: number;
}

/** Takes the next ready key, or the earliest-recovering one; "" for an empty pool. */
export function pickKey(pool: KeyPool, now: number): PickedKey {
	const count = pool.keys.size();
	if (count === 0) return { key: "", index: -1 };
	let chosen = -1;
	for (let step = 0; step < count && chosen < 0; step++) {
		const index = (pool.next + step) % count;
		if (pool.coolUntil[index] <= now) chosen = index;
	}
	if (chosen < 0) {
		chosen = 0;
		for (let index = 1; index < count; index++) if (pool.coolUntil[index] < pool.coolUntil[chosen]) chosen = index;
	}
	pool.next = (chosen + 1) % count;
	return { key: pool.keys[chosen], index: chosen };
}

export function coolKey(pool: KeyPool, index: number, now: number, seconds = QUOTA_COOLDOWN_SECONDS): void {
	if (index >= 0 && index < pool.coolUntil.size()) pool.coolUntil[index] = now + seconds;
}

/** Keys other than `index` that are ready now. */
export function readyOthers(pool: KeyPool, index: number, now: number): number {
	let ready = 0;
	pool.coolUntil.forEach((endsAt, i) => {
		if (i !== index && endsAt <= now) ready += 1;
	});
	return ready;
}
