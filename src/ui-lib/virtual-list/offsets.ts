// Row offsets of a virtual list: per-row heights (measured, or estimated until measured) and their
// prefix sums, recomputed lazily from the first changed row, with a binary search from a scroll
// position to a row. Pure data, so it is tested directly (test/spec/ui_virtual_list.spec.ts).

export class Offsets {
	private heights: number[] = [];
	private measured: boolean[] = [];
	/** starts[i] = top of row i; valid for i < validUpTo. */
	private starts: number[] = [];
	private validUpTo = 0;

	size(): number {
		return this.heights.size();
	}

	/** Replaces every row with `count` rows of `estimate` height (none measured). */
	reset(count: number, estimate: number) {
		this.heights = table.create(count, estimate);
		this.measured = table.create(count, false);
		this.starts = [];
		this.validUpTo = 0;
	}

	/** Inserts rows with these estimated heights before `index`. */
	insert(index: number, estimates: number[]) {
		for (const i of $range(0, estimates.size() - 1)) {
			this.heights.insert(index + i, estimates[i]);
			this.measured.insert(index + i, false);
		}
		this.invalidate(index);
	}

	/** Replaces a row's height by an estimate (its content changed; measure it again). */
	setEstimate(index: number, height: number) {
		this.measured[index] = false;
		if (height !== this.heights[index]) {
			this.heights[index] = height;
			this.invalidate(index + 1);
		}
	}

	remove(index: number, count: number) {
		for (const _ of $range(1, count)) {
			this.heights.remove(index);
			this.measured.remove(index);
		}
		this.invalidate(index);
	}

	/** Keeps the rows whose `keep` entry is true and removes the rest, in one pass. */
	retain(keep: boolean[]) {
		const heights: number[] = [];
		const measured: boolean[] = [];
		for (const i of $range(0, this.heights.size() - 1)) {
			if (!keep[i]) continue;
			heights.push(this.heights[i]);
			measured.push(this.measured[i]);
		}
		const first = keep.indexOf(false);
		this.heights = heights;
		this.measured = measured;
		if (first >= 0) this.invalidate(first);
	}

	height(index: number): number {
		return this.heights[index];
	}

	isMeasured(index: number): boolean {
		return this.measured[index];
	}

	/** Records a measured height; returns the change in pixels. */
	setHeight(index: number, height: number): number {
		const delta = height - this.heights[index];
		this.measured[index] = true;
		if (delta !== 0) {
			this.heights[index] = height;
			this.invalidate(index + 1);
		}
		return delta;
	}

	/** Forgets every measurement (width changed), keeping `estimate(i)` as the new guess. */
	remeasure(estimate: (index: number) => number) {
		for (const i of $range(0, this.heights.size() - 1)) {
			this.heights[i] = estimate(i);
			this.measured[i] = false;
		}
		this.invalidate(0);
	}

	/** Top of row `index` (index = size() gives the total height). */
	start(index: number): number {
		this.validate(index);
		return index === 0 ? 0 : this.starts[index - 1] + this.heights[index - 1];
	}

	total(): number {
		return this.start(this.heights.size());
	}

	/** The row containing vertical position `y` (clamped to the rows). */
	indexAt(y: number): number {
		const count = this.heights.size();
		if (count === 0) return 0;
		this.validate(count);
		let low = 0;
		let high = count - 1;
		while (low < high) {
			const mid = math.floor((low + high + 1) / 2);
			if (this.starts[mid] <= y) low = mid;
			else high = mid - 1;
		}
		return low;
	}

	private invalidate(from: number) {
		this.validUpTo = math.min(this.validUpTo, from);
	}

	/** Makes starts[0..upTo) valid. */
	private validate(upTo: number) {
		const limit = math.min(upTo, this.heights.size());
		let i = this.validUpTo;
		if (i >= limit) return;
		let top = i === 0 ? 0 : this.starts[i - 1] + this.heights[i - 1];
		for (; i < limit; i++) {
			this.starts[i] = top;
			top += this.heights[i];
		}
		this.validUpTo = limit;
	}
}
