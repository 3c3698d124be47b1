// A synchronous listener list: `OnChanged` and internal notifications run in the caller's thread,
// in subscription order, under every SignalBehavior (no BindableEvent).

export class Listeners<T extends unknown[]> {
	private readonly entries: Array<{ fn: (...args: T) => void }> = [];

	/** Adds a listener; the returned function removes it (idempotent). */
	add(fn: (...args: T) => void): () => void {
		const entry = { fn };
		this.entries.push(entry);
		return () => {
			const index = this.entries.indexOf(entry);
			if (index >= 0) this.entries.remove(index);
		};
	}

	/** Visits the listeners present when the call starts (skipping removed ones) until `visit` returns false. */
	each(visit: (fn: (...args: T) => void) => boolean) {
		for (const entry of [...this.entries]) {
			if (!this.entries.includes(entry)) continue;
			if (!visit(entry.fn)) return;
		}
	}

	/** Calls every listener with `args` (internal notifications; listeners do not fail). */
	fire(...args: T) {
		this.each((fn) => {
			fn(...args);
			return true;
		});
	}

	size(): number {
		return this.entries.size();
	}

	clear() {
		this.entries.clear();
	}
}
