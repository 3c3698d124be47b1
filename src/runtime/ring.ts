// A bounded ring buffer: keeps the newest `capacity` items, dropping the oldest first. Used by the
// diagnostic log and the request log.

export interface Ring<T> {
	readonly push: (item: T) => void;
	/** The kept items, oldest first (a new array). */
	readonly list: () => Array<T>;
	readonly clear: () => void;
}

export function createRing<T extends defined>(capacity: number): Ring<T> {
	const items = new Array<T>();
	let head = 0; // index of the oldest item once the ring is full
	return {
		push: (item) => {
			if (items.size() < capacity) {
				items.push(item);
			} else {
				items[head] = item;
				head = (head + 1) % capacity;
			}
		},
		list: () => {
			const ordered = new Array<T>();
			for (let i = 0; i < items.size(); i++) ordered.push(items[(head + i) % items.size()]);
			return ordered;
		},
		clear: () => {
			items.clear();
			head = 0;
		},
	};
}

/** The last `limit` items of `list` when `limit` is a number ≥ 0; otherwise `list` itself. */
export function keepNewest<T extends defined>(list: Array<T>, limit: unknown): Array<T> {
	if (!typeIs(limit, "number") || limit < 0 || list.size() <= limit) return list;
	return list.filter((_, index) => index >= list.size() - limit);
}
