// The client-wide worker pool: at most eight session turns or compactions run at once.
export const MAX_WORKERS = 8;

export interface Workers {
	/** Takes a worker; false when all eight are in use. */
	readonly acquire: () => boolean;
	readonly release: () => void;
	readonly active: () => number;
}

export function createWorkers(): Workers {
	let active = 0;
	return {
		acquire: () => {
			if (active >= MAX_WORKERS) return false;
			active += 1;
			return true;
		},
		release: () => {
			active = math.max(0, active - 1);
		},
		active: () => active,
	};
}
